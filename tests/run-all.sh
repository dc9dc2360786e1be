#!/usr/bin/env bash
# `npm test`: every check and test of Mkopo — types, lint, unit, server (PGlite, and
# PostgreSQL when TEST_DATABASE_URL names a server), offline and end-to-end in Chromium.
#
# Work that shares nothing runs side by side, and each stage prints its own time:
#   1. checks: the type check beside the lint;
#   2. tests: unit, offline and server tests on PGlite, beside the server tests on
#      PostgreSQL (much of their time is the database server's, which the in-process
#      PGlite pass does not compete with for long);
#   3. end-to-end: E2E_WORKERS files at a time (2 unless set; each file has its own
#      server, port, data directory and browser, so they share nothing).
# The output of work run side by side is held back and printed whole when it ends.
set -euo pipefail
cd "$(dirname "$0")/.."

started=$(date +%s)
elapsed() { echo $(( $(date +%s) - started )); }

if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "The end-to-end tests need Debian's Chromium at ${CHROMIUM_PATH:-/usr/bin/chromium}: apt-get install -y chromium" >&2
  exit 1
fi

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

# side NAME COMMAND…: starts COMMAND in the background, its output kept in a log.
names=()
pids=()
side() {
  local name=$1
  shift
  printf '\n== %s: started (at %d s) ==\n' "$name" "$(elapsed)"
  ( s=$(date +%s); set +e; "$@" >"$logs/$name.log" 2>&1; status=$?
    echo $(( $(date +%s) - s )) >"$logs/$name.time"; exit $status ) &
  names+=("$name")
  pids+=($!)
}
# together STAGE: waits for every command started by side, prints each one's output and
# time, and stops the run if any failed.
together() {
  local stage=$1 failed=()
  for i in "${!pids[@]}"; do
    local status=0
    wait "${pids[$i]}" || status=$?
    local name=${names[$i]}
    printf '\n== %s: %s in %s s ==\n' "$name" "$([ $status -eq 0 ] && echo passed || echo FAILED)" \
      "$(cat "$logs/$name.time" 2>/dev/null || echo '?')"
    cat "$logs/$name.log"
    [ $status -eq 0 ] || failed+=("$name")
  done
  names=()
  pids=()
  printf '\n== stage %s ended at %d s ==\n' "$stage" "$(elapsed)"
  if [ ${#failed[@]} -gt 0 ]; then
    echo "Failed: ${failed[*]}." >&2
    exit 1
  fi
}

side typecheck npm run -s typecheck
side lint npm run -s lint
together checks

pg_url="${TEST_DATABASE_URL:-${DATABASE_URL:-}}"
if [ -n "$pg_url" ]; then
  side "server-tests-on-PostgreSQL" env TEST_DB=postgres npx vitest run --project server
else
  echo "(Neither TEST_DATABASE_URL nor DATABASE_URL is set: the server tests run on PGlite only)"
fi
side "unit-offline-and-server-tests-on-PGlite" \
  env TEST_DB=pglite npx vitest run --project unit --project offline --project server --passWithNoTests
together tests

printf '\n== end-to-end tests (Chromium, %s files at a time): started at %d s ==\n' \
  "${E2E_WORKERS:-2}" "$(elapsed)"
e2e_started=$(date +%s)
TEST_DB=pglite npx vitest run --project e2e --maxWorkers="${E2E_WORKERS:-2}"
printf '\n== end-to-end tests: passed in %d s ==\n' $(( $(date +%s) - e2e_started ))
printf '\n== all tests passed in %d s ==\n' "$(elapsed)"
