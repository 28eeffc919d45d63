#!/usr/bin/env bash
# `pip install --no-build-isolation .` into a venv with the system's packages, offline (--no-index),
# reusing the CMake build tree; then the installed package imports and solves from elsewhere.
# Usage: check_pip_install.sh PYTHON SOURCE_DIR BUILD_DIR
set -euo pipefail
python=$1; src=$2; build_dir=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# --without-pip and the system pip's --python: the same install as the venv's own pip (README), without
# the seconds ensurepip spends putting pip into the venv.
"$python" -m venv --system-site-packages --without-pip "$tmp/venv"
PEGSIM_CMAKE_BUILD_DIR="$build_dir" "$python" -m pip --python "$tmp/venv/bin/python" install --no-build-isolation --no-index --no-cache-dir \
  --quiet "$src" > "$tmp/pip.log" 2>&1 || { cat "$tmp/pip.log"; exit 1; }
cd "$tmp"
env -u PYTHONPATH "$tmp/venv/bin/python" - "$tmp/venv" <<'PY'
import sys
import pegsim
assert pegsim.__file__.startswith(sys.argv[1]), pegsim.__file__
r = pegsim.solve_lcp([[2.0, 1.0], [1.0, 2.0]], [-1.0, -1.0])
assert r.solved and abs(r.z.sum() - 2.0 / 3.0) < 1e-12, r
assert "positions" in pegsim.Simulation.state.__doc__
print("installed:", pegsim.__file__)
PY
