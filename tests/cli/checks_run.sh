# `pegsim run` contract checks (sourced by run_cli_tests.sh; uses its helpers, $PEGSIM, $WORK).
# The scene files live in the repository's scenes/ folder, two levels up from this file.

RUN_SCENES="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../scenes" && pwd)"

run_python() {  # the system Python (json only); empty when there is none
  command -v /usr/bin/python3 || command -v python3 || true
}

# json_check <json-text> <python expression over d>: prints why it failed, returns non-zero then.
json_check() {
  local py
  py=$(run_python)
  [ -n "$py" ] || return 0  # no Python: the substring checks below are all we can do
  printf '%s' "$1" | "$py" -c '
import json, sys
d = json.loads(sys.stdin.read())
expr = sys.argv[1]
if not eval(expr):
    print("    JSON check failed: " + expr)
    sys.exit(1)
' "$2"
}

check_run_summary_json() {
  run "$PEGSIM" run "$RUN_SCENES/box_on_floor.json" --quiet
  expect_code 0 && expect_one_json_line || return 1
  local key
  for key in steps solver_failures overlap_median overlap_max depth_max wall_seconds final; do
    expect_out_contains "\"$key\":" || return 1
  done
  local last
  last=$(printf '%s\n' "$OUT" | tail -n 1)
  json_check "$last" 'd["steps"] == 200 and d["solver_failures"] == 0' &&
    json_check "$last" 'all(k in b for b in d["final"] for k in ("name", "position", "angle", "velocity", "angular_velocity"))' &&
    json_check "$last" '[b["name"] for b in d["final"]] == ["floor", "box", "dot"]' &&
    json_check "$last" 'len(d["final"][1]["position"]) == 2 and len(d["final"][1]["velocity"]) == 2' &&
    json_check "$last" 'd["overlap_max"] <= 1e-9 and d["depth_max"] <= 1e-9 and d["wall_seconds"] >= 0' ||
    return 1
  # Physics through the CLI: the box (mu 0.3, 1 m/s) stops after the time-stepped Coulomb distance
  # h * sum(1 - k mu g h) = 0.164898 m; the particle lands on the floor at x = 0.5.
  json_check "$last" 'abs(d["final"][1]["position"][0] - 0.164898) < 1e-5 and abs(d["final"][1]["velocity"][0]) < 1e-9' &&
    json_check "$last" 'abs(d["final"][2]["position"][1]) < 1e-9'
}
CHECKS+=(check_run_summary_json)

check_run_last_line_is_json_without_quiet() {
  run "$PEGSIM" run "$RUN_SCENES/table_edge.json" --model peg
  expect_code 0 || return 1
  local last
  last=$(printf '%s\n' "$OUT" | tail -n 1)
  case "$last" in "{"*"}") ;; *)
    echo "    last stdout line is not a JSON object: ${last:0:200}"
    return 1 ;;
  esac
  json_check "$last" 'd["model"] == "peg" and d["steps"] == 60'
}
CHECKS+=(check_run_last_line_is_json_without_quiet)

check_run_metrics_csv() {
  run "$PEGSIM" run "$RUN_SCENES/box_on_floor.json" --quiet --duration 0.5 --metrics "$WORK/run_metrics.csv"
  expect_code 0 && expect_one_json_line || return 1
  [ -f "$WORK/run_metrics.csv" ] || {
    echo "    $WORK/run_metrics.csv was not written"
    return 1
  }
  local header expected="step,time,overlap,max_depth,contacts,rows,lcp_size,solver_status,residual,solve_seconds,energy"
  header=$(head -n 1 "$WORK/run_metrics.csv")
  case "$header" in "$expected" | "$expected",*) ;; *)
    echo "    CSV header '$header' does not start with '$expected'"
    return 1 ;;
  esac
  local rows
  rows=$(($(wc -l <"$WORK/run_metrics.csv") - 1))
  [ "$rows" -eq 50 ] || {
    echo "    expected 50 data rows (0.5 s at h = 0.01), got $rows"
    return 1
  }
  # Row 1 is step 1 at t = 0.01, solved.
  sed -n 2p "$WORK/run_metrics.csv" | grep -q '^1,0.01,.*,solved,' || {
    echo "    first data row is not step 1 at t = 0.01, solved: $(sed -n 2p "$WORK/run_metrics.csv")"
    return 1
  }
}
CHECKS+=(check_run_metrics_csv)

check_run_clockwise_polygon_exits_2() {
  cat >"$WORK/clockwise.json" <<'JSON'
{"gravity": [0, -9.81],
 "bodies": [{"name": "floor", "static": true, "vertices": [[-1,-0.2],[1,-0.2],[1,0],[-1,0]]},
            {"name": "wedge", "vertices": [[0,0],[0,0.2],[0.2,0]], "position": [0, 0.5], "mass": 1, "inertia": 0.01}]}
JSON
  run "$PEGSIM" run "$WORK/clockwise.json" --quiet
  expect_code 2 && expect_no_stdout && expect_err_contains "clockwise.json" && expect_err_contains '"wedge"' &&
    expect_err_contains "vertices" && expect_err_contains "clockwise"
}
CHECKS+=(check_run_clockwise_polygon_exits_2)

check_run_unknown_model_exits_2() {
  cat >"$WORK/unknown_model.json" <<'JSON'
{"gravity": [0, -9.81], "settings": {"model": "pegasus"},
 "bodies": [{"name": "floor", "static": true, "vertices": [[-1,-0.2],[1,-0.2],[1,0],[-1,0]]}]}
JSON
  run "$PEGSIM" run "$WORK/unknown_model.json" --quiet
  expect_code 2 && expect_no_stdout && expect_err_contains "unknown_model.json" && expect_err_contains "settings" &&
    expect_err_contains "model" && expect_err_contains "pegasus" || return 1
  run "$PEGSIM" run "$RUN_SCENES/box_on_floor.json" --model pegasus --quiet
  expect_code 2 && expect_no_stdout && expect_err_contains "--model" && expect_err_contains "pegasus"
}
CHECKS+=(check_run_unknown_model_exits_2)

check_run_bad_body_field_exits_2() {
  cat >"$WORK/bad_mass.json" <<'JSON'
{"gravity": [0, -9.81],
 "bodies": [{"name": "floor", "static": true, "vertices": [[-1,-0.2],[1,-0.2],[1,0],[-1,0]]},
            {"name": "box", "vertices": [[-0.1,-0.1],[0.1,-0.1],[0.1,0.1],[-0.1,0.1]], "position": [0, 0.1], "mass": -1, "inertia": 0.01}]}
JSON
  run "$PEGSIM" run "$WORK/bad_mass.json" --quiet
  expect_code 2 && expect_no_stdout && expect_err_contains '"box"' && expect_err_contains "mass"
}
CHECKS+=(check_run_bad_body_field_exits_2)

check_run_missing_scene_exits_2() {
  run "$PEGSIM" run "$WORK/no_such_scene.json" --quiet
  expect_code 2 && expect_no_stdout && expect_err_contains "no_such_scene.json"
}
CHECKS+=(check_run_missing_scene_exits_2)
