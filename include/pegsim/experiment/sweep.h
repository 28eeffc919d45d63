// A parameter sweep: every (scene, model, h) run of a grid (sweep_grid.h), or one shard of it, each
// simulated with run_simulation and summarised as one row of OUT/sweep.csv (sweep_csv.h).
//
// Resume: runs whose key (scene, model, h) already has a row are skipped; a run has a row only
// once it finished, so a run interrupted mid-way is redone from the start.
// Per-step files (per_step): OUT/steps/<scene>_<model>_<h>.csv (MetricsCsvWriter columns), written
// as <name>.partial and renamed when the run finishes, so a present file is a complete one.
// Jobs: `jobs` threads take runs in grid order; runs share nothing, so every run's results are the
// same for any jobs (only the timings and the order of the rows in the CSV change).
#pragma once

#include <pegsim/dynamics/run.h>
#include <pegsim/dynamics/simulation.h>
#include <pegsim/experiment/sweep_grid.h>
#include <pegsim/scene/scene.h>

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace pegsim {

struct NamedScene {
  std::string name;  // the CSV's scene column and the per-step file prefix (e.g. "bodies_a")
  Scene scene;
};

struct SweepOptions {
  std::vector<NamedScene> scenes;  // names must be distinct (they key the rows)
  std::vector<std::string> models;
  std::vector<double> step_sizes;
  Shard shard;
  int jobs = 1;
  std::string out_dir;
  bool per_step = false;
  std::optional<double> duration;  // default: each scene's settings.duration
  // The run's simulation options; default: the scene's settings with the run's model and h.
  std::function<SimulationOptions(const Scene&, const SweepRun&)> simulation_options;
};

struct SweepPlan {
  int grid_runs = 0;   // the whole grid
  int shard_runs = 0;  // this shard's part
  int skipped = 0;     // already in the CSV
  int to_run = 0;
  long total_steps = 0;  // steps of the runs to do
  bool dropped_partial_row = false;
};

struct SweepRunResult {
  SweepRun run;
  std::string scene;
  RunSummary summary;
  std::string error;  // non-empty when the run threw (no row written)
};

// Called from the worker threads, one call at a time (the runner serialises them).
struct SweepObserver {
  std::function<void(const SweepPlan&)> on_start;
  std::function<void(const SweepRun&, const std::string& scene, long steps_done_in_sweep)> on_step;
  std::function<void(const SweepRunResult&)> on_run_finished;
};

struct SweepReport {
  SweepPlan plan;
  int runs_done = 0;
  int errors = 0;          // runs that threw; they have no row and are retried on resume
  int solver_failures = 0; // summed over the runs done now
  int non_finite_steps = 0;
  double wall_seconds = 0.0;
  std::string csv_path;
  std::vector<std::string> error_messages;
};

// Grid bad input (no scenes, duplicate scene names, empty model or step lists, jobs < 1) throws
// SweepSpecError before anything is written; an unusable output directory or sweep.csv throws
// SweepCsvError (sweep_csv.h). Errors inside a run are caught and reported per run.
SweepReport run_sweep(const SweepOptions& options, const SweepObserver& observer = {});

// "<scene>_<model>_<h>.csv" with characters outside [A-Za-z0-9._-] replaced by '_'.
std::string per_step_file_name(const std::string& scene, const std::string& model, double h);

}  // namespace pegsim
