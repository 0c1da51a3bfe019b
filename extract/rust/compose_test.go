package rust

import "testing"

func TestCarriesMessage(t *testing.T) {
	tests := []struct {
		fields map[string]string
		want   bool
	}{
		{map[string]string{"kind": "ErrorKind", "error": "Box<dyn error::Error + Send + Sync>"}, true},
		{map[string]string{"kind": "ErrorKind", "message": "&'static str"}, true},
		{map[string]string{"kind": "ErrorKind", "inner": "io::Error"}, true},
		{map[string]string{"glob": "Option<String>", "kind": "ErrorKind"}, false},
		{map[string]string{"kind": "ParseErrorKind", "at": "usize"}, false},
	}
	for _, tt := range tests {
		if got := carriesMessage(tt.fields, "kind"); got != tt.want {
			t.Errorf("carriesMessage(%v) = %v, want %v", tt.fields, got, tt.want)
		}
	}
}

func TestBaseType(t *testing.T) {
	tests := map[string]string{
		"Box<parse::ParseError>": "ParseError",
		"&'a ErrorKind":          "ErrorKind",
		"Option<String>":         "Option",
		"u64":                    "",
		"(usize, usize)":         "",
		"crate::error::Kind<'a>": "Kind",
		"Arc<Box<InnerError>>":   "InnerError",
	}
	for in, want := range tests {
		if got := baseType(in); got != want {
			t.Errorf("baseType(%q) = %q, want %q", in, got, want)
		}
	}
}
