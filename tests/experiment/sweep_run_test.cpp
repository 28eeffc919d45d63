// The sweep runner: resume skips finished runs, shards share a grid, jobs do not change results,
// failed runs are redone, per-step files are complete.
#include "sweep_test_util.h"

#include <pegsim/experiment/sweep.h>
#include <pegsim/experiment/sweep_csv.h>

#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <stdexcept>
#include <tuple>

namespace pegsim {
namespace {

using test::lines_of;
using test::read_sweep_rows;
using test::read_text;
using test::SweepScratch;

using Row = std::map<std::string, std::string>;

SweepOptions tiny_sweep(const std::string& out_dir) {
  SweepOptions o;
  Scene box = test::dropped_box_scene();
  Scene tilted = box;
  tilted.bodies[1].angle = -0.3;
  o.scenes = {{"box", box}, {"tilted", tilted}};
  o.models = {"standard", "peg"};
  o.step_sizes = {0.01, 0.02};
  o.duration = 0.2;
  o.out_dir = out_dir;
  return o;
}

std::set<std::tuple<std::string, std::string, double>> keys_of(const std::vector<Row>& rows) {
  std::set<std::tuple<std::string, std::string, double>> keys;
  for (const Row& r : rows) keys.insert({r.at("scene"), r.at("model"), std::stod(r.at("h"))});
  return keys;
}

// The physics columns (not the timings) of each row, by key.
std::map<std::string, std::string> results_by_key(const std::vector<Row>& rows) {
  std::map<std::string, std::string> out;
  for (const Row& r : rows) {
    std::string physics;
    for (const char* c : {"steps", "solver_failures", "overlap_median", "overlap_q1", "overlap_q3", "overlap_mean",
                          "overlap_max", "depth_max", "escaped", "mean_lcp", "max_lcp", "mean_traps",
                          "mean_contacts", "energy_max_increase"}) {
      physics += r.at(c) + ";";
    }
    out[r.at("scene") + "|" + r.at("model") + "|" + r.at("h")] = physics;
  }
  return out;
}

TEST(SweepRun, SecondInvocationSkipsEverythingAndAddsNoRows) {
  SweepScratch dir;
  const SweepOptions options = tiny_sweep(dir.path("out"));
  const SweepReport first = run_sweep(options);
  EXPECT_EQ(first.plan.grid_runs, 8);
  EXPECT_EQ(first.plan.skipped, 0);
  EXPECT_EQ(first.runs_done, 8);
  EXPECT_EQ(first.errors, 0);
  const std::string csv_text = read_text(first.csv_path);
  const auto rows = read_sweep_rows(first.csv_path);
  ASSERT_EQ(rows.size(), 8u);
  EXPECT_EQ(keys_of(rows).size(), 8u) << "one row per (scene, model, h)";
  for (const Row& r : rows) {
    const double h = std::stod(r.at("h"));
    EXPECT_EQ(std::stoi(r.at("steps")), std::lround(0.2 / h)) << "every run went to the end";
    EXPECT_EQ(r.at("non_finite_steps"), "0");
    EXPECT_GT(std::stod(r.at("mean_lcp")), 0.0) << "the box reaches the floor";
  }

  const SweepReport second = run_sweep(options);
  EXPECT_EQ(second.plan.skipped, 8);
  EXPECT_EQ(second.plan.to_run, 0);
  EXPECT_EQ(second.runs_done, 0);
  EXPECT_EQ(read_text(second.csv_path), csv_text) << "nothing appended on a resumed, finished sweep";
}

TEST(SweepRun, WiderGridResumesOnlyTheNewRuns) {
  SweepScratch dir;
  SweepOptions options = tiny_sweep(dir.path("out"));
  options.models = {"peg"};
  EXPECT_EQ(run_sweep(options).runs_done, 4);
  options.models = {"standard", "peg"};
  const SweepReport wider = run_sweep(options);
  EXPECT_EQ(wider.plan.skipped, 4);
  EXPECT_EQ(wider.runs_done, 4);
  const auto rows = read_sweep_rows(wider.csv_path);
  EXPECT_EQ(rows.size(), 8u);
  EXPECT_EQ(keys_of(rows).size(), 8u);
}

TEST(SweepRun, ShardsTogetherRunTheGridOnceAndMatchTheSingleRun) {
  SweepScratch dir;
  const SweepOptions whole = tiny_sweep(dir.path("whole"));
  run_sweep(whole);
  const auto whole_results = results_by_key(read_sweep_rows(whole.out_dir + "/sweep.csv"));

  SweepOptions part = tiny_sweep(dir.path("shared"));  // three shards appending to one file
  int done = 0;
  for (int i = 1; i <= 3; ++i) {
    part.shard = Shard{i, 3};
    const SweepReport r = run_sweep(part);
    EXPECT_EQ(r.plan.skipped, 0) << "shard " << i << " overlaps no other shard";
    done += r.runs_done;
  }
  EXPECT_EQ(done, 8);
  const auto rows = read_sweep_rows(part.out_dir + "/sweep.csv");
  EXPECT_EQ(rows.size(), 8u);
  EXPECT_EQ(results_by_key(rows), whole_results) << "a run's results do not depend on its shard";
}

TEST(SweepRun, ParallelJobsGiveTheSameResults) {
  SweepScratch dir;
  SweepOptions serial = tiny_sweep(dir.path("serial"));
  run_sweep(serial);
  SweepOptions parallel = tiny_sweep(dir.path("parallel"));
  parallel.jobs = 3;
  std::set<int> started;
  long last_step_count = 0;
  bool counts_increase = true;
  SweepObserver observer;
  observer.on_step = [&](const SweepRun& run, const std::string&, long steps_done) {
    started.insert(run.index);
    counts_increase = counts_increase && steps_done == last_step_count + 1;
    last_step_count = steps_done;
  };
  const SweepReport r = run_sweep(parallel, observer);
  EXPECT_EQ(r.runs_done, 8);
  EXPECT_EQ(started.size(), 8u);
  EXPECT_TRUE(counts_increase) << "observer calls are serialised";
  EXPECT_EQ(last_step_count, r.plan.total_steps);
  EXPECT_EQ(results_by_key(read_sweep_rows(parallel.out_dir + "/sweep.csv")),
            results_by_key(read_sweep_rows(serial.out_dir + "/sweep.csv")));
}

TEST(SweepRun, RunThatThrowsHasNoRowAndIsRedoneOnResume) {
  SweepScratch dir;
  SweepOptions options = tiny_sweep(dir.path("out"));
  options.simulation_options = [](const Scene& scene, const SweepRun& run) {
    if (run.model == "peg" && run.time_step == 0.02 && scene.bodies[1].angle < 0) {
      throw std::runtime_error("interrupted");
    }
    SimulationOptions s;
    s.model = run.model;
    s.time_step = run.time_step;
    return s;
  };
  const SweepReport first = run_sweep(options);
  EXPECT_EQ(first.errors, 1);
  EXPECT_EQ(first.runs_done, 7);
  ASSERT_EQ(first.error_messages.size(), 1u);
  EXPECT_NE(first.error_messages[0].find("tilted peg h=0.02: interrupted"), std::string::npos) << first.error_messages[0];
  EXPECT_EQ(read_sweep_rows(first.csv_path).size(), 7u);

  options.simulation_options = nullptr;
  const SweepReport resumed = run_sweep(options);
  EXPECT_EQ(resumed.plan.skipped, 7);
  EXPECT_EQ(resumed.runs_done, 1);
  const auto rows = read_sweep_rows(resumed.csv_path);
  EXPECT_EQ(rows.size(), 8u);
  EXPECT_EQ(keys_of(rows).size(), 8u);
}

TEST(SweepRun, PerStepFilesHaveOneLinePerStepAndNoPartials) {
  SweepScratch dir;
  SweepOptions options = tiny_sweep(dir.path("out"));
  options.per_step = true;
  options.models = {"peg"};
  options.step_sizes = {0.02};
  run_sweep(options);
  for (const char* scene : {"box", "tilted"}) {
    const std::string path = options.out_dir + "/steps/" + per_step_file_name(scene, "peg", 0.02);
    const auto lines = lines_of(read_text(path));
    ASSERT_EQ(lines.size(), 11u) << path << ": header + 10 steps";
    EXPECT_EQ(lines[0].rfind("step,time,overlap", 0), 0u) << lines[0];
    EXPECT_FALSE(std::filesystem::exists(path + ".partial"));
  }
  EXPECT_EQ(per_step_file_name("set a/b", "peg-accurate", 0.001), "set_a_b_peg-accurate_0.001.csv");
}

TEST(SweepRun, BadOptionsThrowBeforeWriting) {
  SweepScratch dir;
  SweepOptions options = tiny_sweep(dir.path("out"));
  options.scenes[1].name = "box";
  EXPECT_THROW(run_sweep(options), SweepSpecError);
  options = tiny_sweep(dir.path("out"));
  options.jobs = 0;
  EXPECT_THROW(run_sweep(options), SweepSpecError);
  options = tiny_sweep(dir.path("out"));
  options.step_sizes.clear();
  EXPECT_THROW(run_sweep(options), SweepSpecError);
  EXPECT_FALSE(std::filesystem::exists(dir.path("out")));
}

}  // namespace
}  // namespace pegsim
