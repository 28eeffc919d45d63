// Runs a Simulation to a duration, measuring every step (overlap, depth, energy) and summarising:
// the loop shared by `pegsim run`, `pegsim sweep`, the demo, benchmarks and scenario tests.
#pragma once

#include <pegsim/dynamics/simulation.h>
#include <pegsim/metrics/metrics.h>

#include <nlohmann/json.hpp>

#include <functional>
#include <string>
#include <vector>

namespace pegsim {

struct StepMeasurement {
  StepRecord record;
  OverlapStats overlap;  // after the step
  double energy = 0.0;   // after the step
};

struct RunSummary {
  std::string model;
  double time_step = 0.0;
  int steps = 0;
  int solver_failures = 0;
  int recovered_steps = 0;      // failed at h, solved by halving (SimulationOptions::recovery_depth)
  int depth_halved_steps = 0;   // solved at h but still > 1 mm deep after the fixpoint: taken as halves
  double first_failure_time = -1.0;  // end time of the first failed step; -1: none
  bool stopped_early = false;   // FailurePolicy::Stop hit a failure, or the run diverged
  bool diverged = false;        // stopped by a divergence guard (divergence_guard.h, or the LCP row guard)
  std::string divergence_reason;  // what the guard saw (empty when not diverged)
  int non_finite_steps = 0;     // steps that produced a NaN/Inf state (must stay 0)
  double overlap_median = 0, overlap_q1 = 0, overlap_q3 = 0, overlap_mean = 0, overlap_max = 0;
  double depth_max = 0.0;
  int escaped_bodies = 0;       // dynamic bodies whose centre left the static bodies' bounding box
  double mean_lcp_size = 0.0;
  int max_lcp_size = 0;
  double mean_contacts = 0.0;
  double mean_traps = 0.0;
  double mean_vv_sites = 0.0;  // vertex–vertex sites given a crossing condition, per step
  double wall_seconds = 0.0;
  double solve_seconds = 0.0;   // LCP work: configuration search + solve or check + fixpoint re-solves
  double energy_initial = 0.0, energy_final = 0.0, energy_max_increase = 0.0;
  // The engine's own work (simulation.h): steps with a configuration search, those of them whose
  // answer did not verify against the model's LCP (the LCP solver alone then answered), steps the
  // proximity corrector solved again, and the fixpoint's extra solves (of them, damped iterates kept).
  int search_steps = 0, search_fallbacks = 0, proximity_corrections = 0, fixpoint_solves = 0, fixpoint_damped = 0;
  // Failed steps applied degraded (FailurePolicy::Continue, simulation.h), of which held (nothing
  // applied); answers refused by the energy audit; other cells of unconverged searches tried.
  int degraded_steps = 0, held_steps = 0, energy_rejections = 0, alternative_cells = 0;
  // Largest one-step increase of mechanical energy beyond the step's stabilisation work (push-out
  // of overlaps, energy_audit.h) and the integrator's gravity lag (StepRecord::gravity_lag), J; steps where it exceeds kEnergyStepTolerance count as
  // energy_gain_steps (and as failures: solver_failures includes them).
  double energy_max_unexplained = 0.0;
  int energy_gain_steps = 0;
  double stabilisation_work_max = 0.0;  // largest one-step push-out work, J (spawns into occupied spots)
  // Steps whose LCP was jammed and solved with psi clipped at the jammed contacts
  // (StepRecord::jammed_contacts; issue 10 item 5). Not solver failures.
  int jammed_steps = 0;
  // Bodies whose spawn pose was occupied and that waited for a free spot (SimulationOptions::
  // force_spawns), the longest wait (s), and bodies still waiting at the end.
  int deferred_spawns = 0;
  double max_spawn_delay = 0.0;
  int waiting_bodies = 0;
  // The stepper (SimulationOptions::stepper) and the NCP stepper's work (StepRecord::ncp_*): Newton
  // solves, their iterations, solves not accepted (fallbacks to the fixpoint/LCP answer), and steps
  // whose rows it does not cover (nonconvex models' sites); ncp_seconds is inside solve_seconds.
  std::string stepper;
  int ncp_solves = 0, ncp_newton_iterations = 0, ncp_fallbacks = 0, ncp_unsupported_steps = 0;
  double ncp_seconds = 0.0;
};

// A step may gain this much mechanical energy beyond its stabilisation work before it counts as a
// failure: J, plus kEnergyStepRelativeTolerance of the energy scale (initial kinetic + |potential|).
inline constexpr double kEnergyStepTolerance = 1e-6;
inline constexpr double kEnergyStepRelativeTolerance = 1e-6;

struct RunOptions {
  double duration = 1.0;
  bool measure_overlap = true;  // exact pairwise overlap every step (the accuracy metric)
};

// observer is called after every step (may be empty).
using StepObserver = std::function<void(const Simulation&, const StepMeasurement&)>;

RunSummary run_simulation(Simulation& simulation, const RunOptions& options, const StepObserver& observer = {});

// Summary as the CLI's final JSON line: steps, solver_failures, overlap_median, overlap_max,
// depth_max, wall_seconds, final (every body's name, position, angle, velocity,
// angular_velocity) and the other RunSummary fields.
nlohmann::json summary_to_json(const RunSummary& summary, const std::vector<Body>& final_bodies);
// Either dimension; a 3D scene's `final` entries carry position [x, y, z], orientation
// [w, x, y, z], velocity and angular_velocity (world frame), and "dimension": 3.
nlohmann::json summary_to_json(const RunSummary& summary, const Scene& final_scene);

// Quartiles by linear interpolation between order statistics (numpy's default).
double quantile(std::vector<double> values, double q);

}  // namespace pegsim
