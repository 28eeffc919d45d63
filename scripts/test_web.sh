#!/usr/bin/env bash
# Builds the playground (scripts/build_web.sh), installs the npm dependencies (playwright-core for the
# test, three for the 3D page; pinned in web/package-lock.json) if they are missing, and runs the
# end-to-end tests of the 2D page (playground.test.mjs) and the 3D page (playground3d.test.mjs) in
# headless Chromium.
#
#   scripts/test_web.sh          # screenshots in build-web/screenshots (PEGSIM_WEB_SCREENSHOTS)
#
# Needs the Debian packages emscripten node-acorn nodejs npm chromium. Exits non-zero on any failure.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
fail() { echo "test_web.sh: error: $*" >&2; exit 1; }

start=$(date +%s)
command -v node >/dev/null 2>&1 || fail "node not found (apt-get install nodejs)"
command -v npm >/dev/null 2>&1 || fail "npm not found (apt-get install npm)"
browser="${PEGSIM_CHROMIUM:-/usr/bin/chromium}"
[[ -x "$browser" ]] || fail "no browser at $browser (apt-get install chromium, or set PEGSIM_CHROMIUM)"

if [[ ! -f "$ROOT/web/node_modules/playwright-core/package.json" || ! -f "$ROOT/web/node_modules/three/package.json" ]]; then
  echo "test_web.sh: installing the npm dependencies (npm ci in web/)"
  (cd "$ROOT/web" && npm ci --no-audit --no-fund)
fi

"$ROOT/scripts/build_web.sh"

status=0
t2d=$(date +%s)
node "$ROOT/web/test/playground.test.mjs" || status=1
t3d=$(date +%s)
node "$ROOT/web/test/playground3d.test.mjs" || status=1
echo "test_web.sh: 2D test $(( t3d - t2d )) s, 3D test $(( $(date +%s) - t3d )) s"
[[ $status -eq 0 ]] || fail "a browser test failed (see above)"
echo "test_web.sh: done in $(( $(date +%s) - start )) s"
