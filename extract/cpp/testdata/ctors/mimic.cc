// A helper that throws an exception of its template parameter, whose
// constructor builds the message from the helper's argument.
#include <stdexcept>
#include <string>

namespace opts {

class missing_value : public std::runtime_error {
  public:
    explicit missing_value(const std::string& name) : std::runtime_error("option '" + name + "' needs a value") {}
};

template <typename E>
void raise_or_exit(const std::string& text) {
#ifndef OPTS_NO_EXCEPTIONS
    throw E{text};
#else
    E e{text};
    report(e.what());
    std::exit(1);
#endif
}

void Parser::take_value(const std::string& name, const char* next) {
    if (next == nullptr) {
        raise_or_exit<missing_value>(name);
    }
}

}  // namespace opts
