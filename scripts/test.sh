#!/usr/bin/env bash
# `npm test`: every test, from a clean checkout. Installs what the tests need and is
# missing (npm packages, Debian's Chromium, espeak-ng and lame for the demo timing checks), runs the
# unit and component tests, builds the production site, then runs the end-to-end tests
# in headless Chromium. Ends with one line of totals.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "==> Installing npm packages (npm ci, from package-lock.json)"
  npm ci --no-audit --no-fund
fi

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v espeak-ng >/dev/null 2>&1 || missing+=(espeak-ng)
command -v lame >/dev/null 2>&1 || missing+=(lame)
if [ ${#missing[@]} -gt 0 ]; then
  echo "==> Installing ${missing[*]} with apt-get"
  if [ "$(id -u)" -ne 0 ]; then
    echo "Need root to install ${missing[*]}: run 'sudo apt-get install -y ${missing[*]}' first." >&2
    exit 1
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

reports=.trawl/test-reports
rm -rf "$reports"
mkdir -p "$reports"
status=0

echo "==> Unit and component tests"
npx vitest run --reporter=default --reporter=json --outputFile.json="$reports/unit.json" || status=1

echo "==> Building the production site"
npm run build:site

echo "==> End-to-end tests in headless Chromium"
npx vitest run --config e2e/vitest.config.ts --reporter=default --reporter=json --outputFile.json="$reports/e2e.json" || status=1

npx tsx scripts/test-summary.ts "$reports/unit.json" "$reports/e2e.json" || status=1
exit $status
