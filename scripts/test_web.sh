#!/usr/bin/env bash
# Builds the playground (scripts/build_web.sh), installs the test's npm dependency (playwright-core,
# pinned in web/package-lock.json) if it is missing, and runs the end-to-end test in headless Chromium.
#
#   scripts/test_web.sh          # screenshots in build-web/screenshots (PEGSIM_WEB_SCREENSHOTS)
#
# Needs the Debian packages emscripten node-acorn nodejs npm chromium. Exits non-zero on any failure.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
fail() { echo "test_web.sh: error: $*" >&2; exit 1; }

start=$(date +%s)
"$ROOT/scripts/build_web.sh"

command -v node >/dev/null 2>&1 || fail "node not found (apt-get install nodejs)"
command -v npm >/dev/null 2>&1 || fail "npm not found (apt-get install npm)"
browser="${PEGSIM_CHROMIUM:-/usr/bin/chromium}"
[[ -x "$browser" ]] || fail "no browser at $browser (apt-get install chromium, or set PEGSIM_CHROMIUM)"

if [[ ! -f "$ROOT/web/node_modules/playwright-core/package.json" ]]; then
  echo "test_web.sh: installing the test's npm dependencies (npm ci in web/)"
  (cd "$ROOT/web" && npm ci --no-audit --no-fund)
fi

node "$ROOT/web/test/playground.test.mjs"
echo "test_web.sh: done in $(( $(date +%s) - start )) s"
