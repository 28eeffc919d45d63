// Internal to src/lcp: the projected arc x(a) = max(0, z + a d) of projected Newton's line search
// (block_pivoting.cpp) and the change of the quadratic f(x) = x^T S' x / 2 + q^T x along it,
// S' = S + shift I, priced without a product by S per trial point.
//
// With e = d except 0 where z_i = 0 and d_i < 0 (held at the bound for every a > 0), the trial
// point is z + delta, delta = a e + r, where r_i = -(z_i + a e_i) > 0 at the components the arc has
// taken past 0 and r_i = 0 elsewhere. As f is quadratic,
//   f(z + delta) - f(z) = w.delta + (a^2 e^T S' e + 2 a r^T S' e + r^T S' r) / 2,   w = S' z + q,
// so one product S' e serves every a, and r^T S' r reads only the crossed columns.
#pragma once

#include <pegsim/lcp/sparse_lcp.h>

#include <vector>

namespace pegsim::detail {

// (S + shift I) z, reading only the columns of S where z is not 0 (block pivoting's z and d are 0
// off the free set). The sums run in the order of Eigen's S * z + shift * z, so the result is that
// expression's to the bit (a skipped term adds a signed zero).
Vec shifted_product(const SparseMat& S, double shift, const Vec& z);

class ProjectedArc {
 public:
  // z >= 0 the current point, w the gradient S' z + q there, d the search direction.
  ProjectedArc(const SparseMat& S, double shift, const Vec& z, const Vec& w, const Vec& d);

  struct Change {
    double f = 0.0;        // f(x(a)) - f(z)
    double w_delta = 0.0;  // w.(x(a) - z): the first-order term, for Armijo's test
  };
  Change at(double a);
  // The gradient S' x(a) + q = w + a S'e + S'r, reading only the crossed columns of S: the
  // accepted trial point's gradient without a product by S.
  void gradient_at(double a, Vec& gradient);

 private:
  const SparseMat& S_;
  double shift_;
  const Vec& z_;
  const Vec& w_;
  Vec e_, Se_, r_;
  double we_ = 0.0, eSe_ = 0.0;
  std::vector<int> descending_;  // components that can cross 0 (e_i < 0)
  std::vector<int> crossed_;
};

}  // namespace pegsim::detail
