// Mixed LCP (src/lcp/mlcp.cpp): Schur complement vs Newton on the whole MLCP, singular free
// blocks, and a one-particle contact with an analytic answer.
//
// Contact MLCP of a time step (velocity level):  A (v - v0) = h f + J^T lambda,
//   0 <= lambda  ⟂  J v + gap / h >= 0.
// In the Siconos layout: u = v, z = lambda, A = mass matrix, C = -J^T, a = -(A v0 + h f),
// D = J, B = 0, b = gap / h.
#include <pegsim/lcp/solver.h>
#include <pegsim/lcp/verify.h>

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace pegsim {
namespace {

Mat random_matrix(int rows, int cols, std::mt19937_64& rng) {
  std::normal_distribution<double> normal(0.0, 1.0);
  Mat m(rows, cols);
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) m(i, j) = normal(rng);
  return m;
}

Vec random_vector(int n, std::mt19937_64& rng) { return random_matrix(n, 1, rng); }

Mlcp contact_mlcp(const Mat& mass, const Mat& J, const Vec& v0, const Vec& force, const Vec& gap,
                  double h) {
  Mlcp p;
  p.A = mass;
  p.C = -J.transpose();
  p.a = -(mass * v0 + h * force);
  p.D = J;
  p.B = Mat::Zero(J.rows(), J.rows());
  p.b = gap / h;
  return p;
}

// Bodies of random SPD mass (3x3 blocks like planar bodies), random contact Jacobian.
Mlcp random_contact_mlcp(int bodies, int contacts, std::mt19937_64& rng) {
  const int dofs = 3 * bodies;
  Mat mass = Mat::Zero(dofs, dofs);
  for (int b = 0; b < bodies; ++b) {
    const Mat g = random_matrix(3, 3, rng);
    mass.block(3 * b, 3 * b, 3, 3) = g * g.transpose() + Mat::Identity(3, 3);
  }
  const Vec gap = random_vector(contacts, rng).cwiseAbs() * 0.01;
  return contact_mlcp(mass, random_matrix(contacts, dofs, rng), random_vector(dofs, rng),
                      random_vector(dofs, rng), gap, 0.01);
}

void expect_verified(const Mlcp& p, const MlcpResult& r) {
  ASSERT_EQ(r.status, SolveStatus::Solved) << r.solver << ": " << r.message;
  const Verification check = verify_mlcp(p, r.u, r.z);
  EXPECT_TRUE(check.ok) << "independent residual " << check.residual;
  EXPECT_DOUBLE_EQ(check.residual, r.residual);
}

TEST(Mlcp, SchurAndNewtonAgreeOnContactProblems) {
  std::mt19937_64 rng(8080);
  for (int trial = 0; trial < 15; ++trial) {
    const int bodies = 1 + trial % 4;
    const Mlcp p = random_contact_mlcp(bodies, 1 + (trial * 7) % (3 * bodies), rng);
    const MlcpResult schur = solve_mlcp(p, SolverKind::Lemke);
    const MlcpResult newton = solve_mlcp(p, SolverKind::Newton);
    expect_verified(p, schur);
    expect_verified(p, newton);
    EXPECT_EQ(schur.solver, "schur+lemke");
    EXPECT_EQ(newton.solver, "newton");
    // Fewer contacts than dofs and J of full row rank: J A^{-1} J^T is SPD, the answer unique.
    const double scale = std::max(1.0, schur.z.lpNorm<Eigen::Infinity>());
    EXPECT_LT((schur.z - newton.z).cwiseAbs().maxCoeff(), 1e-6 * scale) << "trial " << trial;
    EXPECT_LT((schur.u - newton.u).cwiseAbs().maxCoeff(), 1e-6 * scale) << "trial " << trial;
  }
}

TEST(Mlcp, EveryLcpRouteSolvesContactProblems) {
  std::mt19937_64 rng(9090);
  for (int trial = 0; trial < 6; ++trial) {
    const Mlcp p = random_contact_mlcp(2, 4, rng);
    for (SolverKind kind : {SolverKind::Auto, SolverKind::Pgs, SolverKind::Enumerate}) {
      const MlcpResult r = solve_mlcp(p, kind);
      expect_verified(p, r);
      EXPECT_FALSE(r.attempts.empty());
    }
  }
}

// One particle of mass 2 falling at 1 m/s onto the ground y = 0 it touches, gravity, h = 0.01:
// the contact stops it, v+ = (vx, 0), lambda = m (0 - vy0) + h m g.
TEST(Mlcp, FallingParticleStopsOnTheGround) {
  const double m = 2.0, h = 0.01, g = 9.81;
  const Mat mass = m * Mat::Identity(2, 2);
  Mat J(1, 2);
  J << 0, 1;
  const Mlcp p = contact_mlcp(mass, J, Eigen::Vector2d(0.3, -1.0), Eigen::Vector2d(0.0, -m * g),
                              Vec::Zero(1), h);
  for (SolverKind kind : {SolverKind::Auto, SolverKind::Newton, SolverKind::Lemke}) {
    const MlcpResult r = solve_mlcp(p, kind);
    expect_verified(p, r);
    EXPECT_NEAR(r.u(0), 0.3, 1e-9);
    EXPECT_NEAR(r.u(1), 0.0, 1e-9);
    EXPECT_NEAR(r.z(0), m * 1.0 + h * m * g, 1e-9);
  }
}

// A monotone MLCP whose free block has a zero pivot (a massless coordinate): no Schur
// complement; Newton on the whole system still solves it. Planted solution (u*, z*, w*).
Mlcp singular_free_block_mlcp(std::mt19937_64& rng) {
  const int n = 3, m = 4;
  Mlcp p;
  p.A = Mat::Zero(n, n);
  p.A.diagonal() << 2.0, 1.0, 0.0;
  p.C = random_matrix(n, m, rng);
  p.D = -p.C.transpose();  // [A C; D B] is then monotone: x^T K x = u^T A u + z^T B z
  p.B = 0.5 * Mat::Identity(m, m);
  const Vec u = random_vector(n, rng);
  Vec z(m), w(m);
  z << 1.0, 0.0, 0.5, 0.0;
  w << 0.0, 2.0, 0.0, 0.0;
  p.a = -(p.A * u + p.C * z);
  p.b = w - p.D * u - p.B * z;
  return p;
}

TEST(Mlcp, SingularFreeBlockGoesToNewton) {
  std::mt19937_64 rng(1234);
  for (int trial = 0; trial < 5; ++trial) {
    const Mlcp p = singular_free_block_mlcp(rng);
    for (SolverKind kind : {SolverKind::Auto, SolverKind::Lemke}) {
      const MlcpResult r = solve_mlcp(p, kind);
      expect_verified(p, r);
      EXPECT_EQ(r.solver, "newton");
      ASSERT_FALSE(r.attempts.empty());
      EXPECT_NE(r.attempts.front().find("singular"), std::string::npos) << r.attempts.front();
    }
  }
}

TEST(Mlcp, NoComplementarityIsALinearSystem) {
  std::mt19937_64 rng(55);
  Mlcp p;
  const Mat g = random_matrix(4, 4, rng);
  p.A = g * g.transpose() + Mat::Identity(4, 4);
  p.C = Mat(4, 0);
  p.D = Mat(0, 4);
  p.B = Mat(0, 0);
  p.a = random_vector(4, rng);
  p.b = Vec(0);
  const Vec expected = p.A.ldlt().solve(-p.a);
  for (SolverKind kind : {SolverKind::Auto, SolverKind::Newton}) {
    const MlcpResult r = solve_mlcp(p, kind);
    expect_verified(p, r);
    EXPECT_LT((r.u - expected).cwiseAbs().maxCoeff(), 1e-10);
  }
}

TEST(Mlcp, NoFreeBlockIsAnLcp) {
  Mlcp p;
  p.A = Mat(0, 0);
  p.C = Mat(0, 2);
  p.D = Mat(2, 0);
  p.B = Mat::Identity(2, 2);
  p.a = Vec(0);
  p.b = Eigen::Vector2d(-1.0, 2.0);
  const MlcpResult r = solve_mlcp(p, SolverKind::Auto);
  expect_verified(p, r);
  EXPECT_NEAR(r.z(0), 1.0, 1e-12);
  EXPECT_NEAR(r.z(1), 0.0, 1e-12);
}

TEST(Mlcp, InvalidInputNamesTheBlock) {
  std::mt19937_64 rng(66);
  Mlcp p = random_contact_mlcp(1, 2, rng);
  p.C = Mat::Zero(3, 5);
  const MlcpResult r = solve_mlcp(p, SolverKind::Auto);
  EXPECT_EQ(r.status, SolveStatus::InvalidInput);
  EXPECT_NE(r.message.find("C"), std::string::npos) << r.message;
  EXPECT_TRUE(r.u.allFinite());
  EXPECT_TRUE(r.z.allFinite());
}

// Two contacts along one direction with opposite normals and gaps that cannot both open:
// w1 + w2 = (b1 + b2) < 0 whatever v is. No solution: never Solved, residual finite.
TEST(Mlcp, InfeasibleContactsAreNotSolved) {
  const Mat mass = Mat::Identity(2, 2);
  Mat J(2, 2);
  J << 1, 0,
       -1, 0;
  const Mlcp p = contact_mlcp(mass, J, Vec::Zero(2), Vec::Zero(2), Eigen::Vector2d(-0.02, 0.01), 0.01);
  for (SolverKind kind : {SolverKind::Auto, SolverKind::Newton, SolverKind::Lemke}) {
    const MlcpResult r = solve_mlcp(p, kind);
    EXPECT_NE(r.status, SolveStatus::Solved) << to_string(kind);
    EXPECT_TRUE(std::isfinite(r.residual));
    EXPECT_GT(r.residual, SolveOptions{}.tolerance);
    EXPECT_TRUE(r.u.allFinite());
    EXPECT_TRUE(r.z.allFinite());
    EXPECT_FALSE(r.attempts.empty());
  }
}

}  // namespace
}  // namespace pegsim
