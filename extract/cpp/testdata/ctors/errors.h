// Exception classes whose constructors build the message from their
// arguments, between namespace macros the grammar cannot read.
#pragma once
#include <string>

MYCLI_NAMESPACE_BEGIN

class cli_error : public std::runtime_error {
  public:
    cli_error(std::string msg, int code) : std::runtime_error(msg), code_(code) {}

  private:
    int code_;
};

class missing_option : public cli_error {
  public:
    explicit missing_option(std::string name) : cli_error(name + " is required", 106) {}
};

class bad_value : public cli_error {
  public:
    bad_value(std::string name, std::string value)
        : cli_error("Could not convert: " + name + " = " + value, 107) {}
};

MYCLI_NAMESPACE_END
