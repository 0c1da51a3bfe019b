// Helpers whose message is a parameter, called from other files.
#include <stdexcept>
#include <string>

namespace numparse {

// parse throws with the name of the calling function as the message.
inline long parse(const char* what, const std::string& s, int base = 10) {
  std::size_t used = 0;
  long v = std::stol(s, &used, base);
  if (used == 0)
    throw std::invalid_argument(what);
  if (v > 1000000)
    throw std::out_of_range(what);
  return v;
}

}  // namespace numparse

class Buffer {
 public:
  void append(const char* s, std::size_t n);

 private:
  void check_size(std::size_t n, const char* who) const {
    if (n > limit_ - size_)
      throw std::length_error(who);
  }
  std::size_t size_ = 0, limit_ = 64;
};

// Two helpers named report in two namespaces make different sites: an
// unqualified call from elsewhere cannot tell which it is.
namespace net {
inline void report(const char* msg) { throw std::runtime_error(msg); }
}  // namespace net
namespace disk {
inline void report(const char* msg) { throw std::logic_error(msg); }
}  // namespace disk
