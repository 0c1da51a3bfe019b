// A library's own bad_optional_access, thrown by a helper with the
// caller's words, beside another namespace's class of that name whose
// what() is a literal: neither the standard what() nor the other class's
// is the helper's message.
#include <stdexcept>

namespace other {
class bad_optional_access : public std::exception {
  public:
    const char* what() const noexcept override { return "other: bad optional access"; }
};
}  // namespace other

namespace lib {
namespace v1 {

class bad_optional_access : public std::logic_error {
  public:
    bad_optional_access() : std::logic_error("bad optional access") {}
    explicit bad_optional_access(const char* arg) : std::logic_error(arg) {}
};

[[noreturn]] inline void throw_bad_access(const char* s) {
    throw bad_optional_access(s);
}

int Maybe::value() const {
    if (!engaged_) {
        throw_bad_access("value of an empty Maybe");
    }
    return value_;
}

}  // namespace v1
}  // namespace lib
