// A reporter whose message is a parameter pack, called through macros
// that forward their arguments to it.
#include <string_view>

using namespace std::literals;

#define fail_and_return(ret, ...)                                              \
	do                                                                         \
	{                                                                          \
		if (!failed())                                                         \
			set_error(__VA_ARGS__);                                            \
		return ret;                                                            \
	}                                                                          \
	while (false)
#define fail_and_return_default(...) fail_and_return({}, __VA_ARGS__)
#define fail_if_eof(...)                                                       \
	do                                                                         \
	{                                                                          \
		if (at_end())                                                          \
			fail_and_return(__VA_ARGS__, "encountered end-of-file"sv);       \
	}                                                                          \
	while (false)

class reader {
	template <typename... T>
	void set_error(const T&... reason) const {
		record(reason...);
	}

	bool parse_key_value(char c) {
		fail_if_eof({});
		if (c != '=')
			fail_and_return_default("expected '=', saw '"sv, to_sv(c), "'"sv);
		set_error("cannot redefine existing key '", key(), "'");
		return true;
	}
};
