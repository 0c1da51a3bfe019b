// Throws of the renamed exceptions of renamed.h.
#include "renamed.h"

namespace mylib {

int as_int(const object& o) {
    if (o.type != POSITIVE_INTEGER) { throw mylib::type_mismatch(); }
    if (o.size > limit) throw out_of_memory();
    if (o.tag) throw two_bases();
    return o.value;
}

}  // namespace mylib
