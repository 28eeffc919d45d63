// Which configuration of each nonconvex site is active at the end of the step: Gauss's principle
// over the model's free space (contact/free_space.h), solved as a sequence of convex LCPs.
//
// Frictionless, the end-of-step velocity of every model is meant to be
//     nu* = argmin 1/2 (nu - nu_free)^T M (nu - nu_free)   subject to  nu in F,
//     F = {rho_k >= 0, k in always}  ∩  ⋂_d ⋃_{g in d} {rho_k >= 0, k in g}
// (Gauss's least constraint; with F convex the Stewart–Trinkle LCP is exactly its KKT system).
// F is a union of convex cells, one per selection of a configuration in every disjunction. For a
// fixed selection the step is the standard model's LCP over `always` and the selected members,
// with friction (Egan eqs 5-7): copositive-plus, solved by Lemke.
//
// Local search:
//  1. Start: per disjunction, among the configurations that hold now (smallest start gap psi >= 0)
//     the one free motion violates least (largest margin m_g = min_{k in g} rho_k at nu_free);
//     when none holds (overlap), the largest smallest start gap. Without overlap the cell holds
//     nu = 0, so its projection cannot gain kinetic energy (projection onto a convex set holding 0
//     is non-expansive). Measured alternatives: configurations that free motion keeps, with
//     members behind their edge lines, combined two sites of one body pair into a nearly empty
//     cell (16 N s impulses on 0.25 kg bodies, +2.4 J in one step); the largest start gap alone
//     chose a box's right face at a ledge corner it had not reached (a phantom wall).
//  2. Solve the cell's LCP. A disjunction whose selected configuration carries force while another
//     configuration holds strictly (m_g > tolerance) at the new velocity switches to the one with
//     the largest margin. The old velocity lies in the new cell, and the new cell lacks the
//     constraints that carried force, so the new projection is strictly closer to nu_free:
//     frictionless, the search is a strict descent, never repeats a selection and terminates.
//     With friction descent is not guaranteed: a repeated selection or `max_rounds` ends it
//     unconverged (the last solution is still a verified solution of its cell); every solved
//     cell is kept (`solved_cells`) for the engine to try against the model's LCP.
// With friction (Egan eqs 5-7 in every cell), what the search guarantees: each cell answer is a
// solution of a convex Stewart–Trinkle LCP, so its impulses do no positive work beyond the
// stabilisation of overlaps (dynamics/energy_audit.h): no cell answer creates energy, converged
// or not. Converged, it is also a solution of the model's own LCP once the idle members'
// slip rates are completed (assembly/candidate.h); the engine accepts nothing else unaudited.
// Converged, the velocity satisfies the accurate nonconvex conditions (Nguyen §2.2, PEG sec. 3):
// every site holds, and force acts only on members of the site's active configuration that touch
// (rho = 0), the active configuration attaining the site's largest margin (= 0).
#pragma once

#include <pegsim/assembly/assembly.h>
#include <pegsim/assembly/candidate.h>
#include <pegsim/contact/model.h>
#include <pegsim/lcp/solver.h>

#include <memory>
#include <vector>

namespace pegsim {

// A solved cell's LCP, kept for a warm re-solve of the same step. Its matrix depends on the start
// configuration only; the fixpoint's gap corrections (gap_fixpoint.h) move q alone, by
// (correction_now - correction_then) / h on each contact's row.
struct CellLcp {
  std::vector<int> contacts;         // enforced contacts; row i < contacts.size() is contact i's gap row
  std::vector<double> corrections;   // their gap_correction when the LCP was assembled
  std::vector<char> friction;        // per proximity contact: friction rows in this cell (on demand)
  double regularization = 0.0;       // what its frictional solve needed (LcpResult::regularization)
  RowSystem rows;
  // Small cells are dense (lcp); from kBlockPivotingMinSize rows they are sparse (sparse), assembled,
  // solved and checked in O(nonzeros) (issue 11), densified only when block pivoting fails.
  bool is_sparse = false;
  Lcp lcp;
  SparseLcp sparse;
  int size() const { return is_sparse ? sparse.size() : lcp.size(); }
};

struct ConfigurationSearchOptions {
  int max_rounds = 8;  // convex LCPs at most
  SolverKind solver = SolverKind::Auto;
  SolveOptions solve;
  // Warm start (the engine's re-solves of one step, e.g. the end-of-step fixpoint): begin with this
  // selection instead of rule 1 below, and give Lemke this basis of that selection's cell LCP (its
  // rows are laid out alike when the free space is the same). Ignored when the sizes do not fit.
  const ConfigurationSelection* start = nullptr;
  const std::vector<int>* start_basis = nullptr;
  const CellLcp* start_cell = nullptr;  // that selection's cell, reused when its contacts match
  // Without a start basis: per contact, 1 when it pushed in a solve of another proximity
  // (dynamics/warm_start.h); the first cell starts pivoting from those contacts' normal impulses
  // and, with friction, carries friction rows at them from its first round.
  const std::vector<char>* start_pushing = nullptr;
  int max_lcp_size = 0;  // > 0: a larger cell LCP is not solved (the search ends, diverged)
  // A sparse cell whose block pivoting fails is densified for the dense attempts only up to this
  // many rows (and never past kMaxDenseLcpRows); a larger one fails the search.
  int max_dense_rows = kMaxDenseLcpRows;
};

// A cell the search solved: its selection, impulses and end velocity. When the search ends
// unconverged (friction broke the descent) the engine tries these as answers too.
struct SolvedCell {
  ConfigurationSelection selection;
  std::vector<ContactImpulse> impulses;
  Vec nu;
};

struct ConfigurationSearch {
  bool solved = false;     // the last cell LCP verified (status below)
  bool converged = false;  // and no disjunction wants to switch
  bool diverged = false;   // a cell LCP exceeded max_lcp_size
  int rounds = 0;          // cell LCPs solved
  int switches = 0;        // configuration changes over all rounds
  ConfigurationSelection selection;    // per disjunction of the free space
  LcpResult result;                    // the last cell LCP's result (result.basis: a warm start)
  int lcp_size = 0;                    // its size
  int islands = 1, threads = 1;        // the most islands and threads of any cell's solve
  Vec nu;                              // end-of-step velocity of the last solved cell
  std::shared_ptr<const CellLcp> cell; // the last solved cell (a warm start)
  std::vector<ContactImpulse> impulses;  // per ProximityResult contact (zero when not enforced)
  std::vector<SolvedCell> solved_cells;  // every solved cell in visiting order (the last = above)
};

// Throws std::invalid_argument when a disjunction is empty or names a contact that does not exist.
ConfigurationSearch search_configurations(const FreeSpace& space, const ProximityResult& proximity,
                                          const ModelContext& context, const InverseMass& inverse_mass,
                                          const Vec& nu_free, const ConfigurationSearchOptions& options);

}  // namespace pegsim
