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
				{Name: "max_tokens", Kind: "param", Text: "max_tokens=None", Function: "Buffers.__init__", Location: span("app/buffers.py", 5, 41)},
				{Name: "max_tokens", Kind: "assign", Text: "max_tokens = envs.APP_MAX_TOKENS.get()", Function: "Buffers.__init__", Location: span("app/buffers.py", 7, 13),
					Condition: "max_tokens is None"},
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

// TestReaching pins the assignments cited for a local variable: those
// that reach the site, with the condition under which each runs.
func TestReaching(t *testing.T) {
	src := `def unconditional(x):
    y = 1
    y = x + 1
    if y > 3:
        raise ValueError("unconditional")


def conditional_after(s, end):
    nextchar = s[end:end + 1]
    if nextchar != '"':
        if nextchar in " ":
            end = end + 1
            nextchar = s[end:end + 1]
        if nextchar != '}':
            raise ValueError("conditional after")


def param_and_conditional(x=None):
    if x is None:
        x = 5
    if x > 3:
        raise ValueError("param and conditional")


def no_default(x):
    if x < 0:
        x = 0
    if x > 3:
        raise ValueError("no default")


def branches(flag):
    mode = None
    if flag:
        mode = "fast"
    else:
        mode = "slow"
    if mode != "fast":
        raise ValueError("branches")


def in_branch(flag):
    if flag:
        mode = "fast"
        if mode:
            raise ValueError("in branch")
    else:
        mode = "slow"


def returning(flag):
    limit = 1
    if flag:
        limit = 2
        return limit
    if limit > 0:
        raise ValueError("returning")


def loop(items):
    found = None
    for item in items:
        if item:
            found = item
    if found is None:
        raise ValueError("loop")


def handler(s, end):
    try:
        c = s[end]
    except IndexError:
        c = ""
    if c != ",":
        raise ValueError("handler")


def loop_alone(items):
    last = None
    for item in items:
        last = item
    if last is None:
        raise ValueError("loop alone")


def parenthesised(a, b, c):
    v = 0
    while a or b:
        if c:
            v = 1
    if v:
        raise ValueError("parenthesised")


def pairs(table):
    found = None
    for k, v in table.items():
        if v:
            found = k
    if found is None:
        raise ValueError("pairs")
`
	res := analyzetest.Run(t, map[string]string{"m.py": src}, config.Analyzer)
	type fact struct {
		Kind      string
		Line      int
		Condition string
	}
	tests := []struct {
		message string
		want    []fact
	}{
		// The last assignment that always runs stops the walk back.
		{"unconditional", []fact{{"assign", 3, ""}}},
		// A conditional assignment after it may replace its value; the
		// conditions the site shares are left out.
		{"conditional after", []fact{{"assign", 9, ""}, {"assign", 13, `nextchar in " "`}}},
		// Nothing always runs before the site: the parameter's value may
		// reach it.
		{"param and conditional", []fact{{"param", 18, ""}, {"assign", 20, "x is None"}}},
		{"no default", []fact{{"param", 25, ""}, {"assign", 27, "x < 0"}}},
		// Both clauses assign: the earlier value does not reach.
		{"branches", []fact{{"assign", 35, "flag"}, {"assign", 37, "not flag"}}},
		// The other clause's assignment does not reach a site in this one.
		{"in branch", []fact{{"assign", 44, ""}}},
		// A block that returns keeps its assignment from the site.
		{"returning", []fact{{"assign", 52, ""}}},
		{"loop", []fact{{"assign", 61, ""}, {"assign", 64, "item in items and item"}}},
		{"loop alone", []fact{{"assign", 79, ""}, {"assign", 81, "for item in items"}}},
		{"parenthesised", []fact{{"assign", 87, ""}, {"assign", 90, "(a or b) and c"}}},
		{"pairs", []fact{{"assign", 96, ""}, {"assign", 99, "(k, v) in table.items() and v"}}},
		{"handler", []fact{{"assign", 71, ""}, {"assign", 73, "except IndexError"}}},
	}
	for _, tt := range tests {
		t.Run(tt.message, func(t *testing.T) {
			s := analyzetest.Site(t, res, tt.message)
			var got []fact
			for _, f := range s.Provenance {
				got = append(got, fact{f.Kind, f.Location.Line, f.Condition})
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("provenance (-want +got):\n%s", diff)
			}
		})
	}
}

// TestGoKeepsExtractorFacts checks that a Go site made by a call of a
// helper keeps the fact naming the helper, which the matcher reads, and
// gains the configuration its condition reads.
func TestGoKeepsExtractorFacts(t *testing.T) {
	res := analyzetest.Run(t, map[string]string{
		"go.mod": "module example.com/srv\n",
		"srv/srv.go": `package srv

import (
	"fmt"
	"os"
)

type Server struct{ dir string }

func (s *Server) fail(op string, err error) error {
	return fmt.Errorf("%s %s: %w", op, s.dir, err)
}

func (s *Server) Start() error {
	dir := os.Getenv("SRV_DIR")
	if dir == "" {
		return s.fail("start", os.ErrNotExist)
	}
	return nil
}
`,
	}, config.Analyzer)
	s := analyzetest.Site(t, res, "start ")
	kinds := map[string]bool{}
	for _, f := range s.Provenance {
		kinds[f.Kind] = true
	}
	if !kinds["helper"] || !kinds["assign"] {
		t.Errorf("provenance kinds = %v, want the helper's fact and dir's assignment: %+v", kinds, s.Provenance)
	}
	if len(s.Config) != 1 || s.Config[0].Name != "SRV_DIR" || s.Config[0].Via != `dir ← os.Getenv("SRV_DIR")` {
		t.Errorf("config = %+v, want SRV_DIR through dir", s.Config)
	}
}

// TestGoPackageVariables checks that a package-level variable set in
// another file's init, or by a flag, leads to its setting.
func TestGoPackageVariables(t *testing.T) {
	res := analyzetest.Run(t, map[string]string{
		"go.mod": "module example.com/app\n",
		"app/setup.go": `package app

import (
	"flag"
	"os"
)

var (
	debug   bool
	workers = flag.Int("workers", 4, "request workers")
)

func init() {
	debug = os.Getenv("APP_DEBUG") != ""
}
`,
		"app/run.go": `package app

import "errors"

func Trace() error {
	if !debug {
		return errors.New("tracing needs debugging on")
	}
	return nil
}

func Run(n int) error {
	if n > *workers {
		return errors.New("more jobs than workers")
	}
	return nil
}
`,
	}, config.Analyzer)
	for _, tt := range []struct{ message, name, via string }{
		{"tracing needs", "APP_DEBUG", `debug ← os.Getenv("APP_DEBUG")`},
		{"more jobs", "-workers", `workers ← flag.Int("workers", 4, "request workers")`},
	} {
		s := analyzetest.Site(t, res, tt.message)
		if len(s.Config) != 1 || s.Config[0].Name != tt.name || s.Config[0].Via != tt.via {
			t.Errorf("%s: config = %+v, want %s through %s", tt.message, s.Config, tt.name, tt.via)
		}
	}
}

// TestRustConfig traces Rust checks to an environment read with a
// default, to a clap derive field (a flag with a default and an
// environment variable), through a struct literal's field to a settings
// struct's field read from a typed parameter, and through a static to
// the environment read that initializes it.
func TestRustConfig(t *testing.T) {
	res := analyzetest.Run(t, map[string]string{
		"app/src/main.rs": `use clap::Parser;

#[derive(Parser)]
struct Args {
    #[arg(long, default_value_t = 8080, env = "APP_PORT")]
    port: u16,
}

pub struct ServerConfig {
    pub workers: usize,
}

struct Server {
    workers: usize,
}

static VERBOSE: std::sync::LazyLock<bool> = std::sync::LazyLock::new(|| std::env::var("APP_VERBOSE").is_ok());

fn trace() -> Result<(), String> {
    if !*VERBOSE {
        return Err("tracing needs verbosity".to_string());
    }
    Ok(())
}

fn limit() -> Result<usize, String> {
    let max = std::env::var("MAX_JOBS").unwrap_or_else(|_| "16".into());
    let n: usize = max.parse().unwrap();
    if n == 0 {
        return Err(format!("no jobs allowed ({})", max));
    }
    Ok(n)
}

fn main() {
    let args = Args::parse();
    if args.port < 1024 {
        panic!("privileged port {}", args.port);
    }
}

fn start(cfg: &ServerConfig) -> Result<(), String> {
    let srv = Server { workers: cfg.workers };
    if srv.workers == 0 {
        return Err("a server needs workers".to_string());
    }
    Ok(())
}
`,
	}, config.Analyzer)
	for _, tt := range []struct {
		message string
		want    []string // kind:name=default
	}{
		{"no jobs allowed", []string{`env:MAX_JOBS="16"`}},
		{"privileged port", []string{"flag:--port=8080", "env:APP_PORT=8080"}},
		{"a server needs workers", []string{"setting:ServerConfig.workers="}},
		{"tracing needs verbosity", []string{"env:APP_VERBOSE="}},
	} {
		s := analyzetest.Site(t, res, tt.message)
		var got []string
		for _, c := range s.Config {
			got = append(got, c.Kind+":"+c.Name+"="+c.Default)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s: config (-want +got):\n%s", tt.message, diff)
		}
	}
}
