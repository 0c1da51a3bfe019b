package family

import (
	"strings"
	"testing"

	"github.com/errdex/errdex"
)

func TestTaxonomy(t *testing.T) {
	if len(families) != numFamilies {
		t.Fatalf("%d families for %d constants", len(families), numFamilies)
	}
	if n := len(Families()) - 1; n < 15 {
		t.Errorf("%d families besides other, want at least 15", n)
	}
	slugs := map[string]bool{}
	for i, f := range families {
		if f == nil || f.Slug == "" || f.Name == "" || f.Background == "" {
			t.Fatalf("family %d is incomplete: %+v", i, f)
		}
		if slugs[f.Slug] {
			t.Errorf("duplicate slug %q", f.Slug)
		}
		slugs[f.Slug] = true
		if f.Slug != Other && (f.Gist == "" || len(f.Playbook) == 0 || len(f.Situations) == 0) {
			t.Errorf("%s: needs a gist, a playbook and situations", f.Slug)
		}
		if Lookup(f.Slug) != f {
			t.Errorf("Lookup(%q) does not return the family", f.Slug)
		}
		if strings.Contains(f.Background, "\n") {
			t.Errorf("%s: the background is one paragraph", f.Slug)
		}
		// A family's texts show on pages of every language: an absent
		// value is not named in Python's words alone.
		for _, text := range append([]string{f.Background, f.Gist}, append(f.Playbook, f.Situations...)...) {
			if strings.Contains(text, "None") && !strings.Contains(text, "null") {
				t.Errorf("%s: %q names an absent value in Python's words only", f.Slug, text)
			}
		}
	}
	for fam, ws := range wordWeights {
		for _, w := range ws {
			if w.phrase != strings.ToLower(w.phrase) || w.weight <= 0 {
				t.Errorf("%s: phrase %q must be lower case with a positive weight", families[fam].Slug, w.phrase)
			}
		}
	}
	for typ, tws := range typeWeights {
		for _, tw := range tws {
			if tw.family < 0 || tw.family >= famOther || tw.weight <= 0 {
				t.Errorf("type %s: bad weight %+v", typ, tw)
			}
		}
	}
}

// site builds a site with a literal message.
func site(lang, exc, msg string) *errdex.Site {
	return &errdex.Site{Language: lang, Kind: errdex.KindRaise, Exception: exc,
		Template: errdex.NewTemplate(errdex.Lit(msg))}
}

func TestClassify(t *testing.T) {
	tests := []struct {
		site *errdex.Site
		want string
	}{
		{site("python", "FileNotFoundError", "weights file {path} does not exist"), "file-path"},
		{site("python", "ValueError", "batch size must be positive, got 0"), "out-of-range"},
		{site("python", "ValueError", "expected shape (3, 4), got (4, 3)"), "shape-mismatch"},
		{site("python", "RuntimeError", "FlashAttention is not supported on this GPU architecture"), "unsupported-platform"},
		{site("python", "ImportError", "Please install vllm: pip install vllm"), "missing-dependency"},
		{site("python", "NotImplementedError", ""), "not-implemented"},
		{site("python", "KeyError", "unknown model type llama9"), "not-found"},
		{site("python", "TypeError", "expected str, got int"), "wrong-type"},
		{site("python", "ValueError", "--tp and --dp cannot be used with --pipeline"), "unsupported-option"},
		{site("python", "RuntimeError", "SGLANG_ENABLE_MASK must be set to use sampling masks"), "missing-setting"},
		{site("python", "json.JSONDecodeError", "Expecting value"), "parse-error"},
		{site("python", "IndentationError", "unindent does not match any outer indentation level"), "parse-error"},
		{site("python", "RuntimeError", "sequence length 9000 exceeds the maximum of 8192"), "limit-exceeded"},
		{site("python", "RuntimeError", "the engine is not initialized; call start() first"), "invalid-state"},
		{site("python", "RuntimeError", "this checkpoint requires transformers version >= 4.40, please upgrade"), "version-mismatch"},
		{site("python", "PermissionError", "permission denied"), "permission-denied"},
		{site("python", "TimeoutError", "request timed out after 30 seconds"), "network-timeout"},
		// "network" names the topic here, not a failure of the network.
		{site("python", "ValueError", "'10.0.0.1/33' does not appear to be an IPv4 or IPv6 network"), "invalid-value"},
		{site("python", "ConnectionError", "network is unreachable"), "network-timeout"},
		{site("python", "DeprecationWarning", "use_cache is deprecated, use cache instead"), "deprecated"},
		{site("python", "ValueError", "engine_args is required"), "missing-value"},
		{site("python", "UnicodeDecodeError", ""), "encoding"},
		{site("python", "RuntimeError", "dictionary changed size during iteration"), "concurrency"},
		{site("python", "AssertionError", "this should never happen"), "internal-invariant"},
		{site("python", "FileExistsError", "output directory already exists"), "already-exists"},
		{site("python", "EOFError", "unexpected end of stream"), "io-failure"},
		// Other languages: Go values without a type, Java and JS types.
		{site("go", "", "permission denied"), "permission-denied"},
		{site("go", "", "i/o timeout"), "network-timeout"},
		{site("go", "", "unexpected EOF"), "io-failure"},
		{site("go", "*fs.PathError", "{op} {path}: {err}"), "file-path"},
		{site("go", "*strconv.NumError", "strconv.{fn}: parsing {num}: {err}"), "parse-error"},
		{site("java", "IllegalStateException", "Client already closed"), "invalid-state"},
		{site("java", "IndexOutOfBoundsException", "Index: {i}"), "out-of-range"},
		{site("javascript", "RangeError", "Invalid array length"), "out-of-range"},
		{site("rust", "", "called `Option::unwrap()` on a `None` value"), "missing-value"},
		// A library's own class named for its kind.
		{site("python", "AddressValueError", "Expected 4 octets in {ip_str}"), "invalid-value"},
		{site("python", "errors.HeaderParseError", "expected value"), "parse-error"},
		// A list of allowed values is an invalid value; a list of types
		// is not.
		{site("python", "ValueError", "log level must be debug, info or warning"), "invalid-value"},
		{site("python", "ValueError", "FileInput opening mode must be 'r' or 'rb'"), "invalid-value"},
		{site("python", "TypeError", "path must be str, bytes or int"), "wrong-type"},
		// Nothing to go on.
		{site("python", "Error", "{msg}"), Other},
		{site("python", "RuntimeError", ""), Other},
	}
	for _, tt := range tests {
		f, conf := Classify(tt.site)
		if f.Slug != tt.want {
			t.Errorf("%s %q: family %s (%.2f), want %s", tt.site.Exception, tt.site.Message(), f.Slug, conf, tt.want)
		}
		if (f.Slug == Other) != (conf == 0) || conf < 0 || conf > 1 {
			t.Errorf("%s %q: confidence %.2f out of range for %s", tt.site.Exception, tt.site.Message(), conf, f.Slug)
		}
	}
}

func TestClassifyShape(t *testing.T) {
	s := site("python", "ValueError", "the operation failed")
	s.Guards = []errdex.Guard{{Kind: "if", Subject: "sys.platform", Op: "==", Value: `"win32"`, Names: []string{"sys.platform"}}}
	if f, _ := Classify(s); f.Slug != "unsupported-platform" {
		t.Errorf("a guard on sys.platform: family %s", f.Slug)
	}
	s = site("python", "RuntimeError", "feature unavailable")
	s.Guards = []errdex.Guard{{Kind: "except", Caught: "ImportError"}}
	if f, _ := Classify(s); f.Slug != "missing-dependency" {
		t.Errorf("raised in an except ImportError: family %s", f.Slug)
	}
	s = site("python", "ValueError", "sampling mask requires a buffer")
	s.Config = []errdex.ConfigRef{{Name: "APP_MASK_TOKENS", Kind: "env"}}
	if f, _ := Classify(s); f.Slug != "missing-setting" {
		t.Errorf("a site behind an environment variable: family %s", f.Slug)
	}
}

// TestClassifyContext covers evidence outside the message: the guard on
// a setting, and the exception an enclosing except clause caught.
func TestClassifyContext(t *testing.T) {
	env := []errdex.ConfigRef{{Name: "SRVKIT_LOG_LEVEL", Kind: "env", Default: `"info"`, HasDefault: true}}
	tests := []struct {
		name   string
		exc    string
		msg    string
		guards []errdex.Guard
		config []errdex.ConfigRef
		want   string
	}{
		{
			name: "a setting checked against its allowed values",
			exc:  "ValueError", msg: "SRVKIT_LOG_LEVEL must be debug, info or warning, got verbose",
			guards: []errdex.Guard{{Kind: "if", Subject: "LOG_LEVEL", Op: "not in", Value: `("debug", "info", "warning")`}},
			config: env, want: "invalid-value",
		},
		{
			name: "a setting compared with a string",
			exc:  "RuntimeError", msg: "SRVKIT_ATTENTION=legacy is not supported with masks",
			guards: []errdex.Guard{{Kind: "if", Subject: "ATTENTION", Op: "==", Value: `"legacy"`}},
			config: env, want: "unsupported-option",
		},
		{
			name: "a setting that is off",
			exc:  "RuntimeError", msg: "sampling masks need SRVKIT_MASK_TOKENS",
			guards: []errdex.Guard{{Kind: "if", Subject: "self.tokens", Op: "<=", Value: "0"}},
			config: env, want: "missing-setting",
		},
		{
			name: "a file that is not there, reraised",
			exc:  "OSError", msg: "config file missing",
			guards: []errdex.Guard{{Kind: "except", Caught: "FileNotFoundError"}},
			want:   "file-path",
		},
		{
			name: "a key that is not there, reraised",
			exc:  "Error", msg: "section {name}",
			guards: []errdex.Guard{{Kind: "except", Caught: "KeyError"}},
			want:   "not-found",
		},
		{
			name: "a broad except says little",
			exc:  "ValueError", msg: "required field is missing",
			guards: []errdex.Guard{{Kind: "except", Caught: "Exception"}},
			want:   "missing-value",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := site("python", tt.exc, tt.msg)
			s.Guards, s.Config = tt.guards, tt.config
			if f, conf := Classify(s); f.Slug != tt.want {
				t.Errorf("family %s (%.2f), want %s", f.Slug, conf, tt.want)
			}
		})
	}
}

func TestTokens(t *testing.T) {
	toks, upper := tokens(errdex.NewTemplate(errdex.Lit("Doesn't support utf-8 in SGLANG_MAX_LEN: "), errdex.HolePart("x", "x", "")))
	want := "doesnt support utf 8 in sglang max len {}"
	if got := strings.Join(toks, " "); got != want || !upper {
		t.Errorf("tokens = %q, %v; want %q, true", got, upper, want)
	}
}

func FuzzClassify(f *testing.F) {
	f.Add("ValueError", "must be positive, got {x}")
	f.Add("*fs.PathError", "")
	f.Add("a.b.<c>", "\x00\xff_A_B_C_D_E")
	f.Fuzz(func(t *testing.T, exc, msg string) {
		fam, conf := Classify(site("python", exc, msg))
		if fam == nil || conf < 0 || conf > 1 {
			t.Fatalf("Classify(%q, %q) = %v, %v", exc, msg, fam, conf)
		}
	})
}
