#!/usr/bin/env bash
# Repeated CPU timings for the cost targets of the 3D pour grid (scripts/sweep_pour3d_7d098f8.sh):
# `pegsim run SCENE --model M --quiet`, one process at a time, models alternating within each repeat
# so that standard and peg see the same machine load. Prints one line per run:
#   scene model repeat wall_s user_s sys_s
#   bash scripts/pour3d_7d098f8_timing.sh [BIN] [OUT] [REPEATS]    # OUT: the grid's output directory
set -euo pipefail
BIN=${1:-build/pegsim}
OUT=${2:-results/sweep3d}
REPEATS=${3:-5}
main() {
  local sc m r t
  for sc in ico_h0.01_mu0 ico_h0.01_mu0.3 ico_h0.03_mu0.3 hull_s4_h0.05_mu0 hull_s3_h0.05_mu0; do
    for r in $(seq 1 "$REPEATS"); do
      for m in standard peg peg-accurate; do
        t=$( { /usr/bin/time -f "%e %U %S" "$BIN" run "$OUT/scenes/$sc.json" --model "$m" --quiet > /dev/null; } 2>&1 | tail -1)
        echo "$sc $m $r $t"
      done
    done
  done
}
main "$@"; exit
