// Jammed Stewart–Trinkle LCPs (issue 10 item 5): a certificate that Lemke's sufficient condition
// fails, found by an LP and checked independently.
//
// A Stewart–Trinkle friction LCP (Egan eqs 5-7; contact/contact_rows.h), per contact k with
// normal impulse c_k, friction impulses beta_kj (one per pyramid direction) and slip rate s_k:
//     normal rows    w_n = N^T nu + psi / h,        nu = nu_free + W (N c + D beta)
//     friction rows  w_f = D^T nu + E s
//     slip rows      w_s = mu c - E^T beta
// M is copositive, so Lemke's method processes LCP(M, q) whenever q.d >= 0 for every d in
// SOL(0, M) = {d >= 0, M d >= 0, d.M d = 0} (Cottle–Pang–Stone 1992, sec. 4.4). With penetrating
// contacts (psi < 0) that can fail: contact impulses c >= 0 with friction beta inside their cones
// (E^T beta <= mu c) in internal equilibrium, N c + D beta = 0 (two penetrating contacts whose
// cones hold each other suffice), give d = (c, beta, 0) with M d = (0, 0, mu c - E^T beta) >= 0,
// d.M d = 0 and q.d = psi.c / h < 0. Such an LCP may have no solution at all (the bodies are
// wedged and cannot separate as psi < 0 asks); Lemke then ends on a ray that is no Farkas proof.
//
// find_jam_certificate solves the LP
//     minimise q.d  over d = (c, beta, 0)
//     subject to  F d = 0            (F^T F = the normal/friction block of M: W^{1/2} J, so
//                                     F d = 0 <=> W (N c + D beta) = 0 <=> that block times d = 0)
//                 mu_k c_k - sum_j beta_kj >= 0   per contact,   sum_k c_k = 1,   c, beta >= 0
// (with F d = 0, q.d = (constant part of q).d = psi.c / h: the free velocity drops out). A negative
// optimum is a certificate. GLPK's simplex solves it (only run after a failed solve: milliseconds
// at n = 320). verify_jam_certificate checks d on the LCP's own M and q, trusting nothing of the LP.
//
// What a certificate means: the existence theorem does not apply, and clipping psi at 0 on the
// contacts with c_k > 0 removes this d's q.d < 0 (docs/engine.md, "Failures"). It is not by itself a
// proof that no solution exists; SolveStatus::Jammed is reported only after the solver failed too.
#pragma once

#include <pegsim/lcp/problem.h>
#include <pegsim/lcp/result.h>
#include <pegsim/lcp/solver.h>

#include <optional>
#include <string>
#include <vector>

namespace pegsim {

// One contact's rows in the LCP.
struct FrictionContactRows {
  int normal = -1;            // row (= variable) of c_k
  std::vector<int> friction;  // rows of beta_kj (empty: frictionless contact)
  int slip = -1;              // row of s_k (-1 when frictionless)
  double mu = 0.0;
  int id = -1;                // the caller's name for the contact (engine: proximity contact index)
};

struct StewartTrinkleStructure {
  std::vector<FrictionContactRows> contacts;
  // r x n: F^T F equals M's normal/friction block on the normal and friction columns (columns of
  // slip and other rows are ignored). The engine's F = W^{1/2} J, J the contact Jacobian rows.
  Mat factor;
};

struct JamCertificate {
  bool found = false;        // LP optimum < -tolerance (and verify_jam_certificate still decides)
  double objective = 0.0;    // q.d at the LP optimum, sum c = 1
  Vec d;                     // size n: c and beta at their rows, 0 elsewhere
  std::vector<int> contacts; // indices into structure.contacts with c_k > 0
  std::vector<int> ids;      // their ids
  std::string message;       // LP status, or why no certificate
  double seconds = 0.0;
};

// The LP above. tolerance: relative to max(1, |q|_inf) for the objective. max_pivots: the simplex's
// pivot budget (0: 20 per LP row and column, plus 1000); past it the LP is undecided (found = false,
// the message says so). GLPK's simplex can stall on these degenerate LPs.
JamCertificate find_jam_certificate(const Lcp& lcp, const StewartTrinkleStructure& structure,
                                    double tolerance = 1e-9, int max_pivots = 0);

struct JamCheck {
  bool ok = false;
  double min_Md = 0.0;  // min_i (M d)_i / (|M|_max |d|_1)       must be >= -tolerance
  double dMd = 0.0;     // d.M d / (|M|_max |d|_1^2)             must be <= tolerance
  double qd = 0.0;      // q.d / (max(1, |q|_inf) |d|_1)         must be < -tolerance
  std::string message;
};

// Independent check of d in SOL(0, M) with q.d < 0 on the LCP's own data (nothing of the LP).
JamCheck verify_jam_certificate(const Lcp& lcp, const Vec& d, double tolerance = 1e-8);

// After a failed solve: the jam certificate; when it is found and verified, status Jammed with
// result.jammed_contacts = the certificate's ids (z stays the solver's best iterate, message says
// what was found; a Farkas-certified Infeasible keeps its status and gets the ids). Solved and
// InvalidInput results are left alone; the search is recorded in result.attempts either way.
void decide_jam(const Lcp& lcp, const StewartTrinkleStructure& structure, LcpResult& result);

// Solver plus decision: solve_lcp, then decide_jam.
LcpResult solve_stewart_trinkle(const Lcp& lcp, const StewartTrinkleStructure& structure, SolverKind kind,
                                const SolveOptions& options = {});

// The LCP-only variant: the structure read off M itself, for LCPs that arrive without it (a file
// for `pegsim lcp solve`). Slip rows: zero diagonal, one positive entry mu at a normal column,
// entries -1 at friction columns whose rows carry +1 in the slip column; every other row with a
// positive diagonal is a normal row (frictionless when no slip row names it). The normal/friction
// block must be symmetric positive semidefinite (within 1e-9 relative): factor = Lambda^{1/2} V^T
// of its eigen-decomposition. Ids are normal row indices. nullopt when M has another shape
// (auxiliary rows, a nonsymmetric block, ...). O(n^3): meant for after a failure.
std::optional<StewartTrinkleStructure> infer_stewart_trinkle_structure(const Lcp& lcp);

// Whether this build can search for certificates (GLPK found at configure time; the WebAssembly
// build has none: find_jam_certificate then returns found = false with a message saying so).
bool jam_certificates_available();

}  // namespace pegsim
