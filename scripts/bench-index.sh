#!/usr/bin/env bash
# Measures indexing speed against the budget in DESIGN.md: errdex index of a
# tree should take at most 5x the time ripgrep needs just to scan the same
# tree for the same keywords. Defaults to this machine's Python standard
# library; pass another directory as the first argument. Installs ripgrep
# and hyperfine from Debian's packages when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
apt_install ripgrep hyperfine

dir=${1:-$(python3 -c "import sysconfig; print(sysconfig.get_paths()['stdlib'])")}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/errdex" ./cmd/errdex

# The same files errdex indexes (tests and vendored code excluded by both).
hyperfine --warmup 1 --runs 5 --export-json "$tmp/h.json" \
	--command-name rg "rg -c --no-messages -g '!**/test/**' -g '!**/tests/**' -g '!**/site-packages/**' -e '\\braise\\b|\\bassert\\b|errors\\.New|Errorf|panic\\(' '$dir'" \
	--command-name errdex "rm -f $tmp/x.db*; $tmp/errdex index --db $tmp/x.db '$dir' >/dev/null"
python3 - "$tmp/h.json" <<'PY'
import json, sys
r = {x["command"]: x for x in json.load(open(sys.argv[1]))["results"]}
rg, ex = r["rg"]["mean"], r["errdex"]["mean"]
print(f"rg {rg*1000:.0f} ms, errdex index {ex*1000:.0f} ms: {ex/rg:.1f}x (budget 5x)")
PY
