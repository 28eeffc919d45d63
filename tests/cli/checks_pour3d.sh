# `pegsim scene pour3d` (issue 13 item 3), sourced by run_cli_tests.sh: the authors' icosahedra by
# --bodies, random convex hulls by --seed (generated, or drawn from their 500 with --bodies), the
# same box and schedule; bad combinations exit 2 with a message naming the flag.

check_pour3d_random_hulls_by_seed() {
  run "$PEGSIM" scene pour3d --seed 4 --dt 0.01 -o "$WORK/hulls_a.json"
  expect_code 0 && expect_one_json_line || return 1
  json_check "$OUT" 'd["bodies"] == 15 and d["dynamic"] == 10 and "seed 4" in d["source"]' || return 1
  run "$PEGSIM" scene pour3d --seed 4 --dt 0.01 -o "$WORK/hulls_b.json"
  cmp -s "$WORK/hulls_a.json" "$WORK/hulls_b.json" || { echo "    same seed, different files"; return 1; }
  run "$PEGSIM" scene pour3d --seed 4 --count 3 --bodies "$SHARED/data/reference-pour3d/random-hulls-bodies3D.json" \
    --dt 0.006 --friction 0.3 --model peg -o "$WORK/hulls_c.json"
  expect_code 0 && json_check "$OUT" 'd["dynamic"] == 3 and d["friction"] == 0.3 and d["model"] == "peg"' || return 1
  # the scene runs with the model it names: two hulls land in 1.2 s without a failed step
  run "$PEGSIM" run "$WORK/hulls_c.json" --duration 1.2 --quiet
  expect_code 0 && json_check "$OUT" 'd["dimension"] == 3 and d["model"] == "peg" and d["solver_failures"] == 0 and d["escaped_bodies"] == 0' || return 1
}
CHECKS+=(check_pour3d_random_hulls_by_seed)

check_pour3d_bad_flags_exit_2() {
  run "$PEGSIM" scene pour3d --dt 0.01 -o "$WORK/bad3d.json"
  expect_code 2 && expect_err_contains "--seed" || return 1
  run "$PEGSIM" scene pour3d --bodies "$SHARED/data/reference-pour3d/bodies_icosahedra.json" --count 3 -o "$WORK/bad3d.json"
  expect_code 2 && expect_err_contains "--count needs --seed" || return 1
  run "$PEGSIM" scene pour3d --seed 1 --count 12 --dt 0.01 -o "$WORK/bad3d.json"
  expect_code 2 && expect_err_contains "only 10 bodies arrive" || return 1
  run "$PEGSIM" scene pour3d --seed 1 --bodies "$WORK/no-such-hulls.json" -o "$WORK/bad3d.json"
  expect_code 2 && expect_err_contains "no-such-hulls.json" || return 1
  run "$PEGSIM" scene pour3d --seed 1 --model pegg -o "$WORK/bad3d.json"
  expect_code 2 && expect_err_contains "--model" || return 1
  [ ! -e "$WORK/bad3d.json" ] || { echo "    bad3d.json was written"; return 1; }
}
CHECKS+=(check_pour3d_bad_flags_exit_2)
