# CLI checks for the scaling scene and the memory bound (issue 11); sourced by run_cli_tests.sh.

check_scene_pile2d_writes_a_runnable_scene() {
  run "$PEGSIM" scene pile2d --count 12 --seed 4 --friction 0.3 -o "$WORK/pile.json"
  expect_code 0 && expect_one_json_line && expect_out_contains '"dynamic":12' && expect_out_contains '"friction":0.3' || return 1
  run "$PEGSIM" run "$WORK/pile.json" --duration 0.1 --quiet
  expect_code 0 && expect_one_json_line && expect_out_contains '"steps":10' && expect_out_contains '"divergence_reason":""'
}
CHECKS+=(check_scene_pile2d_writes_a_runnable_scene)

check_scene_pile2d_bad_count_is_exit_2() {
  run "$PEGSIM" scene pile2d --count 0 -o "$WORK/bad.json"
  expect_code 2 && expect_err_contains "count"
}
CHECKS+=(check_scene_pile2d_bad_count_is_exit_2)

# --bins deals the bodies among boxes (independent islands); --threads gives the same trajectory bits.
check_run_threads_give_the_same_trajectory() {
  run "$PEGSIM" scene pile2d --count 40 --bins 2 --seed 3 -o "$WORK/bins.json"
  expect_code 0 && expect_out_contains '"bodies":44' || return 1
  run "$PEGSIM" run "$WORK/bins.json" --duration 1 --threads 1 --trajectory "$WORK/t1.csv" --quiet
  expect_code 0 || return 1
  run "$PEGSIM" run "$WORK/bins.json" --duration 1 --threads 2 --trajectory "$WORK/t2.csv" --quiet
  expect_code 0 && cmp -s "$WORK/t1.csv" "$WORK/t2.csv" || return 1
  run "$PEGSIM" run "$WORK/bins.json" --threads 0 --quiet
  expect_code 2 && expect_err_contains "threads" || return 1
  run "$PEGSIM" scene pile2d --count 3 --bins 4 -o "$WORK/bad.json"
  expect_code 2 && expect_err_contains "bins"
}
CHECKS+=(check_run_threads_give_the_same_trajectory)

# 40 copies of one polygon in one place: an LCP past the dense bound ends with exit 2 and a
# message saying what is too large and what to change (it used to be std::bad_alloc).
check_run_lcp_past_memory_bound_is_exit_2() {
  "$PEGSIM" scene pile2d --count 1 -o "$WORK/one.json" >/dev/null 2>&1 || return 1
  local py
  py=$(command -v /usr/bin/python3 || command -v python3) || return 0
  "$py" - "$WORK/one.json" "$WORK/stacked.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
body = [b for b in s["bodies"] if not b.get("static")][0]
for k in range(60):
    b = dict(body); b["name"] = "copy%d" % k; s["bodies"].append(b)
json.dump(s, open(sys.argv[2], "w"))
PY
  run "$PEGSIM" run "$WORK/stacked.json" --model standard --max-lcp 0 --duration 0.01 --quiet
  expect_code 2 && expect_err_contains "rows" && expect_err_contains "space the bodies apart" || return 1
  # the default model and options (peg's search assembled its candidates into std::bad_alloc)
  run "$PEGSIM" run "$WORK/stacked.json" --duration 0.01 --quiet
  expect_code 2 && expect_err_contains "stored entries" && expect_err_contains "space the bodies apart"
}
CHECKS+=(check_run_lcp_past_memory_bound_is_exit_2)

# A body due at t = 0.1 s inside a resting one waits (summary keys), and --force-spawns enters it.
check_run_arrival_waits_for_a_free_spot() {
  "$PEGSIM" scene pile2d --count 1 -o "$WORK/one.json" >/dev/null 2>&1 || return 1
  local py
  py=$(command -v /usr/bin/python3 || command -v python3) || return 0
  "$py" - "$WORK/one.json" "$WORK/arrival.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
body = [b for b in s["bodies"] if not b.get("static")][0]
b = dict(body); b["name"] = "arrival"; b["spawn_time"] = 0.1
s["bodies"].append(b)
json.dump(s, open(sys.argv[2], "w"))
PY
  run "$PEGSIM" run "$WORK/arrival.json" --duration 0.05 --quiet
  expect_code 0 && expect_out_contains '"deferred_spawns":0' && expect_out_contains '"waiting_bodies":0' || return 1
  run "$PEGSIM" run "$WORK/arrival.json" --duration 0.2 --quiet
  expect_code 0 && expect_out_contains '"deferred_spawns":1' || return 1
  run "$PEGSIM" run "$WORK/arrival.json" --duration 0.2 --force-spawns --quiet
  expect_code 0 && expect_out_contains '"deferred_spawns":0'
}
CHECKS+=(check_run_arrival_waits_for_a_free_spot)
