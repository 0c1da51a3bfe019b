#include "asserts.h"

int at(const int *data, int size, int i)
{
    VEC_ASSERT(i >= 0 && i < size);
    return data[i];
}
