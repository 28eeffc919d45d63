// Seeded LCP generators for tests (and anyone else who wants them): random matrix families,
// contact-like and Stewart–Trinkle friction LCPs from random 2D contact configurations, Murty's
// exponential example, the Egan–Berard–Trinkle worked examples built from their physical setup,
// and a reader for the handbook text files. Every function takes its generator explicitly.
#pragma once

#include <pegsim/lcp/jam.h>
#include <pegsim/lcp/problem.h>

#include <Eigen/Dense>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <numbers>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace pegsim::testgen {

using Rng = std::mt19937_64;

// Equal bit for bit (not within a tolerance): the islands-in-threads determinism checks.
inline bool bit_identical(const Vec& a, const Vec& b) {
  if (a.size() != b.size()) return false;
  for (Eigen::Index i = 0; i < a.size(); ++i)
    if (std::bit_cast<std::uint64_t>(a[i]) != std::bit_cast<std::uint64_t>(b[i])) return false;
  return true;
}

inline Mat gaussian_matrix(int rows, int cols, Rng& rng) {
  std::normal_distribution<double> g(0.0, 1.0);
  Mat A(rows, cols);
  for (int j = 0; j < cols; ++j)
    for (int i = 0; i < rows; ++i) A(i, j) = g(rng);
  return A;
}

inline Vec gaussian_vector(int n, Rng& rng) { return gaussian_matrix(n, 1, rng).col(0); }

inline double uniform(Rng& rng, double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); }

// Symmetric positive definite: A A^T / n + 0.1 I, q ~ N(0, 1).
inline Lcp random_spd(int n, Rng& rng) {
  const Mat A = gaussian_matrix(n, n, rng);
  Lcp lcp{A * A.transpose() / n + 0.1 * Mat::Identity(n, n), gaussian_vector(n, rng)};
  return lcp;
}

// A known complementary pair with `degenerate` indices where z_i = w_i = 0, the rest split
// between z_i > 0 (w_i = 0) and w_i > 0 (z_i = 0). Returns q = w - M z so that z solves it.
inline Vec q_from_solution(const Mat& M, int degenerate, Rng& rng, Vec* z_out = nullptr) {
  const int n = static_cast<int>(M.rows());
  Vec z = Vec::Zero(n), w = Vec::Zero(n);
  std::vector<int> order(n);
  for (int i = 0; i < n; ++i) order[i] = i;
  std::shuffle(order.begin(), order.end(), rng);
  for (int a = degenerate; a < n; ++a) {
    if (a % 2 == 0) z[order[a]] = uniform(rng, 0.5, 2.0);
    else w[order[a]] = uniform(rng, 0.5, 2.0);
  }
  if (z_out) *z_out = z;
  return w - M * z;
}

// Positive semidefinite of the given rank (rank < n: singular), q built from a known solution
// with `degenerate` doubly-zero indices, so the LCP is solvable and degenerate.
inline Lcp random_psd_rank_deficient(int n, int rank, int degenerate, Rng& rng) {
  const Mat B = gaussian_matrix(n, rank, rng);
  Lcp lcp;
  lcp.M = B * B.transpose() / rank;
  lcp.q = q_from_solution(lcp.M, degenerate, rng);
  return lcp;
}

// Nonsymmetric P-matrix: x^T M x > 0 (symmetric part SPD, plus a skew part), optionally with
// row and column scalings log-uniform in [1/range, range] (scaling keeps the P property).
inline Lcp random_p_matrix(int n, double scaling_range, Rng& rng) {
  const Mat A = gaussian_matrix(n, n, rng);
  const Mat K = gaussian_matrix(n, n, rng);
  Mat M = A * A.transpose() / n + 0.2 * Mat::Identity(n, n) + (K - K.transpose());
  Vec q = gaussian_vector(n, rng);
  if (scaling_range > 1.0) {
    const double L = std::log(scaling_range);
    Vec r(n), c(n);
    for (int i = 0; i < n; ++i) r[i] = std::exp(uniform(rng, -L, L)), c[i] = std::exp(uniform(rng, -L, L));
    M = r.asDiagonal() * M * c.asDiagonal();
    q = r.cwiseProduct(q);
  }
  return Lcp{M, q};
}

// ---- 2D rigid-body contact configurations ----------------------------------------------------

// A contact on body `body` (against the fixed world when other < 0, else between two bodies) at
// point p with unit normal n pointing into `body` (the direction `body` is pushed), gap >= 0.
struct Contact2D {
  int body = 0;
  int other = -1;
  Eigen::Vector2d point, normal;
  double gap = 0.0;
  double mu = 0.5;
};

struct Scene2D {
  std::vector<Eigen::Vector2d> centers;
  std::vector<double> mass, inertia;
  std::vector<Contact2D> contacts;
  Vec velocity;  // 3 per body: vx, vy, omega (already including h M^{-1} f_ext)
  double h = 0.01;
  int dofs() const { return 3 * static_cast<int>(centers.size()); }
};

// Random bodies (mass 0.5..3, radius ~0.5) with `contacts` random contacts, one in five between
// two bodies, random velocities pushing somewhat into the contacts.
inline Scene2D random_scene(int bodies, int contacts, Rng& rng) {
  Scene2D s;
  for (int b = 0; b < bodies; ++b) {
    s.centers.emplace_back(uniform(rng, -5, 5), uniform(rng, -5, 5));
    s.mass.push_back(uniform(rng, 0.5, 3.0));
    s.inertia.push_back(s.mass.back() * uniform(rng, 0.05, 0.3));
  }
  std::uniform_int_distribution<int> pick(0, bodies - 1);
  for (int c = 0; c < contacts; ++c) {
    Contact2D k;
    k.body = pick(rng);
    if (bodies > 1 && c % 5 == 4) {
      do k.other = pick(rng); while (k.other == k.body);
    }
    const double a = uniform(rng, 0, 2 * std::numbers::pi);
    k.normal = Eigen::Vector2d(std::cos(a), std::sin(a));
    const double arm = uniform(rng, 0.1, 0.6);
    const double side = uniform(rng, -0.4, 0.4);
    k.point = s.centers[k.body] - arm * k.normal + side * Eigen::Vector2d(-k.normal.y(), k.normal.x());
    k.gap = uniform(rng, 0.0, 1.0) < 0.5 ? 0.0 : uniform(rng, 0.0, 0.02);
    k.mu = uniform(rng, 0.1, 1.0);
    s.contacts.push_back(k);
  }
  s.velocity = gaussian_vector(s.dofs(), rng);
  return s;
}

// Generalised direction of a unit force f at point p on body b (rows 3b..3b+2): (f, r x f).
inline void add_wrench(Vec& column, const Scene2D& s, int b, const Eigen::Vector2d& p, const Eigen::Vector2d& f,
                       double sign) {
  const Eigen::Vector2d r = p - s.centers[b];
  column[3 * b] += sign * f.x();
  column[3 * b + 1] += sign * f.y();
  column[3 * b + 2] += sign * (r.x() * f.y() - r.y() * f.x());
}

struct ContactJacobians {
  Mat Wn, Wf, E, U;  // dofs x nc, dofs x 2nc, 2nc x nc, nc x nc  (Egan eq. (5), k = 2 directions)
  Vec Minv;          // diagonal of the inverse mass matrix diag(m, m, I)
  Vec gaps;
};

inline ContactJacobians contact_jacobians(const Scene2D& s) {
  const int nc = static_cast<int>(s.contacts.size());
  const int dofs = s.dofs();
  ContactJacobians J{Mat::Zero(dofs, nc), Mat::Zero(dofs, 2 * nc), Mat::Zero(2 * nc, nc), Mat::Zero(nc, nc),
                     Vec(dofs), Vec(nc)};
  for (int b = 0; b < static_cast<int>(s.centers.size()); ++b) {
    J.Minv[3 * b] = J.Minv[3 * b + 1] = 1.0 / s.mass[b];
    J.Minv[3 * b + 2] = 1.0 / s.inertia[b];
  }
  for (int c = 0; c < nc; ++c) {
    const Contact2D& k = s.contacts[c];
    const Eigen::Vector2d t(-k.normal.y(), k.normal.x());
    Vec wn = Vec::Zero(dofs), wf1 = Vec::Zero(dofs), wf2 = Vec::Zero(dofs);
    add_wrench(wn, s, k.body, k.point, k.normal, 1.0);
    add_wrench(wf1, s, k.body, k.point, t, 1.0);
    add_wrench(wf2, s, k.body, k.point, -t, 1.0);
    if (k.other >= 0) {  // equal and opposite on the other body
      add_wrench(wn, s, k.other, k.point, k.normal, -1.0);
      add_wrench(wf1, s, k.other, k.point, t, -1.0);
      add_wrench(wf2, s, k.other, k.point, -t, -1.0);
    }
    J.Wn.col(c) = wn;
    J.Wf.col(2 * c) = wf1;
    J.Wf.col(2 * c + 1) = wf2;
    J.E(2 * c, c) = J.E(2 * c + 1, c) = 1.0;
    J.U(c, c) = k.mu;
    J.gaps[c] = k.gap;
  }
  return J;
}

// Frictionless contact LCP: M = Wn^T M^{-1} Wn, q = Wn^T v + gap/h (always solvable: it is the
// KKT system of min |v' - v|_M^2 s.t. Wn^T v' + gap/h >= 0, which v' = 0 satisfies).
inline Lcp contact_lcp(const Scene2D& s) {
  const ContactJacobians J = contact_jacobians(s);
  return Lcp{J.Wn.transpose() * J.Minv.asDiagonal() * J.Wn, J.Wn.transpose() * s.velocity + J.gaps / s.h};
}

// Stewart–Trinkle LCP with friction, Egan eqs. (6)-(7): z = (p_n, p_f, s).
inline Lcp friction_lcp(const Scene2D& s) {
  const ContactJacobians J = contact_jacobians(s);
  const int nc = static_cast<int>(J.Wn.cols());
  const int n = 4 * nc;
  Lcp lcp{Mat::Zero(n, n), Vec::Zero(n)};
  const auto Mi = J.Minv.asDiagonal();
  lcp.M.block(0, 0, nc, nc) = J.Wn.transpose() * Mi * J.Wn;
  lcp.M.block(0, nc, nc, 2 * nc) = J.Wn.transpose() * Mi * J.Wf;
  lcp.M.block(nc, 0, 2 * nc, nc) = J.Wf.transpose() * Mi * J.Wn;
  lcp.M.block(nc, nc, 2 * nc, 2 * nc) = J.Wf.transpose() * Mi * J.Wf;
  lcp.M.block(nc, 3 * nc, 2 * nc, nc) = J.E;
  lcp.M.block(3 * nc, 0, nc, nc) = J.U;
  lcp.M.block(3 * nc, nc, nc, 2 * nc) = -J.E.transpose();
  lcp.q.head(nc) = J.Wn.transpose() * s.velocity + J.gaps / s.h;
  lcp.q.segment(nc, 2 * nc) = J.Wf.transpose() * s.velocity;
  return lcp;
}

// An infeasible contact LCP: the scene plus two opposing contacts on body 0 along one line with
// offset -1 each (n.v' >= 1 and -n.v' >= 1 cannot both hold), so no z >= 0 gives w >= 0.
inline Lcp infeasible_contact_lcp(Scene2D s, Rng& rng) {
  Contact2D a;
  a.body = 0;
  a.normal = Eigen::Vector2d(1.0, 0.0);
  a.point = s.centers[0] + Eigen::Vector2d(-0.3, uniform(rng, -0.1, 0.1));
  Contact2D b = a;
  b.normal = -a.normal;
  b.point = s.centers[0] + Eigen::Vector2d(0.3, a.point.y() - s.centers[0].y());
  s.contacts.push_back(a);
  s.contacts.push_back(b);
  Lcp lcp = contact_lcp(s);
  const int nc = lcp.size();
  // The two rows' generalised directions cancel (same line of action, opposite normals), so
  // w_a + w_b = (Wn_a + Wn_b)^T v' - 2 = -2 for every z.
  const ContactJacobians J = contact_jacobians(s);
  lcp.q[nc - 2] = J.Wn.col(nc - 2).dot(s.velocity) - 1.0;
  lcp.q[nc - 1] = J.Wn.col(nc - 1).dot(s.velocity) - 1.0;
  return lcp;
}

// ---- jammed friction LCPs (issue 10 item 5, lcp/jam.h) ----------------------------------------

// random_scene's bodies, normals and lever arms with penetrating and open gaps in [-2 mm, 10 mm]
// and mu = 0.5: Stewart–Trinkle LCPs (friction_lcp, n = 4 contacts) of which some are jammed.
inline Scene2D jam_scene(int bodies, int contacts, Rng& rng) {
  Scene2D s = random_scene(bodies, contacts, rng);
  for (Contact2D& k : s.contacts) {
    k.gap = uniform(rng, -0.002, 0.010);
    k.mu = 0.5;
  }
  return s;
}

// friction_lcp's structure for the jam certificate: z = (p_n, p_f, s), factor = M^{-1/2} [Wn Wf 0].
inline StewartTrinkleStructure friction_structure(const Scene2D& s) {
  const ContactJacobians J = contact_jacobians(s);
  const int nc = static_cast<int>(J.Wn.cols());
  StewartTrinkleStructure out;
  out.factor = Mat::Zero(s.dofs(), 4 * nc);
  const Vec root = J.Minv.cwiseSqrt();
  out.factor.leftCols(nc) = root.asDiagonal() * J.Wn;
  out.factor.middleCols(nc, 2 * nc) = root.asDiagonal() * J.Wf;
  for (int c = 0; c < nc; ++c) {
    out.contacts.push_back(FrictionContactRows{c, {nc + 2 * c, nc + 2 * c + 1}, 3 * nc + c, s.contacts[c].mu, c});
  }
  return out;
}

// A box (mass 1, inertia 1/6, centre at the origin) in a V-shaped wedge: contacts at (-0.5, 0) and
// (0.5, 0) with normals (cos a, sin a) and (-cos a, sin a), a = 20 degrees, falling (v = -g h).
// Pushed apart, both contacts slide up their walls and, for mu > tan a = 0.36, their friction
// pushes the box down harder than the normals lift it: with gaps < 0 the cones hold each other
// (equal impulses along the line between the contacts are in equilibrium, psi.c < 0): jammed.
inline Scene2D wedged_box(double mu, double gap) {
  Scene2D s;
  s.centers.emplace_back(0.0, 0.0);
  s.mass.push_back(1.0);
  s.inertia.push_back(1.0 / 6.0);
  const double a = 20.0 * std::numbers::pi / 180.0;
  for (int side : {-1, 1}) {
    Contact2D k;
    k.point = Eigen::Vector2d(0.5 * side, 0.0);
    k.normal = Eigen::Vector2d(-side * std::cos(a), std::sin(a));
    k.gap = gap;
    k.mu = mu;
    s.contacts.push_back(k);
  }
  s.velocity = Vec::Zero(3);
  s.velocity[1] = -9.81 * s.h;
  return s;
}

// ---- textbook examples -----------------------------------------------------------------------

// Murty (1988, ch. 6): M lower triangular with 1 on the diagonal and 2 below it,
// q = -(2^n, 2^n + 2^{n-1}, ..., 2^n + ... + 2). Lemke with covering vector e needs 2^n pivots
// (Murty's theorem; the first pivot brings in z0). The Siconos file lcp_exp_murty2.dat holds the
// same problem with the indices reversed (its matrix is stored column by column).
inline Lcp murty_exponential(int n) {
  Lcp lcp{Mat::Zero(n, n), Vec::Zero(n)};
  for (int i = 0; i < n; ++i) {
    lcp.M(i, i) = 1.0;
    for (int j = 0; j < i; ++j) lcp.M(i, j) = 2.0;
    for (int k = n - i; k <= n; ++k) lcp.q[i] -= std::ldexp(1.0, k);
  }
  return lcp;
}

// Two degenerate LCPs found by a search over random integer data (entries -1..3, q of 0 and -1)
// on which Lemke's larger-pivot ties revisit a basis (lemke_test.cpp, sparse_lemke_path_test.cpp).
// The first has a solution. On the second (not copositive-plus) the sparse path from the textbook
// start ends on a ray, while solve_lemke solves it (and `pegsim lcp solve --solver lemke`,
// tests/cli/checks_lcp_replay.sh); switching to lexicographic ties at the repeat instead of
// restarting cycled to the pivot cap.
inline std::vector<Lcp> larger_pivot_cycling_lcps() {
  Lcp solvable{Mat(3, 3), Vec(3)};
  solvable.M << 2, 1, 3, -1, 0, -1, 3, 2, 1;
  solvable.q << -1, 0, -1;
  Lcp cycles_midway{Mat(5, 5), Vec(5)};
  cycles_midway.M << -1, -1, 1, 0, -1, 1, 3, 0, 0, 0, 2, 2, 0, 0, 0, -1, 1, -1, 1, 2, 0, 2, 3, 3, 2;
  cycles_midway.q = -Vec::Ones(5);
  return {solvable, cycles_midway};
}

// The corner of worked-examples.md: point of mass 1, planes x = 0 (normal (1,0)) and y = 0
// (normal (0,1)), start (1,1), gaps f = (1,1), h = 2. a_i = W_i^T v' + f_i/h with
// v' = v + p1n n1 + p2n n2, so a_i = (v_i + f_i/h) + p_in: constants below.
struct EganCorner {
  Eigen::Vector2d v;
  double h = 2.0;
  Eigen::Vector2d f{1.0, 1.0};
  Eigen::Vector2d a_constant() const { return v + f / h; }  // n1 = e_x, n2 = e_y, M = I
};

// Max formulation, Egan eqs. (13)-(22), z = (c1, c2, d, g1, g2, h1, h2, p, p1n, p2n).
inline Lcp egan_max_lcp(const EganCorner& s, double gamma) {
  enum { c1, c2, d, g1, g2, h1, h2, p, p1, p2 };
  Lcp lcp{Mat::Zero(10, 10), Vec::Zero(10)};
  const Eigen::Vector2d a0 = s.a_constant();
  // a_i = a0_i + p_in  (unit mass, orthonormal plane normals)
  lcp.M(0, c1) = 1, lcp.M(0, p1) = 1, lcp.q[0] = a0[0] - 1;            // (13) c1 + a1 - 1
  lcp.M(1, c2) = 1, lcp.M(1, p2) = 1, lcp.q[1] = a0[1] - 1;            // (14) c2 + a2 - 1
  lcp.M(2, g1) = 1, lcp.M(2, g2) = 1, lcp.q[2] = -1;                   // (15) g1 + g2 - 1
  lcp.M(3, c1) = 1, lcp.M(3, d) = 1, lcp.q[3] = -gamma;                // (16) c1 + d - gamma
  lcp.M(4, c2) = 1, lcp.M(4, d) = 1, lcp.q[4] = -gamma;                // (17) c2 + d - gamma
  lcp.M(5, h1) = 1, lcp.M(5, p1) = 1, lcp.q[5] = a0[0];                // (18) h1 + a1
  lcp.M(6, h2) = 1, lcp.M(6, p2) = 1, lcp.q[6] = a0[1];                // (19) h2 + a2
  lcp.M(7, d) = 1, lcp.q[7] = 1 - gamma;                               // (20) d - gamma + 1
  lcp.M(8, h1) = 1, lcp.M(8, d) = 1, lcp.q[8] = 1 - gamma;             // (21)
  lcp.M(9, h2) = 1, lcp.M(9, d) = 1, lcp.q[9] = 1 - gamma;             // (22)
  return lcp;
}

// Summation formulation, Egan eqs. (25)-(28), z = (c1, c2, p1n, p2n).
inline Lcp egan_sum_lcp(const EganCorner& s, double epsilon) {
  Lcp lcp{Mat::Zero(4, 4), Vec::Zero(4)};
  const Eigen::Vector2d a0 = s.a_constant();
  const double e = epsilon / s.h;
  lcp.M(0, 0) = 1, lcp.M(0, 2) = -1, lcp.q[0] = -a0[0] - e;  // (25) c1 - a1 - eps/h
  lcp.M(1, 1) = 1, lcp.M(1, 3) = -1, lcp.q[1] = -a0[1] - e;  // (26)
  lcp.M(2, 0) = 1, lcp.M(2, 1) = 1, lcp.q[2] = -e;           // (27) c1 + c2 - eps/h
  lcp.M(3, 0) = 1, lcp.M(3, 1) = 1, lcp.q[3] = -e;           // (28)
  return lcp;
}

// End position q^{l+1} = q^l + h v^{l+1} with q^l = (1, 1) and v^{l+1} = v + (p1n, p2n).
inline Eigen::Vector2d egan_end_position(const EganCorner& s, double p1n, double p2n) {
  return Eigen::Vector2d(1.0, 1.0) + s.h * (s.v + Eigen::Vector2d(p1n, p2n));
}

// ---- handbook files (/work/shared/data/lcp/handbook) -------------------------------------------

struct HandbookProblem {
  std::string comment;  // the '#' line(s)
  Lcp lcp;
};

// Format (data/lcp/README.md): '#' comment lines, then n, n rows of M, then q.
inline HandbookProblem read_handbook(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error(path + ": cannot open");
  HandbookProblem out;
  std::string line, data;
  while (std::getline(in, line)) {
    if (!line.empty() && line[0] == '#') out.comment += line.substr(1);
    else data += line + " ";
  }
  std::istringstream s(data);
  int n = 0;
  if (!(s >> n) || n <= 0) throw std::runtime_error(path + ": bad size");
  out.lcp.M.resize(n, n);
  out.lcp.q.resize(n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      if (!(s >> out.lcp.M(i, j))) throw std::runtime_error(path + ": M truncated");
  for (int i = 0; i < n; ++i)
    if (!(s >> out.lcp.q[i])) throw std::runtime_error(path + ": q truncated");
  return out;
}

}  // namespace pegsim::testgen
