#!/usr/bin/env bash
# Installs the built pegsim into a scratch prefix and builds + runs a consumer against it.
set -euo pipefail
build_dir=$1; src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build_dir" --prefix "$tmp/prefix" > "$tmp/install.log"
cmake -S "$src" -B "$tmp/build" -G Ninja -DCMAKE_PREFIX_PATH="$tmp/prefix" -DCMAKE_BUILD_TYPE=Release > "$tmp/configure.log"
cmake --build "$tmp/build" > "$tmp/build.log"
"$tmp/build/consumer"
