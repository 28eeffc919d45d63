# 3D scenes through the CLI (issue 12 item 7), sourced by run_cli_tests.sh: a scene is 3D when its
# gravity has 3 components; `pegsim run` works unchanged, its summary's `final` entries carry
# position, orientation [w, x, y, z], velocity and angular_velocity, and --trajectory has the 3D
# columns. Uses checks_run.sh's RUN_SCENES and json_check.

check_3d_run_summary_and_trajectory() {
  run "$PEGSIM" run "$RUN_SCENES/cube_on_slab_3d.json" --quiet --duration 1 --trajectory "$WORK/traj3d.csv"
  expect_code 0 && expect_one_json_line || return 1
  json_check "$OUT" 'd["dimension"] == 3 and d["steps"] == 100 and d["solver_failures"] == 0 and d["overlap_max"] == 0' || return 1
  # the cube stays put on the slab (0.1 mm) and keeps its orientation
  json_check "$OUT" '[b["name"] for b in d["final"]] == ["slab", "cube"] and abs(d["final"][1]["position"][2] - 0.1) < 1e-4 and abs(d["final"][1]["orientation"][0] - 1) < 1e-9 and len(d["final"][1]["angular_velocity"]) == 3' || return 1
  local header
  header=$(head -1 "$WORK/traj3d.csv")
  if [ "$header" != "step,time,body,name,x,y,z,qw,qx,qy,qz,vx,vy,vz,wx,wy,wz" ]; then
    echo "    trajectory header: $header"
    return 1
  fi
  local rows
  rows=$(($(wc -l <"$WORK/traj3d.csv") - 1))
  [ "$rows" -eq 101 ] || { echo "    expected 101 trajectory rows (steps 0..100, the cube), got $rows"; return 1; }
}
CHECKS+=(check_3d_run_summary_and_trajectory)

# The sliding cube slows as v0 - mu g t along its own line, 30 degrees off the x axis: it stops
# after h * sum_k (v0 - k mu g h) (the stepped distance; analytic v0^2 / (2 mu g) - v0 h / 2).
check_3d_sliding_cube_stops_on_its_line() {
  run "$PEGSIM" run "$RUN_SCENES/cube_slide_3d.json" --quiet
  expect_code 0 && expect_one_json_line || return 1
  json_check "$OUT" 'abs((d["final"][1]["position"][0]**2 + d["final"][1]["position"][1]**2)**0.5 / (4 / (2 * 0.2 * 9.81) - 0.01) - 1) < 0.01 and abs(d["final"][1]["position"][1] / d["final"][1]["position"][0] - 3**-0.5) < 1e-9'
}
CHECKS+=(check_3d_sliding_cube_stops_on_its_line)

check_3d_icosahedron_comes_to_rest_without_overlap() {
  run "$PEGSIM" run "$RUN_SCENES/icosahedron_drop_3d.json" --quiet
  expect_code 0 && expect_one_json_line || return 1
  json_check "$OUT" 'd["solver_failures"] == 0 and d["overlap_max"] < 1e-12 and d["energy_max_unexplained"] < 1e-6 and sum(x * x for x in d["final"][1]["velocity"]) < 1e-12'
}
CHECKS+=(check_3d_icosahedron_comes_to_rest_without_overlap)

check_3d_two_dimensional_model_exits_2() {
  run "$PEGSIM" run "$RUN_SCENES/cube_on_slab_3d.json" --quiet --model peg
  expect_code 2 && expect_no_stdout && expect_err_contains "cube_on_slab_3d.json" && expect_err_contains '"peg" is 2D-only'
}
CHECKS+=(check_3d_two_dimensional_model_exits_2)

check_3d_bad_quaternion_exits_2() {
  cat >"$WORK/badq.json" <<'JSON'
{"gravity": [0, 0, -9.81], "bodies": [
  {"name": "slab", "static": true, "vertices": [[-1,-1,-1],[1,-1,-1],[1,1,-1],[-1,1,-1],[-1,-1,0],[1,-1,0],[1,1,0],[-1,1,0]]},
  {"name": "tilted", "vertices": [[0,0,0],[1,0,0],[0,1,0],[0,0,1]], "position": [0, 0, 1], "orientation": [1, 0.1, 0, 0], "density": 1}]}
JSON
  run "$PEGSIM" run "$WORK/badq.json" --quiet
  expect_code 2 && expect_no_stdout && expect_err_contains "badq.json" && expect_err_contains '"tilted"' &&
    expect_err_contains "orientation" && expect_err_contains "unit"
}
CHECKS+=(check_3d_bad_quaternion_exits_2)

check_3d_validate_and_render() {
  run "$PEGSIM" scene validate "$RUN_SCENES/cube_on_slab_3d.json"
  expect_code 0 && expect_one_json_line && json_check "$OUT" 'd["dimension"] == 3 and d["bodies"] == 2 and d["dynamic"] == 1' || return 1
  run "$PEGSIM" render "$RUN_SCENES/cube_on_slab_3d.json" -o "$WORK/x.png"
  expect_code 2 && expect_err_contains "3D"
}
CHECKS+=(check_3d_validate_and_render)
