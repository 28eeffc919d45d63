// Assembly: B = A + R M^{-1} G and b = R nu_free + constant against hand-computed values.
#include <pegsim/assembly/assembly.h>
#include <pegsim/assembly/row_system.h>
#include <pegsim/lcp/sparse_lcp.h>

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <stdexcept>
#include <string>

namespace pegsim {
namespace {

// Two 2D bodies: body 0 (m = 2, I = 0.5) at DOFs 0-2, body 1 (m = 4, I = 1) at DOFs 3-5.
InverseMass two_bodies() {
  InverseMass inv;
  inv.dofs = 6;
  inv.offsets = {0, 3};
  inv.blocks = {Eigen::Vector3d(0.5, 0.5, 2.0).asDiagonal(), Eigen::Vector3d(0.25, 0.25, 1.0).asDiagonal()};
  return inv;
}

// One contact between the bodies, impulse direction j = [A: (0, -1, -0.5); B: (0, 1, 0.2)],
// row = j . nu + 0.1 (a normal-contact-like pair), plus an auxiliary slack s with row
// 2 p - s + 3 and s entering p's row with coefficient 0.5.
RowSystem hand_rows() {
  RowSystem rows;
  Variable p;
  p.kind = VariableKind::NormalImpulse;
  p.direction = {{1, -1.0}, {2, -0.5}, {4, 1.0}, {5, 0.2}};
  const int ip = rows.add_variable(p);
  const int is = rows.add_variable(Variable{});
  Row row_p;
  row_p.velocity = p.direction;
  row_p.variables = {{is, 0.5}};
  row_p.constant = 0.1;
  rows.set_row(ip, row_p);
  Row row_s;
  row_s.variables = {{ip, 2.0}, {is, -1.0}};
  row_s.constant = 3.0;
  rows.set_row(is, row_s);
  return rows;
}

TEST(Assembly, HandComputedTwoBodyExample) {
  const InverseMass inv = two_bodies();
  Vec nu_free(6);
  nu_free << 1.0, -2.0, 0.5, 0.0, 1.0, -1.0;
  const Lcp lcp = assemble_lcp(hand_rows(), inv, nu_free);
  ASSERT_EQ(lcp.size(), 2);
  // j^T M^{-1} j = 1 * 0.5 + 0.25 * 2 + 1 * 0.25 + 0.04 * 1 = 1.29
  Mat expected_m(2, 2);
  expected_m << 1.29, 0.5, 2.0, -1.0;
  // j . nu_free + 0.1 = (-1)(-2) + (-0.5)(0.5) + (1)(1) + (0.2)(-1) + 0.1 = 2.65
  Vec expected_q(2);
  expected_q << 2.65, 3.0;
  EXPECT_LE((lcp.M - expected_m).cwiseAbs().maxCoeff(), 1e-14) << lcp.M;
  EXPECT_LE((lcp.q - expected_q).cwiseAbs().maxCoeff(), 1e-14) << lcp.q.transpose();
}

TEST(Assembly, SchurComplementEqualsDenseFormula) {
  // Three contacts on the two bodies; B must equal J^T M^{-1} J, b = J^T nu_free + psi/h.
  const InverseMass inv = two_bodies();
  Mat j(6, 3);
  j << 0.3, -1.0, 0.0,  //
      -1.0, 0.2, 0.0,   //
      0.7, 0.1, 0.0,    //
      0.0, 1.0, 0.6,    //
      1.0, 0.0, -0.8,   //
      -0.4, 0.5, 0.25;
  const Vec constant = Eigen::Vector3d(0.1, -0.2, 0.3);
  RowSystem rows;
  for (int k = 0; k < 3; ++k) {
    Variable v;
    v.kind = VariableKind::NormalImpulse;
    for (int d = 0; d < 6; ++d) {
      if (j(d, k) != 0.0) v.direction.emplace_back(d, j(d, k));
    }
    Row row{v.direction, {}, constant[k]};
    rows.set_row(rows.add_variable(v), row);
  }
  Vec nu_free(6);
  nu_free << 0.1, 0.2, 0.3, -0.4, -0.5, 0.6;
  Mat minv = Mat::Zero(6, 6);
  minv.diagonal() << 0.5, 0.5, 2.0, 0.25, 0.25, 1.0;
  const Lcp lcp = assemble_lcp(rows, inv, nu_free);
  EXPECT_LE((lcp.M - j.transpose() * minv * j).cwiseAbs().maxCoeff(), 1e-14);
  EXPECT_LE((lcp.q - (j.transpose() * nu_free + constant)).cwiseAbs().maxCoeff(), 1e-14);

  const Vec z = Eigen::Vector3d(0.5, 0.0, 2.0);
  const Vec nu = velocity_after_impulses(rows, inv, nu_free, z);
  EXPECT_LE((nu - (nu_free + minv * j * z)).cwiseAbs().maxCoeff(), 1e-14);
  // w = B z + b is the rows evaluated at the updated velocity.
  const Vec w = lcp.M * z + lcp.q;
  for (int k = 0; k < 3; ++k) EXPECT_NEAR(w[k], dot_sparse(rows.rows()[k].velocity, nu) + constant[k], 1e-14);
}

TEST(Assembly, AnyBlockSizeAndUncoveredDofs) {
  // A 6-DOF (3D-like) block with off-diagonal terms, then a gap (DOF 6, infinite mass), then 2 DOFs.
  InverseMass inv;
  inv.dofs = 9;
  Mat big = Mat::Identity(6, 6);
  big(0, 5) = big(5, 0) = 0.5;
  inv.offsets = {0, 7};
  inv.blocks = {big, Mat::Identity(2, 2) * 3.0};
  Vec f = Vec::Zero(9);
  f[0] = 1.0;
  f[6] = 10.0;
  f[8] = 1.0;
  const Vec applied = inv.apply(f);
  EXPECT_DOUBLE_EQ(applied[0], 1.0);
  EXPECT_DOUBLE_EQ(applied[5], 0.5);
  EXPECT_DOUBLE_EQ(applied[6], 0.0);
  EXPECT_DOUBLE_EQ(applied[8], 3.0);
  // apply_sparse sums duplicate indices.
  const Vec sparse = inv.apply_sparse({{0, 0.25}, {0, 0.75}, {6, 10.0}, {8, 1.0}});
  EXPECT_LE((sparse - applied).cwiseAbs().maxCoeff(), 0.0);
  EXPECT_THROW(inv.apply_sparse({{9, 1.0}}), std::invalid_argument);
}

// Random rows over bodies of block sizes 3 (polygon), 6 (polyhedron) and 2 (the generic path),
// with DOFs outside every block: the sparse B, built in compressed columns, is the dense formula
// R^T M^{-1} G + A, entry for entry the dense assembly's (same summation order: bit-identical),
// with sorted, distinct row indices in every column. Rows touch 1-3 bodies; A has repeated
// entries (summed) and R differs from G (B not symmetric).
TEST(Assembly, SparseColumnsEqualTheDenseAssemblyOnRandomMultiBodyRows) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> value(-1.0, 1.0);
  InverseMass inv;
  const std::vector<int> sizes = {3, 6, 3, 2, 3, 6};
  int dof = 0;
  for (int size : sizes) {
    inv.offsets.push_back(dof);
    Mat a = Mat::Random(size, size);
    inv.blocks.push_back(a * a.transpose() + Mat::Identity(size, size));
    dof += size + 1;  // one DOF outside every block after each body
  }
  inv.dofs = dof;
  Mat minv = Mat::Zero(dof, dof);
  for (std::size_t b = 0; b < sizes.size(); ++b) minv.block(inv.offsets[b], inv.offsets[b], sizes[b], sizes[b]) = inv.blocks[b];

  const int n = 40;
  Mat r_dense = Mat::Zero(dof, n), g_dense = Mat::Zero(dof, n), a_dense = Mat::Zero(n, n);
  Vec constant(n);
  RowSystem rows;
  std::uniform_int_distribution<int> pick_dof(0, dof - 1), pick_count(1, 3), pick_var(0, n - 1);
  const auto random_terms = [&](Mat& dense, int k) {
    SparseTerms terms;
    for (int c = pick_count(rng) * 3; c > 0; --c) {
      const int d = pick_dof(rng);
      const double v = value(rng);
      terms.emplace_back(d, v);
      dense(d, k) += v;
    }
    return terms;
  };
  for (int k = 0; k < n; ++k) {
    Variable v;
    v.direction = random_terms(g_dense, k);
    rows.add_variable(v);
  }
  for (int k = 0; k < n; ++k) {
    Row row;
    row.velocity = random_terms(r_dense, k);
    for (int c = k % 4; c > 0; --c) {
      const int j = c == 1 && k > 0 ? pick_var(rng) : (k + c) % n;
      const double v = value(rng);
      row.variables.emplace_back(j, v);
      row.variables.emplace_back(j, 0.5 * v);  // repeated: summed
      a_dense(k, j) += 1.5 * v;
    }
    row.constant = constant[k] = value(rng);
    rows.set_row(k, row);
  }
  const Vec nu_free = Vec::Random(dof);

  const SparseLcp sparse = assemble_sparse_lcp(rows, inv, nu_free);
  const Lcp dense = assemble_lcp(rows, inv, nu_free);
  ASSERT_EQ(sparse.size(), n);
  ASSERT_TRUE(sparse.M.isCompressed());
  const Mat expected = r_dense.transpose() * minv * g_dense + a_dense;
  EXPECT_LE((Mat(sparse.M) - expected).cwiseAbs().maxCoeff(), 1e-12);
  EXPECT_EQ(Mat(sparse.M), dense.M);  // bit-identical
  EXPECT_EQ(sparse.q, dense.q);
  EXPECT_LE((sparse.q - (r_dense.transpose() * nu_free + constant)).cwiseAbs().maxCoeff(), 1e-12);
  int stored = 0;
  for (int j = 0; j < n; ++j) {
    for (int p = sparse.M.outerIndexPtr()[j]; p + 1 < sparse.M.outerIndexPtr()[j + 1]; ++p)
      EXPECT_LT(sparse.M.innerIndexPtr()[p], sparse.M.innerIndexPtr()[p + 1]) << "column " << j;
    stored += sparse.M.outerIndexPtr()[j + 1] - sparse.M.outerIndexPtr()[j];
  }
  EXPECT_EQ(stored, sparse.M.nonZeros());
  int structural = 0;  // entries the formula can reach: a row and a variable sharing a body, or A
  const Mat reach = r_dense.cwiseAbs().transpose() * minv.cwiseAbs() * g_dense.cwiseAbs() + a_dense.cwiseAbs();
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) structural += reach(i, j) != 0.0;
  EXPECT_GE(stored, structural);
  EXPECT_LT(stored, n * n);  // sparse indeed

  // Finite rows whose product overflows: the sparse columns see it.
  RowSystem overflowing;
  Variable big;
  big.direction = {{0, 1e300}};
  overflowing.set_row(overflowing.add_variable(big), Row{{{0, 1e300}}, {}, 0.0});
  EXPECT_THROW(assemble_sparse_lcp(overflowing, inv, nu_free), std::runtime_error);
  EXPECT_THROW(assemble_lcp(overflowing, inv, nu_free), std::runtime_error);
}

TEST(Assembly, UnsetRowIsALogicErrorNamingTheVariable) {
  RowSystem rows;
  rows.set_row(rows.add_variable(Variable{}), Row{{}, {}, 1.0});
  Variable forgotten;
  forgotten.kind = VariableKind::FrictionImpulse;
  forgotten.contact = 7;
  rows.add_variable(forgotten);
  EXPECT_EQ(rows.unset_rows(), std::vector<int>{1});
  try {
    assemble_lcp(rows, two_bodies(), Vec::Zero(6));
    FAIL() << "no exception";
  } catch (const std::logic_error& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find("variable 1"), std::string::npos) << message;
    EXPECT_NE(message.find("contact 7"), std::string::npos) << message;
    EXPECT_NE(message.find("never set"), std::string::npos) << message;
  }
}

TEST(Assembly, RejectsBadIndicesAndSizes) {
  RowSystem rows;
  Variable v;
  v.direction = {{6, 1.0}};  // only 6 DOFs
  rows.set_row(rows.add_variable(v), Row{});
  EXPECT_THROW(assemble_lcp(rows, two_bodies(), Vec::Zero(6)), std::logic_error);

  RowSystem bad_variable;
  bad_variable.set_row(bad_variable.add_variable(Variable{}), Row{{}, {{3, 1.0}}, 0.0});
  EXPECT_THROW(assemble_lcp(bad_variable, two_bodies(), Vec::Zero(6)), std::logic_error);

  EXPECT_THROW(assemble_lcp(hand_rows(), two_bodies(), Vec::Zero(5)), std::invalid_argument);
  EXPECT_THROW(RowSystem().set_row(0, Row{}), std::out_of_range);
  Vec nan_nu = Vec::Zero(6);
  nan_nu[2] = std::nan("");
  EXPECT_THROW(assemble_lcp(hand_rows(), two_bodies(), nan_nu), std::invalid_argument);
}

// n rows on one body, each coupled to every other through it: assembly's bound on B's entries is n^2.
RowSystem rows_on_one_body(int n) {
  RowSystem rows;
  for (int k = 0; k < n; ++k) {
    Variable v;
    v.kind = VariableKind::NormalImpulse;
    v.direction = {{0, 1.0}, {2, 0.001 * k}};
    rows.set_row(rows.add_variable(v), Row{v.direction, {}, 0.0});
  }
  return rows;
}

TEST(MemoryBound, SparseAssemblyRefusesPastItsEntryBoundBeforeAllocating) {
  InverseMass inv;
  inv.dofs = 3;
  inv.offsets = {0};
  inv.blocks = {Eigen::Vector3d(1.0, 1.0, 2.0).asDiagonal()};
  const Vec nu_free = Vec::Zero(3);
  EXPECT_NO_THROW(check_sparse_size(10000, kMaxSparseLcpEntries));
  EXPECT_THROW(check_sparse_size(10000, kMaxSparseLcpEntries + 1), LcpTooLarge);
  EXPECT_EQ(assemble_sparse_lcp(rows_on_one_body(1000), inv, nu_free).M.nonZeros(), 1000 * 1000);
  // 10000^2 = 1e8 entries: refused before the 1.2 GB allocation
  try {
    (void)assemble_sparse_lcp(rows_on_one_body(10000), inv, nu_free);
    FAIL() << "expected LcpTooLarge";
  } catch (const LcpTooLarge& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("10000 rows and up to 100000000 stored entries"), std::string::npos) << what;
    EXPECT_NE(what.find(std::to_string(kMaxSparseLcpEntries)), std::string::npos) << what;
    EXPECT_NE(what.find("space the bodies apart"), std::string::npos) << what;
  }
}

// A symmetric chain of n rows, cut into islands of `island` rows.
SparseMat chain_of_islands(int n, int island) {
  std::vector<Eigen::Triplet<double>> entries;
  for (int i = 0; i < n; ++i) {
    entries.emplace_back(i, i, 2.0);
    if (i + 1 < n && (i + 1) % island != 0) entries.emplace_back(i, i + 1, -1.0), entries.emplace_back(i + 1, i, -1.0);
  }
  SparseMat M(n, n);
  M.setFromTriplets(entries.begin(), entries.end());
  return M;
}

TEST(MemoryBound, TheRowBoundOfASparseLcpIsOnItsLargestIsland) {
  const int n = kMaxDenseLcpRows + 1000;
  EXPECT_NO_THROW(check_island_size(chain_of_islands(n, n / 2 + 1)));  // two islands under the bound
  EXPECT_NO_THROW(check_island_size(chain_of_islands(kMaxDenseLcpRows, kMaxDenseLcpRows)));
  try {
    check_island_size(chain_of_islands(n, n));
    FAIL() << "expected LcpTooLarge";
  } catch (const LcpTooLarge& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("largest island " + std::to_string(n) + " rows"), std::string::npos) << what;
    EXPECT_NE(what.find(std::to_string(kMaxDenseLcpRows) + " rows per island"), std::string::npos) << what;
    EXPECT_NE(what.find("space the bodies apart"), std::string::npos) << what;
  }
}

TEST(Assembly, EmptySystem) {
  const Lcp lcp = assemble_lcp(RowSystem(), two_bodies(), Vec::Zero(6));
  EXPECT_EQ(lcp.size(), 0);
  EXPECT_EQ(lcp.M.rows(), 0);
}

}  // namespace
}  // namespace pegsim
