// The helpers the macros of argcheck.h call.
#include <stdexcept>
#include <string>

int arg_error(int arg, const char* extramsg) {
  throw std::invalid_argument(extramsg);
}

namespace errs {
void throw_logic(const std::string& msg) { throw std::logic_error(msg); }
}  // namespace errs
