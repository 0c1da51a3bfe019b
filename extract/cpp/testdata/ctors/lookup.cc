// Throws whose messages are the constants of messages.h.
#include "messages.h"

namespace mylib {

void Table::insert(const Key& key) {
    if (contains(key)) {
        throw lookup_error(key.pos(), Msg::DUPLICATE_KEY);
    }
}

void Table::open(const std::string& path) {
    if (path.empty()) {
        throw empty_path();
    }
}

}  // namespace mylib
