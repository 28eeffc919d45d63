// The basis factorisation of the sparse Lemke path (basis_lu.h): KLU when the build has it
// (cmake/klu.cmake), else Eigen's SparseLU with a COLAMD order.
#include "basis_lu.h"

#if defined(PEGSIM_HAVE_KLU)
#include <klu.h>
#else
#include <Eigen/SparseLU>
#endif

namespace pegsim::detail {

#if defined(PEGSIM_HAVE_KLU)

struct BasisLu::Factors {
  klu_common common{};
  klu_symbolic* symbolic = nullptr;
  klu_numeric* numeric = nullptr;
  int n = 0;

  Factors() {
    klu_defaults(&common);
    common.tol = kBasisPivotThreshold;
  }
  ~Factors() { release(); }
  void release() {
    if (numeric != nullptr) klu_free_numeric(&numeric, &common);
    if (symbolic != nullptr) klu_free_symbolic(&symbolic, &common);
  }
};

bool BasisLu::factorize(const SparseMat& B) {
  Factors& f = *factors_;
  f.release();
  f.n = static_cast<int>(B.rows());
  if (!B.isCompressed() || B.rows() != B.cols()) return false;
  // KLU reads the arrays; its API takes them without const
  int* outer = const_cast<int*>(B.outerIndexPtr());
  int* inner = const_cast<int*>(B.innerIndexPtr());
  double* values = const_cast<double*>(B.valuePtr());
  f.symbolic = klu_analyze(f.n, outer, inner, &f.common);
  if (f.symbolic == nullptr) return false;
  f.numeric = klu_factor(outer, inner, values, f.symbolic, &f.common);  // null when singular
  return f.numeric != nullptr && f.common.status == KLU_OK;
}

void BasisLu::solve(Vec& v) const {
  Factors& f = *factors_;
  klu_solve(f.symbolic, f.numeric, f.n, 1, v.data(), &f.common);
}

void BasisLu::solve_transposed(Vec& v) const {
  Factors& f = *factors_;
  klu_tsolve(f.symbolic, f.numeric, f.n, 1, v.data(), &f.common);
}

const char* basis_lu_name() { return "klu"; }

#else

struct BasisLu::Factors {
  Eigen::SparseLU<SparseMat, Eigen::COLAMDOrdering<int>> lu;  // transpose() is not const
};

bool BasisLu::factorize(const SparseMat& B) {
  factors_->lu.analyzePattern(B);
  factors_->lu.factorize(B);
  return factors_->lu.info() == Eigen::Success;
}

void BasisLu::solve(Vec& v) const { v = factors_->lu.solve(v); }

void BasisLu::solve_transposed(Vec& v) const { v = factors_->lu.transpose().solve(v); }

const char* basis_lu_name() { return "eigen sparselu"; }

#endif

BasisLu::BasisLu() : factors_(std::make_unique<Factors>()) {}
BasisLu::~BasisLu() = default;

}  // namespace pegsim::detail
