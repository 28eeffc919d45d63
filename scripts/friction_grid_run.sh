#!/bin/bash
# one.sh model dt seed mu -> prints one line
mkdir -p "${GRID_DIR:-/tmp/friction-grid}"
model=$1; dt=$2; s=$3; mu=$4; bin=${BIN:-build/pegsim}
f=${GRID_DIR:-/tmp/friction-grid}/pour_s${s}_mu$mu.json; [ -f $f ] || $bin scene pour2d --seed $s --friction $mu -o $f >/dev/null
out=$(timeout 600 $bin run $f --model $model --dt $dt --quiet 2>/dev/null)
echo "$model $dt $s $mu $(echo "$out" | python3 -c 'import json,sys
try:
  d=json.load(sys.stdin); print(" ".join(str(d.get(k)) for k in ["solver_failures","diverged","search_fallbacks","degraded_steps","energy_gain_steps","energy_max_unexplained","energy_max_increase","overlap_median","overlap_max","escaped_bodies","wall_seconds","recovered_steps","energy_rejections","deferred_spawns","waiting_bodies","jammed_steps"]))
except Exception as e: print("ERROR",e)')"
