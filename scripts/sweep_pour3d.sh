#!/usr/bin/env bash
# The polyhedron pour grid (issue 13 item 4, EXPERIMENTS.md "The polyhedron pour with 3D PEG"):
#  - the PEG authors' icosahedra at h = 0.001 ... 0.016, 0.02, 0.03, 0.05 (one scene per h: their
#    arrival schedule depends on h), mu = 0 and 0.3;
#  - ten random-hull sets (seeds 1-10) at h = 0.01, 0.02, 0.05, mu = 0 and 0.3;
# each under standard, peg and peg-accurate. One sweep.csv per group under OUT (default
# results/pour3d); then python3 scripts/pour3d_table.py OUT prints the tables
# (scripts/icosahedra_vs_authors.py OUT: the icosahedra against the authors' PEG overlap).
#   usage: [MODELS=m1,m2] [HULLS=0] bash scripts/sweep_pour3d.sh [OUT] [JOBS]
# MODELS (default standard,peg,peg-accurate); HULLS=0 runs the icosahedra alone.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-results/pour3d}
jobs=${2:-2}
P=${PEGSIM:-build/pegsim}
ICO=../shared/data/reference-pour3d/bodies_icosahedra.json
MODELS=${MODELS:-standard,peg,peg-accurate}
HULLS=${HULLS:-1}
mkdir -p "$out/scenes"
for mu in 0 0.3; do
  for h in 0.002 0.003 0.004 0.005 0.006 0.007 0.008 0.009 0.01 0.011 0.012 0.013 0.014 0.015 0.016 0.02 0.03 0.05 0.001; do
    s="$out/scenes/ico_h${h}_mu${mu}.json"
    $P scene pour3d --bodies "$ICO" --dt "$h" --friction "$mu" -o "$s" > /dev/null
    $P sweep --scenes "$s" --models $MODELS --dt "$h" --jobs "$jobs" --quiet --out "$out/ico_h${h}_mu${mu}"
  done
  [[ $HULLS == 0 ]] && continue
  for h in 0.01 0.02 0.05; do
    scenes=()
    for seed in $(seq 1 10); do
      s="$out/scenes/hulls_s${seed}_h${h}_mu${mu}.json"
      $P scene pour3d --seed "$seed" --dt "$h" --friction "$mu" -o "$s" > /dev/null
      scenes+=("$s")
    done
    $P sweep --scenes "${scenes[@]}" --models $MODELS --dt "$h" --jobs "$jobs" --quiet --out "$out/hulls_h${h}_mu${mu}"
  done
done
echo "sweep_pour3d: done; python3 scripts/pour3d_table.py $out"
