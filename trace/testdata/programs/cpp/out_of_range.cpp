// A libstdc++ check: vector::at past the end.
#include <vector>

int main() {
	std::vector<int> v{1, 2, 3};
	return v.at(5);
}
