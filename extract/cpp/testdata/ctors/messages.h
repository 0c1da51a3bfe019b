// Message constants and exceptions that read them, used by lookup.cc.
#pragma once
#include <stdexcept>
#include <string>

namespace mylib {
namespace Msg {
const char* const DUPLICATE_KEY = "duplicate key in mapping";
const char* const EMPTY_PATH = "path must not be empty";
const char* const BAD_ENTRY = "entry cannot be read";
const char* const BAD_ESCAPE = "unknown escape: ";
}  // namespace Msg

class lookup_error : public std::runtime_error {
  public:
    lookup_error(const Position& pos, const std::string& msg) : std::runtime_error(where(pos) + msg) {}
};

class empty_path : public lookup_error {
  public:
    empty_path() : lookup_error(Position::none(), Msg::EMPTY_PATH) {}
};

class bad_entry : public lookup_error {
  public:
    explicit bad_entry(const Position& pos) : lookup_error(pos, Msg::BAD_ENTRY) {}
};

template <typename T>
class typed_bad_entry : public bad_entry {
  public:
    explicit typed_bad_entry(const Position& pos) : bad_entry(pos), pos_(pos) {}

  private:
    Position pos_;
};

}  // namespace mylib
