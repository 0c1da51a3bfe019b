#include "throwing.h"

void load_config(const std::string& path) {
    if (path.empty())
        APP_FAIL(2, "config path must not be empty");
    if (path.size() > 255)
        APP_FAIL(3, "config path too long: " + path);
}
