// An exception escapes main: std::terminate prints its type and what().
#include <cstdio>
#include <stdexcept>
#include <string>

static std::string load(const std::string &path) {
	throw std::runtime_error("config file missing: " + path);
}

int main() {
	std::printf("starting\n");
	std::fflush(stdout);
	load("/etc/app.conf");
}
