#include <stdexcept>
#include <sstream>
#include <string>
#include <system_error>
#include <fmt/format.h>
#include <format>
#include <absl/strings/str_cat.h>
#include <pybind11/pybind11.h>

namespace py = pybind11;

namespace storage {
namespace {
void helper(int n) {
    if (n < 0) throw std::invalid_argument("n must be non-negative");
}
}  // namespace

namespace detail {

class Reader {
 public:
    int read(const std::string& name, int size) {
        if (size > 4096) {
            throw std::runtime_error(std::string("block ") + name + " is too large: " + std::to_string(size) + " bytes");
        }
        if (name.empty()) {
            throw std::length_error{"empty name"};
        }
        auto check = [&](int v) {
            if (v == 0) throw std::domain_error(fmt::format("value {} of {:>8} is zero", v, name));
        };
        check(size);
        return size;
    }
    template <typename T>
    T get(int i);
};

template <typename T>
T Reader::get(int i) {
    std::ostringstream ss;
    ss << "index " << i << " out of range";
    if (i > 10) {
        ss << " (max 10)";
    }
    throw std::out_of_range(ss.str());
}

}  // namespace detail

void open(const char *path, int code) {
    std::string msg = "cannot open ";
    msg += path;
    if (code == 1) {
        throw std::system_error(errno, std::generic_category(), msg);
    }
    throw py::value_error(std::format("bad code {} for {}", code, path));
}

bool operator==(const Key& a, const Key& b) {
    throw py::type_error(absl::StrCat("keys of kinds ", a.kind, " and ", b.kind, " cannot be compared"));
}

}  // namespace storage

void rethrow() {
    try {
        storage::open("x", 1);
    } catch (const std::exception& e) {
        throw;
    } catch (...) {
        std::exception_ptr p = std::current_exception();
        throw MyError(p);
    }
}

static auto kFail = []() { throw std::logic_error("global lambda"); };
