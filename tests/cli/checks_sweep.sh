# `pegsim sweep` contract checks (sourced by run_cli_tests.sh; uses its helpers, $PEGSIM, $WORK).

sweep_scene() {  # a box dropped onto a floor; 0.1 s of it is a few cheap steps
  cat >"$WORK/sweep_box.json" <<'JSON'
{"gravity": [0, -9.81], "settings": {"model": "standard", "time_step": 0.01, "duration": 0.1},
 "bodies": [{"name": "floor", "static": true, "vertices": [[-1,-0.4],[1,-0.4],[1,0],[-1,0]]},
            {"name": "box", "vertices": [[-0.1,-0.1],[0.1,-0.1],[0.1,0.1],[-0.1,0.1]], "position": [0, 0.12], "mass": 1, "inertia": 0.00667}]}
JSON
  echo "$WORK/sweep_box.json"
}

# data rows of a sweep CSV: "scene,model,h" keys, sorted, one per line
sweep_keys() { tail -n +2 "$1" | awk -F, '{print $3 "," $1 "," $2}' | sort; }

check_sweep_runs_then_resumes() {
  local scene out
  scene=$(sweep_scene)
  out="$WORK/sweep_resume"
  run "$PEGSIM" sweep --scenes "$scene" --models standard,peg --dt 0.01,0.02 --duration 0.1 --out "$out" --quiet
  expect_code 0 && expect_one_json_line && expect_out_contains '"runs_done":4' && expect_out_contains '"skipped":0' &&
    expect_out_contains '"solver_failures":' && expect_out_contains '"wall_seconds":' || return 1
  head -1 "$out/sweep.csv" | grep -q '^model,h,scene,steps,solver_failures,overlap_median,overlap_q1,overlap_q3,overlap_mean,overlap_max,depth_max,escaped,mean_lcp,max_lcp,mean_traps,wall_seconds,solve_seconds' || {
    echo "    sweep.csv header: $(head -1 "$out/sweep.csv")"
    return 1
  }
  run "$PEGSIM" sweep --scenes "$scene" --models standard,peg --dt 0.01,0.02 --duration 0.1 --out "$out" --quiet
  expect_code 0 && expect_one_json_line && expect_out_contains '"runs_done":0' && expect_out_contains '"skipped":4' ||
    return 1
  local rows unique
  rows=$(sweep_keys "$out/sweep.csv" | wc -l)
  unique=$(sweep_keys "$out/sweep.csv" | uniq | wc -l)
  [ "$rows" -eq 4 ] && [ "$unique" -eq 4 ] || {
    echo "    expected 4 distinct rows after the resume, got $rows rows, $unique distinct"
    return 1
  }
}
CHECKS+=(check_sweep_runs_then_resumes)

check_sweep_shards_partition_the_grid() {
  local scene
  scene=$(sweep_scene)
  run "$PEGSIM" sweep --scenes "$scene" --models standard,peg,peg-accurate --dt 0.01:0.03:0.01 --duration 0.1 \
    --out "$WORK/sweep_whole" --quiet --jobs 2
  expect_code 0 && expect_out_contains '"runs_done":9' || return 1
  local i
  for i in 1 2 3 4; do
    run "$PEGSIM" sweep --scenes "$scene" --models standard,peg,peg-accurate --dt 0.01:0.03:0.01 --duration 0.1 \
      --out "$WORK/sweep_shard$i" --shard "$i/4" --quiet
    expect_code 0 && expect_one_json_line && expect_out_contains "\"shard\":\"$i/4\"" || return 1
  done
  local whole shards
  whole=$(sweep_keys "$WORK/sweep_whole/sweep.csv")
  shards=$(for i in 1 2 3 4; do sweep_keys "$WORK/sweep_shard$i/sweep.csv"; done | sort)
  [ "$whole" = "$shards" ] || {
    echo "    the four shards' rows differ from the whole grid's:"
    echo "$whole" | head -3
    return 1
  }
}
CHECKS+=(check_sweep_shards_partition_the_grid)

check_sweep_per_step_files() {
  local scene
  scene=$(sweep_scene)
  run "$PEGSIM" sweep --scenes "$scene" --models peg --dt 0.02 --duration 0.1 --out "$WORK/sweep_steps" --per-step --quiet
  expect_code 0 || return 1
  local file="$WORK/sweep_steps/steps/sweep_box_peg_0.02.csv"
  [ -f "$file" ] && [ "$(wc -l <"$file")" -eq 6 ] || {
    echo "    $file: expected a header and 5 step rows"
    ls "$WORK/sweep_steps/steps" 2>&1 | head -3
    return 1
  }
}
CHECKS+=(check_sweep_per_step_files)

check_sweep_pour2d_sets() {
  run "$PEGSIM" sweep --pour2d-sets "$SHARED/data/reference-pour2d" --count 2 --models peg --dt 0.02 --duration 0.1 \
    --out "$WORK/sweep_pour" --quiet
  expect_code 0 && expect_one_json_line && expect_out_contains '"grid_runs":10' || return 1
  grep -q ',bodies_a,' "$WORK/sweep_pour/sweep.csv" && grep -q ',bodies_j,' "$WORK/sweep_pour/sweep.csv" || {
    echo "    sweep.csv lacks bodies_a / bodies_j rows"
    return 1
  }
}
CHECKS+=(check_sweep_pour2d_sets)

check_sweep_bad_input_exits_2() {
  local scene
  scene=$(sweep_scene)
  run "$PEGSIM" sweep --scenes "$scene" --models standard,sparkle --dt 0.01 --out "$WORK/sweep_bad"
  expect_code 2 && expect_no_stdout && expect_err_contains 'unknown contact model "sparkle"' || return 1
  run "$PEGSIM" sweep --scenes "$scene" --models peg --dt 0.01,zero --out "$WORK/sweep_bad"
  expect_code 2 && expect_no_stdout && expect_err_contains '--dt' || return 1
  run "$PEGSIM" sweep --scenes "$scene" --models peg --dt 0.02:0.01:0.01 --out "$WORK/sweep_bad"
  expect_code 2 && expect_no_stdout && expect_err_contains '--dt' || return 1
  run "$PEGSIM" sweep --scenes "$scene" --models peg --dt 0.01 --shard 3/2 --out "$WORK/sweep_bad"
  expect_code 2 && expect_no_stdout && expect_err_contains '--shard' || return 1
  run "$PEGSIM" sweep --scenes "$WORK/no_such_scene.json" --models peg --dt 0.01 --out "$WORK/sweep_bad"
  expect_code 2 && expect_no_stdout && expect_err_contains 'no_such_scene.json' || return 1
  [ ! -e "$WORK/sweep_bad" ] || {
    echo "    bad input created the output directory"
    return 1
  }
}
CHECKS+=(check_sweep_bad_input_exits_2)
