// ProjectedArc (src/lcp/projected_arc.h) prices f along max(0, z + a d) in closed form for projected
// Newton's line search: its values must be f's, evaluated directly, at every a, before and past
// the arc's breakpoints, and with components held at the bound; so must its gradient there.
#include "lcp/generators.h"
#include "lcp/projected_arc.h"

#include <pegsim/lcp/sparse_lcp.h>

#include <gtest/gtest.h>

namespace pegsim {
namespace {

double f_of(const SparseMat& S, double shift, const Vec& q, const Vec& x) {
  return 0.5 * x.dot(S * x + shift * x) + q.dot(x);
}

TEST(ProjectedArc, ChangeEqualsDirectEvaluationAlongTheArc) {
  testgen::Rng rng(31);
  int crossed_points = 0;
  for (int trial = 0; trial < 30; ++trial) {
    const int n = 10 + trial;
    // a contact LCP's matrix: symmetric PSD, sparse, rank deficient (the proximal shift makes it PD)
    const SparseMat S = to_sparse(testgen::contact_lcp(testgen::random_scene(4, n, rng))).M;
    const int m = static_cast<int>(S.rows());
    const double shift = 1e-6 * Vec(S.diagonal()).cwiseAbs().maxCoeff();
    const Vec q = testgen::gaussian_vector(m, rng);
    Vec z = testgen::gaussian_vector(m, rng).cwiseMax(0.0);  // about half the components at the bound
    const Vec d = testgen::gaussian_vector(m, rng);
    const Vec w = S * z + shift * z + q;
    const double f0 = f_of(S, shift, q, z);
    detail::ProjectedArc arc(S, shift, z, w, d);
    for (double a = 4.0; a > 1e-4; a *= 0.5) {
      const Vec x = (z + a * d).cwiseMax(0.0);
      const detail::ProjectedArc::Change change = arc.at(a);
      const double scale = 1.0 + std::abs(f0) + std::abs(f_of(S, shift, q, x));
      EXPECT_NEAR(change.f, f_of(S, shift, q, x) - f0, 1e-10 * scale) << "trial " << trial << " a " << a;
      EXPECT_NEAR(change.w_delta, w.dot(x - z), 1e-10 * (1.0 + w.cwiseAbs().sum() * (x - z).cwiseAbs().maxCoeff()));
      Vec gradient;
      arc.gradient_at(a, gradient);
      const Vec direct = S * x + shift * x + q;
      EXPECT_LE((gradient - direct).cwiseAbs().maxCoeff(), 1e-12 * (1.0 + direct.cwiseAbs().maxCoeff()))
          << "trial " << trial << " a " << a;
      for (int i = 0; i < m; ++i) crossed_points += z[i] > 0.0 && z[i] + a * d[i] < 0.0;
    }
  }
  EXPECT_GT(crossed_points, 200);  // the pricing past breakpoints was exercised, not only the first piece
}

// Block pivoting's residuals and search directions come from shifted_product: it must give Eigen's
// S * z + shift * z to the bit (trajectories stay bit-identical), however many components are 0.
TEST(ShiftedProduct, EqualsEigensFullProductToTheBit) {
  testgen::Rng rng(37);
  int zeros = 0;
  for (int trial = 0; trial < 20; ++trial) {
    const SparseMat S = to_sparse(testgen::contact_lcp(testgen::random_scene(4, 12 + trial, rng))).M;
    const int m = static_cast<int>(S.rows());
    const double shift = 1e-6 * Vec(S.diagonal()).cwiseAbs().maxCoeff();
    Vec z = testgen::gaussian_vector(m, rng);
    for (int i = 0; i < m; ++i)
      if (i % (2 + trial % 3) != 0) z[i] = 0.0, ++zeros;  // zero off a "free set"
    const Vec full = S * z + shift * z;
    const Vec ours = detail::shifted_product(S, shift, z);
    ASSERT_EQ(ours.size(), full.size());
    for (int i = 0; i < m; ++i) EXPECT_EQ(ours[i], full[i]) << "trial " << trial << " row " << i;
  }
  EXPECT_GT(zeros, 100);  // the skipped columns were exercised
}

}  // namespace
}  // namespace pegsim
