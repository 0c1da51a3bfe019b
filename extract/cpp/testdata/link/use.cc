// Calls of the helpers of checks.h, more.h and fail.h.
#include <cstdlib>
#include "checks.h"
#include "fail.h"
#include "more.h"

int to_port(const std::string& s) {
  return numparse::parse("to_port", s);
}

long to_size(const std::string& s) {
  using namespace numparse;
  return parse("to_size", s, 16);
}

void Buffer::append(const char* s, std::size_t n) {
  check_size(n, "Buffer::append");
  size_ += n;
}

void run(int code) {
  fail("run: no input");
  fail(code, "run: bad code");
  report("run: which report?");
  net::report("run: network down");
}

long to_long(const char* s) {
  return scoped::checked(&std::strtol, "to_long", s, 10);
}

void not_a_helper(const char* msg) {
  std::puts(msg);
  to_port(msg);
}
