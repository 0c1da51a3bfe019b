#!/usr/bin/env python3
"""Generate errdex's Go development set from real runs.

Regenerate (from the repository root; Python 3 standard library and the go
command only):

    python3 testdata/devset/gen_go.py > testdata/devset/go.jsonl

The program testdata/devset/go/cases (package main, one file per area of the
standard library) triggers real errors of Go's standard library. This script
builds it once, runs it once per case and query form, and writes the query
forms a user would paste, one JSON object per line:

    {"id": "os.open.missing/log", "form": "log", "package": "os",
     "query": "2025/03/14 09:26:53 open /nonexistent/devset/config.toml: no such file or directory",
     "expect": {"path_suffix": "os/file_unix.go", "line": 265, "function": "os.openFileNolog"},
     "raised_by": "go", "app_wraps": 0, "chain": ["*fs.PathError", "  syscall.Errno"]}

Forms (the eval harness groups figures by "form"):
  message  the error as fmt.Println(err) prints it (for a panic case, the
           recovered value as fmt.Println prints it; for a runtime fatal
           error, which cannot be recovered, the text after "fatal error: ");
  log      the line(s) log.Fatal(err) prints, timestamp included (error
           cases only);
  panic    the whole output of panic(err), or of the panic the case raises,
           goroutine stack included.

Expectations are found by hand once and kept in testdata/devset/go/expect.json,
which this script merges: case id -> {"package", "expect", "raised_by", and
optionally "twin", "app_wraps", "note"}. "expect" is the innermost site of the
standard library that produced the message (see the README), with
path_suffix relative to $(go env GOROOT)/src, line and function; or null
when no site of the standard library should be found (a runtime check in
compiled code, or an error of the application itself). Line numbers are
those of the Go release named by expect.json's "go_version"; run with
another release, the script writes "line": null and eval then checks the
function alone (and prints a warning). A case of the program without an
expectation, or an expectation without a case, stops the script with the
list of them; for a case that panics inside the standard library the
innermost standard-library frame of its stack is printed as a hint.

The output is deterministic for one machine and Go release: cases are
written in the program's order; the program's files live in a fixed
directory ($TMPDIR/errdex-devset-go, with TMPDIR=/tmp), emptied before each
run; test servers listen on a fixed port; log timestamps are replaced by a
fixed one (2025/03/14 09:26:53) and the heap addresses Go prints among a
stack frame's arguments, which the runtime randomises, by fixed ones in order
of appearance. Everything else is the program's real output: the stacks hold
this machine's real paths, as a user's paste would.
"""

import collections
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PROGRAM = "./testdata/devset/go/cases"
EXPECT = os.path.join(HERE, "go", "expect.json")
TMPDIR = "/tmp"
WORKDIR = os.path.join(TMPDIR, "errdex-devset-go")
STAMP = "2025/03/14 09:26:53"
TIMEOUT = 60

LOG_STAMP = re.compile(r"^\d{4}/\d{2}/\d{2} \d{2}:\d{2}:\d{2} ")
# A heap address among a frame's arguments: 0x followed by more than eight
# hex digits (code and data addresses of a non-PIE binary have fewer).
HEAP_ADDR = re.compile(r"0x[0-9a-f]{9,}")


def run(binary, case, mode):
    shutil.rmtree(WORKDIR, ignore_errors=True)
    os.makedirs(WORKDIR)
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.environ.get("HOME", "/root"),
           "TMPDIR": TMPDIR, "TZ": "UTC", "LC_ALL": "C.UTF-8"}
    p = subprocess.run([binary, case, mode], capture_output=True, text=True, env=env, timeout=TIMEOUT)
    return p.returncode, p.stdout, p.stderr


def stable_stack(text):
    """Replace heap addresses in frame argument lists by fixed ones."""
    seen = {}

    def repl(m):
        v = m.group(0)
        if v not in seen:
            seen[v] = "0x%x" % (0xc000010000 + 0x100 * len(seen))
        return seen[v]

    out = []
    for line in text.split("\n"):
        if line.endswith(")") and not line.startswith(("\t", "panic: ", "fatal error: ")) and "(" in line:
            head, args = line.split("(", 1)
            line = head + "(" + HEAP_ADDR.sub(repl, args)
        out.append(line)
    return "\n".join(out)


def panic_message(stderr):
    """The value a panic or fatal error printed: the first line after
    "panic: " or "fatal error: ", with its tab-indented continuation lines."""
    lines = stderr.split("\n")
    for i, line in enumerate(lines):
        for prefix in ("panic: ", "fatal error: "):
            if line.startswith(prefix):
                msg = [line[len(prefix):]]
                for more in lines[i + 1:]:
                    if not more.startswith("\t"):
                        break
                    msg.append(more[1:])
                return "\n".join(msg)
    return None


def innermost_goroot_frame(stderr, goroot):
    """A hint for a missing expectation: the innermost stack frame in GOROOT."""
    lines = stderr.split("\n")
    for i, line in enumerate(lines):
        if line.startswith("\t" + goroot + "/src/") and i > 0:
            loc = line[1:].split(" +0x")[0]
            return f"{loc} in {lines[i - 1]}"
    return None


def go(*args):
    return subprocess.run(["go", *args], cwd=ROOT, check=True, capture_output=True, text=True).stdout.strip()


def main():
    goroot = go("env", "GOROOT")
    version = go("env", "GOVERSION")
    with open(EXPECT) as f:
        spec = json.load(f)
    expects = spec["cases"]
    same_release = spec["go_version"] == version
    if not same_release:
        print(f"gen_go.py: expectations were written for {spec['go_version']}, this is {version}: "
              "lines are left out (eval checks functions); check them by hand", file=sys.stderr)

    build = tempfile.mkdtemp(prefix="errdex-devset-go-build")
    try:
        binary = os.path.join(build, "cases")
        go("build", "-o", binary, PROGRAM)
        listing = subprocess.run([binary, "-list"], check=True, capture_output=True, text=True).stdout
        cases = [line.split() for line in listing.splitlines() if line.strip()]
        rows, failures = [], []
        ids = [c[0] for c in cases]
        for extra in sorted(set(expects) - set(ids)):
            failures.append(f"{extra}: in expect.json but not a case of the program")
        for dup in sorted(k for k, n in collections.Counter(ids).items() if n > 1):
            failures.append(f"{dup}: duplicate case id")
        for case, kind in cases:
            try:
                rows.extend(record(binary, goroot, case, kind, expects.get(case), same_release, failures))
            except subprocess.TimeoutExpired:
                failures.append(f"{case}: timed out")
    finally:
        shutil.rmtree(build, ignore_errors=True)
        shutil.rmtree(WORKDIR, ignore_errors=True)
    if failures:
        sys.exit("gen_go.py: broken or unexpected cases:\n  " + "\n  ".join(failures))
    for row in rows:
        sys.stdout.write(json.dumps(row, ensure_ascii=False) + "\n")
    summarise(rows)


def record(binary, goroot, case, kind, spec, same_release, failures):
    rc, chain, cerr = run(binary, case, "chain")
    if rc != 0 and "fatal error: " in cerr:
        chain = "fatal error\n"  # the runtime killed the program: nothing to recover
    elif rc != 0:
        failures.append(f"{case}: chain mode failed with status {rc}")
        return []
    forms = []
    prc, _, perr = run(binary, case, "panic")
    if prc != 2 or panic_message(perr) is None:
        failures.append(f"{case}: panic mode exited with status {prc} and no panic: {perr[:200]!r}")
        return []
    mrc, mout, merr = run(binary, case, "message")
    if mrc == 0:
        forms.append(("message", mout[:-1] if mout.endswith("\n") else mout))
    elif merr.startswith("fatal error: ") or "\nfatal error: " in merr:
        forms.append(("message", panic_message(merr)))  # not recoverable
    else:
        failures.append(f"{case}: message mode exited with status {mrc}: {merr[:200]!r}")
        return []
    if kind == "error":
        lrc, _, lerr = run(binary, case, "log")
        if lrc != 1 or not LOG_STAMP.match(lerr):
            failures.append(f"{case}: log mode exited with status {lrc}: {lerr[:200]!r}")
            return []
        forms.append(("log", LOG_STAMP.sub(STAMP + " ", lerr.rstrip("\n"), count=1)))
    forms.append(("panic", stable_stack(perr.rstrip("\n"))))
    if spec is None:
        hint = innermost_goroot_frame(perr, goroot) if kind == "panic" else None
        failures.append(f"{case}: no expectation in go/expect.json" + (f" (innermost GOROOT frame: {hint})" if hint else ""))
        return []
    expect = spec["expect"]
    if expect is not None and not same_release:
        expect = dict(expect, line=None)
    out = []
    for form, query in forms:
        if not query.strip():
            continue
        row = {"id": f"{case}/{form}", "form": form, "package": spec["package"], "query": query,
               "expect": expect, "raised_by": spec["raised_by"], "app_wraps": spec.get("app_wraps", 0),
               "chain": chain.rstrip("\n").split("\n")}
        if "twin" in spec:
            twin = spec["twin"] if same_release else dict(spec["twin"], line=None)
            row["twin"] = twin
        out.append(row)
    return out


def summarise(rows):
    cases = {r["id"].rsplit("/", 1)[0]: r for r in rows}
    count = collections.Counter
    print(f"cases: {len(cases)}, queries: {len(rows)}, packages: {len({r['package'] for r in cases.values()})}",
          file=sys.stderr)
    print("queries by form:", dict(count(r["form"] for r in rows)), file=sys.stderr)
    print("cases by package:", dict(sorted(count(r["package"] for r in cases.values()).items())), file=sys.stderr)
    print("cases by raiser:", dict(count(r["raised_by"] for r in cases.values())), file=sys.stderr)
    print("cases wrapped by the application:", sum(r["app_wraps"] > 0 for r in cases.values()), file=sys.stderr)
    sites = {(r["expect"]["path_suffix"], r["expect"]["line"]) for r in cases.values() if r["expect"]}
    print(f"distinct expected sites: {len(sites)}", file=sys.stderr)


if __name__ == "__main__":
    main()
