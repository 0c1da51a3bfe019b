// String literals with the standard library's suffixes are text:
// "..."s is a std::string, "..."sv a std::string_view.
#include <stdexcept>
#include <string>
#include <string_view>

using namespace std::literals;

void check(int port, std::string_view host) {
    if (port < 0) throw std::invalid_argument("negative port: "s + std::to_string(port));
    if (host.empty()) throw std::runtime_error(std::string("empty host name"sv));
    if (host == "x") throw std::runtime_error("not a message"_json.dump());  // another suffix: unknown
}
