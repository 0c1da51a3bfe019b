#!/usr/bin/env bash
# Runs all of errdex's tests on a fresh machine: installs Chromium from
# Debian's packages for the browser tests when it is missing, starts a
# throwaway PostgreSQL cluster for the PostgreSQL store (installing the
# server from Debian's packages when it is missing), then runs go vet
# and go test over every package. Extra arguments go to `go test`.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh

ensure_chromium
# Real corpora some tests index: the JDK's sources (src.zip).
apt_install openjdk-17-source
start_postgres

export ERRDEX_REQUIRE_BROWSER=1 ERRDEX_REQUIRE_POSTGRES=1
go vet ./...
go test -count=1 "$@" ./...
