// Internal to src/lcp: the LU factors of the basis matrix of Lemke's path on a sparse island
// (sparse_lemke_path.cpp), with solves by it and by its transpose.
//
// Why its own unit: the factorisation was most of a large frictional island's cost (COLAMD and
// Eigen's supernodal SparseLU, ~45 % of a frictional 500-body pile's samples). A basis is mostly
// identity columns (basic w's) with some -M columns and z0's dense one; KLU's block-triangular
// split peels the identity part off before it orders and factorises the rest. Measured on 1014
// dumped paths of 600+ rows (frictional 200-body pile, 1 s): 24.1 s against 47.2 s, the same 846
// paths verified (BENCHMARKS.md, "Lemke's basis on KLU").
#pragma once

#include <pegsim/lcp/problem.h>
#include <pegsim/lcp/sparse_lcp.h>

#include <memory>

namespace pegsim::detail {

// KLU's partial-pivoting threshold: a pivot within this factor of its column's largest entry may
// be kept (KLU's default 0.001 lost 35 of the 846 paths verified of 1014; 0.1 none, 1.0 two).
inline constexpr double kBasisPivotThreshold = 0.1;

class BasisLu {
 public:
  BasisLu();
  ~BasisLu();
  BasisLu(const BasisLu&) = delete;
  BasisLu& operator=(const BasisLu&) = delete;

  // Factorises the compressed square B; false when it is (numerically) singular.
  bool factorize(const SparseMat& B);
  void solve(Vec& v) const;             // v <- B^{-1} v
  void solve_transposed(Vec& v) const;  // v <- B^{-T} v

 private:
  struct Factors;
  std::unique_ptr<Factors> factors_;
};

// Which factorisation this build uses: "klu" or "eigen sparselu".
const char* basis_lu_name();

}  // namespace pegsim::detail
