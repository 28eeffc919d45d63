// Lemke's path from a warm complementary basis on a large sparse LCP (issue 11).
//
// lemke.cpp keeps the k x k inverse of its basis dense: a warm start factorises and inverts it,
// O(k^3). On the frictional islands of a 200-body pile (n ~ 3000 rows, k ~ 2000) that was 11-13 s
// a solve for a path of 3-35 pivots. Here the whole n x n basis matrix B (columns e_i for a basic
// w_i, -M_{:,j} for z_j, -d for z0) is kept as a sparse LU of a recent basis (basis_lu.h: KLU,
// or Eigen's SparseLU without it) times one eta factor per pivot: the product form of the inverse (Dantzig and
// Orchard-Hays 1954). A pivot costs a sparse solve and O(n) per eta; B is refactorised every
// kEtaLimit pivots and after a small pivot. Ties in the ratio test are broken lexicographically on
// B^{-1} B_S, as lemke.cpp does, with one transposed solve per tied row; by default they go to the
// larger pivot, and a path on which a basis repeats is run again with lexicographic ties (PathTies, solver.h).
//
// This is a fast first attempt, not a replacement: any end other than a solution basis (a ray, a
// singular basis, the pivot cap) is reported, and solve_lemke then runs its dense search, which
// holds the certificates and restarts.
#pragma once

#include <pegsim/lcp/problem.h>
#include <pegsim/lcp/solver.h>
#include <pegsim/lcp/sparse_lcp.h>

#include <string>
#include <vector>

namespace pegsim {

struct SparsePathEnd {
  bool solution = false;   // z0 left the basis: z is a solution of LCP(M, q) up to rounding
  bool ray = false;        // the entering column had no blocking row
  Vec z;                   // z on the final basis (z0 dropped, clipped at 0)
  std::vector<int> basis;  // basic z indices, increasing
  int pivots = 0;
  // -1: ties went to the larger pivot throughout; 0: lexicographic throughout; k > 0: a basis
  // repeated after k pivots (counted in `pivots`), and the path was run again lexicographically.
  int lexicographic_from = -1;
  bool cycled = false;     // this path stopped at a repeated basis (internal: never returned)
  std::string detail;      // why the path stopped, when it is not a solution
};

// Lemke's path on LCP(M, q) from the complementary basis `start` (basic z indices, distinct, in
// range) with covering vector d = B_S e. zero_column[j]: M_{:,j} == 0 (such a w_j loses ties).
SparsePathEnd sparse_lemke_path(const SparseMat& M, const Vec& q, const std::vector<int>& start,
                                const std::vector<char>& zero_column, int max_pivots,
                                PathTies ties = PathTies::LargerPivotUntilCycle);

}  // namespace pegsim
