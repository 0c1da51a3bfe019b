# Shared shell functions for errdex's scripts. Source it; do not run it.

# as_root runs a command as root, through sudo when we are not root.
as_root() {
	if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

# apt_install installs Debian packages that are missing, updating the package
# lists once.
apt_install() {
	local missing=()
	for p in "$@"; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	echo "installing ${missing[*]} from Debian's packages" >&2
	as_root apt-get update -qq
	DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# ensure_chromium makes /usr/bin/chromium available for the browser tests.
ensure_chromium() {
	command -v chromium >/dev/null 2>&1 || apt_install chromium
	export ERRDEX_CHROMIUM="${ERRDEX_CHROMIUM:-$(command -v chromium)}"
}

# start_postgres starts a throwaway PostgreSQL cluster in a temporary
# directory, listening only on a Unix socket and loopback, and exports
# ERRDEX_TEST_POSTGRES_URL. The cluster is stopped and removed on exit.
# PostgreSQL refuses to run as root, so as root it runs as the postgres user
# (or a dedicated errdex-pg user created for the purpose).
start_postgres() {
	local bin user dir port
	pg_initdb() { command -v initdb 2>/dev/null || ls /usr/lib/postgresql/*/bin/initdb 2>/dev/null | tail -n1; }
	# The server binaries from Debian's packages when the machine has none.
	[ -n "$(pg_initdb)" ] || apt_install postgresql
	bin=$(dirname "$(pg_initdb)")
	if [ ! -x "$bin/initdb" ]; then
		echo "start_postgres: initdb not found and PostgreSQL could not be installed" >&2
		return 1
	fi
	dir=$(mktemp -d /tmp/errdex-pg.XXXXXX)
	port=$((20000 + RANDOM % 20000))
	if [ "$(id -u)" = 0 ]; then
		user=postgres
		id "$user" >/dev/null 2>&1 || { user=errdex-pg; id "$user" >/dev/null 2>&1 || useradd --system --no-create-home "$user"; }
		chown "$user" "$dir"
		run_pg() { runuser -u "$user" -- "$@"; }
	else
		user=$(id -un)
		run_pg() { "$@"; }
	fi
	run_pg "$bin/initdb" -D "$dir/data" -U errdex --auth=trust -E UTF8 --no-locale >"$dir/initdb.log" 2>&1 || {
		cat "$dir/initdb.log" >&2; return 1; }
	run_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
		-o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off" start >/dev/null || {
		cat "$dir/server.log" >&2; return 1; }
	export ERRDEX_TEST_POSTGRES_URL="postgres://errdex@127.0.0.1:$port/postgres?sslmode=disable"
	ERRDEX_PG_DIR=$dir
	ERRDEX_PG_STOP="$bin/pg_ctl -D $dir/data -m immediate stop"
	trap 'stop_postgres' EXIT
}

stop_postgres() {
	if [ -n "${ERRDEX_PG_DIR:-}" ]; then
		if [ "$(id -u)" = 0 ]; then
			runuser -u "$(stat -c %U "$ERRDEX_PG_DIR")" -- $ERRDEX_PG_STOP >/dev/null 2>&1 || true
		else
			$ERRDEX_PG_STOP >/dev/null 2>&1 || true
		fi
		rm -rf "$ERRDEX_PG_DIR"
		ERRDEX_PG_DIR=
	fi
}
