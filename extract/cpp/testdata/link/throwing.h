// A throwing macro of another file: its calls are throw sites (Link).
#pragma once
#include <stdexcept>
#define APP_FAIL(code, msg) throw app_error(msg)
