#!/usr/bin/env bash
# LCP solver benchmark tables: ours vs Siconos numerics (speed ratios per family and size, and
# solved / FALSE-solved counts on every test problem). Needs a build with the benchmark target:
#   cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DPEGSIM_BUILD_BENCH=ON
#   ninja -C build pegsim_bench
# Usage: bash scripts/bench_lcp.sh [build-dir] [max-n]        (defaults: build, 1000)
#        bash scripts/bench_lcp.sh build 1000 --gbench        (also the Google Benchmark run)
# A few minutes on 2 cores; the machine should be otherwise idle for meaningful times.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
max_n=${2:-1000}
bench="$build/pegsim_bench"
if [ ! -x "$bench" ]; then
  echo "bench_lcp: $bench not found; configure with -DPEGSIM_BUILD_BENCH=ON and build pegsim_bench" >&2
  exit 2
fi
cores=$(nproc --all)
# One BLAS thread for Siconos, as our solvers use one thread (the executable also sets this).
export OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1
echo "# LCP benchmark on $(uname -n), $cores cores, $(date -u +%Y-%m-%dT%H:%MZ), load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
"$bench" --lcp-table --lcp-max-n "$max_n"
if [ "${3:-}" = "--gbench" ]; then
  echo
  "$bench" --benchmark_filter='^lcp/' --benchmark_counters_tabular=true
fi
