// Exceptions that only rename a standard one taking no message: what()
// is the base's. One defines its own what(), one has two bases.
#pragma once
#include <typeinfo>
#include <stdexcept>

namespace mylib {
class type_mismatch : public std::bad_cast { };
struct out_of_memory : std::bad_alloc {};
class own_text : public std::bad_cast {
    const char* what() const noexcept override { return "own text"; }
};
class two_bases : public std::bad_cast, public tagged { };
}  // namespace mylib
