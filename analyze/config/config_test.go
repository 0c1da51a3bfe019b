package config_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/analyze/analyzetest"
	"github.com/errdex/errdex/analyze/config"
)

// repo is a small repository with each kind of provenance and
// configuration.
var repo = map[string]string{
	"app/__init__.py": "",
	"app/environ.py": `class Envs:
    APP_MAX_TOKENS = EnvInt(0)

envs = Envs()
`,
	"app/buffers.py": `from app.environ import envs
from app import consts

class Buffers:
    def __init__(self, size, max_tokens=None):
        if max_tokens is None:
            max_tokens = envs.APP_MAX_TOKENS.get()
        self.enabled = max_tokens > 0
        self.size = size

    def reset(self):
        self.size = 0

    def put(self, req):
        if req.wants_mask and not self.enabled:
            raise RuntimeError("masks need APP_MAX_TOKENS > 0")
        if self.size > consts.LIMIT:
            raise ValueError("buffer too large")
`,
	"app/consts.py": `import os
LIMIT = int(os.environ.get("APP_LIMIT", "64"))
`,
	"app/server_args.py": `import dataclasses

@dataclasses.dataclass
class ServerArgs:
    chunk_size: int = -1

def add_cli_args(parser):
    parser.add_argument("--chunk-size", type=int, default=ServerArgs.chunk_size)
    parser.add_argument("--port", type=int, default=8000)

def check(server_args, args):
    if server_args.chunk_size <= 0:
        raise ValueError("chunk size must be positive")
    if args.port < 1024:
        raise ValueError("privileged port")
`,
	"tool.py": `def main(args):
    if args.port == 0:
        raise ValueError("no port")
`,
}

func TestConfig(t *testing.T) {
	res := analyzetest.Run(t, repo, config.Analyzer)
	span := func(path string, line, col int) errdex.Span {
		return errdex.Span{Path: path, Line: line, Column: col, EndLine: line}
	}
	tests := []struct {
		message    string
		provenance []errdex.Fact
		config     []errdex.ConfigRef
	}{
		{
			message: "masks need",
			provenance: []errdex.Fact{
				{Name: "self.enabled", Kind: "attribute", Text: "self.enabled = max_tokens > 0", Function: "Buffers.__init__", Location: span("app/buffers.py", 8, 9)},
				{Name: "max_tokens", Kind: "assign", Text: "max_tokens = envs.APP_MAX_TOKENS.get()", Function: "Buffers.__init__", Location: span("app/buffers.py", 7, 13)},
				{Name: "max_tokens", Kind: "param", Text: "max_tokens=None", Function: "Buffers.__init__", Location: span("app/buffers.py", 5, 41)},
			},
			config: []errdex.ConfigRef{{Name: "APP_MAX_TOKENS", Kind: "env", Default: "0", HasDefault: true,
				Location: span("app/environ.py", 2, 5), Via: "self.enabled ← max_tokens ← envs.APP_MAX_TOKENS"}},
		},
		{
			// The attribute is set in two methods: both are cited, only
			// the constructor's value is traced; the imported module's
			// constant leads to its environment read.
			message: "buffer too large",
			provenance: []errdex.Fact{
				{Name: "self.size", Kind: "attribute", Text: "self.size = size", Function: "Buffers.__init__", Location: span("app/buffers.py", 9, 9)},
				{Name: "self.size", Kind: "attribute", Text: "self.size = 0", Function: "Buffers.reset", Location: span("app/buffers.py", 12, 9)},
				{Name: "consts.LIMIT", Kind: "constant", Text: `LIMIT = int(os.environ.get("APP_LIMIT", "64"))`, Location: span("app/consts.py", 2, 1)},
			},
			config: []errdex.ConfigRef{{Name: "APP_LIMIT", Kind: "env", Default: `"64"`, HasDefault: true,
				Location: span("app/consts.py", 2, 13), Via: `consts.LIMIT ← os.environ.get("APP_LIMIT", "64")`}},
		},
		{
			// A flag's destination read through an arguments-like
			// object, and the settings field of the class the object is
			// named after.
			message: "chunk size",
			config: []errdex.ConfigRef{
				{Name: "--chunk-size", Kind: "flag", Default: "ServerArgs.chunk_size", HasDefault: true,
					Location: span("app/server_args.py", 8, 5), Via: "server_args.chunk_size"},
				{Name: "ServerArgs.chunk_size", Kind: "setting", Default: "-1", HasDefault: true,
					Location: span("app/server_args.py", 5, 5), Via: "server_args.chunk_size"},
			},
		},
		{
			message: "privileged port",
			config: []errdex.ConfigRef{{Name: "--port", Kind: "flag", Default: "8000", HasDefault: true,
				Location: span("app/server_args.py", 9, 5), Via: "args.port"}},
		},
		{
			// A flag of another package is not believed by name alone.
			message: "no port",
		},
	}
	for _, tt := range tests {
		t.Run(tt.message, func(t *testing.T) {
			s := analyzetest.Site(t, res, tt.message)
			if diff := cmp.Diff(tt.provenance, s.Provenance); diff != "" {
				t.Errorf("provenance (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.config, s.Config); diff != "" {
				t.Errorf("config (-want +got):\n%s", diff)
			}
		})
	}
}
