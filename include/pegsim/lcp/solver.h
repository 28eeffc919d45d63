// Solvers for LCP and MLCP, and the `auto` choice used by the CLI and the engine.
#pragma once

#include <pegsim/lcp/problem.h>
#include <pegsim/lcp/result.h>
#include <pegsim/lcp/verify.h>

#include <optional>
#include <string>
#include <vector>

namespace pegsim {

enum class SolverKind { Auto, Lemke, Newton, Pgs, Enumerate };

const char* to_string(SolverKind kind);
// Parses "auto", "lemke", "newton", "pgs", "enumerate"; nullopt otherwise.
std::optional<SolverKind> parse_solver_kind(const std::string& name);

// SolveOptions::dense_max_rows by default: a dense copy of at most 5000^2 doubles (200 MB). The
// frictional 200-body pile's whole LCP stays under it (at most 4764 rows, measured).
inline constexpr int kDenseFallbackMaxRows = 5000;

// How Lemke's ratio test breaks ties, after z0 wins and a w of an all-zero column loses (both
// paths: lemke.cpp's dense one and sparse_lemke_path.h). Measured on 1014 sparse paths of a
// frictional 200-body pile (BENCHMARKS.md, "Ties to the larger pivot"): lexicographic throughout
// verified 846, the larger pivot with the lexicographic rule after a repeat 965.
enum class PathTies {
  LargerPivotUntilCycle,  // the larger pivot; lexicographic from the first repeated basis on
  Lexicographic,          // lexicographic throughout: a path that cannot cycle
};

struct SolveOptions {
  double tolerance = kDefaultTolerance;  // for the independent check
  int max_iterations = 0;                // 0: the solver's own default
  const std::vector<int>* warm_basis = nullptr;  // Lemke: guessed set of basic z indices
  // Lemke: when the path from warm_basis fails, stop (do not run the textbook path). Auto uses it
  // after a textbook path already failed on the same problem.
  bool warm_path_only = false;
  double pgs_relaxation = 1.0;           // PGS/SOR omega in (0, 2)
  // The caller's promise that M is copositive-plus (or, like Stewart–Trinkle friction LCPs, of a
  // class where Lemke's ray termination proves infeasibility): Auto then stops at a Lemke ray
  // without further attempts, reporting it as RayTermination unless its Farkas certificate checked
  // (Infeasible). Auto detects symmetric PSD M itself.
  bool copositive_plus = false;
  // Auto: the pivoting attempts only (Lemke, its regularised variants), no Newton, enumeration or
  // PGS. For callers with a fallback of their own (the configuration search's cells: a failed
  // cell costs ~0.1 s of Newton work and the engine answers the step another way).
  bool pivoting_only = false;
  // Threads for an LCP that falls apart into islands (components.h): blocks are solved
  // concurrently and merged in a fixed order, so every thread count gives the same bits.
  int threads = 1;
  // Auto, frictional LCPs of kRegularizationHintMinRows rows or more: the relative regularisation
  // a similar LCP needed (LcpResult::regularization of the previous cell of a search). The
  // regularised paths from that level are tried first; the plain path and the smaller levels
  // follow only when they fail. 0: the plain path first.
  double regularization_hint = 0.0;
  // Auto: the result of Lemke's plain path on this very LCP and options, when the caller ran it
  // already (solve_sparse_lcp runs it on the sparse island, solve_lemke_sparse, before it densifies
  // an island whose path did not verify); Auto takes it as its plain attempt instead of running
  // the path again. Ignored by every other solver. Not a ray (the dense solve_lemke looks for a
  // ray's certificate).
  const LcpResult* plain_lemke = nullptr;
  // solve_sparse_lcp, Auto: islands of more rows than this get no dense copy. Their sparse attempts
  // (block pivoting; Lemke's paths on a sparse basis) give the answer or the failure. A dense
  // fallback is O(n^2) memory and O(n^3) work per attempt: a frictional 500-body pile's step of
  // 7605 rows was still in dense Newton after 6.6 minutes, at 4.5 GB.
  int dense_max_rows = kDenseFallbackMaxRows;
  // Lemke's ratio-test ties (PathTies).
  PathTies lemke_ties = PathTies::LargerPivotUntilCycle;
};
inline constexpr int kRegularizationHintMinRows = 400;
// Auto's attempts 3 and 3b (Newton, and the Lemke path from its active set) are skipped above
// this size. There Newton's work budget is at its floor of 4 units: 4 dense factorisations from a
// cold start, 3 s at 2378 rows and 27-77 s at 5150-5700 rows, and none verified (issue 11: the
// frictional 200- and 500-body piles with peg and peg-accurate, and the 5150-5700-row LCPs of
// their failed steps replayed with a larger dense_max_rows, where Newton ended at residuals
// 0.02-0.4 and 3b on a singular basis). The (regularised) Lemke paths solve such LCPs or nothing does.
inline constexpr int kNewtonFallbackMaxRows = 2000;

LcpResult solve_lcp(const Lcp& lcp, SolverKind kind, const SolveOptions& options = {});
// The same without splitting into independent blocks (components.h): for callers that split already.
LcpResult solve_lcp_whole(const Lcp& lcp, SolverKind kind, const SolveOptions& options = {});

LcpResult solve_lemke(const Lcp& lcp, const SolveOptions& options = {});
LcpResult solve_newton_fb(const Lcp& lcp, const SolveOptions& options = {});
LcpResult solve_pgs(const Lcp& lcp, const SolveOptions& options = {});
inline constexpr int kEnumerationMaxSize = 12;  // solve_enumerate's and enumerate_all_solutions' limit
LcpResult solve_enumerate(const Lcp& lcp, const SolveOptions& options = {});  // n <= kEnumerationMaxSize
LcpResult solve_auto(const Lcp& lcp, const SolveOptions& options = {});

// Every solution of a small LCP (n <= 12), one per complementary basis that yields a verified
// solution (duplicates removed). The test oracle.
std::vector<Vec> enumerate_all_solutions(const Lcp& lcp, double tolerance = kDefaultTolerance);

// MLCP: Schur complement on an invertible A then an LCP solver, or Newton–FB on the whole MLCP.
MlcpResult solve_mlcp(const Mlcp& mlcp, SolverKind kind, const SolveOptions& options = {});

}  // namespace pegsim
