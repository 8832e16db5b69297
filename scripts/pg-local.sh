#!/usr/bin/env bash
# Starts a private, throw-away PostgreSQL cluster on a spare port (for tests) and prints its URL.
# Usage: scripts/pg-local.sh [DIR] [PORT]
set -euo pipefail
dir=${1:-/tmp/naalepuden-pg}
port=${2:-55432}
bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bindir" ] || { echo "PostgreSQL is not installed (apt-get install -y postgresql)" >&2; exit 1; }
run() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
if [ ! -s "$dir/data/PG_VERSION" ]; then
  mkdir -p "$dir/data" "$dir/socket"
  [ "$(id -u)" = 0 ] && chown -R postgres:postgres "$dir"
  run "$bindir/initdb" -D "$dir/data" -A trust -U postgres -E UTF8 --locale=C.UTF-8 >/dev/null
fi
if ! run "$bindir/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; then
  run "$bindir/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
    -o "-p $port -k $dir/socket -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null
fi
echo "postgres://postgres@127.0.0.1:$port/postgres"
