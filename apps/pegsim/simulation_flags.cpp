#include "simulation_flags.h"

#include "validators.h"

#include <pegsim/contact/model.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace pegsim::cli {

void SimulationFlags::add_to(CLI::App& command) {
  command.add_option("--model", model, "contact model: standard, egan-max, egan-sum, lnc, lnc-accurate, peg, peg-accurate");
  command.add_option("--dt", time_step, "time step h (s); default: the scene's settings.time_step");
  command.add_option("--duration", duration, "simulated time (s); default: the scene's settings.duration");
  command.add_option("--solver", solver, "LCP solver: auto, lemke, newton, pgs, enumerate");
  command.add_option("--gamma", gamma, "Egan max: gamma (default automatic)");
  command.add_option("--epsilon", epsilon, "Egan sum: epsilon in metres (default automatic)");
  command.add_option("--applicability", applicability, "PEG relaxed applicability threshold (default -0.2)");
  command.add_option("--on-failure", on_failure, "after a failed solve: continue (record, go on) or stop")
      ->check(CLI::IsMember({"continue", "stop"}));
  command.add_option("--dump-failed", dump_failed_dir, "directory for failed steps' LCPs (plain format)");
  command.add_option("--recovery-depth", recovery_depth,
                     "retry a failed step, or one still over 1 mm deep after the gap fixpoint, as halves, this many levels deep (default 2: down to h/4; 0: off)")
      ->check(CLI::Range(0, 8));
  command.add_flag("--no-deep-step-retry", no_deep_step_retry,
                   "apply a solved step still over 1 mm deep after the gap fixpoint as it is (default: retry it as "
                   "halves, within --recovery-depth; summary depth_halved_steps)");
  command.add_option("--max-lcp", max_lcp_size,
                     "row guard: stop the run at a step whose LCP island has more rows (default max(1000, 20 per dynamic body, 16 per vertex of those bodies), x4 with friction; 0: none)")
      ->check(CLI::NonNegativeNumber);
  command.add_flag("--no-configuration-search", no_configuration_search,
                   "let the LCP solver alone pick among a nonconvex model's LCP solutions (the papers' way; "
                   "default: Gauss's configuration search, verified against the model's LCP)");
  command.add_flag("--no-proximity-corrector", no_proximity_corrector,
                   "do not repeat proximity with the solved end velocities (default: repeat, solve again on new pairs)");
  command.add_flag("--force-spawns", force_spawns,
                   "spawn every body at its spawn time even inside a body already there (the PEG authors' pour; "
                   "default: a body waits until its spot is free, counted as deferred_spawns)");
  command.add_option("--fixpoint-iterations", fixpoint_iterations,
                     "end-of-step gap fixpoint: re-solves while contact pairs overlap (default 4; 0: off)")
      ->check(CLI::Range(0, 20));
  command.add_option("--fixpoint-tolerance", fixpoint_tolerance,
                     "overlap depth (m) below which the fixpoint stops (0, the default: automatic, min(1e-7, 1e-3 h^2))")
      ->check(finite_number(true));
  command.add_flag("--no-fixpoint-damping", no_fixpoint_damping,
                   "stop the gap fixpoint at an iterate that ends deeper (default: re-solve once with half its change "
                   "of gap corrections)");
  command.add_option("--stepper", stepper,
                     "linear: the LCP step alone (forces --fixpoint-iterations 0); fixpoint (default): and the "
                     "end-of-step gap fixpoint; ncp: and then the NCP on true end gaps by semismooth Newton, "
                     "falling back to the fixpoint's answer (docs/engine.md, Steppers)")
      ->check(CLI::IsMember(stepper_names()));
  command.add_option("--ncp-iterations", ncp_iterations, "NCP stepper: Newton iterations per step (default 20)")
      ->check(CLI::Range(0, 200));
  command.add_option("--ncp-tolerance", ncp_tolerance,
                     "NCP stepper: complementarity residual on true gaps to accept (default 1e-8, scaled as the LCP check)")
      ->check(CLI::PositiveNumber);
  command.add_option("--threads", threads,
                     "threads for a step whose LCP falls apart into islands of 32+ rows (default 1); "
                     "results are bit-identical for every count")
      ->check(CLI::Range(1, 256));
}

SimulationOptions SimulationFlags::options_for(const Scene& scene) const {
  SimulationOptions o;
  o.model = model.value_or(scene.settings.model);
  const auto names = contact_model_names();
  if (std::find(names.begin(), names.end(), o.model) == names.end()) {
    std::string valid;
    for (const auto& n : names) valid += (valid.empty() ? "" : ", ") + n;
    throw std::invalid_argument("--model: unknown contact model \"" + o.model + "\" (valid: " + valid + ")");
  }
  o.time_step = time_step.value_or(scene.settings.time_step);
  if (!(o.time_step > 0.0) || !std::isfinite(o.time_step)) {
    throw std::invalid_argument("--dt: the time step must be a positive number");
  }
  const std::string solver_name = solver.value_or(scene.settings.solver);
  const auto kind = parse_solver_kind(solver_name);
  if (!kind) throw std::invalid_argument("--solver: unknown solver \"" + solver_name + "\" (valid: auto, lemke, newton, pgs, enumerate)");
  o.solver = *kind;
  o.model_options.gamma = gamma.value_or(scene.settings.gamma);
  o.model_options.epsilon = epsilon.value_or(scene.settings.epsilon);
  o.model_options.applicability_threshold = applicability.value_or(scene.settings.applicability_threshold);
  o.on_failure = on_failure == "stop" ? FailurePolicy::Stop : FailurePolicy::Continue;
  o.dump_failed_dir = dump_failed_dir;
  if (recovery_depth) o.recovery_depth = *recovery_depth;
  if (max_lcp_size) o.max_lcp_size = *max_lcp_size;
  o.configuration_search = !no_configuration_search;
  o.proximity_corrector = !no_proximity_corrector;
  o.deep_step_retry = !no_deep_step_retry;
  o.force_spawns = force_spawns;
  if (fixpoint_iterations) o.fixpoint_iterations = *fixpoint_iterations;
  if (fixpoint_tolerance) o.fixpoint_tolerance = *fixpoint_tolerance;
  o.fixpoint_damping = !no_fixpoint_damping;
  const auto kind_of_stepper = parse_stepper(stepper);
  if (!kind_of_stepper) throw std::invalid_argument("--stepper: unknown stepper \"" + stepper + "\"");  // IsMember lists them
  o.stepper = *kind_of_stepper;  // Simulation zeroes fixpoint_iterations for Stepper::Linear
  if (ncp_iterations) o.ncp_iterations = *ncp_iterations;
  if (ncp_tolerance) o.ncp_tolerance = *ncp_tolerance;
  o.solve.threads = threads;
  return o;
}

double SimulationFlags::duration_for(const Scene& scene) const {
  const double d = duration.value_or(scene.settings.duration);
  if (!(d >= 0.0) || !std::isfinite(d)) throw std::invalid_argument("--duration: must be a non-negative number");
  return d;
}

}  // namespace pegsim::cli
