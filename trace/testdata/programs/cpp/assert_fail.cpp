// A failed assert() in a class template's member: glibc prints the file,
// the line, the function with its template arguments and the condition,
// then the program aborts.
#include <cassert>
#include <cstdio>
#include <vector>

template <typename T>
class Ring {
 public:
  explicit Ring(std::size_t capacity) : items_(capacity) {}
  const T& at(std::size_t index) const {
    assert(index < items_.size() && "index past the ring's capacity");
    return items_[index];
  }

 private:
  std::vector<T> items_;
};

int main() {
  Ring<double> ring(4);
  std::printf("%f\n", ring.at(9));
}
