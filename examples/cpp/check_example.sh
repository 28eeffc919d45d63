#!/usr/bin/env bash
# Installs the built pegsim into a scratch prefix, builds examples/cpp against it with
# find_package(pegsim), and runs it on a scene. Usage: check_example.sh BUILD_DIR EXAMPLE_DIR SCENE
set -euo pipefail
build_dir=$1; src=$2; scene=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build_dir" --prefix "$tmp/prefix" > "$tmp/install.log"
cmake -S "$src" -B "$tmp/build" -G Ninja -DCMAKE_PREFIX_PATH="$tmp/prefix" -DCMAKE_BUILD_TYPE=Release > "$tmp/configure.log"
cmake --build "$tmp/build" > "$tmp/build.log"
out=$("$tmp/build/step_scene" "$scene" peg 0.01 50)
echo "$out"
grep -q "50 steps (peg, h = 0.01)" <<<"$out"
