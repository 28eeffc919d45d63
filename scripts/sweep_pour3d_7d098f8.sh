#!/usr/bin/env bash
# The 3D pour grid of issue 13 item 4 as run for EXPERIMENTS.md "The polyhedron pour with 3D PEG
# (issue 13), 2026-11-25": the authors' icosahedra at every h (mu = 0 and 0.3) and ten random-hull
# sets at h = 0.01, 0.02, 0.05 (mu = 0 and 0.3), each under standard, peg, peg-accurate.
#
#   bash scripts/sweep_pour3d_7d098f8.sh [BIN] [OUT]       # from the repository root (../shared/data)
#   /usr/bin/python3 scripts/pour3d_7d098f8_table.py OUT --plot PNG
#
# BIN defaults to build/pegsim, OUT to results/sweep3d. One process at a time (--jobs 1).
# For every (h, mu) it writes the scene(s), runs one `pegsim sweep` over them (sweep.csv), and then
# `pegsim run SCENE --model M --quiet` once per scene and model for the run summary (energy-gain steps,
# largest unexplained gain, degraded steps, deferred spawns, ...: fields that sweep.csv does not have),
# timed with /usr/bin/time (CPU seconds). The two runs are the same trajectory; the table script checks
# that their steps, failures, overlap, depth, LCP size and escapes agree.
# Resumable: a sweep or run whose output exists is skipped. The icosahedra at h = 0.001 run last.
# (Named after the binary's commit: scripts/sweep_pour3d.sh is another engineer's script.)
set -euo pipefail

BIN=${1:-build/pegsim}
OUT=${2:-results/sweep3d}
ICO=../shared/data/reference-pour3d/bodies_icosahedra.json
MODELS=standard,peg,peg-accurate
mkdir -p "$OUT/scenes" "$OUT/sweeps" "$OUT/runs"
LOG="$OUT/log.txt"

log() { echo "$(date -u +%FT%TZ) load $(cut -d' ' -f1-3 /proc/loadavg) $*" | tee -a "$LOG"; }
trap 'log "exit status $?"' EXIT
trap 'log "signal HUP"; exit 129' HUP
trap 'log "signal TERM"; exit 143' TERM
trap 'log "signal INT"; exit 130' INT

# sweep_and_runs TAG SCENE... : one sweep over the scenes at $h, then one run per scene and model
sweep_and_runs() {
  local tag=$1; shift
  local dir="$OUT/sweeps/$tag"
  if [[ ! -s "$dir/sweep.csv" ]] || (( $(wc -l < "$dir/sweep.csv") < 1 + 3 * $# )); then
    log "sweep $tag start"
    /usr/bin/time -f "%e %U %S" -o "$OUT/sweeps/$tag.time" \
      "$BIN" sweep --scenes "$@" --models "$MODELS" --dt "$h" --jobs 1 --quiet --out "$dir" \
      > "$OUT/sweeps/$tag.json"
    log "sweep $tag done: $(cat "$OUT/sweeps/$tag.time")"
  fi
  local s m stem
  for s in "$@"; do
    stem=$(basename "$s" .json)
    for m in ${MODELS//,/ }; do
      [[ -s "$OUT/runs/${stem}_$m.json" ]] && continue
      /usr/bin/time -f "%e %U %S" -o "$OUT/runs/${stem}_$m.time" \
        "$BIN" run "$s" --model "$m" --quiet > "$OUT/runs/${stem}_$m.json.tmp" \
        || log "run ${stem} $m: exit status $? (pegsim run exits 1 when a run stops early)"
      mv "$OUT/runs/${stem}_$m.json.tmp" "$OUT/runs/${stem}_$m.json"
    done
  done
  log "runs $tag done"
}

ico_h() {
  local mu
  for mu in 0 0.3; do
    local sc="$OUT/scenes/ico_h${h}_mu${mu}.json"
    [[ -s "$sc" ]] || "$BIN" scene pour3d --bodies "$ICO" --dt "$h" --friction "$mu" -o "$sc" > /dev/null
    sweep_and_runs "ico_h${h}_mu${mu}" "$sc"
  done
}

main() {
  log "start: $BIN ($(sha256sum "$BIN" | cut -c1-16)), tree HEAD $(git rev-parse --short HEAD)"

  # 1. The authors' icosahedra (h = 0.001 last: the slowest)
  for h in 0.002 0.003 0.004 0.005 0.006 0.007 0.008 0.009 0.01 0.011 0.012 0.013 0.014 0.015 0.016 \
           0.02 0.03 0.05; do
    ico_h
  done

  # 2. Ten random-hull sets
  for h in 0.01 0.02 0.05; do
    for mu in 0 0.3; do
      scenes=()
      for s in $(seq 1 10); do
        sc="$OUT/scenes/hull_s${s}_h${h}_mu${mu}.json"
        [[ -s "$sc" ]] || "$BIN" scene pour3d --seed "$s" --dt "$h" --friction "$mu" -o "$sc" > /dev/null
        scenes+=("$sc")
      done
      sweep_and_runs "hull_h${h}_mu${mu}" "${scenes[@]}"
    done
  done

  h=0.001
  ico_h

  log "all done"
}

# The whole script is parsed before it runs (main at the end): editing this file during a run is safe.
main "$@"; exit
