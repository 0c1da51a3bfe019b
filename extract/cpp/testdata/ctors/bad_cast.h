// An exception whose what() returns a literal, its head and its what()
// wrapped in visibility and noexcept macros.
#pragma once
#include <typeinfo>

namespace mylib {

class MYLIB_VISIBLE bad_convert : public std::bad_cast {
  public:
    bad_convert(const std::type_info& from, const std::type_info& to) : from_(&from), to_(&to) {}

    const char* what() const MYLIB_NOEXCEPT MYLIB_OVERRIDE {
        return "bad conversion: the source value could not be read as the target type";
    }

  private:
    const std::type_info* from_;
    const std::type_info* to_;
};

}  // namespace mylib
