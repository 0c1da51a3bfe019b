// Macros that pass their text on to helpers of another file (Link):
// Lua's luaL_argcheck calls luaL_argerror of lauxlib.c, jsoncpp's
// JSON_ASSERT_MESSAGE streams its message and calls throwLogicError.
#pragma once
#include <sstream>
#define ARG_CHECK(cond, arg, extramsg) \
  ((void)((cond) || arg_error((arg), (extramsg))))
#define ARG_EXPECT(cond, msg) ARG_CHECK(cond, 0, msg)
#define FAIL_MESSAGE(message)  \
  {                            \
    std::ostringstream oss;    \
    oss << message;            \
    errs::throw_logic(oss.str()); \
  }
