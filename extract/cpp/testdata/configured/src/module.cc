#include "myproj/errors.h"

namespace myproj {

int Parse(const char* s, int n) {
  MY_CHECK(n > 0, "n must be positive, got ", n);
  MY_CHECK(s != nullptr);
  if (n > 10) {
    RaiseError("too many items: %d (max %d)", n, 10);
  }
  myproj::RaiseError("bad input %s", s);
  SetPyError(PyExc_TypeError, "{} is not {}", s, "a number");
  ENSURE(s[0] != '-') << "negative input " << s;
  ENSURE(n != 3);
  TORCH_CHECK(n != 4, "four is not allowed");
  PyErr_SetString(PyExc_KeyError, "built-in rules still apply");
  RaiseError(format_from_somewhere(), n);  // not text: not a site
  return n;
}

}  // namespace myproj
