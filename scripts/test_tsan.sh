#!/usr/bin/env bash
# ThreadSanitizer build of the library and the tests that run islands in threads
# (lcp/components.h: IslandThreads.*, Determinism.IslandsInTwoThreadsAreBitIdenticalToOne), then
# those tests; a data race fails the stage. Like test_sanitizers.sh, the build has a time budget:
# when it does not finish in time the stage says so and is skipped, without failing.
#
#   bash scripts/test_tsan.sh [budget-minutes]        (default 20; needs scripts/setup.sh first)
set -euo pipefail
cd "$(dirname "$0")/.."
budget_min=${1:-20}
start=$(date +%s)
cmake --preset tsan > /dev/null
status=0
timeout "$((budget_min * 60))" cmake --build --preset tsan --target pegsim_test_lcp pegsim_test_determinism || status=$?
if [ "$status" -eq 124 ]; then
  echo "test_tsan: the ThreadSanitizer build did not finish within $budget_min min on this machine: skipped" >&2
  exit 0
elif [ "$status" -ne 0 ]; then
  exit "$status"
fi
export TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1
build-tsan/tests/pegsim_test_lcp --gtest_brief=1 --gtest_filter='IslandThreads.*'
build-tsan/tests/pegsim_test_determinism --gtest_brief=1 --gtest_filter='*Threads*'
echo "test_tsan: islands in threads clean under ThreadSanitizer ($(( $(date +%s) - start )) s)" >&2
