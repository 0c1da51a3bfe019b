package golang

import (
	"slices"
	"testing"
)

// TestFileNameTags checks the build terms read from file names as go/build
// reads them.
func TestFileNameTags(t *testing.T) {
	tests := []struct {
		name string
		want []string
	}{
		{"file_plan9.go", []string{"plan9"}},
		{"os/lp_windows.go", []string{"windows"}},
		{"syscall/zerrors_linux_amd64.go", []string{"linux", "amd64"}},
		{"asm_arm64.s.go", []string{"arm64"}},
		{"stat_windows_test.go", []string{"windows"}},
		{"exec_linux_test.go", []string{"linux"}},
		{"file_unix.go", nil}, // unix is a tag, not a file name suffix
		{"linux.go", nil},     // no underscore
		{"windows_test.go", nil},
		{"x_test.go", nil},
		{"amd64_linux.go", []string{"linux"}},
		{"fixture_linux.go.txt", []string{"linux"}},
	}
	for _, tt := range tests {
		if got := fileNameTags(tt.name); !slices.Equal(got, tt.want) {
			t.Errorf("fileNameTags(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestCompatible checks which pairs of build constraints some build
// satisfies together.
func TestCompatible(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"", "windows", true},
		{"unix", "linux && amd64", true},
		{"unix", "windows", false},
		{"unix && !ios", "darwin && arm64", true},
		{"windows", "linux && amd64", false},
		{"js && wasm", "js", true},
		{"js && wasm", "wasip1 && wasm", false},
		{"linux", "android", true},
		{"cgo", "!cgo", false},
		{"goexperiment.jsonv2", "linux", true},
		{"not a constraint &&", "windows", true},
	}
	for _, tt := range tests {
		if got := compatible(tt.a, tt.b); got != tt.want {
			t.Errorf("compatible(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}
