// A helper whose text parameters are parts of its message, none named as
// a message (CPython's _PyArg_BadArgument); its calls are in another file.
#include <stdexcept>
#include <string>

void bad_argument(const char *fname, const char *displayname, const char *expected, int got) {
    throw std::invalid_argument(std::string(fname) + "() " + displayname + " must be " + expected + ", not " + std::to_string(got));
}
