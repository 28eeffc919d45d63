# lcp solve's replay options (sourced by run_cli_tests.sh): --ties, --sparse, --dense-max-rows,
# --regularization-hint.

# The 5-row LCP whose larger-pivot ties repeat a basis midway (tests/lcp/generators.h,
# larger_pivot_cycling_lcps): both rules solve it to the same z; the larger pivot pays for the
# pivots spent before its lexicographic rerun, so its count must exceed the lexicographic path's.
check_lcp_ties_choose_the_rule() {
  printf '# cycles midway under larger-pivot ties\n5\n-1 -1 1 0 -1\n1 3 0 0 0\n2 2 0 0 0\n-1 1 -1 1 2\n0 2 3 3 2\n-1 -1 -1 -1 -1\n' >"$WORK/cycles.txt"
  run "$PEGSIM" lcp solve "$WORK/cycles.txt" --solver lemke --ties lexicographic
  expect_code 0 && expect_one_json_line && expect_out_contains '"z":[0.25,0.25,1.5,2.5,0.0]' || return 1
  local lexicographic
  lexicographic=$(printf '%s' "$OUT" | sed -n 's/.*"iterations":\([0-9]*\).*/\1/p')
  run "$PEGSIM" lcp solve "$WORK/cycles.txt" --solver lemke --ties larger-pivot
  expect_code 0 && expect_out_contains '"z":[0.25,0.25,1.5,2.5,0.0]' || return 1
  local larger
  larger=$(printf '%s' "$OUT" | sed -n 's/.*"iterations":\([0-9]*\).*/\1/p')
  if [ -z "$larger" ] || [ -z "$lexicographic" ] || [ "$larger" -le "$lexicographic" ]; then
    echo "    larger-pivot path took '$larger' pivots, lexicographic '$lexicographic': expected a rerun (more)"
    return 1
  fi
}
CHECKS+=(check_lcp_ties_choose_the_rule)

# Twenty uncoupled nonsymmetric 2x2 blocks (40 rows: islands split from components.h's
# kComponentMinSize = 32): --sparse solves them as 20 islands; with --dense-max-rows 0 each island
# gets only the engine's sparse Lemke path, named in the attempts.
check_lcp_sparse_replays_the_engine_path() {
  local n=40 i j
  {
    echo "# twenty islands"
    echo "$n"
    for ((i = 0; i < n; i++)); do
      local row=""
      for ((j = 0; j < n; j++)); do
        if [ "$i" -eq "$j" ]; then row+=" 2"
        elif [ $((i % 2)) -eq 0 ] && [ "$j" -eq $((i + 1)) ]; then row+=" 1"
        else row+=" 0"; fi
      done
      echo "$row"
    done
    local q=""
    for ((i = 0; i < n; i++)); do q+=" -1"; done
    echo "$q"
  } >"$WORK/islands.txt"
  run "$PEGSIM" lcp solve "$WORK/islands.txt" --sparse
  expect_code 0 && expect_one_json_line && expect_out_contains '"status":"solved"' &&
    expect_out_contains '"islands":20' || return 1
  run "$PEGSIM" lcp solve "$WORK/islands.txt" --sparse --dense-max-rows 0
  expect_code 0 && expect_out_contains '"status":"solved"' && expect_out_contains 'lemke (sparse island): solved'
}
CHECKS+=(check_lcp_sparse_replays_the_engine_path)

check_lcp_replay_options_reject_bad_values() {
  run "$PEGSIM" lcp solve "$LCP_DATA/handbook/handbook_10_2_3.txt" --ties sideways
  expect_code 2 && expect_no_stdout && expect_err_contains "unknown --ties 'sideways'" || return 1
  run "$PEGSIM" lcp solve "$LCP_DATA/handbook/handbook_10_2_3.txt" --dense-max-rows -3
  expect_code 2 && expect_no_stdout && expect_err_contains '--dense-max-rows must be 0 or more' || return 1
  run "$PEGSIM" lcp solve "$LCP_DATA/handbook/handbook_10_2_3.txt" --regularization-hint -1e-8
  expect_code 2 && expect_no_stdout && expect_err_contains '--regularization-hint must be a number >= 0' || return 1
  run "$PEGSIM" lcp solve "$LCP_DATA/handbook/handbook_10_2_3.txt" --regularization-hint nan
  expect_code 2 && expect_no_stdout && expect_err_contains '--regularization-hint' || return 1
  run "$PEGSIM" lcp solve "$LCP_DATA/siconos-mlcp/m2n1_mlcp.dat" --sparse
  expect_code 2 && expect_no_stdout && expect_err_contains 'm2n1_mlcp.dat: --sparse solves LCPs only'
}
CHECKS+=(check_lcp_replay_options_reject_bad_values)

# A failed LCP past kJamInferenceMaxRows (1500) rows: no O(n^3) jam inference, and the attempts say
# so (-I, q = -1: infeasible at Lemke's first pivot, a checked certificate).
check_lcp_large_failure_skips_the_jam_inference() {
  awk 'BEGIN { n = 1501; print "# minus identity"; print n
               for (i = 0; i < n; i++) { s = ""; for (j = 0; j < n; j++) s = s (i == j ? "-1" : "0") (j < n - 1 ? " " : ""); print s }
               s = ""; for (j = 0; j < n; j++) s = s "-1" (j < n - 1 ? " " : ""); print s }' >"$WORK/minus_identity.txt"
  run "$PEGSIM" lcp solve "$WORK/minus_identity.txt"
  expect_code 1 && expect_one_json_line && expect_out_contains '"status":"infeasible"' &&
    expect_out_contains 'jam not decided: 1501 rows > 1500'
}
CHECKS+=(check_lcp_large_failure_skips_the_jam_inference)
