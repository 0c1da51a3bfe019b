// Message constants and exceptions that read them, used by lookup.cc.
#pragma once
#include <stdexcept>
#include <string>

namespace mylib {
namespace Msg {
const char* const DUPLICATE_KEY = "duplicate key in mapping";
const char* const EMPTY_PATH = "path must not be empty";
}  // namespace Msg

class lookup_error : public std::runtime_error {
  public:
    lookup_error(const Position& pos, const std::string& msg) : std::runtime_error(where(pos) + msg) {}
};

class empty_path : public lookup_error {
  public:
    empty_path() : lookup_error(Position::none(), Msg::EMPTY_PATH) {}
};

}  // namespace mylib
