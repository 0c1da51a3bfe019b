#!/usr/bin/env bash
# Load-tests `errdex serve` on this machine: builds errdex, indexes the
# Python standard library into a temporary database, serves it on a free
# loopback port, and runs wrk (from Debian's packages) for a bounded time
# against the home page, error pages, the JSON API and search. Prints
# requests/s and the 99th percentile latency of each, then stops the server.
#
#   scripts/loadtest.sh [--pin] [SECONDS] [CONNECTIONS]     (defaults: 10 s, 32)
#
# By default the server and wrk share every CPU, so on a small machine the
# tail latency measured is also wrk's own competition for them. --pin runs
# the server on the first CPU and wrk on the others (taskset, from
# util-linux), as a load generator on another machine would be: it needs
# two CPUs or more, and the server then has one.
#
# Nothing listens beyond 127.0.0.1; everything is removed on exit.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh

pin=
if [ "${1:-}" = --pin ]; then
	shift
	[ "$(nproc)" -ge 2 ] || { echo "--pin needs two CPUs or more" >&2; exit 1; }
	command -v taskset >/dev/null 2>&1 || apt_install util-linux
	pin=1
fi
duration=${1:-10}
conns=${2:-32}
# server and client run a command on the CPUs of each side (all of them
# unless --pin). server is started in the background and execs the
# command, so that its PID is the server's (see cleanup).
server() { if [ -n "$pin" ]; then exec taskset -c 0 "$@"; else exec "$@"; fi; }
client() { if [ -n "$pin" ]; then taskset -c "1-$(($(nproc) - 1))" "$@"; else "$@"; fi; }
command -v wrk >/dev/null 2>&1 || apt_install wrk
python=${PYTHON:-python3}
stdlib=$("$python" -c "import sysconfig; print(sysconfig.get_paths()['stdlib'])")

work=$(mktemp -d /tmp/errdex-load.XXXXXX)
server_pid=
cleanup() {
	if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null || true; fi
	rm -rf "$work"
}
trap cleanup EXIT

echo "building errdex" >&2
go build -o "$work/errdex" ./cmd/errdex
echo "indexing $stdlib" >&2
"$work/errdex" index --db "$work/errdex.db" --repo python/cpython "$stdlib" >&2

server "$work/errdex" serve --db "$work/errdex.db" --addr 127.0.0.1:0 --search-rate -1 --refresh 0 \
	>"$work/serve.out" 2>"$work/access.log" &
server_pid=$!
base=
for _ in $(seq 100); do
	base=$(grep -o 'http://127\.0\.0\.1:[0-9]*' "$work/serve.out" 2>/dev/null || true)
	[ -n "$base" ] && curl -fsS "$base/healthz" >/dev/null 2>&1 && break
	kill -0 "$server_pid" 2>/dev/null || { cat "$work/access.log" >&2; exit 1; }
	sleep 0.1
done
[ -n "$base" ] || { echo "the server did not start" >&2; exit 1; }
echo "serving at $base" >&2

# Real error pages: the first 500 of the sitemap.
curl -fsS -o "$work/sitemap.xml" "$base/sitemap.xml"
grep -o "<loc>[^<]*/errors/[^<]*</loc>" "$work/sitemap.xml" | sed -e 's|<loc>[^/]*//[^/]*||' -e 's|</loc>||' |
	awk 'NR <= 500' >"$work/pages.txt"
sed -E 's|^/errors/([0-9a-f]{16}).*|/api/errors/\1|' "$work/pages.txt" >"$work/api.txt"
[ -s "$work/pages.txt" ] || { echo "no error pages in the sitemap" >&2; exit 1; }

# Real errors raised by the standard library's Python code, as messages
# (GET) and as whole tracebacks (POST): each line of
# web/testdata/loadtest-errors.txt raises one (BenchmarkSearchAPIStdlib
# and BenchmarkSearchPageStdlib search for the same).
"$python" - "$work" web/testdata/loadtest-errors.txt <<'PY'
import sys, traceback, urllib.parse, json, os
work = sys.argv[1]
with open(sys.argv[2]) as f:
    cases = [line.strip() for line in f if line.strip()]
msgs, tbs = [], []
for src in cases:
    try:
        exec(src)
    except Exception as e:
        msgs.append(f"{type(e).__name__}: {e}")
        tbs.append("".join(traceback.format_exception(e)))
with open(os.path.join(work, "search.txt"), "w") as f:
    for m in msgs:
        f.write("/api/search?q=" + urllib.parse.quote(m) + "\n")
with open(os.path.join(work, "tracebacks.json"), "w") as f:
    json.dump(["q=" + urllib.parse.quote(t) for t in tbs], f)
PY

# rotate.lua cycles each connection through a list of paths; with a
# "body" list it POSTs form bodies to one path instead.
cat >"$work/rotate.lua" <<'LUA'
local paths, bodies, i = {}, {}, 0
function init(args)
  local f = io.open(args[1])
  if args[2] == "post" then
    local json = f:read("*a")
    for s in json:gmatch('"(q=[^"]*)"') do bodies[#bodies + 1] = s end
  else
    for line in f:lines() do paths[#paths + 1] = line end
  end
  f:close()
  i = math.random(1, math.max(#paths, #bodies))
end
function request()
  i = i + 1
  if #bodies > 0 then
    return wrk.format("POST", "/search", {["Content-Type"] = "application/x-www-form-urlencoded"}, bodies[i % #bodies + 1])
  end
  return wrk.format("GET", paths[i % #paths + 1], {["Accept-Encoding"] = "gzip"})
end
LUA
echo "/" >"$work/home.txt"

# Render every page once, untimed: the runs measure the steady state, in
# which pages come from the page cache (a first render costs milliseconds;
# see BenchmarkErrorPageRendered).
# curl's -o applies to one URL, so each URL gets its own (three arguments
# a URL: batches of 99 never split one).
sed "s|^|-o /dev/null $base|" "$work/pages.txt" "$work/api.txt" | xargs -n 99 curl -fsS

run() {
	local name=$1 list=$2 mode=${3:-get}
	# Warm the connection pools, untimed.
	client wrk -t2 -c"$conns" -d2s -s "$work/rotate.lua" "$base" -- "$list" "$mode" >/dev/null
	local out rps p99 errors
	out=$(client wrk -t2 -c"$conns" -d"${duration}s" --latency -s "$work/rotate.lua" "$base" -- "$list" "$mode")
	rps=$(awk '/^Requests\/sec/ {print $2}' <<<"$out")
	p99=$(awk '$1 == "99%" {print $2}' <<<"$out")
	errors=$(awk '/Non-2xx or 3xx/ {print $5}' <<<"$out")
	printf '%-34s %10s req/s   p99 %8s   non-2xx/3xx %s\n' "$name" "$rps" "$p99" "${errors:-0}"
}

echo
cpus="$(nproc) CPUs shared by server and wrk"
[ -n "$pin" ] && cpus="server on CPU 0, wrk on the other $(($(nproc) - 1))"
echo "wrk: ${duration}s per run, $conns connections, 2 threads, $cpus, $(grep -c . "$work/pages.txt") distinct error pages"
run "home page" "$work/home.txt"
run "error pages (500 distinct)" "$work/pages.txt"
run "API /api/errors/ID" "$work/api.txt"
run "search GET /api/search (message)" "$work/search.txt"
run "search POST /search (traceback)" "$work/tracebacks.json" post
echo
echo "requests logged: $(grep -c 'msg=http' "$work/access.log")"
