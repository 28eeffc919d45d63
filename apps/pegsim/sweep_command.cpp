// pegsim sweep (--scenes A.json B.json ... | --pour2d-sets DIR) --models standard,peg,peg-accurate
//              --dt 0.001,0.002,... | --dt 0.001:0.016:0.001  --out DIR
//              [--duration T] [--shard i/N] [--jobs J] [--per-step] [--quiet] [--count N]
//              [--solver S] [--gamma G] [--epsilon E] [--applicability A] [--on-failure continue|stop]
//              [--dask SCHEDULER_ADDRESS]
//
// Runs the grid scenes x models x step sizes (order and sharding: experiment/sweep_grid.h), one
// row per run appended to DIR/sweep.csv as it finishes (experiment/sweep_csv.h); rows already there
// are skipped, so re-running the same command resumes. --per-step: DIR/steps/<scene>_<model>_<h>.csv.
// --pour2d-sets: every bodies_*.json in DIR becomes a pour scene in memory (scene/pour2d.h), named
// by its file stem ("bodies_a"); --scenes: scene files, named by their stems.
// --shard i/N (1-based) runs the grid positions k with k % N == i-1; give each shard its own DIR or
// share one local DIR (rows are appended atomically), then concatenate the CSVs' data rows.
// --jobs J: J threads, one run each at a time; results do not depend on J (timings do).
// --dask ADDRESS: each run is a task on that Dask cluster (dask_sweep.h; --jobs is then the
// cluster's workers); same CSV, resume and report line, and a worker killed mid-run is retried.
// Progress with ETA on stderr; last stdout line: one JSON object (grid_runs, shard, shard_runs,
// runs_done, skipped, errors, solver_failures, non_finite_steps, wall_seconds, csv).
// Exit 2 on bad input (unknown model, bad --dt list, bad --shard such as "3/2", unreadable scene,
// sweep.csv with foreign columns), 1 when a run could not be completed (it threw; no row, redone
// on resume), 0 otherwise (solver failures are results: they are counted, not errors).
#include "command.h"
#include "dask_sweep.h"
#include "progress.h"
#include "simulation_flags.h"

#include <pegsim/contact/model.h>
#include <pegsim/experiment/sweep.h>
#include <pegsim/experiment/sweep_csv.h>
#include <pegsim/scene/pour2d.h>

#include <nlohmann/json.hpp>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <memory>

namespace pegsim::cli {
namespace {

namespace fs = std::filesystem;

struct SweepFlags {
  std::vector<std::string> scene_files;
  std::string pour2d_dir;
  int pour2d_count = kPour2dDefaultCount;
  std::vector<std::string> models;
  std::vector<std::string> step_sizes;
  std::string out_dir;
  std::string shard = "1/1";
  int jobs = 1;
  bool per_step = false;
  bool quiet = false;
  std::string dask;  // scheduler address: run the grid on a Dask cluster
  SimulationFlags simulation;  // model and time step come from the grid, the rest from here
};

std::string join(const std::vector<std::string>& parts) {
  std::string text;
  for (const auto& p : parts) text += (text.empty() ? "" : ",") + p;
  return text;
}

std::vector<NamedScene> load_scene_files(const std::vector<std::string>& paths) {
  std::vector<NamedScene> scenes;
  for (const auto& path : paths) scenes.push_back({fs::path(path).stem().string(), load_scene(path)});
  return scenes;
}

// Every bodies_*.json in `dir`, sorted by name, as a pour2d scene.
std::vector<NamedScene> make_pour2d_scenes(const std::string& dir, int count) {
  std::error_code error;
  if (!fs::is_directory(dir, error)) throw SweepSpecError("--pour2d-sets: " + dir + ": not a directory");
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(dir, error)) {
    const std::string name = entry.path().filename().string();
    if (entry.is_regular_file() && name.rfind("bodies_", 0) == 0 && entry.path().extension() == ".json") {
      files.push_back(entry.path());
    }
  }
  if (error) throw SweepSpecError("--pour2d-sets: " + dir + ": cannot list (" + error.message() + ")");
  if (files.empty()) throw SweepSpecError("--pour2d-sets: " + dir + ": no bodies_*.json files");
  std::sort(files.begin(), files.end());
  std::vector<NamedScene> scenes;
  for (const auto& f : files) scenes.push_back({f.stem().string(), make_pour2d_from_bodies_file(f.string(), count)});
  return scenes;
}

SweepOptions sweep_options(const SweepFlags& flags) {
  const bool have_files = !flags.scene_files.empty(), have_sets = !flags.pour2d_dir.empty();
  if (have_files == have_sets) throw SweepSpecError("give exactly one of --scenes FILE... or --pour2d-sets DIR");
  SweepOptions o;
  o.scenes = have_files ? load_scene_files(flags.scene_files) : make_pour2d_scenes(flags.pour2d_dir, flags.pour2d_count);
  o.models = parse_model_list(flags.models, contact_model_names());
  o.step_sizes = parse_step_sizes(join(flags.step_sizes));
  o.shard = parse_shard(flags.shard);
  if (flags.jobs < 1) throw SweepSpecError("--jobs: must be at least 1");
  o.jobs = flags.jobs;
  o.out_dir = flags.out_dir;
  o.per_step = flags.per_step;
  // Check the shared flags (solver, duration, ...) once per scene, before anything runs.
  for (const NamedScene& s : o.scenes) {
    SimulationFlags probe = flags.simulation;
    probe.model = o.models.front();
    probe.time_step = o.step_sizes.front();
    probe.options_for(s.scene);
    probe.duration_for(s.scene);
  }
  o.duration = flags.simulation.duration;
  const SimulationFlags base = flags.simulation;
  o.simulation_options = [base](const Scene& scene, const SweepRun& run) {
    SimulationFlags f = base;
    f.model = run.model;
    f.time_step = run.time_step;
    return f.options_for(scene);
  };
  return o;
}

std::string describe(const std::string& scene, const SweepRun& run) {
  return scene + " " + run.model + " h=" + format_step_size(run.time_step);
}

nlohmann::json report_json(const SweepReport& r, const std::string& shard) {
  return {{"grid_runs", r.plan.grid_runs},   {"shard", shard},
          {"shard_runs", r.plan.shard_runs}, {"runs_done", r.runs_done},
          {"skipped", r.plan.skipped},       {"errors", r.errors},
          {"solver_failures", r.solver_failures}, {"non_finite_steps", r.non_finite_steps},
          {"wall_seconds", r.wall_seconds},  {"csv", r.csv_path}};
}

int run_sweep_command(const SweepFlags& flags) {
  SweepOptions options;
  try {
    options = sweep_options(flags);
  } catch (const std::exception& e) {
    std::cerr << "pegsim sweep: " << e.what() << "\n";
    return kExitBadInput;
  }
  if (!flags.dask.empty()) return run_sweep_on_dask(options, DaskSweep{flags.dask, flags.shard, flags.quiet, flags.simulation});

  const bool terminal = isatty(STDERR_FILENO) != 0;
  std::unique_ptr<Progress> progress;
  int finished = 0, to_run = 0;
  SweepObserver observer;
  observer.on_start = [&](const SweepPlan& plan) {
    to_run = plan.to_run;
    if (plan.dropped_partial_row) std::cerr << "pegsim sweep: removed an incomplete last row of sweep.csv\n";
    if (!flags.quiet) {
      std::cerr << "pegsim sweep: " << plan.shard_runs << " of " << plan.grid_runs << " runs in shard " << flags.shard
                << ", " << plan.skipped << " already done, " << plan.to_run << " to run (" << plan.total_steps
                << " steps)\n";
    }
    progress = std::make_unique<Progress>("sweep", plan.total_steps, !flags.quiet);
  };
  observer.on_step = [&](const SweepRun& run, const std::string& scene, long steps_done) {
    progress->update(steps_done, "run " + std::to_string(finished + 1) + "/" + std::to_string(to_run) + " " +
                                     describe(scene, run));
  };
  observer.on_run_finished = [&](const SweepRunResult& r) {
    ++finished;
    const std::string clear = terminal ? "\r\033[K" : "";
    if (!r.error.empty()) {
      std::cerr << clear << "pegsim sweep: " << describe(r.scene, r.run) << ": " << r.error << "\n";
    } else if (!flags.quiet) {
      std::cerr << clear << "sweep: finished " << finished << "/" << to_run << " " << describe(r.scene, r.run) << ": "
                << r.summary.steps << " steps, " << r.summary.solver_failures << " solver failures, "
                << r.summary.wall_seconds << " s\n";
    }
  };

  SweepReport report;
  try {
    report = run_sweep(options, observer);
  } catch (const std::exception& e) {  // unusable output directory or sweep.csv: nothing ran
    std::cerr << "pegsim sweep: " << e.what() << "\n";
    return kExitBadInput;
  }
  if (progress) progress->finish();
  std::cout << report_json(report, flags.shard).dump() << std::endl;
  return report.errors > 0 ? kExitNoSolution : kExitOk;
}

void setup_sweep_command(CLI::App& app, int& exit_code) {
  auto flags = std::make_shared<SweepFlags>();
  CLI::App* cmd = app.add_subcommand("sweep", "run scenes x models x step sizes; one CSV row per run (resumable)");
  cmd->add_option("--scenes", flags->scene_files, "scene JSON files");
  cmd->add_option("--pour2d-sets", flags->pour2d_dir, "directory of bodies_*.json pour body sets");
  cmd->add_option("--count", flags->pour2d_count, "falling bodies per pour2d set (default 20)")
      ->check(CLI::PositiveNumber);
  flags->simulation.add_to(*cmd);
  // The grid replaces the single --model / --dt of the shared flags.
  cmd->remove_option(cmd->get_option("--model"));
  cmd->remove_option(cmd->get_option("--dt"));
  cmd->add_option("--models", flags->models, "comma-separated contact models, e.g. standard,peg,peg-accurate")
      ->required();
  cmd->add_option("--dt", flags->step_sizes, "step sizes: 0.001,0.002 and/or ranges START:STOP:STEP")->required();
  cmd->add_option("--out", flags->out_dir, "output directory (sweep.csv, steps/)")->required();
  cmd->add_option("--shard", flags->shard, "run part i of N of the grid (1-based: k % N == i-1)");
  cmd->add_option("--jobs", flags->jobs, "parallel runs (threads; default 1)");
  cmd->add_flag("--per-step", flags->per_step, "also write DIR/steps/<scene>_<model>_<h>.csv");
  cmd->add_flag("--quiet", flags->quiet, "no progress on stderr");
  cmd->add_option("--dask", flags->dask,
                  "Dask scheduler address (tcp://host:8786): run each (scene, model, h) as a task on that cluster "
                  "(python3 -m pegsim.sweep_runner; $PEGSIM_PYTHON picks the interpreter)");
  cmd->callback([flags, &exit_code] { exit_code = run_sweep_command(*flags); });
}

const CommandRegistrar registrar("sweep", setup_sweep_command);

}  // namespace
}  // namespace pegsim::cli
