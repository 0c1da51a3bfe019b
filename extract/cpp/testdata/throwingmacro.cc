// Macros that throw an exception built from one of their parameters.
#include <memory>
#include <stdexcept>
#include <string>

#if CONFIG_EXCEPTIONS
#define CONFIG_FILE_ERROR(msg, path) \
	throw config_error{ msg, position{}, std::make_shared<const std::string>(std::move(path)) }
#else
#define CONFIG_FILE_ERROR(msg, path) return result{ config_error{ msg, position{}, path } }
#endif
#define FAIL_WITH(code, text) throw std::runtime_error(text)
#define NOT_A_THROW(msg) log_message(msg)

result load(std::string path) {
	if (path.empty())
		CONFIG_FILE_ERROR("File could not be opened for reading", path);
	if (path.size() > 4096)
		FAIL_WITH(7, "path too long: " + path);
	NOT_A_THROW("loading");
	return {};
}
