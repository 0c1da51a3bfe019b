// A library class named as a standard exception: its what() is not the
// message of std::out_of_range.
#include <stdexcept>

namespace fmtlib {

class out_of_range : public std::exception {
  public:
    const char* what() const noexcept override { return "fmtlib::out_of_range: argument number out of range"; }
};

void Ring::check(std::size_t i) const {
    if (i >= size_) {
        throw std::out_of_range("ring index");
    }
    if (i >= args_) {
        throw out_of_range();
    }
    if (i == npos) {
        throw_exception(std::invalid_argument("ring position unset"));
    }
}

}  // namespace fmtlib
