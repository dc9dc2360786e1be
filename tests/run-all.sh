#!/usr/bin/env bash
# `npm test`: every check and test of Mkopo — types, lint, unit, server (PGlite, and
# PostgreSQL when TEST_DATABASE_URL names a server), offline and end-to-end in Chromium.
#
# Work that shares nothing runs side by side, and each stage prints its own time:
#   1. checks and tests: the type check, the lint, the unit, offline and server tests on
#      PGlite, and the server tests on PostgreSQL, all at once (much of the server tests'
#      time is waiting: a child server starting, PostgreSQL restarting, a lock's timeout;
#      the checks fill it, instead of leaving a core idle while the lint ends alone);
#   2. end-to-end: E2E_WORKERS files at a time (3 unless set; each file has its own
#      server, port, data directory and browser, so they share nothing).
# Each prints its wall time and its processor time: a stage whose processor time is well
# under twice its wall time (2 cores) waited, and can take more work beside it.
# The output of work run side by side is held back and printed whole when it ends.
set -euo pipefail
cd "$(dirname "$0")/.."

started=$(date +%s)
elapsed() { echo $(( $(date +%s) - started )); }

# The end-to-end tests drive Debian's chromium-headless-shell when it is installed, else its
# whole Chromium; CHROMIUM_PATH chooses (tests/support/chromium.ts).
if [ -n "${CHROMIUM_PATH:-}" ]; then browser=$CHROMIUM_PATH
elif [ -x /usr/bin/chromium-headless-shell ]; then browser=/usr/bin/chromium-headless-shell
else browser=/usr/bin/chromium; fi
if [ ! -x "$browser" ]; then
  echo "The end-to-end tests need Debian's Chromium at $browser: apt-get install -y chromium-headless-shell" >&2
  exit 1
fi
echo "The end-to-end tests drive $browser"

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

# cpu_seconds FILE: the processor time (user and system), in seconds, of what the shell
# had waited for when it wrote `times` to FILE (`times` must run in that shell itself, not
# in a pipe or $(…)). Beside the wall time, it says whether a stage waited or computed.
cpu_seconds() {
  awk 'NR == 2 { split($1, u, /[ms]/); split($2, k, /[ms]/); printf "%d", u[1] * 60 + u[2] + k[1] * 60 + k[2] }' "$1"
}

# Where the machine lets us (a writable cgroup v1 cpuacct hierarchy, as on this 2-core
# machine), each stage runs in a cgroup of its own, whose count takes in every process the
# stage started, the browsers and their renderers too; `times` only counts the processes
# the shell and its children waited for.
cgroups=/sys/fs/cgroup/cpuacct
if ! { [ -w "$cgroups" ] && mkdir "$cgroups/mkopo-probe-$$" 2>/dev/null && rmdir "$cgroups/mkopo-probe-$$"; }; then
  cgroups=''
fi

# side NAME COMMAND…: starts COMMAND in the background, its output kept in a log.
names=()
pids=()
side() {
  local name=$1
  shift
  printf '\n== %s: started (at %d s) ==\n' "$name" "$(elapsed)"
  ( s=$(date +%s); set +e
    group=${cgroups:+$cgroups/mkopo-$$-$name}
    if [ -n "$group" ]; then mkdir "$group" && echo "$BASHPID" >"$group/tasks" || group=''; fi
    "$@" >"$logs/$name.log" 2>&1; status=$?
    if [ -n "$group" ]; then
      cpu="$(( $(cat "$group/cpuacct.usage") / 1000000000 )) CPU s (all its processes)"
      echo "$BASHPID" >"$cgroups/tasks"; rmdir "$group" 2>/dev/null
    else
      times >"$logs/$name.cpu"; cpu="$(cpu_seconds "$logs/$name.cpu") CPU s"
    fi
    echo "$(( $(date +%s) - s )) s, $cpu" >"$logs/$name.time"; exit $status ) &
  names+=("$name")
  pids+=($!)
}
# together STAGE: waits for every command started by side, prints each one's output and
# time, and stops the run if any failed. What passed is printed first and what failed
# last, then the failing tests' names again: a CI page that shows only the end of a long
# log still shows what failed.
together() {
  local stage=$1 failed=() name
  for i in "${!pids[@]}"; do
    local status=0
    wait "${pids[$i]}" || status=$?
    [ $status -eq 0 ] || failed+=("${names[$i]}")
  done
  show() {
    printf '\n== %s: %s in %s ==\n' "$1" "$2" "$(cat "$logs/$1.time" 2>/dev/null || echo '?')"
    cat "$logs/$1.log"
  }
  for name in "${names[@]}"; do
    [[ " ${failed[*]} " == *" $name "* ]] || show "$name" passed
  done
  for name in "${failed[@]}"; do show "$name" FAILED; done
  names=()
  pids=()
  printf '\n== stage %s ended at %d s ==\n' "$stage" "$(elapsed)"
  if [ ${#failed[@]} -gt 0 ]; then
    for name in "${failed[@]}"; do
      echo "Failed: $name. Its failing tests and files:" >&2
      sed 's/\x1b\[[0-9;]*m//g' "$logs/$name.log" | grep -E '^ *(FAIL|×|❯ .*\.test\.|Error:|AssertionError)' \
        | awk '!seen[$0]++' | head -40 >&2 || true
    done
    exit 1
  fi
}

# What the tests run compiled (dist-server/ for child processes, dist/ for the browser) is
# built here when stale, once, before the passes that would each build it side by side.
npx tsx build/if-stale.ts

side typecheck npm run -s typecheck
side lint npm run -s lint

# Each pass runs SERVER_WORKERS files at a time (2 unless set): much of a server test's
# time is waiting (a child server starting, PostgreSQL restarting, a lock's timeout), which
# another file's work fills. Each file has its own server, port and database.
server_workers="${SERVER_WORKERS:-2}"
pg_url="${TEST_DATABASE_URL:-${DATABASE_URL:-}}"
if [ -n "$pg_url" ]; then
  side "server-tests-on-PostgreSQL" \
    env TEST_DB=postgres npx vitest run --project 'server*' --maxWorkers="$server_workers"
else
  echo "(Neither TEST_DATABASE_URL nor DATABASE_URL is set: the server tests run on PGlite only)"
fi
side "unit-offline-and-server-tests-on-PGlite" \
  env TEST_DB=pglite npx vitest run --project unit --project offline --project 'server*' \
  --maxWorkers="$server_workers" --passWithNoTests
together checks-and-tests

side "end-to-end-tests-in-Chromium-${E2E_WORKERS:-3}-files-at-a-time" \
  env TEST_DB=pglite npx vitest run --project e2e --maxWorkers="${E2E_WORKERS:-3}"
together end-to-end
printf '\n== all tests passed in %d s ==\n' "$(elapsed)"
