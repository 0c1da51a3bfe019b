// An assert macro of another file: its calls are assert sites (Link).
#include <cassert>
#define VEC_ASSERT(x) assert(x)
