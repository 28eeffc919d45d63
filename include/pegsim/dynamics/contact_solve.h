// Stages 2-6 of a time step at fixed proximity, the part every caller of the engine shares:
//   2. the contact model's free space (contact/free_space.h)
//   3. the configuration search: the active configuration of every nonconvex site (Gauss's
//      principle, configuration_search.h), for models that have such sites
//   4. the model's complementarity rows; single-primary PEG takes the active configurations'
//      members as its primaries (ModelContext::active_configurations)
//   5. assembly: the step's LCP (B = A + R M^-1 G)
//   6. solve: the search's impulses completed and verified as a solution of the model's LCP
//      (assembly/candidate.h) — for an unconverged search, its other solved cells too — else the
//      LCP solver on its own; every accepted answer passes the energy audit (energy_audit.h)
// Simulation::step (simulation.h) wraps it with proximity, the end-of-step gap fixpoint, failure
// recovery and integration; tests call it directly to inspect one step.
#pragma once

#include <pegsim/assembly/assembly.h>
#include <pegsim/dynamics/configuration_search.h>
#include <pegsim/contact/model.h>
#include <pegsim/lcp/solver.h>

namespace pegsim {

// Dense solves an optional solve may make, in rows: an iterate (ContactSolveOptions::verify false)
// or a solve with a fallback (ContactSolveOptions::has_fallback). Dense Lemke takes seconds from
// 1000 rows (measured on the 500-body pile: 3-18 s a step at 1000-2000 rows, 70-95 s at 5600-6800;
// with a bound of 1000 instead of 2000 every step's overlap was the same and the run 1.7x cheaper).
inline constexpr int kOptionalDenseRows = 1000;

struct ContactSolveOptions {
  SolverKind solver = SolverKind::Auto;
  SolveOptions solve;
  bool configuration_search = true;  // false: the LCP solver alone picks among the LCP's solutions
  int max_search_rounds = 8;
  int max_lcp_size = 0;              // > 0: a larger LCP is not solved (diverged); checking the
                                     // search's candidate against a larger model LCP is allowed
  // Warm start from a previous solve of the same step with the same proximity (the engine's
  // fixpoint): its configuration selection and bases.
  const struct ContactSolve* previous = nullptr;
  // Without `previous`: per contact, 1 when it pushed in a solve of another proximity (the last
  // step's, or this step's before the corrector), a warm start (dynamics/warm_start.h).
  const std::vector<char>* pushing_hint = nullptr;
  // The model's free space for this proximity and context, when the caller has it already (it
  // depends on the geometry only, not on the fixpoint's gap corrections); null: computed here.
  const FreeSpace* free_space = nullptr;
  // false: when the configuration search solves the step, stop there (no model rows, no candidate
  // check; result = the search's cell LCP). The engine's fixpoint iterates so and verifies the
  // iterate it keeps. Such an iterate is optional (a failed one ends the fixpoint with the last
  // verified answer), so it gets no dense solve of more than kOptionalDenseRows rows: neither a
  // densified cell nor the LCP solver alone on the model's LCP (minutes at 5000+ rows).
  bool verify = true;
  // true: the caller has another answer when this solve fails: the step is retried as two halves
  // (recovery, depth < --recovery-depth), or the fixpoint's check of its kept iterate fails and the
  // first solve stands (not the proximity corrector's solve: its dense answers are kept). So it
  // too gets no dense solve past kOptionalDenseRows when its search fails: it fails fast and says
  // so. false (the last recovery level): every fallback, however large.
  bool has_fallback = false;
  // The dense bound of an optional solve (above), in rows. The fixpoint raises it for a step whose
  // end depth is visible (kDeepEndDepth, simulation.cpp): there a dense solve's seconds are worth it.
  int optional_dense_rows = kOptionalDenseRows;
  // An answer found elsewhere (below): checked against the model's LCP and the energy audit
  // instead of searching, and nothing else. Not accepted: status NumericalBreakdown, solver
  // "check", and the caller searches.
  const struct CheckedAnswer* answer = nullptr;
};

// An answer of this problem found without this solve's search, by a search that converged: the
// fixpoint's kept iterate (same proximity and gap corrections, solved unverified). Measured on the
// 200-body pile: searching again to verify it was 7 % of the run; the check ~1/3 of that.
struct CheckedAnswer {
  ConfigurationSelection selection;      // per disjunction of the free space
  std::vector<ContactImpulse> impulses;  // per proximity contact
  Vec nu;
};

struct ContactSolve {
  RowSystem rows;
  // The model's LCP, sparse: assembled, checked and guarded in O(nonzeros) (a pile's model LCP
  // has 1000-3000 rows). `lcp` is its dense copy, empty until a dense solver, the jam LP, a dump or
  // the NCP stepper asks for it (dense_model_lcp).
  SparseLcp sparse;
  Lcp lcp;
  LcpResult result;
  Vec nu_next;            // nu_free + M^-1 G z for the returned z (zero impulses when none)
  bool diverged = false;  // the LCP exceeded max_lcp_size: not solved
  bool verified = false;  // rows, lcp and result are the model's (false: the search's cell only)
  // configuration search
  int search_rounds = 0, search_switches = 0;
  bool search_converged = false, search_accepted = false;
  ConfigurationSelection selection;
  std::vector<int> search_basis;      // the last cell LCP's basis (warm start for a re-solve)
  std::shared_ptr<const CellLcp> search_cell;  // and the cell itself
  std::vector<ContactImpulse> search_impulses;  // the answer's cell impulses per proximity contact
  // answers refused by the energy audit (energy_audit.h) and other solved cells of an unconverged
  // search tried against the model's LCP; the accepted answer's audited gain (J, <= tolerance)
  int energy_rejections = 0, alternative_cells = 0;
  double energy_gain = 0.0;
  double stabilisation_work = 0.0;  // J: the accepted impulses' push-out of overlaps (energy_audit.h)
  // stage times (s)
  double model_seconds = 0, search_seconds = 0, assembly_seconds = 0, solve_seconds = 0;
};

// solve.lcp, made from solve.sparse when still empty. Throws LcpTooLarge past kMaxDenseLcpRows.
const Lcp& dense_model_lcp(ContactSolve& solve);

ContactSolve solve_contacts(const ContactModel& model, const ProximityResult& proximity, const ModelContext& context,
                            const InverseMass& inverse_mass, const Vec& nu_free, const ContactSolveOptions& options);

}  // namespace pegsim
