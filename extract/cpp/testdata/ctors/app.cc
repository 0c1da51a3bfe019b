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

MYCLI_INLINE void App::count(const Option* opt) {
    if (opt->results().size() > opt->max()) {
        throw count_error::AtMost(opt->get_name(), opt->max(), opt->results().size());
    }
    if (opt->results().empty()) {
        throw count_error::Missing(opt->get_name(), opt->is_flag());
    }
    if (opt->unknown()) {
        throw unknown_flag(opt->get_name());
    }
    if (!opt->allowed(opt->results())) {
        throw choice_error(opt->get_name(), opt->results());
    }
}

MYCLI_NAMESPACE_END
