// One time step, read top to bottom as the pipeline:
//   proximity -> contact model -> assembly -> solve -> integrate.
// Semi-implicit Stewart–Trinkle (Egan eqs 3-4): M (nu^{l+1} - nu^l) = sum of contact impulses
// + h F_ext, then q^{l+1} = q^l + h nu^{l+1}.
#include <pegsim/dynamics/simulation.h>

#include <pegsim/assembly/assembly.h>
#include <pegsim/assembly/stewart_trinkle_structure.h>
#include <pegsim/dynamics/contact_solve.h>
#include <pegsim/dynamics/energy_audit.h>
#include <pegsim/dynamics/gap_fixpoint.h>
#include <pegsim/dynamics/mechanics.h>
#include <pegsim/dynamics/ncp_step.h>
#include <pegsim/dynamics/warm_start.h>
#include <pegsim/io/lcp_dump.h>
#include <pegsim/lcp/jam.h>
#include <pegsim/lcp/verify.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <functional>
#include <limits>
#include <optional>
#include <stdexcept>

namespace pegsim {
namespace {

using Clock = std::chrono::steady_clock;

// An end depth a user sees (m): a step still that deep after the fixpoint, from a shallower start,
// is retried as halves (advance); where no halves follow (the last level, a step that began that
// deep, or the retry off), the fixpoint's iterates of such a step may solve dense LCPs of up to
// kDeepDenseRows rows instead of kOptionalDenseRows. Measured: 3D random hulls at h = 0.05,
// mu = 0.3, seed 1 kept a 23 mm step whose 1056-row iterate that bound skipped (2.1 mm with it).
// Not unbounded: with kMaxDenseLcpRows the 500-body pile took 335 s and 2.8 GB instead of 148 s
// and 0.4 GB.
constexpr double kDeepEndDepth = 1e-3;
constexpr int kDeepDenseRows = 2000;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// Bodies enter at their spawn time; a tiny tolerance keeps t = k*h from missing spawn_time = k*h
// by rounding.
bool is_spawned(const Scene& scene, std::size_t i, double time, double h) {
  return spawn_time_of(scene, i) <= time + 1e-9 * h;
}

// The moving part of every body (a step changes nothing else), to undo a step that is not applied
// without copying shapes (measured: copying 15 polyhedra per step was 1/6 of a 3D pour's time).
struct BodyStates {
  std::vector<Body> bodies;      // 2D: copied whole (polygons are small)
  struct Pose3d {
    Vec3 position, velocity, angular_velocity;
    Eigen::Quaterniond orientation;
  };
  std::vector<Pose3d> poses;
};

BodyStates save_states(const Scene& scene) {
  BodyStates states;
  states.bodies = scene.bodies;
  for (const Body3d& b : scene.bodies3d) states.poses.push_back({b.position, b.velocity, b.angular_velocity, b.orientation});
  return states;
}

void restore_states(Scene& scene, const BodyStates& states) {
  scene.bodies = states.bodies;
  for (std::size_t i = 0; i < states.poses.size(); ++i) {
    Body3d& b = scene.bodies3d[i];
    b.position = states.poses[i].position;
    b.velocity = states.poses[i].velocity;
    b.angular_velocity = states.poses[i].angular_velocity;
    b.orientation = states.poses[i].orientation;
  }
}

bool same_free_space(const FreeSpace& a, const FreeSpace& b) {
  if (a.always != b.always || a.disjunctions.size() != b.disjunctions.size()) return false;
  for (std::size_t d = 0; d < a.disjunctions.size(); ++d) {
    if (a.disjunctions[d].configurations != b.disjunctions[d].configurations) return false;
  }
  return true;
}

// Do two proximity results list the same feature pairs and sites?
bool same_features(const ProximityResult& a, const ProximityResult& b) {
  if (a.contacts.size() != b.contacts.size() || a.vv_sites.size() != b.vv_sites.size() ||
      a.groups.size() != b.groups.size() || a.three_d.contacts.size() != b.three_d.contacts.size()) {
    return false;
  }
  for (std::size_t i = 0; i < a.three_d.contacts.size(); ++i) {
    const Contact3d& x = a.three_d.contacts[i];
    const Contact3d& y = b.three_d.contacts[i];
    if (x.body_a != y.body_a || x.body_b != y.body_b || x.kind != y.kind || x.feature_a != y.feature_a ||
        x.feature_b != y.feature_b) {
      return false;
    }
  }
  for (std::size_t i = 0; i < a.contacts.size(); ++i) {
    const Contact& x = a.contacts[i];
    const Contact& y = b.contacts[i];
    if (x.body_a != y.body_a || x.body_b != y.body_b || x.vertex_a != y.vertex_a || x.edge_b != y.edge_b) return false;
  }
  return true;
}

// Deepest overlap of the proximity's contact pairs at the end of a step with velocity nu.
double end_depth_after(const Scene& scene, const std::vector<int>& offsets, const Vec& nu, double h,
                       const ProximityResult& proximity) {
  Scene end;
  end.dimension = scene.dimension;  // the bodies only: the end configuration
  end.bodies = scene.bodies;
  end.bodies3d = scene.bodies3d;
  integrate_positions(end, offsets, nu, h);
  return contact_pairs_depth(end, proximity);
}

}  // namespace

double fixpoint_tolerance_for(const SimulationOptions& options, double h) {
  if (options.fixpoint_tolerance > 0.0) return options.fixpoint_tolerance;
  return std::min(1e-7, 1e-3 * h * h);
}

const char* to_string(Degradation degradation) {
  switch (degradation) {
    case Degradation::None: return "none";
    case Degradation::NoPushOut: return "no_push_out";
    case Degradation::NoFriction: return "no_push_out_no_friction";
    case Degradation::Held: return "held";
  }
  return "unknown";
}

const char* to_string(Stepper stepper) {
  switch (stepper) {
    case Stepper::Linear: return "linear";
    case Stepper::Fixpoint: return "fixpoint";
    case Stepper::Ncp: return "ncp";
  }
  return "unknown";
}

constexpr std::array<Stepper, 3> kSteppers{Stepper::Linear, Stepper::Fixpoint, Stepper::Ncp};

std::optional<Stepper> parse_stepper(const std::string& name) {
  for (const Stepper stepper : kSteppers)
    if (name == to_string(stepper)) return stepper;
  return std::nullopt;
}

std::vector<std::string> stepper_names() {
  std::vector<std::string> names;
  for (const Stepper stepper : kSteppers) names.emplace_back(to_string(stepper));
  return names;
}

Simulation::Simulation(Scene scene, SimulationOptions options)
    : scene_(std::move(scene)), options_(std::move(options)), model_(make_contact_model(options_.model)) {
  if (!model_) throw std::invalid_argument("unknown contact model \"" + options_.model + "\"");
  if (options_.stepper == Stepper::Linear) options_.fixpoint_iterations = 0;  // the LCP step alone
  if (!(options_.time_step > 0.0) || !std::isfinite(options_.time_step)) {
    throw std::invalid_argument("time step must be a positive finite number");
  }
  if (options_.solve.threads < 1) throw std::invalid_argument("threads must be at least 1");
  if (scene_.is_3d() && !model_->supports_3d()) {
    throw std::invalid_argument("contact model \"" + options_.model +
                                "\" is 2D-only (ContactModel::supports_3d); 3D scenes run with the built-in models");
  }
  if (options_.max_lcp_size < 0) {  // kAutoLcpGuard
    int dynamic = 0, vertices = 0;
    bool frictional = false;
    for (std::size_t i = 0; i < scene_.body_count(); ++i) {
      if (!is_static_body(scene_, i)) ++dynamic, vertices += vertex_count_of(scene_, i);
      frictional = frictional || friction_of(scene_, i) > 0.0;
    }
    // 3D: a frictional contact has k + 2 rows (k cone directions), not 4
    const int friction_factor = scene_.is_3d() ? options_.model_options.cone_3d.directions + 2 : kAutoLcpGuardFrictionFactor;
    options_.max_lcp_size = std::max({kAutoLcpGuardFloor, kAutoLcpGuardRowsPerBody * dynamic, kAutoLcpGuardRowsPerVertex * vertices}) *
                            (frictional ? friction_factor : 1);
  }
}

std::vector<char> Simulation::active_bodies() const { return admissible_at(time_); }

// A due body enters only where it overlaps no body already in (or entering before it, in scene
// order): entering inside another body would demand a push-out of arbitrary speed.
std::vector<char> Simulation::admissible_at(double t) const {
  const std::size_t n = scene_.body_count();
  std::vector<char> active(n, 0);
  for (std::size_t i = 0; i < n; ++i) active[i] = i < active_.size() && active_[i];
  for (std::size_t i = 0; i < n; ++i) {
    if (active[i] || !is_spawned(scene_, i, t, options_.time_step)) continue;
    // The scene's initial state (spawn time 0) is the user's, overlaps included: only later
    // arrivals wait.
    const bool initial = !(spawn_time_of(scene_, i) > 0.0);
    active[i] = options_.force_spawns || initial || spot_is_free(scene_, active, i);
  }
  return active;
}

int Simulation::waiting_bodies() const {
  const std::vector<char> next = admissible_at(time_);
  int waiting = 0;
  for (std::size_t i = 0; i < scene_.body_count(); ++i) {
    waiting += !next[i] && is_spawned(scene_, i, time_, options_.time_step);
  }
  return waiting;
}

void Simulation::admit_spawns() {
  active_ = admissible_at(time_);
  waited_.resize(scene_.body_count(), 0);
  for (std::size_t i = 0; i < scene_.body_count(); ++i) {
    if (!is_spawned(scene_, i, time_, options_.time_step)) continue;
    if (!active_[i] && !waited_[i]) {
      waited_[i] = 1;
      ++deferred_spawns_;
    }
    if (active_[i] && waited_[i] == 1) {  // entering now, after its wait
      waited_[i] = 2;
      max_spawn_delay_ = std::max(max_spawn_delay_, time_ - spawn_time_of(scene_, i));
    }
  }
}

StepRecord Simulation::step() {
  const auto step_start = Clock::now();
  const BodyStates before = save_states(scene_);
  StepRecord record;
  try {
    admit_spawns();
    record = advance(options_.time_step, time_, 0, steps_ + 1);
  } catch (const LcpTooLarge& e) {
    restore_states(scene_, before);
    throw LcpTooLarge("step " + std::to_string(steps_ + 1) + " (t = " + std::to_string(time_) + " s): " + e.what());
  }
  if (record.diverged || (!record.solved() && options_.on_failure == FailurePolicy::Stop)) {
    restore_states(scene_, before);  // nothing invented: not even a recovered half step is kept
    record.time = time_;
    record.profile.total = seconds_since(step_start);
    return record;
  }
  ++steps_;
  time_ = steps_ * options_.time_step;  // no accumulated rounding drift in the clock
  record.time = time_;
  record.profile.total = seconds_since(step_start);
  return record;
}

// Stages 2-6 (contact_solve.h) with their counts and times written into the step's record.
ContactSolve Simulation::solve_contacts_into(const ProximityResult& proximity, const ModelContext& context,
                                            const InverseMass& inv_mass, const Vec& nu_free, StepRecord& record,
                                            const FreeSpace& space, const ContactSolve* previous, bool verify,
                                            const std::vector<char>* pushing_hint, bool has_fallback,
                                            int optional_dense_rows, const CheckedAnswer* answer) const {
  ContactSolveOptions options;
  options.has_fallback = has_fallback;
  options.optional_dense_rows = optional_dense_rows;
  options.previous = previous;
  options.pushing_hint = pushing_hint;
  options.answer = answer;
  options.verify = verify;
  options.free_space = &space;
  options.solver = options_.solver;
  options.solve = options_.solve;
  options.configuration_search = options_.configuration_search;
  options.max_search_rounds = options_.max_search_rounds;
  options.max_lcp_size = options_.max_lcp_size;
  ContactSolve solve = solve_contacts(*model_, proximity, context, inv_mass, nu_free, options);
  record.rows = solve.rows.size();
  record.unilateral = solve.rows.unilateral_constraints;
  record.intercontact = solve.rows.intercontact_constraints;
  record.cross_contact = solve.rows.cross_contact_constraints;
  record.groups = solve.rows.groups;
  record.traps = solve.rows.traps;
  record.vv_sites = solve.rows.vv_sites;
  record.lcp_size = solve.sparse.size() > 0 ? solve.sparse.size() : solve.rows.size();  // guarded: not assembled
  record.search_rounds += solve.search_rounds;
  record.search_switches += solve.search_switches;
  record.search_converged = solve.search_converged;
  record.search_accepted = solve.search_accepted;
  record.energy_gain = solve.energy_gain;
  record.stabilisation_work = solve.stabilisation_work;
  record.energy_rejections += solve.energy_rejections;
  record.alternative_cells += solve.alternative_cells;
  record.profile.model += solve.model_seconds;
  record.profile.search += solve.search_seconds;
  record.profile.assembly += solve.assembly_seconds;
  record.profile.solve += solve.solve_seconds;
  return solve;
}

// What one step (or recovered sub-step) works with; ModelContext points into it, so it stays put.
struct Simulation::StepState {
  double h = 0.0, t0 = 0.0;
  std::vector<char> active;
  std::vector<int> offsets;
  InverseMass inv_mass;
  Vec nu_free;
  ProximityOptions proximity_options;
  std::vector<double> mu;        // per contact
  std::vector<double> rotation;  // per body (ModelContext::rotation_bound)
  ModelContext context;
  FreeSpace space;               // the model's, for last_proximity_ and this context
  StepState() = default;
  StepState(const StepState&) = delete;
  StepState& operator=(const StepState&) = delete;
};

StepRecord Simulation::advance(double h, double t0, int depth, int step_number) {
  StepRecord record;
  record.step = step_number;
  StepState s;
  s.h = h;
  s.t0 = t0;
  s.active = active_;  // fixed at the step's start (admit_spawns), also for its halves
  s.offsets = dof_offsets(scene_, s.active);
  s.inv_mass = inverse_mass(scene_, s.offsets);
  s.nu_free = free_velocities(scene_, s.offsets, s.inv_mass.dofs, h);

  // 1. proximity: feature pairs that can touch within the step
  auto t = Clock::now();
  s.proximity_options.time_step = h;
  s.proximity_options.gravity = scene_.is_3d() ? scene_.gravity3d.norm() : scene_.gravity.norm();
  s.proximity_options.sites_3d = scene_.is_3d() && model_->uses_3d_sites();
  const std::vector<ContactKey> pushed = pushing_contacts(last_rows_, last_z_, last_proximity_);  // the last step's
  last_proximity_ = find_scene_proximity(scene_, s.active, s.proximity_options);
  record.profile.proximity = seconds_since(t);
  record.contacts = static_cast<int>(last_proximity_.contact_count());

  t = Clock::now();
  s.mu = contact_friction(scene_, last_proximity_);
  s.rotation = rotation_bounds(scene_, s.offsets, s.nu_free, s.nu_free, h);
  s.context.time_step = h;
  bind_bodies(s.context, scene_);
  s.context.nu_free = &s.nu_free;
  s.context.dof_offset = &s.offsets;
  s.context.pair_friction = &s.mu;
  s.context.rotation_bound = &s.rotation;
  s.context.options = options_.model_options;
  s.context.max_travel = max_travel(scene_, s.offsets, s.nu_free, h);
  s.context.scene_diameter = scene_diameter(scene_, s.active);
  s.space = model_->free_space(last_proximity_, s.context);
  record.profile.model = seconds_since(t);

  // 2-6. contacts: free space -> configuration search -> rows -> assembly -> solve
  const std::vector<char> hint = pushing_hint(pushed, last_proximity_);
  // With the corrector on, the first answer is checked against the model's LCP only once the
  // corrector has not replaced it (it does on most steps of a pile: 277 of 300 for 200 bodies).
  // Any doubt (a search that failed or did not converge, a refused check) and the step solves as
  // before, from the start.
  ContactSolve solve;
  int corrector_passes_done = 0;
  bool corrector_more = true;
  if (options_.proximity_corrector && depth < options_.recovery_depth) {
    ContactSolve first = solve_contacts_into(last_proximity_, s.context, s.inv_mass, s.nu_free, record, s.space, nullptr,
                                             /*verify=*/false, &hint, /*has_fallback=*/true);
    if (!first.verified && !first.diverged && first.result.status_ok() && first.search_converged &&
        first.search_cell != nullptr) {
      solve = std::move(first);
      corrector_more = correct_proximity(s, solve, record);
      corrector_passes_done = 1;
      if (!solve.verified) verify_first_answer(s, solve, record);
    }
  }
  if (!solve.verified) {
    corrector_passes_done = 0;
    corrector_more = true;
    solve = solve_contacts_into(last_proximity_, s.context, s.inv_mass, s.nu_free, record, s.space, nullptr, true, &hint,
                                depth < options_.recovery_depth);
  }
  record.solver_status = solve.result.status;
  record.solver = solve.result.solver;
  record.residual = solve.result.residual;
  record.iterations = solve.result.iterations;
  record.islands = solve.result.islands;
  record.threads = solve.result.threads;
  if (solve.diverged) {
    record.diverged = true;
    last_rows_ = std::move(solve.rows);
    return record;  // step() restores the state
  }
  bool jammed = false;
  if (!solve.result.status_ok()) {
    if (depth < options_.recovery_depth) return recover_by_halving(record, h, t0, depth, step_number);
    // A failure that survived recovery: a jam is decided here, before the degrade chain (halving
    // comes first because smaller steps see fewer contacts and often solve: measured on the
    // standard model's pour, where jam-first left SM-trap overlaps that halving resolves).
    jammed = resolve_jam(s, solve, record);
  }
  if (!solve.result.status_ok()) {
    if (!options_.dump_failed_dir.empty()) dump_failed(solve, record.step, h, t0, depth);
    if (options_.on_failure == FailurePolicy::Stop) return record;  // step() restores
    record.degraded = degrade_safely(s, solve, record);
    if (record.degraded == Degradation::Held) {
      last_z_ = solve.result.z;
      last_rows_ = std::move(solve.rows);
      return record;  // no impulse, no motion: the state is kept for this step
    }
  } else if (!jammed) {
    // 7. proximity corrector, 8. end-of-step gap fixpoint (not after a jam: both re-solve with
    // unclipped gaps, i.e. the jammed LCP again, and would only pay for a second failure)
    if (options_.proximity_corrector) {
      const int passes = scene_.is_3d() ? kCorrectorPasses3d : 1;
      for (int pass = corrector_passes_done; corrector_more && pass < passes && correct_proximity(s, solve, record);
           ++pass) {
      }
    }
    // Whether halves would replace this step if it ends deep; the start depth is measured only for
    // a deep step, and once.
    std::optional<bool> halves_known;
    const auto can_halve = [&] {
      if (!halves_known) {
        halves_known = options_.deep_step_retry && depth < options_.recovery_depth &&
                       contact_pairs_depth(scene_, last_proximity_) <= kDeepEndDepth;
      }
      return *halves_known;
    };
    if (options_.fixpoint_iterations > 0) refine_end_gaps(s, solve, record, can_halve);
    // Visibly deep after the fixpoint, from a start that was not: the rows' linearisation error,
    // which shrinks like h^2 (halves cannot remove an overlap the step began with, e.g. a forced
    // spawn). Its halves replace the step (nothing of this attempt is applied). Measured on the
    // 500-body pile (BENCHMARKS.md, 'Deep steps retried as halves').
    if (record.end_depth > kDeepEndDepth && can_halve()) {
      StepRecord halves = recover_by_halving(record, h, t0, depth, step_number);
      halves.depth_halved = true;
      return halves;
    }
    // 8b. the NCP on true end gaps, from the fixpoint's (or the LCP's) answer
    if (options_.stepper == Stepper::Ncp) solve_end_gap_ncp(s, solve, record);
  }

  // 9. integrate: nu^{l+1} from the impulses, q^{l+1} = q^l + h nu^{l+1}
  t = Clock::now();
  last_z_ = solve.result.z;
  last_rows_ = std::move(solve.rows);
  record.overlap_push_out_work = overlap_push_out_work(last_rows_, last_z_, last_proximity_, scene_, h);
  record.gravity_lag = gravity_lag(scene_, s.offsets, solve.nu_next, h);
  integrate_positions(scene_, s.offsets, solve.nu_next, h);
  record.profile.integrate = seconds_since(t);
  return record;
}

// A failed step, applied without creating energy. With every psi >= 0 the Stewart–Trinkle LCP has
// a solution (Lemke processes it: Stewart–Trinkle 1996), and a jam (internal equilibrium of
// friction cones with psi . c < 0, the only obstruction) is impossible; frictionless with psi >= 0
// it is a projection onto a convex set that holds 0. Each answer still passes the model's check
// and the energy audit inside solve_contacts. The step's record keeps the original failure.
Degradation Simulation::degrade_safely(StepState& s, ContactSolve& solve, StepRecord& record) {
  ProximityResult clipped = last_proximity_;
  for (std::size_t c = 0; c < clipped.contact_count(); ++c) clipped.clip_push_out(c);
  const std::vector<double> no_friction(s.mu.size(), 0.0);
  const bool frictional = std::any_of(s.mu.begin(), s.mu.end(), [](double mu) { return mu > 0.0; });
  for (const Degradation level : {Degradation::NoPushOut, Degradation::NoFriction}) {
    if (level == Degradation::NoFriction && !frictional) break;  // the same problem again
    ModelContext context = s.context;
    if (level == Degradation::NoFriction) context.pair_friction = &no_friction;
    StepRecord scratch;
    const FreeSpace space = model_->free_space(clipped, context);
    ContactSolve again = solve_contacts_into(clipped, context, s.inv_mass, s.nu_free, scratch, space);
    record.search_rounds += scratch.search_rounds;
    if (again.diverged || !again.result.status_ok()) continue;
    again.result.status = solve.result.status;  // the step still counts as failed
    again.result.message = "applied degraded (" + std::string(to_string(level)) + "): " + solve.result.message;
    solve = std::move(again);
    return level;
  }
  // Nothing solved: keep every body's state (no impulse, no gravity) for this step.
  solve.result.z = Vec::Zero(solve.sparse.size());
  solve.nu_next = gather_velocities(scene_, s.offsets, s.inv_mass.dofs);
  return Degradation::Held;
}

// Jammed steps (issue 10 item 5 / Lemke's sufficient condition, lcp/jam.h). Penetrating contacts
// whose friction cones hold each other in equilibrium (N c + D beta = 0, psi.c < 0) give a d in
// SOL(0, M) with q.d = psi.c / h < 0: Lemke's guarantee is void and the LCP may have no solution
// (the wedged bodies cannot move apart as psi < 0 demands). q.d keeps its sign at any h, but a
// half step may not see the same contacts, so this runs where degrade_safely used to take over: after
// recover_by_halving, at the sub-steps that still fail. Clipping psi at 0 at the certificate's
// contacts makes q.d = 0 for that d. A pile can hold many separate jams: after each certificate
// the LP runs again on the same LCP with q raised by the clip at those contacts' gap rows (the
// structure's normal rows are plain psi/h rows), until no certificate remains; only then is the
// step solved again (an LP costs ~1 ms at n = 320, a failing solve far more). Each certificate
// needs a contact with psi < 0, so every LP round clips at least one new contact. If the re-solve
// still fails (rows of other models may use the gaps too), the whole goes round again, at most
// kMaxSolveRounds times. Only the jammed contacts lose their push-out, not every contact as
// degrade_safely does. The answer still passes the model's check and the energy audit.
bool Simulation::resolve_jam(StepState& s, ContactSolve& solve, StepRecord& record) {
  constexpr int kMaxSolveRounds = 3;  // each failed one costs a failed solve (Newton's budget)
  constexpr int kMaxLpRounds = 64;    // per solve round; each clips at least one new contact
  if (solve.diverged || solve.rows.size() == 0 || !jam_certificates_available()) return false;
  ProximityResult clipped = last_proximity_;
  std::vector<char> is_clipped(clipped.contact_count(), 0);
  int clipped_count = 0;
  std::string first_certificate;
  ContactSolve* current = &solve;
  ContactSolve again;
  for (int round = 0; round < kMaxSolveRounds; ++round) {
    const auto t = Clock::now();
    const StewartTrinkleStructure structure = stewart_trinkle_structure(current->rows, s.inv_mass);
    Lcp lcp = dense_model_lcp(*current);
    const int before = clipped_count;
    for (int lp_round = 0; lp_round < kMaxLpRounds; ++lp_round) {
      const JamCertificate certificate = find_jam_certificate(lcp, structure);
      if (!certificate.found || !verify_jam_certificate(lcp, certificate.d).ok) break;
      if (first_certificate.empty()) first_certificate = certificate.message;
      const int newly_before = clipped_count;
      for (int id : certificate.ids) {
        if (id < 0 || id >= static_cast<int>(clipped.contact_count()) || is_clipped[static_cast<std::size_t>(id)]) continue;
        const double raise = clipped.clip_push_out(static_cast<std::size_t>(id));  // psi >= 0
        is_clipped[static_cast<std::size_t>(id)] = 1;
        ++clipped_count;
        for (const FrictionContactRows& entry : structure.contacts)
          if (entry.id == id) lcp.q[entry.normal] += raise / s.h;
      }
      if (clipped_count == newly_before) break;  // nothing new to clip (rounding): stop here
    }
    record.profile.solve += seconds_since(t);
    if (clipped_count == before) return false;  // no (new) jam: not a jammed step
    StepRecord scratch;
    const FreeSpace space = model_->free_space(clipped, s.context);
    again = solve_contacts_into(clipped, s.context, s.inv_mass, s.nu_free, scratch, space);
    record.search_rounds += scratch.search_rounds;
    record.energy_rejections += scratch.energy_rejections;
    record.profile.model += scratch.profile.model;
    record.profile.search += scratch.profile.search;
    record.profile.assembly += scratch.profile.assembly;
    record.profile.solve += scratch.profile.solve;
    if (again.diverged) return false;
    if (again.result.status_ok()) {
      again.result.message = "jammed: psi clipped at 0 at " + std::to_string(clipped_count) + " contacts (first: " +
                             first_certificate + "); first solve: " + solve.result.message;
      solve = std::move(again);
      last_proximity_ = std::move(clipped);
      s.space = space;
      record.jammed_contacts = clipped_count;
      record.solver_status = solve.result.status;
      record.solver = solve.result.solver;
      record.residual = solve.result.residual;
      record.iterations += solve.result.iterations;
      record.energy_gain = solve.energy_gain;
      record.stabilisation_work = solve.stabilisation_work;
      return true;
    }
    current = &again;
  }
  return false;
}

// Recovery: two half steps from the same state (nothing of the failed attempt is applied).
StepRecord Simulation::recover_by_halving(const StepRecord& record, double h, double t0, int depth, int step_number) {
  StepRecord first = advance(0.5 * h, t0, depth + 1, step_number);
  StepRecord second = advance(0.5 * h, t0 + 0.5 * h, depth + 1, step_number);
  StepRecord merged = record;  // the full step's counts describe the configuration at t0
  merged.diverged = first.diverged || second.diverged;
  merged.solver_status = !first.solved() ? first.solver_status : second.solver_status;
  merged.solver = second.solver;
  merged.residual = std::max(first.residual, second.residual);
  merged.iterations += first.iterations + second.iterations;
  merged.substeps = first.substeps + second.substeps;
  merged.profile.proximity += first.profile.proximity + second.profile.proximity;
  merged.profile.model += first.profile.model + second.profile.model;
  merged.profile.search += first.profile.search + second.profile.search;
  merged.profile.assembly += first.profile.assembly + second.profile.assembly;
  merged.profile.solve += first.profile.solve + second.profile.solve;
  merged.profile.fixpoint += first.profile.fixpoint + second.profile.fixpoint;
  merged.profile.integrate = first.profile.integrate + second.profile.integrate;
  merged.profile.ncp += first.profile.ncp + second.profile.ncp;
  merged.ncp_solves += first.ncp_solves + second.ncp_solves;
  merged.ncp_iterations += first.ncp_iterations + second.ncp_iterations;
  merged.ncp_fallbacks += first.ncp_fallbacks + second.ncp_fallbacks;
  merged.ncp_unsupported += first.ncp_unsupported + second.ncp_unsupported;
  merged.search_rounds += first.search_rounds + second.search_rounds;
  merged.search_switches += first.search_switches + second.search_switches;
  merged.search_converged = first.search_converged && second.search_converged;
  merged.search_accepted = first.search_accepted && second.search_accepted;
  merged.fixpoint_solves += first.fixpoint_solves + second.fixpoint_solves;
  merged.energy_rejections += first.energy_rejections + second.energy_rejections;
  merged.alternative_cells += first.alternative_cells + second.alternative_cells;
  merged.energy_gain = std::max(first.energy_gain, second.energy_gain);
  merged.stabilisation_work = first.stabilisation_work + second.stabilisation_work;
  merged.overlap_push_out_work = first.overlap_push_out_work + second.overlap_push_out_work;
  merged.gravity_lag = first.gravity_lag + second.gravity_lag;
  merged.degraded = first.degraded != Degradation::None ? first.degraded : second.degraded;
  merged.proximity_corrected = first.proximity_corrected || second.proximity_corrected;
  merged.end_depth = std::max(first.end_depth, second.end_depth);
  merged.jammed_contacts = std::max(first.jammed_contacts, second.jammed_contacts);
  return merged;
}

void Simulation::dump_failed(ContactSolve& solve, int step, double h, double t0, int depth) {
  std::filesystem::create_directories(options_.dump_failed_dir);
  const std::string path = options_.dump_failed_dir + "/step_" + std::to_string(step) +
                           (depth > 0 ? "_t" + std::to_string(t0) : std::string()) + ".lcp";
  write_lcp_plain(dense_model_lcp(solve), path,
                  "pegsim failed step " + std::to_string(step) + " model " + options_.model + " h " +
                      std::to_string(h) + " status " + to_string(solve.result.status) + " residual " +
                      std::to_string(solve.result.residual));
  failed_dumps_.push_back(path);
}

// The first solve's unverified answer (advance), checked against the model's LCP and the energy
// audit as the verified first solve would have checked it; solve stays unverified when refused.
void Simulation::verify_first_answer(StepState& s, ContactSolve& solve, StepRecord& record) {
  const CheckedAnswer answer{solve.selection, solve.search_impulses, solve.nu_next};
  ContactSolve checked = solve_contacts_into(last_proximity_, s.context, s.inv_mass, s.nu_free, record, s.space, &solve,
                                             true, nullptr, true, kOptionalDenseRows, &answer);
  if (checked.result.status_ok()) solve = std::move(checked);
}

// 7. An impulse may have sped a body up within the step, so that it sweeps past features the start
// velocities did not reach (measured: a polygon spun up to 5 rad/s ended 2.7 mm inside a neighbour
// it had no contact with), or turned it so far that a vertex PEG judged inapplicable meets an edge.
// Proximity again with reach, and rotation bounds, covering the solved end velocities too; when
// that changes the feature pairs or the model's free space: solve again (kept only if it solves).
bool Simulation::correct_proximity(StepState& s, ContactSolve& solve, StepRecord& record) {
  const auto t = Clock::now();
  ProximityResult corrected =
      find_scene_proximity_reaching(scene_, s.active, s.proximity_options, s.offsets, solve.nu_next, last_proximity_);
  std::vector<double> wider = rotation_bounds(scene_, s.offsets, s.nu_free, solve.nu_next, s.h);
  bool changed = !same_features(corrected, last_proximity_);
  if (!changed && wider != s.rotation) {
    ModelContext wide_context = s.context;
    wide_context.rotation_bound = &wider;
    changed = !same_free_space(s.space, model_->free_space(last_proximity_, wide_context));
  }
  record.profile.proximity += seconds_since(t);
  if (!changed) return false;

  // an unverified first answer (advance) is its search cell's z
  const RowSystem& solved_rows = solve.verified || solve.search_cell == nullptr ? solve.rows : solve.search_cell->rows;
  const std::vector<ContactKey> pushed = pushing_contacts(solved_rows, solve.result.z, last_proximity_);
  std::swap(corrected, last_proximity_);
  std::swap(wider, s.rotation);
  s.mu = contact_friction(scene_, last_proximity_);
  FreeSpace wider_space = model_->free_space(last_proximity_, s.context);
  const StepRecord first_record = record;  // the first solve's counts, kept if `again` is not
  const std::vector<char> hint = pushing_hint(pushed, last_proximity_);
  ContactSolve again;
  bool solved_again = false;
  try {
    again = solve_contacts_into(last_proximity_, s.context, s.inv_mass, s.nu_free, record, wider_space, nullptr, true,
                                &hint);
    solved_again = !again.diverged && again.result.status_ok();
  } catch (const LcpTooLarge&) {
    // This re-solve is optional: past the memory bound (its search unconverged, the model's LCP
    // left to the solver alone) it fails like any other and the first answer stands. Measured:
    // peg-accurate's frictional 500-body pile stopped with exit 2 at t = 0.96-1.08 s on corrector
    // LCPs of 14221-20558 rows whose first answers had passed.
  }
  if (solved_again) {
    s.space = std::move(wider_space);
    solve = std::move(again);
    record.contacts = static_cast<int>(last_proximity_.contact_count());
    record.proximity_corrected = true;
    record.solver = solve.result.solver;
    record.residual = solve.result.residual;
    record.iterations = solve.result.iterations;
    record.islands = solve.result.islands;
    record.threads = solve.result.threads;
    return true;
  } else {  // keep the first solution, its record and the proximity it was solved with
    const int rounds = record.search_rounds, switches = record.search_switches;
    const int rejections = record.energy_rejections, alternatives = record.alternative_cells;
    const StepProfile profile = record.profile;
    record = first_record;
    record.search_rounds = rounds;  // the work done still counts
    record.search_switches = switches;
    record.energy_rejections = rejections;
    record.alternative_cells = alternatives;
    record.profile = profile;
    std::swap(corrected, last_proximity_);
    std::swap(wider, s.rotation);
    s.mu = contact_friction(scene_, last_proximity_);
  }
  return false;
}

// 8. While the end configuration overlaps, re-linearise the rows around it (gap_fixpoint.h).
// Iterates are solved warm and unverified; the one kept is then verified against the model's LCP
// (else the first, verified solution stays, with the corrections it was solved with).
void Simulation::refine_end_gaps(StepState& s, ContactSolve& solve, StepRecord& record,
                                 const std::function<bool()>& can_halve) {
  const auto t = Clock::now();
  auto end_depth_of = [&](const Vec& nu, Scene& end) {
    end.dimension = scene_.dimension;  // the bodies only: the end configuration
    end.bodies = scene_.bodies;
    end.bodies3d = scene_.bodies3d;
    integrate_positions(end, s.offsets, nu, s.h);
    return contact_pairs_depth(end, last_proximity_);
  };
  Scene end;
  record.end_depth = end_depth_of(solve.nu_next, end);
  const std::vector<double> first_corrections = gap_corrections(last_proximity_);
  ContactSolve current;
  std::vector<double> current_corrections;
  bool improved = false;
  // A visible end depth gets dense iterates up to kDeepDenseRows (contact_solve.h, optional_dense_rows),
  // unless halves follow: they replace a step still deep, and the 500-body pile's deep iterates never
  // spared one (its trajectory is the same without them, 186 -> 167 s).
  const int dense_rows = record.end_depth > kDeepEndDepth && !can_halve() ? kDeepDenseRows : kOptionalDenseRows;
  bool damped = false;  // this iterate takes half the correction change (a full one went deeper)
  for (int i = 0; i < options_.fixpoint_iterations && record.end_depth > fixpoint_tolerance_for(options_, s.h); ++i) {
    const ContactSolve& base = improved ? current : solve;
    update_gap_corrections(last_proximity_, end, s.context, base.nu_next);
    if (damped) blend_gap_corrections(last_proximity_, improved ? current_corrections : first_corrections, 0.5);
    StepRecord scratch;
    ContactSolve next = solve_contacts_into(last_proximity_, s.context, s.inv_mass, s.nu_free, scratch, s.space, &base,
                                            /*verify=*/false, nullptr, false, dense_rows);
    ++record.fixpoint_solves;
    record.search_rounds += scratch.search_rounds;
    if (next.diverged || !next.result.status_ok()) break;
    Scene next_end;
    const double next_depth = end_depth_of(next.nu_next, next_end);
    if (!(next_depth < record.end_depth)) {  // deeper: half the change once, then keep the shallower
      if (damped || !options_.fixpoint_damping) break;
      damped = true;
      continue;
    }
    record.fixpoint_damped += damped ? 1 : 0;
    damped = false;
    current = std::move(next);
    current_corrections = gap_corrections(last_proximity_);
    end = std::move(next_end);
    record.end_depth = next_depth;
    improved = true;
  }
  bool kept = false;
  if (improved) {
    set_gap_corrections(last_proximity_, current_corrections);
    StepRecord scratch;
    // the kept iterate's own answer checked first; a search again only when the check refuses it
    ContactSolve verified;
    if (current.verified) {
      verified = std::move(current);
    } else {
      if (current.search_converged) {
        const CheckedAnswer answer{current.selection, current.search_impulses, current.nu_next};
        verified = solve_contacts_into(last_proximity_, s.context, s.inv_mass, s.nu_free, scratch, s.space, &current,
                                       true, nullptr, true, dense_rows, &answer);
      }
      if (!verified.result.status_ok()) {
        verified = solve_contacts_into(last_proximity_, s.context, s.inv_mass, s.nu_free, scratch, s.space, &current,
                                       true, nullptr, /*has_fallback=*/true, dense_rows);  // the first solve stands if it fails
      }
    }
    record.search_rounds += scratch.search_rounds;
    if (!verified.diverged && verified.result.status_ok()) {
      solve = std::move(verified);
      record.energy_gain = solve.energy_gain;
      record.stabilisation_work = solve.stabilisation_work;
      record.residual = solve.result.residual;
      record.solver = solve.result.solver;
      kept = true;
    }
  }
  if (!kept) {
    set_gap_corrections(last_proximity_, first_corrections);
    record.end_depth = end_depth_of(solve.nu_next, end);
  }
  record.profile.fixpoint = seconds_since(t);
}

// 8b. The NCP stepper (ncp_step.h): Newton on phi(z, delta(sigma(z)) / h) = 0 (excerpt eq. 5) from
// the answer of stage 8. Its solution is kept only when it is one of the engine's own answers: the
// rows rebuilt with the gap corrections of its end configuration, z verified against their LCP
// (verify.h, the solve's tolerance) and the energy audit passed. Otherwise the stage-8 answer stands
// and the step counts an NCP fallback. Rows other than plain Stewart–Trinkle ones (the nonconvex
// models' sites) are not tried: counted as ncp_unsupported.
void Simulation::solve_end_gap_ncp(StepState& s, ContactSolve& solve, StepRecord& record) {
  if (solve.rows.size() == 0 || !solve.verified) return;  // no contact rows: nothing to solve
  const auto t = Clock::now();
  const NcpStepOptions ncp_options{options_.ncp_iterations, options_.ncp_tolerance};
  const NcpStepResult ncp = solve_ncp_step(solve.rows, dense_model_lcp(solve), s.inv_mass, s.nu_free, scene_, s.offsets,
                                           last_proximity_, s.context, solve.result.z, ncp_options);
  if (ncp.outcome == NcpOutcome::Unsupported) {
    ++record.ncp_unsupported;
  } else {
    ++record.ncp_solves;
    record.ncp_iterations += ncp.iterations;
    // the stage-8 answer's end depth (the fixpoint measured it; without the fixpoint, measured here)
    const double depth_before = options_.fixpoint_iterations > 0
                                    ? record.end_depth
                                    : end_depth_after(scene_, s.offsets, solve.nu_next, s.h, last_proximity_);
    const bool applied = ncp.outcome == NcpOutcome::Converged && accept_ncp_answer(s, ncp, depth_before, solve, record);
    if (!applied) ++record.ncp_fallbacks;
  }
  record.profile.ncp += seconds_since(t);
}

// The NCP answer as a verified solve of the rows linearised around its own end configuration.
bool Simulation::accept_ncp_answer(StepState& s, const NcpStepResult& ncp, double depth_before, ContactSolve& solve,
                                   StepRecord& record) {
  const std::vector<double> before = gap_corrections(last_proximity_);
  set_gap_corrections(last_proximity_, ncp.corrections);
  RowSystem rows;
  model_->emit(last_proximity_, s.context, rows);
  Lcp lcp = assemble_lcp(rows, s.inv_mass, s.nu_free);
  const Verification check = verify_lcp(lcp, ncp.z, options_.solve.tolerance);
  const Vec nu = velocity_after_impulses(rows, s.inv_mass, s.nu_free, ncp.z);
  const EnergyAudit audit = audit_step_energy(rows, s.inv_mass, s.nu_free, nu, ncp.z, check.w, last_proximity_, s.h);
  // as in stage 8, an answer whose contact pairs end deeper than the one it refines is not kept
  const double depth = nu.allFinite() ? end_depth_after(scene_, s.offsets, nu, s.h, last_proximity_) : 0.0;
  if (!check.ok || !audit.ok() || !nu.allFinite() || depth > std::max(depth_before, fixpoint_tolerance_for(options_, s.h))) {
    record.energy_rejections += check.ok && !audit.ok();
    set_gap_corrections(last_proximity_, before);
    return false;
  }
  solve.rows = std::move(rows);
  solve.sparse = to_sparse(lcp);
  solve.lcp = std::move(lcp);
  solve.result.status = SolveStatus::Solved;
  solve.result.z = ncp.z;
  solve.result.w = check.w;
  solve.result.residual = check.residual;
  solve.result.iterations = ncp.iterations;
  solve.result.solver = "ncp";
  solve.result.message.clear();
  solve.result.basis.clear();
  for (Eigen::Index i = 0; i < ncp.z.size(); ++i)
    if (ncp.z[i] > check.w[i]) solve.result.basis.push_back(static_cast<int>(i));
  solve.nu_next = nu;
  solve.energy_gain = audit.gain;
  solve.stabilisation_work = audit.stabilisation;
  record.solver = "ncp";
  record.residual = check.residual;
  record.energy_gain = audit.gain;
  record.stabilisation_work = audit.stabilisation;
  record.end_depth = depth;
  return true;
}

}  // namespace pegsim
