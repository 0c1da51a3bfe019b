#include <assert.h>
#include <stdlib.h>

/* Assert macros: their calls fail as assert does. */
#define LIB_ASSERT(x) assert(x)
#define lib_plain_assert(x) assert(x)
#define lib_assert(x) lib_plain_assert(x)
#define FORMAT_ERROR(reason) assert(0 && reason)
#define RANGE_CHECK(v, lo, hi) assert((v) >= (lo) && (v) < (hi))

/* Not assert macros: another body, several calls. */
#define SOFT_CHECK(x) do { if (!(x)) abort(); } while (0)
#define TWICE(x) assert(x); assert(x)

int get(const int *items, int n, int i)
{
    LIB_ASSERT(items != NULL);
    lib_assert(i >= 0 &&
               i < n);
    RANGE_CHECK(i, 0, n);
    SOFT_CHECK(n > 0);
    TWICE(n < 100);
    if (n > 1000)
        FORMAT_ERROR("lib: too many items");
    return items[i];
}
