// A frame: a snapshot of the simulation after a step, with everything the overlays need. Frames are
// copies, so a run can be rendered after it finished (e.g. two models side by side).
#pragma once

#include <pegsim/assembly/row_system.h>
#include <pegsim/dynamics/body.h>
#include <pegsim/dynamics/body3d.h>
#include <pegsim/dynamics/run.h>
#include <pegsim/dynamics/simulation.h>
#include <pegsim/proximity/contact.h>

#include <string>
#include <vector>

namespace pegsim {

struct Frame {
  std::vector<Body> bodies;
  std::vector<Body3d> bodies3d;  // a 3D scene's bodies (then `bodies` is empty)
  std::vector<char> active;   // spawned bodies; the others are not drawn
  // The step's proximity, rows and impulses. Contacts were found at the start of the step; they are
  // drawn on the bodies' end-of-step pose (A's vertex, B's edge normal as they are now).
  ProximityResult proximity;
  RowSystem rows;
  Vec impulses;               // z, indexed like rows.variables()
  // Caption.
  std::string model;
  double time_step = 0.0;
  double time = 0.0;
  int step = 0;
  bool has_step = false;      // false for the initial state (no step taken: no status, no overlays)
  double overlap_area = 0.0;  // measured total overlap after the step (metrics.h); m^3 in 3D
  SolveStatus solver_status = SolveStatus::Solved;
  bool is_3d() const { return !bodies3d.empty(); }
  std::size_t body_count() const { return is_3d() ? bodies3d.size() : bodies.size(); }
  std::string solver;
  // When set, drawn in red in place of the solver line (e.g. a run that stopped before this step).
  std::string note;
};

// The state before any step (step 0).
Frame capture_initial_frame(const Simulation& simulation);
// The state after the step just measured (call from a run.h StepObserver).
Frame capture_frame(const Simulation& simulation, const StepMeasurement& measurement);

// Sum of normal-impulse variables z_k per contact (contact index -> N s); contacts without a
// normal impulse get 0. Non-finite or negative z (a failed solve) counts as 0.
std::vector<double> normal_impulse_per_contact(const Frame& frame);

// Per contact: which constraint kinds (U, I, X, group) have a variable at that contact, as bits
// 1 << static_cast<int>(ConstraintKind).
std::vector<unsigned> constraint_kinds_per_contact(const Frame& frame);

}  // namespace pegsim
