#!/usr/bin/env bash
# Regenerates the real-output fixtures of package trace:
#
#   bash trace/testdata/generate.sh        (from the repository root)
#   go test ./trace -update                (then refresh the golden files)
#
# Every program under testdata/programs/<lang>/ is compiled (where needed) and
# run; what it printed on stderr (and stdout, for the loggers and test runners)
# is saved as testdata/real/<lang>-<name>.txt. Nothing is edited by hand: the
# fixtures are what the toolchains of this machine print. A toolchain that is
# missing is skipped with a note, and its old fixtures are kept.
#
# A few fixtures wrap a real output in a documented decoration that needs
# infrastructure this machine does not run (docker compose, journald); the
# decoration is applied by this script with sed/awk, in the exact format those
# tools print, and the file name says so (python-docker-*, python-journald-*,
# python-buildkit-*).
set -u
here="$(cd "$(dirname "$0")" && pwd)"
progs="$here/programs"
out="$here/real"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$out"

have() { command -v "$1" >/dev/null 2>&1; }
save() { # save NAME: stdin → real/NAME.txt
	cat >"$out/$1.txt"
	echo "wrote real/$1.txt" >&2
}

# Python: each script's traceback.
if have python3; then
	for f in "$progs"/python/*.py; do
		name="$(basename "$f" .py)"
		(cd "$progs/python" && PYTHONDONTWRITEBYTECODE=1 python3 "$f" 2>&1) | save "python-$name"
	done
	# Real tracebacks in a docker compose and a journald decoration.
	(cd "$progs/python" && python3 json_decode.py 2>&1) | sed 's/^/web-1  | /' | save python-docker-json_decode
	# The same traceback as Docker BuildKit's plain progress prints a RUN step's output.
	(cd "$progs/python" && python3 json_decode.py 2>&1) | awk '{ printf "#8 0.%03d %s\n", 400 + NR, $0 }' | save python-buildkit-json_decode
	(cd "$progs/python" && python3 logging_uvicorn.py 2>&1) |
		awk '{ printf "May 01 12:00:00 host app[4242]: %s\n", $0 }' | save python-journald-logging_uvicorn
	# Docker's json-file log driver: one JSON object per output line.
	(cd "$progs/python" && python3 chained_context.py 2>&1) |
		python3 -c 'import json,sys
for l in sys.stdin: print(json.dumps({"log": l, "stream": "stderr", "time": "2024-05-01T12:00:00.000000000Z"}, separators=(",", ":")))' |
		save python-dockerjson-chained_context
else
	echo "python3 missing: python fixtures kept" >&2
fi

# IPython: a script and an interactive session.
if have ipython3; then
	(cd "$progs/python" && ipython3 --colors=NoColor --no-banner ipython_script.py 2>&1) | save ipython-script
	(cd "$progs/python" && ipython3 --colors=NoColor --simple-prompt --no-banner <ipython_session.txt 2>&1) | save ipython-session
else
	echo "ipython3 missing: ipython fixtures kept" >&2
fi

# pytest, in each traceback style (pytest may live with the system python).
pytest_cmd=""
for py in python3 /usr/bin/python3; do
	if "$py" -m pytest --version >/dev/null 2>&1; then pytest_cmd="$py -m pytest"; break; fi
done
if [ -n "$pytest_cmd" ]; then
	for tb in long short line native; do
		(cd "$progs/pytest" && PYTHONDONTWRITEBYTECODE=1 $pytest_cmd -p no:cacheprovider -q --tb=$tb test_sample.py 2>&1 |
			grep -v ' failed in [0-9.]*s$') | save "pytest-$tb"
	done
	(cd "$progs/pytest" && PYTHONDONTWRITEBYTECODE=1 $pytest_cmd -p no:cacheprovider -q --color=yes test_sample.py 2>&1 |
		grep -v ' failed in [0-9.]*s') | save pytest-color
else
	echo "pytest missing: pytest fixtures kept" >&2
fi

# Go: panics, fatal errors, log.Fatal and a failing test.
if have go; then
	for f in "$progs"/go/*.go; do
		name="$(basename "$f" .go)"
		(cd "$progs/go" && GOFLAGS=-mod=mod go build -o "$tmp/$name" "$f") && "$tmp/$name" 2>&1 | save "go-$name"
	done
	GOTRACEBACK=all "$tmp/goroutine_panic" 2>&1 | save go-gotraceback_all
	(cd "$progs/go/gotest" && go test -count=1 ./... 2>&1 | sed -E 's/[0-9]+\.[0-9]+s$/0.000s/') | save go-test_panic
	# An error printed with its stack by github.com/pkg/errors ("%+v").
	(cd "$progs/go/pkgerrors" && GOFLAGS=-mod=mod go build -o "$tmp/pkgerrors" .) && "$tmp/pkgerrors" 2>&1 | save go-pkgerrors
else
	echo "go missing: go fixtures kept" >&2
fi

# Node.js: uncaught exceptions, rejections, a REPL session.
if have node; then
	for f in "$progs"/node/*.js "$progs"/node/*.mjs; do
		name="$(basename "$f")"
		name="${name%.*}"
		(cd "$progs/node" && node "$f" 2>&1) | save "node-$name"
	done
	(cd "$progs/node" && node -i <repl_input.txt 2>&1) | save node-repl
	# npm failing to install a package that is not there (npm prints "npm error ...").
	if have npm; then
		(cd "$tmp" && npm install --no-audit --no-fund /nonexistent/errdex/pkg 2>&1) | save node-npm_enoent
	fi
else
	echo "node missing: node fixtures kept" >&2
fi

# Java: uncaught exceptions with causes, suppressed ones, a thread, a logger.
if have javac && have java; then
	javac -d "$tmp/classes" "$progs"/java/demo/*.java
	for f in "$progs"/java/demo/*.java; do
		name="$(basename "$f" .java)"
		java -cp "$tmp/classes" "demo.$name" 2>&1 | sed -E 's/^[A-Z][a-z]{2} [0-9]{2}, [0-9]{4} [0-9:]+ [AP]M/May 01, 2024 4:32:31 PM/' | save "java-$name"
	done
	# A Spring Boot log line (its default pattern) above a real stack trace.
	{
		echo "2024-05-01T12:00:00.123+02:00 ERROR 4242 --- [           main] o.s.boot.SpringApplication               : Application run failed"
		java -cp "$tmp/classes" demo.Inventory 2>&1 | sed 's/^Exception in thread "main" //'
	} | save java-springlog-Inventory
else
	echo "java/javac missing: java fixtures kept" >&2
fi

# Rust: panics (with and without backtraces), main returning Err, anyhow.
if have rustc; then
	for f in "$progs"/rust/*.rs; do
		name="$(basename "$f" .rs)"
		[ "$name" = anyhow_chain ] && continue
		(cd "$progs/rust" && rustc --edition 2021 -g "$name.rs" -o "$tmp/$name" 2>/dev/null) || continue
		(cd "$progs/rust" && RUST_BACKTRACE=0 "$tmp/$name" 2>&1) | save "rust-$name"
	done
	(cd "$progs/rust" && RUST_BACKTRACE=1 "$tmp/unwrap_err" 2>&1) | save rust-unwrap_err_backtrace
	(cd "$progs/rust" && RUST_BACKTRACE=1 "$tmp/track_caller" 2>&1) | save rust-track_caller_backtrace
	(cd "$progs/rust" && RUST_BACKTRACE=full "$tmp/panic_msg" 2>&1) | sed -E 's/0x[0-9a-f]{6,}/0x55c1416156ba/' | save rust-panic_msg_full
	anyhow_src="$(ls -d /usr/share/cargo/registry/anyhow-1.* 2>/dev/null | tail -1)"
	if [ -n "$anyhow_src" ]; then
		rustc --edition 2018 --crate-type lib --crate-name anyhow --cfg 'feature="std"' \
			"$anyhow_src/src/lib.rs" -o "$tmp/libanyhow.rlib" 2>/dev/null &&
			(cd "$progs/rust" && rustc --edition 2021 anyhow_chain.rs --extern anyhow="$tmp/libanyhow.rlib" -o "$tmp/anyhow_chain" 2>/dev/null) &&
			RUST_BACKTRACE=0 "$tmp/anyhow_chain" 2>&1 | save rust-anyhow_chain
	else
		echo "anyhow sources missing (Debian: librust-anyhow-dev): rust-anyhow_chain kept" >&2
	fi
else
	echo "rustc missing: rust fixtures kept" >&2
fi

# C++: exceptions that reach std::terminate (GNU libstdc++).
if have g++; then
	for f in "$progs"/cpp/*.cpp; do
		name="$(basename "$f" .cpp)"
		g++ -std=c++17 -o "$tmp/$name" "$f" 2>/dev/null || continue
		{ "$tmp/$name" 2>&1; } 2>/dev/null | save "cpp-$name"
	done
else
	echo "g++ missing: cpp fixtures kept" >&2
fi
