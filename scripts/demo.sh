#!/usr/bin/env bash
# Installs everything (Debian 12 packages), builds, and runs the headline demo into demo-output/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
out=${1:-demo-output}
build/pegsim demo --out "$out"
