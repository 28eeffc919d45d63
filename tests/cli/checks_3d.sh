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

check_3d_every_model_runs() {
  for m in standard egan-max egan-sum lnc lnc-accurate peg peg-accurate; do
    run "$PEGSIM" run "$RUN_SCENES/cube_on_slab_3d.json" --quiet --model "$m" --duration 0.2
    expect_code 0 && expect_out_contains '"solver_failures":0' || return 1
  done
}
CHECKS+=(check_3d_every_model_runs)

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
  run "$PEGSIM" render "$RUN_SCENES/cube_on_slab_3d.json" -o "$WORK/x3d.png" --duration 0.1 --width 400 --quiet
  expect_code 0 && expect_one_json_line && json_check "$OUT" 'd["width"] == 400 and d["frames"] == 1 and d["steps"] == 10' ||
    return 1
  expect_png_size "$WORK/x3d.png" 400 "$(png_json_height "$OUT")"
}
CHECKS+=(check_3d_validate_and_render)

# PNG width and height from the IHDR chunk (bytes 16..23, big-endian): "W H".
png_size() { od -An -tu1 -j16 -N8 "$1" | awk '{print $1*16777216+$2*65536+$3*256+$4, $5*16777216+$6*65536+$7*256+$8}'; }
png_json_height() { printf '%s' "$1" | sed -n 's/.*"height":\([0-9]*\).*/\1/p'; }

expect_png_size() {  # expect_png_size FILE WIDTH HEIGHT
  [ -f "$1" ] && [ "$(head -c 4 "$1" | tail -c 3)" = "PNG" ] || { echo "    $1 missing or not a PNG"; return 1; }
  local size
  size=$(png_size "$1")
  [ "$size" = "$2 $3" ] || { echo "    $1 is $size px, expected $2 $3"; return 1; }
}

# 3D pictures (issue 12 item 8): a chosen camera, overlays, the grid, two models side by side; the
# scene area is 4:3 under the caption.
check_3d_render_camera_overlays_compare() {
  run "$PEGSIM" render "$RUN_SCENES/icosahedron_drop_3d.json" -o "$WORK/ico_%d.png" --steps 0,20 --width 320 \
    --camera 3,-4,2.5,0,0,0.3,35 --overlay contacts,normals,overlap --grid --compare standard --quiet
  expect_code 0 && expect_one_json_line && json_check "$OUT" 'd["frames"] == 2 and d["width"] == 640 and d["height"] > 240' ||
    return 1
  expect_png_size "$WORK/ico_0.png" 640 "$(png_json_height "$OUT")" && expect_png_size "$WORK/ico_20.png" 640 "$(png_json_height "$OUT")"
}
CHECKS+=(check_3d_render_camera_overlays_compare)

check_3d_render_gif() {
  [ -x /usr/bin/ffmpeg ] || command -v ffmpeg >/dev/null || return 0  # no ffmpeg: nothing to check
  run "$PEGSIM" render "$RUN_SCENES/cube_on_slab_3d.json" -o "$WORK/cube3d.gif" --duration 0.1 --fps 50 --width 160 --quiet
  expect_code 0 && expect_one_json_line && expect_out_contains '"format":"gif"' || return 1
  [ "$(head -c 6 "$WORK/cube3d.gif")" = "GIF89a" ] || { echo "    cube3d.gif is not a GIF"; return 1; }
}
CHECKS+=(check_3d_render_gif)

check_3d_render_bad_camera_exits_2() {
  local scene="$RUN_SCENES/cube_on_slab_3d.json" bad
  for bad in "1,2" "1,2,x" "1,2,3,4,5,6,200" "1,1,1,1,1,1"; do
    run "$PEGSIM" render "$scene" -o "$WORK/bad.png" --camera "$bad" --quiet
    expect_code 2 && expect_no_stdout && expect_err_contains "--camera" || { echo "    (--camera $bad)"; return 1; }
  done
  # the eye on the scene's centre (the default target): no view direction
  run "$PEGSIM" render "$scene" -o "$WORK/bad.png" --camera 0,0,0 --quiet
  expect_code 2 && expect_err_contains "eye is on the target" || return 1
  # --view is 2D, --camera and --grid are 3D
  run "$PEGSIM" render "$scene" -o "$WORK/bad.png" --view 0,0,1,1 --quiet
  expect_code 2 && expect_err_contains "--camera" || return 1
  run "$PEGSIM" render "$(render_scene)" -o "$WORK/bad.png" --camera 1,2,3 --quiet
  expect_code 2 && expect_err_contains "3D scenes only" || return 1
  [ ! -e "$WORK/bad.png" ] || { echo "    bad.png was written"; return 1; }
}
CHECKS+=(check_3d_render_bad_camera_exits_2)
