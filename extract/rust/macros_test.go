package rust

import "testing"

// TestMayFail keeps macro bodies and wrapped items that cannot hold a
// site from being parsed again (a table of plain structs, as libc wraps
// in s! { .. }).
func TestMayFail(t *testing.T) {
	tests := []struct {
		code string
		want bool
	}{
		{"{ pub struct timespec { pub tv_sec: time_t, pub tv_nsec: c_long } }", false},
		{"{ pub const O_RDONLY: c_int = 0; }", false},
		{"{ fn check(n: usize) { if n == 0 { panic!(\"empty\") } } }", true},
		{"{ return Err(format!(\"bad {}\", x)) }", true},
		{"{ impl fmt::Display for Kind { } }", true},
	}
	for _, tt := range tests {
		if got := mayFail([]byte(tt.code)); got != tt.want {
			t.Errorf("mayFail(%q) = %v, want %v", tt.code, got, tt.want)
		}
	}
}
