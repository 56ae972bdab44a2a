#!/usr/bin/env bash
# `npm test`: every test, from a clean checkout. Installs what the tests need and is
# missing (npm packages, Debian's Chromium, espeak-ng and lame for the demo timing checks, nginx
# for the static-host tests), runs the unit and component tests, builds the production site,
# then runs the end-to-end tests in headless Chromium. Ends with one line of totals.
#
# It always ends: each test run has a time limit, and every process the run started (a
# browser, an nginx, a server) is stopped on the way out, so nothing outlives it.
set -euo pipefail
cd "$(dirname "$0")/.."

# Every process started from here inherits this mark; after a step that timed out, and on the
# way out, the ones still running are stopped. (Chromium's helper processes overwrite their
# environment, so they carry no mark; they end within seconds of their browser.)
export TRAWL_TEST_RUN="$$-$(date +%s%N)"
stop_leftovers() {
  local proc pid
  for proc in /proc/[0-9]*; do
    pid=${proc#/proc/}
    [ "$pid" = "$$" ] && continue
    if grep -qsxzF "TRAWL_TEST_RUN=$TRAWL_TEST_RUN" "$proc/environ"; then
      echo "==> Stopping a process the tests left running: $({ tr '\0' ' ' <"$proc/cmdline"; } 2>/dev/null | cut -c1-120)"
      kill -KILL "$pid" 2>/dev/null || true
    fi
  done
}
own_policy=
apt_pid=
apt_log=
clean_up() {
  # An apt-get still installing is let finish: a dpkg stopped half-way leaves the system's
  # package database for `dpkg --configure -a` to mend.
  if [ -n "$apt_pid" ]; then wait "$apt_pid" 2>/dev/null || true; fi
  if [ -n "$apt_log" ]; then rm -f "$apt_log"; fi
  if [ -n "$own_policy" ]; then rm -f "$own_policy"; fi
  stop_leftovers
}
trap clean_up EXIT
# Ctrl-C (or a TERM) ends the whole run, even when the step it interrupted exits normally.
trap 'exit 130' INT
trap 'exit 143' TERM

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v espeak-ng >/dev/null 2>&1 || missing+=(espeak-ng)
command -v lame >/dev/null 2>&1 || missing+=(lame)
[ -x /usr/sbin/nginx ] || missing+=(nginx)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "Need root to install ${missing[*]}: run 'sudo apt-get install -y ${missing[*]}' first." >&2
    exit 1
  fi
  # The tests start nginx themselves; the package must not start a system one on port 80.
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    own_policy=/usr/sbin/policy-rc.d
    printf '#!/bin/sh\nexit 101\n' >"$own_policy"
    chmod +x "$own_policy"
  fi
  # apt-get downloads and unpacks while npm ci downloads and compiles better-sqlite3 (about a
  # minute of one core): side by side, the two take about as long as the longer one alone.
  echo "==> Installing ${missing[*]} with apt-get (beside the npm packages)"
  apt_log=$(mktemp)
  (
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
  ) >"$apt_log" 2>&1 &
  apt_pid=$!
fi

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "==> Installing npm packages (npm ci, from package-lock.json)"
  npm ci --no-audit --no-fund
fi

if [ -n "$apt_pid" ]; then
  apt_status=0
  wait "$apt_pid" || apt_status=$?
  if [ "$apt_status" -ne 0 ]; then
    cat "$apt_log" >&2
    echo "==> apt-get could not install ${missing[*]} (exit $apt_status): see its output above." >&2
    exit 1
  fi
  apt_pid=
  if [ -n "$own_policy" ]; then
    rm -f "$own_policy"
    own_policy=
  fi
fi

# A step that has not ended after this long has hung: it is stopped, and what it started is
# stopped before the next step; it counts as failed. (--foreground keeps Ctrl-C reaching it.)
run_limited() {
  local name=$1 limit=${TEST_RUN_LIMIT:-20m} rc=0
  shift
  timeout --foreground --kill-after=30s "$limit" "$@" || rc=$?
  if [ "$rc" = 124 ]; then
    echo "==> The $name had not ended after $limit: stopped." >&2
    stop_leftovers
  elif [ "$rc" = 137 ]; then
    echo "==> The $name ended by SIGKILL (the time limit's last resort, or out of memory)." >&2
    stop_leftovers
  fi
  return "$rc"
}

reports=.trawl/test-reports
rm -rf "$reports"
mkdir -p "$reports"
status=0
reporters=(--reporter=default --reporter=json --reporter=./scripts/vitest-exit-guard.ts)

echo "==> Unit and component tests"
run_limited "unit tests" node_modules/.bin/vitest run "${reporters[@]}" --outputFile.json="$reports/unit.json" || status=1

echo "==> Building the production site"
run_limited "site build" npm run build:site

echo "==> End-to-end tests in headless Chromium"
run_limited "end-to-end tests" node_modules/.bin/vitest run --config e2e/vitest.config.ts "${reporters[@]}" \
  --outputFile.json="$reports/e2e.json" || status=1

# In-process TypeScript (no npx, no tsx child process), and bounded like every step.
TEST_RUN_LIMIT=2m run_limited "summary" node --import tsx scripts/test-summary.ts \
  "$reports/unit.json" "$reports/e2e.json" || status=1
exit $status
