// Throws of the classes of errors.h, in functions declared with macros.
#include "errors.h"

MYCLI_NAMESPACE_BEGIN

MYCLI_INLINE void App::check(const Option* opt) MYCLI_NOEXCEPT_FALSE {
    if (opt->count() == 0) {
        throw missing_option(opt->get_name());
    }
}

template <typename T>
MYCLI_INLINE T App::convert(const Option* opt, const std::string& text) {
    T out;
    if (!parse(text, out)) {
        throw bad_value(opt->get_name(), text);
    }
    return out;
}

MYCLI_NAMESPACE_END
