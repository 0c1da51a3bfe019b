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

class count_error : public cli_error {
  public:
    explicit count_error(std::string msg) : cli_error(msg, 108) {}
    static count_error AtMost(std::string name, int most, std::size_t got) {
        return count_error(name + ": at most " + std::to_string(most) + " values, got " + std::to_string(got));
    }
    static count_error Missing(std::string name, bool flag) {
        if (flag) {
            return count_error(name + ": flag expected");
        }
        return count_error(name + ": value expected");
    }
};

// Prints its message with %option_name% replaced by the option.
class unknown_flag : public cli_error {
  public:
    explicit unknown_flag(const std::string& flag) : cli_error("unknown flag '%option_name%' (100%)", 110), flag_(flag) {}

  private:
    std::string flag_;
};

class choice_error : public cli_error {
  public:
    choice_error(std::string name, std::string value) : cli_error(value + " is not a choice of " + name, 109) {}
    choice_error(std::string name, std::vector<std::string> values) : cli_error(name + ": none of " + join(values), 109) {}
};

MYCLI_NAMESPACE_END
