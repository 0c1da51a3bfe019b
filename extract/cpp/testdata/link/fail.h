#include <stdexcept>

inline void fail(const char* msg) { throw std::runtime_error(msg); }
