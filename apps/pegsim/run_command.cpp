// pegsim run SCENE.json [--model M] [--dt H] [--duration T] [--solver S] [--metrics FILE.csv]
//                       [--trajectory FILE.csv] [--quiet] [--on-failure continue|stop] [--dump-failed DIR]
// Last stdout line: one JSON summary (dynamics/run.h). Exit 0 when the run completed, 1 when it
// stopped on a failed solve (--on-failure stop) or produced a non-finite state, 2 on bad input.
#include "command.h"
#include "progress.h"
#include "simulation_flags.h"

#include <pegsim/dynamics/run.h>
#include <pegsim/io/metrics_writer.h>
#include <pegsim/io/trajectory_writer.h>
#include <pegsim/scene/scene.h>

#include <cmath>
#include <iostream>
#include <memory>

namespace pegsim::cli {
namespace {

struct RunFlags {
  std::string scene_path;
  SimulationFlags simulation;
  std::string metrics_path;
  std::string trajectory_path;
  bool quiet = false;
};

int run_scene_command(const RunFlags& flags) {
  Scene scene;
  SimulationOptions options;
  double duration = 0.0;
  try {
    scene = load_scene(flags.scene_path);
    options = flags.simulation.options_for(scene);
    duration = flags.simulation.duration_for(scene);
  } catch (const std::exception& e) {
    std::cerr << "pegsim run: " << e.what() << "\n";
    return kExitBadInput;
  }

  std::unique_ptr<MetricsCsvWriter> metrics;
  std::unique_ptr<TrajectoryCsvWriter> trajectory;
  try {
    if (!flags.metrics_path.empty()) metrics = std::make_unique<MetricsCsvWriter>(flags.metrics_path);
    if (!flags.trajectory_path.empty()) {
      TrajectoryOptions trajectory_options;
      trajectory_options.dimension = scene.is_3d() ? 3 : 2;
      trajectory = std::make_unique<TrajectoryCsvWriter>(flags.trajectory_path, trajectory_options);
    }
  } catch (const std::exception& e) {
    std::cerr << "pegsim run: " << e.what() << "\n";
    return kExitBadInput;
  }

  std::unique_ptr<Simulation> created;
  try {
    created = std::make_unique<Simulation>(scene, options);  // e.g. a 2D-only model on a 3D scene
  } catch (const std::invalid_argument& e) {
    std::cerr << "pegsim run: " << flags.scene_path << ": " << e.what() << "\n";
    return kExitBadInput;
  }
  Simulation& simulation = *created;
  auto write_state = [&](int step, double time, const Simulation& sim) {
    if (sim.scene().is_3d()) trajectory->write(step, time, sim.bodies3d(), sim.active_bodies());
    else trajectory->write(step, time, sim.bodies(), sim.active_bodies());
  };
  if (trajectory) write_state(0, 0.0, simulation);
  RunOptions run_options;
  run_options.duration = duration;
  const long total = std::lround(duration / options.time_step);
  Progress progress("run " + options.model, total, !flags.quiet);
  const RunSummary summary = run_simulation(simulation, run_options, [&](const Simulation& sim, const StepMeasurement& m) {
    if (metrics) metrics->write(m.record, m.overlap, m.energy);
    if (trajectory) write_state(m.record.step, m.record.time, sim);
    if (!m.record.solved() && !flags.quiet) {
      std::cerr << "\npegsim run: step " << m.record.step << ": solver " << to_string(m.record.solver_status)
                << " (residual " << m.record.residual << ")\n";
    }
    progress.update(m.record.step);
  });
  progress.finish();
  if (metrics) metrics->close();
  if (trajectory) trajectory->close();

  nlohmann::json j = summary_to_json(summary, simulation.scene());
  j["scene"] = flags.scene_path;
  if (!simulation.failed_dumps().empty()) j["failed_dumps"] = simulation.failed_dumps();
  std::cout << j.dump() << std::endl;
  return (summary.stopped_early || summary.non_finite_steps > 0) ? kExitNoSolution : kExitOk;
}

const CommandRegistrar registrar("run", [](CLI::App& app, int& exit_code) {
  auto flags = std::make_shared<RunFlags>();
  CLI::App* cmd = app.add_subcommand("run", "simulate a scene file and print a JSON summary");
  cmd->add_option("scene", flags->scene_path, "scene JSON file")->required();
  flags->simulation.add_to(*cmd);
  cmd->add_option("--metrics", flags->metrics_path, "per-step metrics CSV");
  cmd->add_option("--trajectory", flags->trajectory_path, "per-step body states CSV");
  cmd->add_flag("--quiet", flags->quiet, "no progress on stderr");
  cmd->callback([flags, &exit_code] { exit_code = run_scene_command(*flags); });
});

}  // namespace
}  // namespace pegsim::cli
