#!/usr/bin/env bash
# Builds the browser playground into web/dist: the pegsim engine compiled to WebAssembly by Debian's
# emscripten (web/Makefile; objects cached in build-web/obj), the page (web/public) and the repository's
# scenes (scenes/*.json, listed in dist/scenes/index.json for the page's menu).
#
#   scripts/build_web.sh                      # -> web/dist; serve with: python3 -m http.server -d web/dist
#
# The 3D page (3d.html) loads three.js from our own server: build_web.sh copies it from web/node_modules
# (pinned in web/package.json / package-lock.json; `npm ci` in web/ when missing) into dist/vendor/three,
# and the repository's 3D scenes (scenes/*_3d.json) into dist/scenes3d.
#
# Environment: PEGSIM_WEB_BUILD (default build-web), PEGSIM_WEB_DIST (default web/dist),
# PEGSIM_WEB_JOBS (default 2), PEGSIM_WEB_OPT (default -O2).
# Needs the Debian packages emscripten and node-acorn (emscripten's -O2 optimiser loads acorn from
# /usr/share/nodejs). Fails, naming what is missing, when a tool is absent.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${PEGSIM_WEB_BUILD:-$ROOT/build-web}"
DIST="${PEGSIM_WEB_DIST:-$ROOT/web/dist}"
JOBS="${PEGSIM_WEB_JOBS:-2}"
OPT="${PEGSIM_WEB_OPT:--O2}"

fail() { echo "build_web.sh: error: $*" >&2; exit 1; }

command -v em++ >/dev/null 2>&1 || fail "em++ not found: install emscripten (apt-get install emscripten node-acorn)"
command -v node >/dev/null 2>&1 || fail "node not found: emscripten needs it (apt-get install nodejs)"
command -v make >/dev/null 2>&1 || fail "make not found (apt-get install make)"
[[ -f /usr/share/nodejs/acorn/package.json ]] ||
  fail "/usr/share/nodejs/acorn missing: emscripten's optimiser needs it (apt-get install node-acorn)"
export NODE_PATH="/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}"

# Emscripten's cache: Debian ships the prebuilt system libraries in a frozen cache under
# /usr/share/emscripten/cache. Our own cache directory links to that sysroot, so emscripten's lock
# file lives in the build dir (the shipped directory is root-owned and may not be writable).
SYSTEM_CACHE="$(em-config CACHE 2>/dev/null || true)"
[[ -d "$SYSTEM_CACHE/sysroot" ]] || fail "emscripten's cache has no sysroot (em-config CACHE = '$SYSTEM_CACHE')"
export EM_CACHE="$BUILD/em-cache"
mkdir -p "$EM_CACHE"
ln -sfn "$SYSTEM_CACHE/sysroot" "$EM_CACHE/sysroot"
[[ -f "$SYSTEM_CACHE/sysroot_install.stamp" ]] && cp "$SYSTEM_CACHE/sysroot_install.stamp" "$EM_CACHE/"

start=$(date +%s)
echo "build_web.sh: compiling the engine with $(em++ --version | head -1)"
make -C "$ROOT" -f web/Makefile -j"$JOBS" ROOT=. BUILD="$BUILD" DIST="$BUILD/wasm" OPT="$OPT"

# The page: a clean copy each time (dist holds only build output).
[[ -n "$DIST" && "$DIST" != "/" ]] || fail "refusing to use '$DIST' as the output directory"
rm -rf "$DIST"
mkdir -p "$DIST/scenes"
cp -R "$ROOT/web/public/." "$DIST/"
cp "$BUILD/wasm/pegsim_wasm.js" "$BUILD/wasm/pegsim_wasm.wasm" "$DIST/"
# The 2D page draws 2D scenes; the 3D examples (scenes/*_3d.json) go to the 3D page's folder.
mkdir -p "$DIST/scenes3d"
for file in "$ROOT"/scenes/*.json; do
  if [[ "$file" == *_3d.json ]]; then cp "$file" "$DIST/scenes3d/"; else cp "$file" "$DIST/scenes/"; fi
done

# three.js for the 3D page (no CDN): the pinned npm package's ES modules and the orbit controls.
THREE_DIR="$ROOT/web/node_modules/three"
if [[ ! -f "$THREE_DIR/build/three.module.js" ]]; then
  command -v npm >/dev/null 2>&1 || fail "web/node_modules/three missing and npm not found (apt-get install npm)"
  echo "build_web.sh: installing three.js (npm ci in web/)"
  (cd "$ROOT/web" && npm ci --no-audit --no-fund)
fi
[[ -f "$THREE_DIR/build/three.module.js" ]] || fail "three.js missing from web/node_modules (npm ci in web/)"
mkdir -p "$DIST/vendor/three/addons/controls"
cp "$THREE_DIR/build/three.module.js" "$THREE_DIR/build/three.core.js" "$THREE_DIR/LICENSE" "$DIST/vendor/three/"
cp "$THREE_DIR/examples/jsm/controls/OrbitControls.js" "$DIST/vendor/three/addons/controls/"

names=()
for file in "$DIST"/scenes/*.json; do
  name="$(basename "$file" .json)"
  [[ "$name" == index ]] || names+=("\"$name\"")
done
(IFS=,; echo "[${names[*]}]") >"$DIST/scenes/index.json"

echo "build_web.sh: page built in $DIST ($(( $(date +%s) - start )) s); serve it with: python3 -m http.server -d $DIST"
