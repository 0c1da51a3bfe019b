// A what() string with line breaks.
#include <stdexcept>

int main() { throw std::invalid_argument("bad shape (3, 4):\nexpected 2 dimensions, got 3\nhint: reshape first"); }
