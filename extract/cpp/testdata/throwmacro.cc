// Exceptions thrown through a macro, built by a static factory with an
// error code before the message, the message concatenated by a helper.
#include <string>

#define MYLIB_THROW(e) throw e

namespace mylib {

class config_error : public std::exception {
  public:
    static config_error create(int code, const std::string& msg);
};

template <typename... Args>
std::string concat(Args&&... args);

void check_port(int port, const std::string& name) {
    if (port < 0) {
        MYLIB_THROW(config_error::create(410, concat("port of ", name, " is negative")));
    }
    if (port > 65535) {
        throw config_error::create(411, "port out of range");
    }
    // Not a throw: a macro that logs.
    MYLIB_LOG(config_error::create(412, "ignored"));
    // Not a throw: more than one argument.
    MYLIB_THROW_IF(port == 0, config_error::create(413, "zero"));
}

}  // namespace mylib
