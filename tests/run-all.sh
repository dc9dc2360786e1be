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
step "unit and server tests (PGlite)"
TEST_DB=pglite npx vitest run --project unit --project offline --project server --passWithNoTests
pg_url="${TEST_DATABASE_URL:-${DATABASE_URL:-}}"
if [ -n "$pg_url" ]; then
  step "server tests (PostgreSQL at ${pg_url%%@*}@…)"
  TEST_DB=postgres npx vitest run --project server
else
  echo "(Neither TEST_DATABASE_URL nor DATABASE_URL is set: the server tests ran on PGlite only)"
fi
step "end-to-end tests (Chromium)"
TEST_DB=pglite npx vitest run --project e2e
step "all tests passed"
