# The steppers (issue 12 item 5, docs/engine.md "Steppers"), sourced by run_cli_tests.sh after
# checks_run.sh (RUN_SCENES, json_check): `--stepper linear|fixpoint|ncp` on run, a bad value exits 2,
# and the summary names the stepper and counts the NCP's work.

check_stepper_bogus_exits_2() {
  run "$PEGSIM" run "$RUN_SCENES/cube_on_slab_3d.json" --quiet --duration 0.1 --stepper bogus
  expect_code 2 && expect_no_stdout && expect_err_contains "--stepper" || return 1
  run "$PEGSIM" run "$RUN_SCENES/box_on_floor.json" --quiet --duration 0.1 --stepper NCP
  expect_code 2 && expect_err_contains "--stepper"
}
CHECKS+=(check_stepper_bogus_exits_2)

check_stepper_ncp_summary_keys() {
  run "$PEGSIM" run "$RUN_SCENES/cube_on_slab_3d.json" --quiet --duration 0.5 --stepper ncp
  expect_code 0 && expect_one_json_line && expect_out_contains '"ncp_fallbacks"' || return 1
  json_check "$OUT" 'd["stepper"] == "ncp" and d["steps"] == 50 and d["solver_failures"] == 0 and d["ncp_solves"] == 50 and d["ncp_fallbacks"] == 0 and d["ncp_unsupported_steps"] == 0 and d["ncp_newton_iterations"] >= 0 and abs(d["final"][1]["position"][2] - 0.1) < 1e-4' || return 1
  run "$PEGSIM" run "$RUN_SCENES/box_on_floor.json" --quiet --duration 0.5 --stepper ncp --model standard
  expect_code 0 && expect_one_json_line || return 1
  json_check "$OUT" 'd["stepper"] == "ncp" and d["solver_failures"] == 0 and d["ncp_solves"] > 0 and d["ncp_fallbacks"] == 0'
}
CHECKS+=(check_stepper_ncp_summary_keys)

# linear forces the fixpoint off, whatever --fixpoint-iterations says; the default is the fixpoint
check_stepper_linear_and_default() {
  run "$PEGSIM" run "$RUN_SCENES/cube_on_slab_3d.json" --quiet --duration 0.2 --stepper linear --fixpoint-iterations 3
  expect_code 0 && expect_one_json_line || return 1
  json_check "$OUT" 'd["stepper"] == "linear" and d["fixpoint_solves"] == 0 and d["ncp_solves"] == 0' || return 1
  run "$PEGSIM" run "$RUN_SCENES/cube_on_slab_3d.json" --quiet --duration 0.2
  expect_code 0 && expect_one_json_line || return 1
  json_check "$OUT" 'd["stepper"] == "fixpoint" and d["ncp_solves"] == 0 and d["ncp_fallbacks"] == 0'
}
CHECKS+=(check_stepper_linear_and_default)

# --fixpoint-tolerance: 0 is the automatic default (the same run as without the flag); a negative
# value exits 2 naming the flag and what it wants
check_fixpoint_tolerance_flag() {
  run "$PEGSIM" run "$RUN_SCENES/cube_on_slab_3d.json" --quiet --duration 0.2
  expect_code 0 && expect_one_json_line || return 1
  local py default_final=""
  py=$(run_python)
  [ -z "$py" ] || default_final=$(printf '%s' "$OUT" | "$py" -c 'import json,sys; print(json.dumps(json.load(sys.stdin)["final"]))')
  run "$PEGSIM" run "$RUN_SCENES/cube_on_slab_3d.json" --quiet --duration 0.2 --fixpoint-tolerance 0
  expect_code 0 && expect_one_json_line || return 1
  json_check "$OUT" "json.dumps(d['final']) == '''$default_final'''" || return 1
  run "$PEGSIM" run "$RUN_SCENES/cube_on_slab_3d.json" --quiet --duration 0.2 --fixpoint-tolerance -1
  expect_code 2 && expect_no_stdout && expect_err_contains "--fixpoint-tolerance" && expect_err_contains "non-negative"
}
CHECKS+=(check_fixpoint_tolerance_flag)
