#include "simulation_options.h"

#include <pegsim/contact/model.h>
#include <pegsim/lcp/solver.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace pegsim::python {
namespace {

using nlohmann::json;

std::string joined(const std::vector<std::string>& names) {
  std::string text;
  for (const auto& n : names) text += (text.empty() ? "" : ", ") + n;
  return text;
}

double number(const json& value, const std::string& key) {
  if (!value.is_number()) throw std::invalid_argument(key + ": expected a number, found " + value.dump());
  return value.get<double>();
}

int integer(const json& value, const std::string& key, int lo, int hi) {
  if (!value.is_number_integer()) throw std::invalid_argument(key + ": expected an integer, found " + value.dump());
  const auto v = value.get<long long>();
  if (v < lo || v > hi) {
    throw std::invalid_argument(key + ": must be between " + std::to_string(lo) + " and " + std::to_string(hi));
  }
  return static_cast<int>(v);
}

bool boolean(const json& value, const std::string& key) {
  if (!value.is_boolean()) throw std::invalid_argument(key + ": expected True or False, found " + value.dump());
  return value.get<bool>();
}

std::string text(const json& value, const std::string& key) {
  if (!value.is_string()) throw std::invalid_argument(key + ": expected a string, found " + value.dump());
  return value.get<std::string>();
}

std::string checked_model(const std::string& model) {
  const auto names = contact_model_names();
  if (std::find(names.begin(), names.end(), model) == names.end()) {
    throw std::invalid_argument("model: unknown contact model \"" + model + "\" (valid: " + joined(names) + ")");
  }
  return model;
}

SolverKind checked_solver(const std::string& name) {
  const auto kind = parse_solver_kind(name);
  if (!kind) throw std::invalid_argument("solver: unknown solver \"" + name + "\" (valid: auto, lemke, newton, pgs, enumerate)");
  return *kind;
}

Stepper checked_stepper(const std::string& name) {
  const auto kind = parse_stepper(name);
  if (!kind) throw std::invalid_argument("stepper: unknown stepper \"" + name + "\" (valid: " + joined(stepper_names()) + ")");
  return *kind;
}

FailurePolicy checked_policy(const std::string& name) {
  if (name == "continue") return FailurePolicy::Continue;
  if (name == "stop") return FailurePolicy::Stop;
  throw std::invalid_argument("on_failure: expected \"continue\" or \"stop\", found \"" + name + "\"");
}

void apply_option(SimulationOptions& o, const std::string& key, const json& value) {
  if (key == "solver") o.solver = checked_solver(text(value, key));
  else if (key == "gamma") o.model_options.gamma = number(value, key);
  else if (key == "epsilon") o.model_options.epsilon = number(value, key);
  else if (key == "applicability_threshold") o.model_options.applicability_threshold = number(value, key);
  else if (key == "on_failure") o.on_failure = checked_policy(text(value, key));
  else if (key == "dump_failed_dir") o.dump_failed_dir = text(value, key);
  else if (key == "recovery_depth") o.recovery_depth = integer(value, key, 0, 8);
  else if (key == "max_lcp_size") o.max_lcp_size = integer(value, key, 0, 1 << 30);
  else if (key == "configuration_search") o.configuration_search = boolean(value, key);
  else if (key == "proximity_corrector") o.proximity_corrector = boolean(value, key);
  else if (key == "deep_step_retry") o.deep_step_retry = boolean(value, key);
  else if (key == "force_spawns") o.force_spawns = boolean(value, key);
  else if (key == "fixpoint_iterations") o.fixpoint_iterations = integer(value, key, 0, 20);
  else if (key == "fixpoint_tolerance") o.fixpoint_tolerance = number(value, key);
  else if (key == "fixpoint_damping") o.fixpoint_damping = boolean(value, key);
  else if (key == "tolerance") o.solve.tolerance = number(value, key);
  else if (key == "threads") o.solve.threads = integer(value, key, 1, 256);
  else if (key == "stepper") o.stepper = checked_stepper(text(value, key));
  else if (key == "ncp_iterations") o.ncp_iterations = integer(value, key, 0, 200);
  else if (key == "ncp_tolerance") o.ncp_tolerance = number(value, key);
  else {
    throw std::invalid_argument("unknown simulation option \"" + key + "\" (valid: model, dt, " +
                                joined(simulation_option_names()) + ")");
  }
}

}  // namespace

std::vector<std::string> simulation_option_names() {
  return {"solver", "gamma", "epsilon", "applicability_threshold", "on_failure", "dump_failed_dir",
          "recovery_depth", "deep_step_retry", "max_lcp_size", "configuration_search", "proximity_corrector",
          "force_spawns", "fixpoint_iterations", "fixpoint_tolerance", "fixpoint_damping", "tolerance", "threads",
          "stepper", "ncp_iterations", "ncp_tolerance"};
}

SimulationOptions simulation_options(const Scene& scene, const std::optional<std::string>& model,
                                     const std::optional<double>& dt, const json& options) {
  SimulationOptions o;
  o.model = checked_model(model.value_or(scene.settings.model));
  o.time_step = dt.value_or(scene.settings.time_step);
  if (!(o.time_step > 0.0) || !std::isfinite(o.time_step)) {
    throw std::invalid_argument("dt: the time step must be a positive number");
  }
  o.solver = checked_solver(scene.settings.solver);
  o.model_options.gamma = scene.settings.gamma;
  o.model_options.epsilon = scene.settings.epsilon;
  o.model_options.applicability_threshold = scene.settings.applicability_threshold;
  if (!options.is_null()) {
    if (!options.is_object()) throw std::invalid_argument("options: expected a dict of simulation options");
    for (const auto& [key, value] : options.items()) {
      if (!value.is_null()) apply_option(o, key, value);
    }
  }
  if (!(o.fixpoint_tolerance >= 0.0)) {
    throw std::invalid_argument("fixpoint_tolerance: must be positive (or 0: automatic, min(1e-7, 1e-3 h^2))");
  }
  if (!(o.solve.tolerance > 0.0)) throw std::invalid_argument("tolerance: must be positive");
  if (!(o.ncp_tolerance > 0.0) || !std::isfinite(o.ncp_tolerance)) {
    throw std::invalid_argument("ncp_tolerance: must be a positive number");
  }
  return o;
}

}  // namespace pegsim::python
