#!/usr/bin/env bash
# Installs dependencies, builds, and runs the whole test suite: CTest (unit, scenario, CLI contract
# tests), then the playground's end-to-end test in headless Chromium (scripts/test_web.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
ctest --preset default -j 2
bash scripts/test_web.sh
