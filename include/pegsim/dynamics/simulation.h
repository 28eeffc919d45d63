// The time step as a pipeline: proximity -> contact model -> assembly -> solve -> integrate.
// Semi-implicit Stewart–Trinkle: solve for nu^{l+1}, then q^{l+1} = q^l + h nu^{l+1}.
#pragma once

#include <pegsim/contact/model.h>
#include <pegsim/dynamics/contact_solve.h>
#include <pegsim/dynamics/body.h>
#include <pegsim/lcp/solver.h>
#include <pegsim/scene/scene.h>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace pegsim {

struct NcpStepResult;  // ncp_step.h

// What happens when a step's solve fails (status != Solved).
enum class FailurePolicy {
  // Record it and go on with a step that cannot create energy (Simulation::degrade_safely): the
  // same step solved again without push-out of overlaps (psi clipped at 0), then also without
  // friction; if neither solves, the bodies keep their state for this step. The failure stays
  // counted (status and residual recorded), and StepRecord::degraded says what was dropped.
  // (It used to apply the failed solve's best iterate: +2e7 J in one step of a closed box of
  // spinning polygons under `standard`.)
  Continue,
  // Record it and do not apply the step: Simulation::step leaves the state untouched and the
  // caller (CLI) stops the run.
  Stop,
};

// How a step whose solve failed was applied (FailurePolicy::Continue).
enum class Degradation {
  None,            // the step solved (or was not applied: FailurePolicy::Stop)
  NoPushOut,       // solved again with every contact's psi clipped at 0 (no push-out of overlaps)
  NoFriction,      // and without friction
  Held,            // nothing solved: the bodies kept their state for this step
};
const char* to_string(Degradation degradation);

struct StepProfile {  // seconds per stage
  double proximity = 0, model = 0, search = 0, assembly = 0, solve = 0, fixpoint = 0, integrate = 0, total = 0;
  double ncp = 0;  // the NCP stepper's Newton solve and its check (ncp_step.h)
};

// How a step meets the true end-of-step gaps (docs/engine.md, "Steppers"; contact-NCP excerpt):
enum class Stepper {
  Linear,    // the LCP on gaps predicted linearly from the step's start (no fixpoint)
  Fixpoint,  // and the end-of-step gap fixpoint (excerpt §2.2, gap_fixpoint.h): the default
  Ncp,       // and then the NCP on true end gaps by semismooth Newton (excerpt §2.1, ncp_step.h)
};
const char* to_string(Stepper stepper);
std::optional<Stepper> parse_stepper(const std::string& name);  // "linear", "fixpoint", "ncp"
std::vector<std::string> stepper_names();                        // those names, for messages and checks

struct StepRecord {
  int step = 0;
  double time = 0.0;            // time at the end of the step
  int contacts = 0;             // potential contacts
  int rows = 0;                 // complementarity rows emitted
  int lcp_size = 0;
  int unilateral = 0, intercontact = 0, cross_contact = 0, groups = 0, traps = 0;
  // Vertex–vertex sites given a crossing condition (RowSystem::vv_sites) in the step's last solve.
  // Filled by run_simulation from Simulation::last_rows().
  int vv_sites = 0;
  SolveStatus solver_status = SolveStatus::Solved;
  std::string solver;           // which solver produced the accepted solution
  double residual = 0.0;
  int iterations = 0;
  int islands = 1, threads = 1;  // the accepted solve's independent blocks and the threads they used
  bool diverged = false;        // the LCP exceeded SimulationOptions::max_lcp_size: not solved, not applied
  int substeps = 1;             // > 1: the step was recovered by halving (SimulationOptions::recovery_depth)
  bool depth_halved = false;    // solved, but halved because its end configuration was still over 1 mm deep
  // Configuration search (configuration_search.h), for models with nonconvex sites:
  int search_rounds = 0;         // convex LCPs solved (0: no search this step)
  int search_switches = 0;       // configuration changes
  bool search_converged = false; // the search ended with no site wanting to switch
  bool search_accepted = false;  // its impulses verified as a solution of the model's LCP
  bool proximity_corrected = false;  // the corrector pass found new feature pairs and solved again
  // End-of-step gap fixpoint (gap_fixpoint.h):
  // What a failed step applied under FailurePolicy::Continue (Simulation::degrade_safely):
  Degradation degraded = Degradation::None;
  // Energy audit (energy_audit.h) of the applied answer, and answers refused by it in this step:
  double energy_gain = 0.0;      // J beyond KE(nu_free) and stabilisation work (<= its tolerance)
  double stabilisation_work = 0.0;  // J: push-out of overlaps by the applied impulses
  // J: the part of it that pushes true overlaps apart (energy_audit.h, overlap_push_out_work)
  double overlap_push_out_work = 0.0;
  double gravity_lag = 0.0;      // J: the integrator's own energy term (simulation.cpp, gravity_lag)
  int energy_rejections = 0;     // solver answers refused because they would create energy
  int alternative_cells = 0;     // other solved cells of an unconverged search tried
  int fixpoint_solves = 0;       // extra solves with re-linearised rows
  int fixpoint_damped = 0;       // of them, iterates that took half the correction change and were kept
  double end_depth = 0.0;        // deepest overlap of contact pairs at the end of the step (m)
  // Jammed step (issue 10 item 5, Simulation::resolve_jam): the LCP failed with a checked jam
  // certificate (lcp/jam.h) and was solved again with psi clipped at 0 at these many contacts
  // (the certificates' contacts only). Such a step counts as solved: the jam is a decided case.
  int jammed_contacts = 0;
  // The NCP stepper (Stepper::Ncp, ncp_step.h), summed over recovered sub-steps: Newton solves
  // tried, their iterations, those not accepted (the fixpoint/LCP answer was applied instead), and
  // steps whose rows it does not cover (nonconvex models' sites: the fixpoint/LCP answer stands).
  int ncp_solves = 0, ncp_iterations = 0, ncp_fallbacks = 0, ncp_unsupported = 0;
  StepProfile profile;
  bool solved() const { return solver_status == SolveStatus::Solved; }
};

inline constexpr int kAutoLcpGuard = -1;
inline constexpr int kAutoLcpGuardFloor = 1000;
inline constexpr int kAutoLcpGuardRowsPerBody = 20;
// Many-sided bodies at large steps have many vertex-edge pairs within reach: twenty 24-gons poured
// at h = 0.05 (480 vertices), frictionless and clean, peak at 4447 rows (9.3 per vertex).
inline constexpr int kAutoLcpGuardRowsPerVertex = 16;
// A frictional contact has 4 rows in 2D (normal, two friction directions, slip rate): the guard
// counts contacts, not friction rows (20 frictional polygons at h = 0.05 legitimately reach 1100 rows).
inline constexpr int kAutoLcpGuardFrictionFactor = 4;

struct SimulationOptions {
  std::string model = "standard";
  double time_step = 0.01;
  SolverKind solver = SolverKind::Auto;
  SolveOptions solve;
  ContactModelOptions model_options;
  FailurePolicy on_failure = FailurePolicy::Continue;
  std::string dump_failed_dir;  // when non-empty, failed LCPs are written here in the plain format
  // Failure recovery: a step whose LCP is not solved is retried as two steps of h/2, recursively,
  // at most this many levels deep (2: down to h/4). Smaller steps see fewer, simpler contacts.
  // Only a failure that survives every level counts as a solver failure. A solved step whose end
  // configuration is still over 1 mm deep after the gap fixpoint, from a start that was not, is
  // retried the same way when deep_step_retry is set (its rows' linearisation error shrinks like h^2;
  // RunSummary::depth_halved_steps). 0: no recovery.
  int recovery_depth = 2;
  // false: only failed steps are retried as halves, solved deep steps are applied as they are.
  bool deep_step_retry = true;
  // Row guard: a step whose LCP island has more rows than this is not solved (an interpenetrated,
  // blown-up scene grows it past any pile's); the step is recorded as diverged and not applied, and
  // run_simulation stops there. Checking the configuration search's answer against a larger model
  // LCP is allowed. 0: no limit. kAutoLcpGuard (default): max(1000, 20 x dynamic bodies, 16 x their
  // vertices), times 4 when any body has friction, since a
  // pile without overlap has a bounded number of contact rows per body (a 500-body pile: ~7 per
  // body) and a fixed 1000 stopped legitimate 200-body piles (issue 11). The physical guards
  // (energy without a source, bodies far out of the scene) are in run_simulation (run.h).
  int max_lcp_size = kAutoLcpGuard;
  // Spawning: a body arriving later (spawn_time > 0) whose spawn pose overlaps a body already in the scene waits (at its spawn
  // pose and velocity) until the spot is free, checked at each step's start, instead of being
  // pushed out of the other body at whatever speed the push-out demands (issue 10: frictional
  // pours pile up to the spawn point). true: every body enters at its spawn time regardless
  // (the PEG authors' pour; their frictionless piles never reach it).
  bool force_spawns = false;
  // Configuration search (configuration_search.h): models with nonconvex sites get the Gauss-least-
  // constraint configuration, verified against their own LCP; false: the LCP solver alone picks
  // among the LCP's solutions (the papers' way; admits phantom forces, known_issues.h).
  bool configuration_search = true;
  int max_search_rounds = 8;
  bool proximity_corrected = false;  // the corrector pass found new feature pairs and solved again
  // Proximity corrector: after the solve, proximity again with reach covering the solved end
  // velocities as well; when that finds new feature pairs, the step is solved again with them.
  bool proximity_corrector = true;
  // End-of-step gap fixpoint (gap_fixpoint.h): while the bodies of contact pairs overlap by more
  // than the fixpoint tolerance at the end of the step, re-solve with rows linearised around that
  // end configuration, at most fixpoint_iterations times (0: off); the shallowest iterate is kept.
  // fixpoint_tolerance 0 (default) is automatic, fixpoint_tolerance_for(): 1e-7 m from h = 0.01 on
  // (settled piles end their steps 1e-7-5e-7 m deep, which 1e-6 left alone: the 500-body pile's
  // overlap median 3.3e-8 -> 3.0e-9 m2), 1e-3 m/s2 x h2 below (a rotating contact's linearised
  // gap errs by O(h2), so the tolerance keeps its ratio to that error; BENCHMARKS.md, "Fixpoint
  // tolerance").
  int fixpoint_iterations = 4;
  double fixpoint_tolerance = 0.0;  // metres; 0: automatic
  // When an iterate ends deeper than the one it was linearised around, the next re-solve takes
  // half that iterate's change of gap corrections instead of stopping (measured on 25-200-body
  // piles: 91 of 99 such half steps ended shallower; BENCHMARKS.md, "Damped gap fixpoint").
  bool fixpoint_damping = true;
  // Stepper (docs/engine.md, "Steppers"). Linear forces fixpoint_iterations to 0; Ncp runs the
  // fixpoint first (fixpoint_iterations of it, 0 allowed) and starts Newton from its answer, at most
  // ncp_iterations iterations, accepted at complementarity residual <= ncp_tolerance on true gaps.
  Stepper stepper = Stepper::Fixpoint;
  int ncp_iterations = 20;
  double ncp_tolerance = 1e-8;  // scaled as verify.h scales the LCP's residual
};

// The fixpoint's depth tolerance (m) for a step of length h: options.fixpoint_tolerance when set
// (> 0), else min(1e-7 m, 1e-3 m/s2 x h2).
double fixpoint_tolerance_for(const SimulationOptions& options, double h);

class Simulation {
 public:
  // Throws std::invalid_argument for an unknown model name.
  Simulation(Scene scene, SimulationOptions options);

  StepRecord step();
  double time() const { return time_; }
  int steps_taken() const { return steps_; }
  const std::vector<Body>& bodies() const { return scene_.bodies; }
  std::vector<Body>& mutable_bodies() { return scene_.bodies; }
  // A 3D scene's bodies (Scene::is_3d; bodies() is then empty).
  const std::vector<Body3d>& bodies3d() const { return scene_.bodies3d; }
  std::vector<Body3d>& mutable_bodies3d() { return scene_.bodies3d; }
  const Scene& scene() const { return scene_; }
  const SimulationOptions& options() const { return options_; }
  // Bodies taking part in the next step: those already in, plus those due (spawn_time <= time)
  // whose spot is free (or all due ones under force_spawns).
  std::vector<char> active_bodies() const;
  // Bodies that had to wait for a free spot (counted once each), and the longest wait (s).
  int deferred_spawns() const { return deferred_spawns_; }
  double max_spawn_delay() const { return max_spawn_delay_; }
  // Bodies due but still waiting now.
  int waiting_bodies() const;
  // Last step's proximity and rows (for rendering / inspection).
  const ProximityResult& last_proximity() const { return last_proximity_; }
  const Vec& last_impulses() const { return last_z_; }
  const RowSystem& last_rows() const { return last_rows_; }
  std::vector<std::string> failed_dumps() const { return failed_dumps_; }

 private:
  struct StepState;  // the step's fixed data (simulation.cpp)
  // The pipeline over [t0, t0 + h]; recovers a failed solve, or one still over 1 mm deep after the
  // gap fixpoint, by halving (depth < recovery_depth).
  StepRecord advance(double h, double t0, int depth, int step_number);
  StepRecord recover_by_halving(const StepRecord& record, double h, double t0, int depth, int step_number);
  void dump_failed(ContactSolve& solve, int step, double h, double t0, int depth);
  // FailurePolicy::Continue after a failure that survived recovery: what is applied instead.
  Degradation degrade_safely(StepState& s, ContactSolve& solve, StepRecord& record);
  // A failed step whose LCP is jammed (lcp/jam.h): solved again with psi clipped at 0 at the
  // jammed contacts only; true when that solved (solve and last_proximity_ then hold it).
  bool resolve_jam(StepState& s, ContactSolve& solve, StepRecord& record);
  // Stage 7, proximity corrector, and stage 8, end-of-step gap fixpoint (simulation.cpp).
  // One corrector pass; true when it found new feature pairs and their solve was kept. In 3D the
  // step then runs another pass, at most kCorrectorPasses3d: the new solve can reach feature pairs
  // that neither list had (traced in a random-hull pour: 2.9 mm through an edge pair). In 2D one
  // pass: there the 10-set pour at h = 0.05 cost 1.7x the wall time with repeats for a 20 % smaller
  // largest overlap.
  bool correct_proximity(StepState& s, ContactSolve& solve, StepRecord& record);
  void verify_first_answer(StepState& s, ContactSolve& solve, StepRecord& record);
  static constexpr int kCorrectorPasses3d = 3;
  // can_halve: whether halves would replace the step if it ends deep (then the iterates keep the
  // ordinary dense bound).
  void refine_end_gaps(StepState& s, ContactSolve& solve, StepRecord& record, const std::function<bool()>& can_halve);
  // Stage 8b, the NCP stepper (ncp_step.h): Newton from the stage-8 answer, applied only when it
  // converges and passes the model's LCP check and the energy audit (else counted as a fallback).
  void solve_end_gap_ncp(StepState& s, ContactSolve& solve, StepRecord& record);
  bool accept_ncp_answer(StepState& s, const NcpStepResult& ncp, double depth_before, ContactSolve& solve,
                         StepRecord& record);
  // Stages 2-6 (contact_solve.h), counts and times into the record.
  ContactSolve solve_contacts_into(const ProximityResult& proximity, const ModelContext& context,
                                   const InverseMass& inv_mass, const Vec& nu_free, StepRecord& record,
                                   const FreeSpace& space, const ContactSolve* previous = nullptr,
                                   bool verify = true, const std::vector<char>* pushing_hint = nullptr,
                                   bool has_fallback = false, int optional_dense_rows = kOptionalDenseRows,
                                   const CheckedAnswer* answer = nullptr) const;
  std::vector<char> admissible_at(double t) const;
  void admit_spawns();  // at a step's start: fixes active_ for the step, counts waits
  Scene scene_;
  SimulationOptions options_;
  std::unique_ptr<ContactModel> model_;
  double time_ = 0.0;
  int steps_ = 0;
  ProximityResult last_proximity_;
  RowSystem last_rows_;
  Vec last_z_;
  std::vector<int> warm_basis_;
  std::vector<char> active_;       // bodies in the scene during the current step
  std::vector<char> waited_;       // 1: waiting for a free spot, 2: entered after a wait
  int deferred_spawns_ = 0;
  double max_spawn_delay_ = 0.0;
  std::vector<std::string> failed_dumps_;
};

}  // namespace pegsim
