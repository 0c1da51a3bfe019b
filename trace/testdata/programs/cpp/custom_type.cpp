// An exception class of the program's own namespace.
#include <stdexcept>
#include <string>

namespace app {
struct ConfigError : std::runtime_error {
	explicit ConfigError(const std::string &key)
	    : std::runtime_error("missing key '" + key + "' in /etc/app.conf") {}
};
} // namespace app

int main() { throw app::ConfigError("port"); }
