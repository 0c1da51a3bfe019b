// Constructs of a C++ standard library's headers: throw helpers whose
// exception the name tells, a throw-or-abort macro, and exceptions whose
// message is their what().
namespace mystd {

class not_ready : public exception {
 public:
    const char* what() const noexcept override { return "queue is not ready"; }
};

struct closed_error : exception {
    virtual const char* what() const noexcept;
};

const char* closed_error::what() const noexcept { return "queue closed"; }

[[noreturn]] inline void throw_not_ready() { _GLIBCXX_THROW_OR_ABORT(not_ready()); }

inline void throw_closed() { throw closed_error{}; }

template <typename T>
class queue {
 public:
    T& front() {
        if (empty())
            __throw_out_of_range_fmt(__N("queue::front: size (which is %zu) is zero"), size());
        return data_[0];
    }
    void call() {
        if (!fn_)
            __throw_bad_function_call();
        if (broken_)
            std::__throw_bad_alloc();
    }
    void wait() {
        if (!state_)
            __throw_future_error(int(future_errc::no_state));
        if (bad_)
            __throw_ios_failure(__N("queue::wait"));
        if (error_)
            __throw_system_error(int(errc::invalid_argument));
    }
    void parse(char c) {
        if (c == '[')
            __throw_regex_error(regex_constants::error_brack, "Unexpected '[' in queue pattern");
        if (c == '{')
            __throw_regex_error(regex_constants::error_brace);
        _GLIBCXX_THROW_OR_ABORT(length_error(__N("queue::parse")));
    }
    void typed() {
        if (weak_)
            throw bad_weak_ptr();
        throw std::bad_cast();
    }
};

void copy(const path& from, const path& to, error_code ec) {
    if (ec)
        throw filesystem::filesystem_error("cannot copy", from, to, ec);
    throw filesystem_error("cannot convert", make_error_code(errc::illegal_byte_sequence));
}

[[noreturn]] void throw_bad_slot(const char* what) { _GLIBCXX_THROW_OR_ABORT(bad_slot(what)); }

void throw_bad_slot(bool empty) {
    if (empty)
        throw_bad_slot("slot is empty");
    else
        throw_bad_slot("wrong slot");
}

[[noreturn]] void check_size(size_t n, const std::string& who) {
    if (n > 10)
        __throw_length_error(__N(who));
}

void grow(size_t n) { check_size(n, std::string("grow")); }

}  // namespace mystd
