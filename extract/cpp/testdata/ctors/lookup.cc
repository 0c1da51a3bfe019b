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

template <typename T>
T Table::get(const Key& key) const {
    T out;
    if (!decode(at(key), out)) {
        throw typed_bad_entry<T>(key.pos());
    }
    return out;
}

char unescape(const Position& pos, char ch) {
    if (ch != 'n') {
        throw lookup_error(pos, std::string(Msg::BAD_ESCAPE) + ch);
    }
    return '\n';
}

}  // namespace mylib
