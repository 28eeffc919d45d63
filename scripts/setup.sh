#!/usr/bin/env bash
# Installs pegsim's dependencies (Debian 12 packages only) and builds it into build/.
# Usage: bash scripts/setup.sh        (as root, or with sudo available)
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(
  cmake ninja-build g++ pkg-config
  libeigen3-dev nlohmann-json3-dev libcli11-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  libsiconos-numerics-dev
  libglpk-dev
  libsuitesparse-dev        # KLU for the sparse Lemke basis (cmake/klu.cmake)
  libopenblas-dev           # LAPACK least squares for the frictional polish (cmake/openblas.cmake)
  libgoogle-perftools-dev   # tcmalloc for the CLI and benchmarks (cmake/tcmalloc.cmake)
  libqhull-dev
  libcairo2-dev ffmpeg
  python3 python3-matplotlib python3-numpy
  # the Python module (bindings/python), its tests and `pip install .`, offline
  python3-dev pybind11-dev python3-pybind11 python3-scipy python3-distributed python3-pytest
  python3-venv python3-pip python3-setuptools python3-wheel
  # the browser playground: the engine in WebAssembly, and its end-to-end test in headless Chromium
  # (npm comes with the machine's Node.js; Debian's npm package would conflict with it)
  emscripten node-acorn nodejs chromium chromium-driver make
)

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ] || [ "${PEGSIM_APT_ALWAYS:-0}" = 1 ]; then
  echo "setup: installing ${missing[*]:-(refresh)}" >&2
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${PACKAGES[@]}"
fi

cmake --preset default > /dev/null
cmake --build --preset default
echo "setup: built build/pegsim" >&2
