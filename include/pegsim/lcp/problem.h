// Complementarity problems: the one operation every contact model ends in.
//
//   LCP(M, q):   find z with  w = M z + q,  0 <= z  ⟂  w >= 0.
//   MLCP (Siconos layout, n free variables u, m complementarity variables z):
//                A u + C z + a = 0,
//                w = D u + B z + b,   0 <= z ⟂ w >= 0.
// In a time step the free block A is the (block-diagonal) mass matrix, so eliminating u by a
// Schur complement is cheap: u = -A^{-1}(C z + a)  =>  LCP(B - D A^{-1} C, b - D A^{-1} a).
#pragma once

#include <Eigen/Dense>

namespace pegsim {

using Vec = Eigen::VectorXd;
using Mat = Eigen::MatrixXd;

struct Lcp {
  Mat M;
  Vec q;
  int size() const { return static_cast<int>(q.size()); }
};

struct Mlcp {
  Mat A, C, D, B;  // A: n x n, C: n x m, D: m x n, B: m x m
  Vec a, b;        // a: n, b: m
  int free_size() const { return static_cast<int>(a.size()); }
  int complementarity_size() const { return static_cast<int>(b.size()); }
};

}  // namespace pegsim
