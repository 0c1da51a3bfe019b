// Calls of raise_store (moved.h) with literal messages.
#include "moved.h"

namespace store {

void Store::open(std::size_t pages) {
    if (pages == 0) {
        raise_store("store: page count cannot be zero");
    }
}

}  // namespace store
