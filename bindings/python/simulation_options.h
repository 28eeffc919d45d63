// Simulation options from Python keywords (or the JSON a sweep task carries), layered over the
// scene's settings exactly as the CLI's flags are (apps/pegsim/simulation_flags.cpp): the model, the
// step and the solver default to the scene's settings; an unknown keyword or a bad value raises
// ValueError naming the keyword.
#pragma once

#include <pegsim/dynamics/simulation.h>

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace pegsim::python {

// Keywords accepted besides model and dt (the CLI flag each stands for in brackets):
// solver [--solver], gamma, epsilon, applicability_threshold [--applicability],
// on_failure "continue"|"stop", dump_failed_dir, recovery_depth, max_lcp_size [--max-lcp],
// configuration_search [not --no-configuration-search], proximity_corrector
// [not --no-proximity-corrector], fixpoint_iterations, fixpoint_tolerance, fixpoint_damping [not
// --no-fixpoint-damping], tolerance (the LCP check's), threads [--threads].
std::vector<std::string> simulation_option_names();

SimulationOptions simulation_options(const Scene& scene, const std::optional<std::string>& model,
                                     const std::optional<double>& dt, const nlohmann::json& options);

}  // namespace pegsim::python
