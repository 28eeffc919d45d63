// Per-step metrics as CSV: one header line, then one row per step.
//
// Columns (in this order; readers may rely on it, new columns are only ever appended):
//   step           StepRecord::step
//   time           time at the end of the step (s)
//   overlap        OverlapStats::total_area: summed pairwise intersection area (m^2)
//   max_depth      OverlapStats::max_depth: largest pairwise penetration depth (m)
//   contacts       potential contacts
//   rows           complementarity rows emitted
//   lcp_size       size of the solved LCP
//   solver_status  to_string(SolveStatus): solved, infeasible, ...
//   residual       the independent verifier's residual
//   solve_seconds  StepProfile::solve
//   energy         kinetic + gravitational potential energy of the active dynamic bodies (J)
//   unilateral, intercontact, cross_contact, traps   constraint counts (RowSystem statistics)
//   solver         name of the solver that produced the accepted solution
//   iterations     its pivots or iterations
//   groups         nonconvex groups (Egan/Nguyen models)
//   overlapping_pairs  OverlapStats::overlapping_pairs
//   step_seconds   StepProfile::total
//   search_rounds, search_switches, search_converged, search_accepted, search_seconds
//                  the configuration search (configuration_search.h): convex LCPs solved, configuration
//                  changes, 1 when it converged, 1 when its impulses verified as the model's solution
//                  (0 0 0 0 0 for models without nonconvex sites)
//   substeps       1, or the number of sub-steps when the step was recovered by halving
//   fixpoint_solves, end_depth, fixpoint_seconds   the end-of-step gap fixpoint (gap_fixpoint.h):
//                  extra solves, deepest contact-pair overlap at the end of the step (m), its time
//   proximity_corrected  1 when the corrector pass (reach covering the solved end velocities)
//                  found new feature pairs and the step was solved again with them
//   degraded       how a failed step was applied (to_string(Degradation)): none, no_push_out,
//                  no_push_out_no_friction, held
//   energy_gain    the applied answer's audited gain beyond KE(nu_free) + stabilisation (J)
//   energy_rejections, alternative_cells   answers refused by the energy audit; other solved cells
//                  of an unconverged configuration search tried against the model's LCP
//   stabilisation_work   push-out work of overlaps by the applied impulses (J)
//   vv_sites       vertex–vertex sites given a crossing condition (RowSystem::vv_sites): PEG's
//                  fitting sites; for the Egan/Nguyen group models the sites whose vertex groups
//                  were replaced (contact/configuration_sets.h); 0 for the standard model
//   jammed_contacts  contacts whose psi was clipped at 0 because the step's LCP was jammed
//                  (StepRecord::jammed_contacts, lcp/jam.h); 0 for every other step
//   fixpoint_damped  fixpoint iterates kept that took half a deeper iterate's change of gap
//                  corrections (StepRecord::fixpoint_damped, SimulationOptions::fixpoint_damping)
// Real numbers are written with "%.17g" (exact round trip); text fields are CSV-quoted when needed.
#pragma once

#include <pegsim/dynamics/simulation.h>
#include <pegsim/metrics/metrics.h>

#include <fstream>
#include <memory>
#include <ostream>
#include <string>

namespace pegsim {

class MetricsCsvWriter {
 public:
  // Writes to a file (created or truncated); throws std::runtime_error naming the path when it
  // cannot be opened.
  explicit MetricsCsvWriter(const std::string& path);
  // Writes to a stream the caller keeps alive (e.g. std::cout).
  explicit MetricsCsvWriter(std::ostream& out);

  // The header line: the column names above, comma-separated, no trailing newline.
  static std::string header();

  // One row; throws std::runtime_error when the stream has failed (e.g. disk full).
  void write(const StepRecord& record, const OverlapStats& overlap, double energy);
  // Flushes; throws std::runtime_error when anything failed to be written.
  void close();

 private:
  std::unique_ptr<std::ofstream> file_;
  std::ostream* out_ = nullptr;
  std::string name_;
};

}  // namespace pegsim
