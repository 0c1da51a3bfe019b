// A second fail, told from the one in fail.h by its arguments.
#include <stdexcept>

inline void fail(int code, const char* msg) {
  if (code != 0)
    throw std::domain_error(msg);
}

// The grammar loses this function's header to the macros around it and
// to the struct declared with an object in its body; its statements after
// the struct are read as the enclosing block's, the header from the text.
namespace scoped API_VISIBILITY(default)
{
API_BEGIN_VERSION

  template<typename R, typename... Rest>
    R
    checked(R (*conv)(const char*, char**, Rest...), const char* label,
            const char* text, Rest... rest)
    {
      R result;

      char* end;

      struct keep_errno {
        keep_errno() : saved(errno) { errno = 0; }
        ~keep_errno() { if (errno == 0) errno = saved; }
        int saved;
      } const keeper;

      struct in_range {
        static bool
        check(R value)
        {
          return value < R(limits<int>::low) || value > R(limits<int>::high);
        }
      };

      const R r = conv(text, &end, rest...);
      if (end == text)
        std::__throw_invalid_argument(label);
      result = r;
      return result;
    }

API_END_VERSION
}
