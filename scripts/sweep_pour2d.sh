#!/usr/bin/env bash
# The PEG authors' 2D pour experiment as a sweep: the ten body sets (shared/data/reference-pour2d)
# x standard, peg, peg-accurate x h = 0.001 ... 0.016, 5 s each; then the plots against the
# authors' medians (scripts/plot_sweep.py) and the tables of EXPERIMENTS.md
# (scripts/experiments_table.py; with --per-step also the pooled per-step statistics).
#
# Usage: bash scripts/sweep_pour2d.sh [build-dir] [out-dir] [more pegsim sweep flags...]
#   defaults: build, sweep-pour2d.  Extra flags go to `pegsim sweep`, e.g.
#   bash scripts/sweep_pour2d.sh build sweep-pour2d --jobs 2
#   bash scripts/sweep_pour2d.sh build sweep-pour2d --duration 0.5 --models peg --dt 0.01   (a quick look)
#   bash scripts/sweep_pour2d.sh build sweep-pour2d --shard 2/4   (this machine's quarter; see below)
# Re-running the same command resumes: finished (scene, model, h) rows are skipped.
# Environment: PEGSIM_SHARED (default ../shared beside the repository); MODELS, STEPS, DURATION
# (or the flags --models, --dt, --duration) override the grid's defaults.
#
# Sharding over machines: run `--shard i/N` with i = 1..N, each into its own out-dir (or one shared
# local directory); then merge: keep the first file's header and every file's data rows:
#   { head -1 a/sweep.csv; tail -q -n +2 a/sweep.csv b/sweep.csv ...; } > all.csv
# and plot all.csv with /usr/bin/python3 scripts/plot_sweep.py all.csv --reference ...
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
build=${1:-build}
out=${2:-sweep-pour2d}
shift $(($# < 2 ? $# : 2))
shared=${PEGSIM_SHARED:-$repo/../shared}
sets="$shared/data/reference-pour2d"
pegsim="$build/pegsim"
[ -x "$pegsim" ] || pegsim="$repo/$build/pegsim"
if [ ! -x "$pegsim" ]; then
  echo "sweep_pour2d: $build/pegsim not found; build the pegsim_cli target first" >&2
  exit 2
fi
if [ ! -d "$sets" ]; then
  echo "sweep_pour2d: $sets: no such directory (set PEGSIM_SHARED)" >&2
  exit 2
fi

echo "# pour2d sweep on $(uname -n), $(nproc --all) cores, $(date -u +%Y-%m-%dT%H:%MZ), load: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
# The grid's defaults, each unless the extra flags give it.
has_flag() {
  local wanted=$1 a
  shift
  for a in "$@"; do [ "$a" = "$wanted" ] && return 0; done
  return 1
}
grid=()
has_flag --models "$@" || grid+=(--models "${MODELS:-standard,peg,peg-accurate}")
has_flag --dt "$@" || grid+=(--dt "${STEPS:-0.001:0.016:0.001}")
has_flag --duration "$@" || grid+=(--duration "${DURATION:-5}")
"$pegsim" sweep --pour2d-sets "$sets" "${grid[@]}" --out "$out" "$@"

if [ -x /usr/bin/python3 ] && [ -s "$out/sweep.csv" ] && [ "$(wc -l <"$out/sweep.csv")" -gt 1 ]; then
  # Fig. 22 (contacts and SM traps per step) from the per-step files of body set b at h = 0.01.
  steps=()
  for m in peg standard; do
    f="$out/steps/bodies_b_${m}_0.01.csv"
    [ -f "$f" ] && steps+=(--steps-csv "$m=$f")
  done
  /usr/bin/python3 "$repo/scripts/plot_sweep.py" "$out/sweep.csv" --reference "$sets/reference-medians.csv" \
    --out-dir "$out" "${steps[@]}" >&2 || echo "sweep_pour2d: plotting failed (the CSV is complete)" >&2
  per_step=()
  [ -d "$out/steps" ] && per_step=(--steps-dir "$out/steps")
  /usr/bin/python3 "$repo/scripts/experiments_table.py" "$out/sweep.csv" --reference "$sets/reference-medians.csv" \
    "${per_step[@]}" > "$out/tables.md" && echo "sweep_pour2d: tables in $out/tables.md, plots in $out/*.png" >&2
fi
