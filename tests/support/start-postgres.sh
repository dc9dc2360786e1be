#!/usr/bin/env bash
# Starts a throw-away PostgreSQL server (Debian's package) on 127.0.0.1 for the server
# tests and prints its URL. Usage: eval "$(bash tests/support/start-postgres.sh DIR PORT)"
# Its settings are written into its data folder, so `pg_ctl -D DIR/data -l DIR/server.log
# -w start` starts it again as it was (tests/support/own-postgres.ts restarts it so).
set -euo pipefail
dir=${1:?data folder}
port=${2:-55432}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bin" ] || { echo "PostgreSQL is not installed (apt-get install -y postgresql)" >&2; exit 1; }
rm -rf "$dir"
mkdir -p "$dir/data" "$dir/socket"
run() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[ "$(id -u)" = 0 ] && chown -R postgres:postgres "$dir"
run "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
cat >>"$dir/data/postgresql.conf" <<CONF
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$dir/socket'
fsync = off
max_connections = 200
CONF
run "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w start >/dev/null
echo "export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$port/postgres"
