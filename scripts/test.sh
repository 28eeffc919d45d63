#!/usr/bin/env bash
# Installs dependencies, builds, and runs the whole test suite (CTest).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
ctest --preset default -j 2
