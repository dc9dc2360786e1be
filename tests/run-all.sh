#!/usr/bin/env bash
# `npm test`: every check and test of Mkopo — types, lint, unit, server (PGlite, and
# PostgreSQL when TEST_DATABASE_URL names a server), offline and end-to-end in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

started=$(date +%s)
step() { printf '\n== %s (at %d s) ==\n' "$*" "$(( $(date +%s) - started ))"; }

if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "The end-to-end tests need Debian's Chromium at ${CHROMIUM_PATH:-/usr/bin/chromium}: apt-get install -y chromium" >&2
  exit 1
fi

step "typecheck"
npm run -s typecheck
step "lint"
npm run -s lint
pg_url="${TEST_DATABASE_URL:-${DATABASE_URL:-}}"
pg_pid=""
if [ -n "$pg_url" ]; then
  # The PostgreSQL pass runs beside the PGlite one: much of its time is the database
  # server's, which the PGlite pass (in-process) does not compete with for long.
  pg_log=$(mktemp)
  step "server tests on PostgreSQL at ${pg_url%%@*}@… (beside the PGlite pass; its output follows it)"
  TEST_DB=postgres npx vitest run --project server >"$pg_log" 2>&1 &
  pg_pid=$!
else
  echo "(Neither TEST_DATABASE_URL nor DATABASE_URL is set: the server tests run on PGlite only)"
fi
step "unit and server tests (PGlite)"
pglite_status=0
TEST_DB=pglite npx vitest run --project unit --project offline --project server --passWithNoTests || pglite_status=$?
if [ -n "$pg_pid" ]; then
  pg_status=0
  wait "$pg_pid" || pg_status=$?
  step "server tests on PostgreSQL: their output"
  cat "$pg_log"
  rm -f "$pg_log"
  [ "$pg_status" -eq 0 ] || { echo "The server tests failed on PostgreSQL." >&2; exit "$pg_status"; }
fi
[ "$pglite_status" -eq 0 ] || { echo "The unit or server tests failed on PGlite." >&2; exit "$pglite_status"; }
step "end-to-end tests (Chromium)"
TEST_DB=pglite npx vitest run --project e2e
step "all tests passed"
