#!/usr/bin/env bash
# Stops the server started by start-postgres.sh. Usage: bash tests/support/stop-postgres.sh DIR
set -euo pipefail
dir=${1:?data folder}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
else "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null; fi
