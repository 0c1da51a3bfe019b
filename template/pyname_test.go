package template

import (
	"testing"
	"unicode"

	"github.com/errdex/errdex"
)

func TestPyHoleName(t *testing.T) {
	tests := []struct{ expr, want string }{
		{"mask_len", "mask_len"},
		{"self.size", "size"},
		{"self._size", "size"},
		{"self.__private", "private"},
		{"len(mask)", "mask_len"},
		{"len(self.items)", "items_len"},
		{`obj["key"]`, "key"},
		{`d['max-size']`, "max_size"},
		{"args[0]", "args_0"},
		{"row[i]", "row_i"},
		{"self.data[key]", "data_key"},
		{"x[1:]", "x"},
		{"type(x).__name__", "x_type"},
		{"type(self).__qualname__", "self_type"},
		{"x.__class__.__name__", "x_type"},
		{"func.__name__", "func_name"},
		{"str(e)", "e"},
		{"repr(value)", "value"},
		{"os.path.basename(p)", "p"},
		{"os.fspath(path)", "path"},
		{`", ".join(names)`, "names"},
		{`", ".join(sorted(missing))`, "missing"},
		{"self.describe(v)", "describe"},
		{"self.get_name()", "get_name"},
		{"name.strip()", "name"},
		{"kwargs.get('timeout')", "timeout"},
		{"getattr(obj, 'mode', None)", "mode"},
		{"n - 1", "n"},
		{"-offset", "offset"},
		{"not ok", "ok"},
		{"a or b", "a"},
		{"x if cond else y", "x"},
		{"(count)", "count"},
		{"await fetch(url)", "fetch"},
		{"'literal'", "value"},
		{"42", "value"},
		{"[1, 2]", "value"},
		{"lambda: 0", "value"},
		{"", "value"},
		{"f(g(h(x)))", "f"},
		{"über.größe", "größe"},
		{"self.a_really_long_attribute_name_that_goes_on_and_on", "a_really_long_attribute_name"},
		{`"{}".format(x)`, "text"},
		{"exc_info[1]", "exc_info_1"},
		{`", ".join(repr(n) for n in names)`, "names"},
		{"x for x in self.items if x", "items"},
		{"[f(x) for x in rows]", "value"},
	}
	for _, tt := range tests {
		if got := PyHoleName(tt.expr); got != tt.want {
			t.Errorf("PyHoleName(%q) = %q, want %q", tt.expr, got, tt.want)
		}
	}
}

func TestPyExprType(t *testing.T) {
	tests := []struct {
		expr string
		want errdex.HoleType
	}{
		{"len(x)", errdex.HoleInt},
		{"3", errdex.HoleInt},
		{"0x1F", errdex.HoleInt},
		{"2.5", errdex.HoleFloat},
		{"1e-3", errdex.HoleFloat},
		{"float(s)", errdex.HoleFloat},
		{"repr(x)", errdex.HoleRepr},
		{"str(x)", errdex.HoleStr},
		{"'abc'", errdex.HoleStr},
		{"f'{x}'", errdex.HoleStr},
		{"'%s' % x", errdex.HoleStr},
		{"type(x).__name__", errdex.HoleStr},
		{"os.path.abspath(p)", errdex.HolePath},
		{"filename", errdex.HolePath},
		{"self.config_path", errdex.HolePath},
		{"out_dir", errdex.HolePath},
		{"True", errdex.HoleBool},
		{"isinstance(x, int)", errdex.HoleBool},
		{"name", ""},
		{"file", ""},
		{"a + b", ""},
		{"1j", ""},
		{"", ""},
	}
	for _, tt := range tests {
		if got := PyExprType(tt.expr); got != tt.want {
			t.Errorf("PyExprType(%q) = %q, want %q", tt.expr, got, tt.want)
		}
	}
}

func TestPySubstitute(t *testing.T) {
	repl := map[string]string{"items": "found", "msg": "'bad ' + name", "n": "x.count"}
	tests := []struct{ expr, want string }{
		{"len(items)", "len(found)"},
		{"msg", "'bad ' + name"},
		{"msg.upper()", "('bad ' + name).upper()"},
		{"n + 1", "x.count + 1"},
		{"self.items", "self.items"},
		{"f(items=items)", "f(items=found)"},
		{"items[n]", "found[x.count]"},
		{"other", "other"},
		{"msg * 2", "('bad ' + name) * 2"},
	}
	for _, tt := range tests {
		if got := PySubstitute(tt.expr, repl); got != tt.want {
			t.Errorf("PySubstitute(%q) = %q, want %q", tt.expr, got, tt.want)
		}
	}
}

// FuzzPyHoleName checks that any text gets a short identifier as a name,
// and that the other expression analyses survive it.
func FuzzPyHoleName(f *testing.F) {
	for _, seed := range []string{"len(x)", "a[", "'x", "f(g(h(i(j(k(l(m(n(o(p))))))))))", "type(x).__name__", `d["k"]`, "((((", "x.]", "r'''", "0x", "é.ü"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, expr string) {
		name := PyHoleName(expr)
		if name == "" || len(name) > maxHoleName {
			t.Fatalf("PyHoleName(%q) = %q", expr, name)
		}
		for i, r := range name {
			if r != '_' && !unicode.IsLetter(r) && !unicode.IsDigit(r) || i == 0 && unicode.IsDigit(r) {
				t.Fatalf("PyHoleName(%q) = %q, not an identifier", expr, name)
			}
		}
		_ = PyExprType(expr)
		_ = PySubstitute(expr, map[string]string{"x": "a + b", "y": "z"})
	})
}
