#!/usr/bin/env bash
# CLI contract checks: exit codes, one JSON line on stdout, error messages on stderr.
# Usage: bash run_cli_tests.sh <path-to-pegsim> <shared-dir>
#
# Each check is a small function `check_<name>` that returns 0 on success and prints why it
# failed otherwise. Add a check by writing the function and appending its name to CHECKS, either
# in this file (each area appends its own block below, above the runner) or in a file
# tests/cli/checks_<area>.sh next to this one, which is sourced before the runner. The script prints "N passed, M failed" and exits non-zero
# when any check failed.
set -u

PEGSIM=${1:?usage: run_cli_tests.sh <path-to-pegsim> <shared-dir>}
SHARED=${2:?usage: run_cli_tests.sh <path-to-pegsim> <shared-dir>}
LCP_DATA="$SHARED/data/lcp"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/pegsim-cli.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
CHECKS=()

# ---- helpers ------------------------------------------------------------------------------
# run <cmd...>: runs it, leaving $OUT (stdout), $ERR (stderr) and $CODE (exit code).
run() {
  "$@" >"$WORK/out" 2>"$WORK/err"
  CODE=$?
  OUT=$(cat "$WORK/out")
  ERR=$(cat "$WORK/err")
}

expect_code() {  # expect_code <expected>
  if [ "$CODE" -ne "$1" ]; then
    echo "    expected exit $1, got $CODE; stderr: ${ERR:0:300}"
    return 1
  fi
}

expect_out_contains() {  # expect_out_contains <substring>
  case "$OUT" in *"$1"*) return 0 ;; esac
  echo "    stdout lacks '$1': ${OUT:0:300}"
  return 1
}

expect_err_contains() {  # expect_err_contains <substring>
  case "$ERR" in *"$1"*) return 0 ;; esac
  echo "    stderr lacks '$1': ${ERR:0:300}"
  return 1
}

expect_no_stdout() {
  if [ -n "$OUT" ]; then
    echo "    expected empty stdout, got: ${OUT:0:300}"
    return 1
  fi
}

# stdout is exactly one line holding one JSON object (parsed when a Python 3 is available).
expect_one_json_line() {
  local lines
  lines=$(printf '%s\n' "$OUT" | wc -l)
  if [ "$lines" -ne 1 ] || [ "${OUT:0:1}" != "{" ]; then
    echo "    expected one JSON line on stdout, got $lines line(s): ${OUT:0:300}"
    return 1
  fi
  local py
  py=$(command -v /usr/bin/python3 || command -v python3 || true)
  if [ -n "$py" ] && ! printf '%s' "$OUT" | "$py" -c 'import json,sys; json.loads(sys.stdin.read())' 2>/dev/null; then
    echo "    stdout is not valid JSON: ${OUT:0:300}"
    return 1
  fi
}

# ---- lcp solve ------------------------------------------------------------------------------
check_lcp_solved_handbook() {
  run "$PEGSIM" lcp solve "$LCP_DATA/handbook/handbook_10_2_3.txt"
  expect_code 0 && expect_one_json_line && expect_out_contains '"status":"solved"' &&
    expect_out_contains '"z":[' && expect_out_contains '"w":[' && expect_out_contains '"residual":' &&
    expect_out_contains '"iterations":' && expect_out_contains '"seconds":' && expect_out_contains '"n":3' &&
    expect_out_contains '"file":"' && expect_out_contains '"solver":"'
}
CHECKS+=(check_lcp_solved_handbook)

check_lcp_solved_with_each_solver() {
  local solver
  for solver in auto lemke newton pgs enumerate; do
    run "$PEGSIM" lcp solve "$LCP_DATA/siconos-lcp/lcp_trivial.dat" --solver "$solver" --tolerance 1e-9
    expect_code 0 && expect_one_json_line && expect_out_contains '"status":"solved"' || {
      echo "    (solver $solver)"
      return 1
    }
  done
}
CHECKS+=(check_lcp_solved_with_each_solver)

check_lcp_mlcp_has_u() {
  run "$PEGSIM" lcp solve "$LCP_DATA/siconos-mlcp/m2n1_mlcp.dat"
  expect_code 0 && expect_one_json_line && expect_out_contains '"status":"solved"' && expect_out_contains '"u":['
}
CHECKS+=(check_lcp_mlcp_has_u)

check_lcp_infeasible_exits_1() {
  run "$PEGSIM" lcp solve "$LCP_DATA/handbook/infeasible_1x1.txt" --solver lemke
  expect_code 1 && expect_one_json_line && expect_out_contains '"status":"infeasible"'
  local first=$?
  run "$PEGSIM" lcp solve "$LCP_DATA/handbook/infeasible_1x1.txt"
  [ $first -eq 0 ] && expect_code 1 && expect_one_json_line
}
CHECKS+=(check_lcp_infeasible_exits_1)

# A Lemke ray without a checked Farkas certificate is undecided, never "infeasible" (issue 10
# item 5). M = [-2 1; -2 1], q = (-1, 1): z = (0, 1) is feasible (so no Farkas certificate exists)
# but no complementary basis solves it.
check_lcp_uncertified_ray_is_ray_termination() {
  printf '# feasible, unsolvable: Lemke ray without a certificate\n2\n-2 1\n-2 1\n-1 1\n' >"$WORK/ray.txt"
  run "$PEGSIM" lcp solve "$WORK/ray.txt" --solver lemke
  expect_code 1 && expect_one_json_line && expect_out_contains '"status":"ray_termination"'
}
CHECKS+=(check_lcp_uncertified_ray_is_ray_termination)

# The wedged box's jammed Stewart-Trinkle LCP (tests/lcp/generators.h, wedged_box): whatever the
# solver, its failure is decided as jammed; the structure is read off M and the jam certificate
# names both wall contacts (normal rows 0 and 1).
check_lcp_jammed_friction_lcp() {
  cat >"$WORK/wedge_jam.txt" <<'LCP'
# wedged box (mu 0.8, walls at 20 degrees, both gaps -1 mm): a jammed Stewart-Trinkle LCP
8
1.1754666676607664 -0.94151111077974459 0.48209070726490449 -0.48209070726490449 -0.16069690242163487 0.16069690242163487 0 0
-0.94151111077974459 1.1754666676607664 0.16069690242163487 -0.16069690242163487 -0.48209070726490449 0.48209070726490449 0 0
0.48209070726490449 0.16069690242163487 2.3245333323392336 -2.3245333323392336 0.55848888922025552 -0.55848888922025552 1 0
-0.48209070726490449 -0.16069690242163487 -2.3245333323392336 2.3245333323392336 -0.55848888922025552 0.55848888922025552 1 0
-0.16069690242163487 -0.48209070726490449 0.55848888922025552 -0.55848888922025552 2.3245333323392336 -2.3245333323392336 0 1
0.16069690242163487 0.48209070726490449 -0.55848888922025552 0.55848888922025552 -2.3245333323392336 2.3245333323392336 0 1
0.80000000000000004 0 -1 -1 0 0 0 0
0 0.80000000000000004 0 0 -1 -1 0 0
-0.13355217606024811 -0.13355217606024811 -0.092183846099097619 0.092183846099097619 0.092183846099097619 -0.092183846099097619 0 0
LCP
  run "$PEGSIM" lcp solve "$WORK/wedge_jam.txt" --solver newton
  expect_code 1 && expect_one_json_line && expect_out_contains '"status":"jammed"' &&
    expect_out_contains '"jammed_contacts":[0,1]'
  local first=$?
  run "$PEGSIM" lcp solve "$WORK/wedge_jam.txt" --solver lemke
  [ $first -eq 0 ] && expect_code 1 && expect_out_contains '"status":"jammed"'
}
CHECKS+=(check_lcp_jammed_friction_lcp)

check_lcp_malformed_names_line() {
  printf '# 2x2 with a short second row\n2\n1 2\n3\n4 5\n' >"$WORK/short_row.txt"
  run "$PEGSIM" lcp solve "$WORK/short_row.txt"
  expect_code 2 && expect_no_stdout && expect_err_contains "short_row.txt: line 4: expected 2 numbers"
}
CHECKS+=(check_lcp_malformed_names_line)

check_lcp_nan_rejected() {
  printf '1\n0\n1\n1\n1\t1\nnan\n-1\n' >"$WORK/nan_lcp.dat"
  run "$PEGSIM" lcp solve "$WORK/nan_lcp.dat"
  expect_code 2 && expect_no_stdout && expect_err_contains "line 6: non-finite value"
}
CHECKS+=(check_lcp_nan_rejected)

check_lcp_huge_n_rejected() {
  printf '1000000000000\n1\n' >"$WORK/huge.txt"
  run "$PEGSIM" lcp solve "$WORK/huge.txt"
  expect_code 2 && expect_err_contains "line 1: n = 1000000000000 exceeds the limit"
}
CHECKS+=(check_lcp_huge_n_rejected)

check_lcp_missing_file_exits_2() {
  run "$PEGSIM" lcp solve "$WORK/no_such_problem.txt"
  expect_code 2 && expect_no_stdout && expect_err_contains "no_such_problem.txt: cannot open file"
}
CHECKS+=(check_lcp_missing_file_exits_2)

check_lcp_bad_solver_exits_2() {
  run "$PEGSIM" lcp solve "$LCP_DATA/handbook/handbook_10_2_3.txt" --solver simplex
  expect_code 2 && expect_no_stdout && expect_err_contains "unknown solver 'simplex'"
}
CHECKS+=(check_lcp_bad_solver_exits_2)

check_lcp_bad_tolerance_exits_2() {
  run "$PEGSIM" lcp solve "$LCP_DATA/handbook/handbook_10_2_3.txt" --tolerance -1
  expect_code 2 && expect_no_stdout && expect_err_contains "--tolerance"
}
CHECKS+=(check_lcp_bad_tolerance_exits_2)

# ---- (other areas append their checks here) ------------------------------------------------

for extra in "$(dirname "${BASH_SOURCE[0]}")"/checks_*.sh; do
  [ -f "$extra" ] && source "$extra"
done

# ---- runner ---------------------------------------------------------------------------------
passed=0
failed=0
failed_names=()
for check in "${CHECKS[@]}"; do
  # PEGSIM_CLI_CHECKS=regex runs only the matching checks (while working on one area)
  [[ -n "${PEGSIM_CLI_CHECKS:-}" && ! "$check" =~ $PEGSIM_CLI_CHECKS ]] && continue
  if output=$("$check" 2>&1); then
    passed=$((passed + 1))
    echo "ok   $check"
  else
    failed=$((failed + 1))
    failed_names+=("$check")
    echo "FAIL $check"
    [ -n "$output" ] && echo "$output"
  fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
