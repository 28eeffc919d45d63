// Flags shared by `run`, `sweep`, `render` and `demo`: model, step, solver and model parameters,
// layered over the scene file's settings (flags win).
#pragma once

#include <pegsim/dynamics/simulation.h>

#include <CLI/CLI.hpp>

#include <optional>
#include <string>

namespace pegsim::cli {

struct SimulationFlags {
  std::optional<std::string> model;
  std::optional<double> time_step;
  std::optional<double> duration;
  std::optional<std::string> solver;
  std::optional<double> gamma, epsilon, applicability;
  std::string on_failure = "continue";
  std::string dump_failed_dir;
  std::optional<int> recovery_depth;
  std::optional<int> max_lcp_size;
  bool no_configuration_search = false;
  bool no_proximity_corrector = false;
  bool no_deep_step_retry = false;
  bool force_spawns = false;
  std::optional<int> fixpoint_iterations;
  std::optional<double> fixpoint_tolerance;
  bool no_fixpoint_damping = false;
  std::string stepper = "fixpoint";
  std::optional<int> ncp_iterations;
  std::optional<double> ncp_tolerance;
  int threads = 1;

  void add_to(CLI::App& command);
  // Scene settings overridden by the flags. Throws std::invalid_argument with a message naming the
  // flag on bad values (unknown model or solver, non-positive step).
  SimulationOptions options_for(const Scene& scene) const;
  double duration_for(const Scene& scene) const;
};

}  // namespace pegsim::cli
