# `pegsim render` contract checks (sourced by run_cli_tests.sh; uses its helpers, $PEGSIM, $WORK).

render_scene() {  # a floor and a box resting on it, 5 steps
  cat >"$WORK/render_scene.json" <<'JSON'
{"gravity": [0, -9.81], "settings": {"model": "standard", "time_step": 0.01, "duration": 0.05},
 "bodies": [{"name": "floor", "static": true, "vertices": [[-1,-0.2],[1,-0.2],[1,0],[-1,0]]},
            {"name": "box", "vertices": [[-0.1,-0.1],[0.1,-0.1],[0.1,0.1],[-0.1,0.1]], "position": [0, 0.1], "density": 100}]}
JSON
  echo "$WORK/render_scene.json"
}

check_render_png() {
  local scene
  scene=$(render_scene)
  run "$PEGSIM" render "$scene" --out "$WORK/frame.png" --width 200 --overlay all --quiet
  expect_code 0 && expect_one_json_line && expect_out_contains '"frames":1' && expect_out_contains '"width":200' &&
    expect_out_contains "\"out\":\"$WORK/frame.png\"" || return 1
  if [ "$(head -c 4 "$WORK/frame.png" | tail -c 3)" != "PNG" ]; then
    echo "    $WORK/frame.png is not a PNG"
    return 1
  fi
}
CHECKS+=(check_render_png)

check_render_svg_and_steps() {
  local scene
  scene=$(render_scene)
  run "$PEGSIM" render "$scene" --out "$WORK/frame_%d.svg" --steps 0,5 --width 120 --quiet
  expect_code 0 && expect_one_json_line && expect_out_contains '"frames":2' || return 1
  grep -q "<svg" "$WORK/frame_0.svg" && grep -q "<svg" "$WORK/frame_5.svg" || {
    echo "    frame_0.svg / frame_5.svg missing or not SVG"
    return 1
  }
}
CHECKS+=(check_render_svg_and_steps)

check_render_gif() {
  [ -x /usr/bin/ffmpeg ] || command -v ffmpeg >/dev/null || return 0  # no ffmpeg: nothing to check
  local scene
  scene=$(render_scene)
  # h = 0.01 at 50 fps: every 2nd step (0, 2, 4) and the final state (5)
  run "$PEGSIM" render "$scene" --out "$WORK/clip.gif" --fps 50 --width 96 --compare standard --quiet
  expect_code 0 && expect_one_json_line && expect_out_contains '"format":"gif"' && expect_out_contains '"frames":4' ||
    return 1
  [ "$(head -c 6 "$WORK/clip.gif")" = "GIF89a" ] || {
    echo "    clip.gif is not a GIF"
    return 1
  }
}
CHECKS+=(check_render_gif)

# A compared run that stops early (here: a divergence guard of 1 row) is drawn as it stopped, with
# a note, so the side-by-side frame still has both panels; exit 1 as for `run`.
check_render_compare_with_a_stopped_run() {
  local scene
  scene=$(render_scene)
  run "$PEGSIM" render "$scene" --out "$WORK/stopped.png" --compare peg --max-lcp 1 --width 150 --quiet
  expect_code 1 && expect_one_json_line && expect_out_contains '"frames":1' &&
    expect_out_contains '"stopped_early":true' && expect_out_contains '"files":["'"$WORK"'/stopped.png"]' || return 1
  [ "$(head -c 4 "$WORK/stopped.png" | tail -c 3)" = "PNG" ] || {
    echo "    stopped.png is not a PNG"
    return 1
  }
}
CHECKS+=(check_render_compare_with_a_stopped_run)

check_render_bad_input_exits_2() {
  local scene
  scene=$(render_scene)
  run "$PEGSIM" render "$scene" --out "$WORK/x.png" --overlay contacts,sparkles
  expect_code 2 && expect_no_stdout && expect_err_contains 'unknown overlay "sparkles"' || return 1
  run "$PEGSIM" render "$scene" --out "$WORK/x.jpg"
  expect_code 2 && expect_no_stdout && expect_err_contains 'unknown extension ".jpg"' || return 1
  run "$PEGSIM" render "$WORK/no_such_scene.json" --out "$WORK/x.png"
  expect_code 2 && expect_no_stdout && expect_err_contains "no_such_scene.json" || return 1
  run "$PEGSIM" render "$scene" --out "$WORK/x.png" --steps 3,99
  expect_code 2 && expect_no_stdout && expect_err_contains "past the end"
}
CHECKS+=(check_render_bad_input_exits_2)
