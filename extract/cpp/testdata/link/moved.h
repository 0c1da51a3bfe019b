// A helper that moves its message into the exception it throws.
#include <stdexcept>
#include <string>

namespace store {

class store_error : public std::runtime_error {
  public:
    explicit store_error(std::string msg) : std::runtime_error(std::move(msg)) {}
};

inline void raise_store(std::string msg) {
    throw store_error(std::move(msg));
}

}  // namespace store
