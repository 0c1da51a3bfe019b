package analyze

import (
	"testing"

	"github.com/errdex/errdex/extract"
)

// TestModule checks how an imported module name resolves to a file when
// several files end in that name.
func TestModule(t *testing.T) {
	paths := []string{
		"lib2to3/pgen2/tokenize.py", "tokenize.py", "lib2to3/pgen2/driver.py", "cgitb.py",
		"src/app/util.py", "vendor/x/app/util.py", "src/app/main.py", "tools/run.py",
		"pkg/__init__.py", "pkg/sub.py",
	}
	res := &extract.Result{}
	for _, p := range paths {
		res.Files = append(res.Files, &extract.FileResult{Path: p, Language: "python", Analysis: &extract.FileFacts{}})
	}
	r := NewRepo(res)
	tests := []struct {
		from, module, want string
	}{
		{"cgitb.py", "tokenize", "tokenize.py"},                               // the top-level module, not a package's namesake
		{"lib2to3/pgen2/driver.py", "tokenize", "lib2to3/pgen2/tokenize.py"},  // under the importer's own root
		{"lib2to3/pgen2/driver.py", ".tokenize", "lib2to3/pgen2/tokenize.py"}, // relative
		{"src/app/main.py", "app.util", "src/app/util.py"},                    // the repository keeps its package under src/
		{"tools/run.py", "app.util", "src/app/util.py"},                       // no root shared: the shortest one
		{"cgitb.py", "pkg", "pkg/__init__.py"},
		{"cgitb.py", "pkg.sub", "pkg/sub.py"},
		{"cgitb.py", "missing", ""},
	}
	for _, tt := range tests {
		got := ""
		if f := r.Module(r.File(tt.from), tt.module); f != nil {
			got = f.Path
		}
		if got != tt.want {
			t.Errorf("Module(from %s, %q) = %q, want %q", tt.from, tt.module, got, tt.want)
		}
	}
}
