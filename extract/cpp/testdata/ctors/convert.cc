// Throws of bad_convert, whose message its what() in bad_cast.h gives.
#include "bad_cast.h"

namespace mylib {

template <typename T, typename S>
T convert(const S& in) {
    T out;
    if (!try_convert(in, out)) {
        throw bad_convert(typeid(S), typeid(T));
    }
    return out;
}

}  // namespace mylib
