// Calls of argcheck.h's macros: each passes its text to a helper.
#include "argcheck.h"

void resize(int n) {
  ARG_CHECK(n > 0, 1, "size must be positive");
  ARG_EXPECT(n < 4096, "size too large");
  if (n == 13)
    FAIL_MESSAGE("unlucky size");
}
