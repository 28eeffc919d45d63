// The sweep runner (sweep.h): plan the shard's runs, skip the finished ones, run the rest on
// `jobs` threads, append one CSV row per finished run.
#include <pegsim/experiment/sweep.h>

#include <pegsim/experiment/sweep_csv.h>
#include <pegsim/io/metrics_writer.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <memory>
#include <mutex>
#include <thread>

namespace pegsim {
namespace {

namespace fs = std::filesystem;

void check_options(const SweepOptions& o) {
  if (o.scenes.empty()) throw SweepSpecError("no scenes to sweep");
  for (std::size_t i = 0; i < o.scenes.size(); ++i) {
    const std::string& name = o.scenes[i].name;
    if (name.empty() || name.find_first_of("\r\n") != std::string::npos) {
      throw SweepSpecError("scene " + std::to_string(i + 1) + ": a scene name must be one non-empty line");
    }
    for (std::size_t j = 0; j < i; ++j) {
      if (o.scenes[j].name == name) {
        throw SweepSpecError("two scenes are named \"" + name + "\": scene names key the sweep's rows");
      }
    }
  }
  if (o.models.empty()) throw SweepSpecError("--models: no model given");
  if (o.step_sizes.empty()) throw SweepSpecError("--dt: no step size given");
  if (o.jobs < 1) throw SweepSpecError("--jobs: must be at least 1");
  if (o.shard.count < 1 || o.shard.index < 1 || o.shard.index > o.shard.count) {
    throw SweepSpecError("--shard: i must be between 1 and N");
  }
  if (o.duration && (!std::isfinite(*o.duration) || *o.duration < 0.0)) {
    throw SweepSpecError("--duration: must be a non-negative number");
  }
}

void make_directory(const fs::path& dir) {
  std::error_code error;
  fs::create_directories(dir, error);
  if (error || !fs::is_directory(dir)) {
    throw SweepCsvError(dir.string() + ": cannot create the output directory (" +
                        (error ? error.message() : std::string("not a directory")) + ")");
  }
}

double run_duration(const SweepOptions& o, const Scene& scene) { return o.duration.value_or(scene.settings.duration); }

long planned_steps(double duration, double h) { return std::llround(duration / h); }

SimulationOptions default_simulation_options(const Scene& scene, const SweepRun& run) {
  SimulationOptions s;
  s.model = run.model;
  s.time_step = run.time_step;
  if (const auto kind = parse_solver_kind(scene.settings.solver)) s.solver = *kind;
  s.model_options.gamma = scene.settings.gamma;
  s.model_options.epsilon = scene.settings.epsilon;
  s.model_options.applicability_threshold = scene.settings.applicability_threshold;
  return s;
}

// Shared state of one sweep's worker threads.
class SweepExecution {
 public:
  SweepExecution(const SweepOptions& options, const SweepObserver& observer, SweepCsv& csv, SweepReport& report)
      : options_(options), observer_(observer), csv_(csv), report_(report) {}

  void run_all(const std::vector<SweepRun>& runs) {
    runs_ = &runs;
    const int threads = std::min<int>(options_.jobs, static_cast<int>(runs.size()));
    if (threads <= 1) {
      work();
      return;
    }
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t) workers.emplace_back([this] { work(); });
    for (auto& w : workers) w.join();
  }

 private:
  void work() {
    while (!stop_) {
      const std::size_t i = next_++;
      if (i >= runs_->size()) return;
      execute((*runs_)[i]);
    }
  }

  void execute(const SweepRun& run) {
    const NamedScene& named = options_.scenes[static_cast<std::size_t>(run.scene)];
    SweepRunResult result{run, named.name, {}, {}};
    try {
      result.summary = simulate(run, named);
    } catch (const SweepCsvError& e) {
      stop_ = true;  // the results file is unusable: finishing other runs would lose them
      result.error = e.what();
    } catch (const std::exception& e) {
      result.error = e.what();
    }
    std::lock_guard lock(mutex_);
    if (result.error.empty()) {
      ++report_.runs_done;
      report_.solver_failures += result.summary.solver_failures;
      report_.non_finite_steps += result.summary.non_finite_steps;
    } else {
      ++report_.errors;
      report_.error_messages.push_back(named.name + " " + run.model + " h=" + format_step_size(run.time_step) +
                                       ": " + result.error);
    }
    if (observer_.on_run_finished) observer_.on_run_finished(result);
  }

  RunSummary simulate(const SweepRun& run, const NamedScene& named) {
    const SimulationOptions sim_options = options_.simulation_options
                                              ? options_.simulation_options(named.scene, run)
                                              : default_simulation_options(named.scene, run);
    Simulation simulation(named.scene, sim_options);
    const double duration = run_duration(options_, named.scene);

    fs::path step_file, partial_file;
    std::unique_ptr<MetricsCsvWriter> steps;
    if (options_.per_step) {
      step_file = fs::path(options_.out_dir) / "steps" / per_step_file_name(named.name, run.model, run.time_step);
      partial_file = step_file;
      partial_file += ".partial";
      steps = std::make_unique<MetricsCsvWriter>(partial_file.string());
    }
    RunOptions run_options;
    run_options.duration = duration;
    const RunSummary summary =
        run_simulation(simulation, run_options, [&](const Simulation&, const StepMeasurement& m) {
          if (steps) steps->write(m.record, m.overlap, m.energy);
          std::lock_guard lock(mutex_);
          ++steps_done_;
          if (observer_.on_step) observer_.on_step(run, named.name, steps_done_);
        });
    if (steps) {
      steps->close();
      std::error_code error;
      fs::rename(partial_file, step_file, error);
      if (error) throw std::runtime_error(step_file.string() + ": cannot rename from .partial (" + error.message() + ")");
    }
    const SweepKey key{named.name, run.model, run.time_step};
    csv_.append(key, SweepCsv::format_row(key, summary, duration));
    return summary;
  }

  const SweepOptions& options_;
  const SweepObserver& observer_;
  SweepCsv& csv_;
  SweepReport& report_;
  const std::vector<SweepRun>* runs_ = nullptr;
  std::atomic<std::size_t> next_{0};
  std::atomic<bool> stop_{false};
  std::mutex mutex_;  // report_, steps_done_ and the observer calls
  long steps_done_ = 0;
};

}  // namespace

std::string per_step_file_name(const std::string& scene, const std::string& model, double h) {
  std::string name = scene + "_" + model + "_" + format_step_size(h);
  for (char& c : name) {
    const bool safe = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
                      c == '_' || c == '-';
    if (!safe) c = '_';
  }
  return name + ".csv";
}

SweepReport run_sweep(const SweepOptions& options, const SweepObserver& observer) {
  const auto start = std::chrono::steady_clock::now();
  check_options(options);
  make_directory(options.out_dir);
  if (options.per_step) make_directory(fs::path(options.out_dir) / "steps");

  SweepReport report;
  report.csv_path = (fs::path(options.out_dir) / "sweep.csv").string();
  SweepCsv csv(report.csv_path);

  const auto grid = make_sweep_grid(static_cast<int>(options.scenes.size()), options.models, options.step_sizes);
  const auto shard = select_shard(grid, options.shard);
  std::vector<SweepRun> to_run;
  for (const SweepRun& run : shard) {
    const NamedScene& named = options.scenes[static_cast<std::size_t>(run.scene)];
    if (csv.done({named.name, run.model, run.time_step})) {
      ++report.plan.skipped;
      continue;
    }
    to_run.push_back(run);
    report.plan.total_steps += planned_steps(run_duration(options, named.scene), run.time_step);
  }
  report.plan.grid_runs = static_cast<int>(grid.size());
  report.plan.shard_runs = static_cast<int>(shard.size());
  report.plan.to_run = static_cast<int>(to_run.size());
  report.plan.dropped_partial_row = csv.dropped_partial_row();
  if (observer.on_start) observer.on_start(report.plan);

  SweepExecution execution(options, observer, csv, report);
  execution.run_all(to_run);
  report.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return report;
}

}  // namespace pegsim
