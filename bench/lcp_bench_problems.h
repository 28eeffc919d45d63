// Named LCP families for the solver benchmark (bench/lcp_bench.cpp), generated from an explicit
// seed so every run, machine and solver sees the same instances.
//
//   spd         M = G G^T / n + 0.1 I with G Gaussian, q Gaussian: symmetric positive definite,
//               a unique solution, about half the constraints active.
//   contact     frictionless contact: M = J Minv J^T, q = J (v + Minv p_ext) + gap / h, from a random
//               2D contact set (disks with mass and inertia, body-body and body-ground contacts);
//               symmetric positive semidefinite, singular when contacts outnumber body freedoms.
//   friction    Stewart–Trinkle LCP with friction, Egan eq (6)-(7): unknowns (p_n, p_f, s) per
//               contact, two friction directions (+t, -t) in 2D, so n = 4 * contacts; nonsymmetric,
//               zero diagonal blocks (PGS does not apply), solvable by Lemke.
#pragma once

#include <pegsim/lcp/problem.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace pegsim::bench {

enum class Family { Spd, Contact, Friction };

inline const char* to_string(Family f) {
  switch (f) {
    case Family::Spd: return "spd";
    case Family::Contact: return "contact";
    case Family::Friction: return "friction";
  }
  return "unknown";
}

inline const std::vector<Family>& all_families() {
  static const std::vector<Family> families{Family::Spd, Family::Contact, Family::Friction};
  return families;
}

inline const std::vector<int>& all_sizes() {
  static const std::vector<int> sizes{10, 50, 100, 200, 500, 1000};
  return sizes;
}

using Rng = std::mt19937_64;

inline double uniform(Rng& rng, double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); }
inline double gaussian(Rng& rng) { return std::normal_distribution<double>(0.0, 1.0)(rng); }

inline Lcp make_spd(int n, Rng& rng) {
  Mat G(n, n);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) G(i, j) = gaussian(rng);
  Lcp lcp;
  lcp.M = G * G.transpose() / n + 0.1 * Mat::Identity(n, n);
  lcp.q.resize(n);
  for (int i = 0; i < n; ++i) lcp.q(i) = gaussian(rng);
  return lcp;
}

// A random planar contact set: bodies with 3 freedoms (x, y, theta), each contact between a body
// and the ground (normal +y) or between two bodies (random normal), at a point within the radius.
struct ContactSet {
  int bodies = 0;
  Mat normal_rows;    // c x 3*bodies: Wn^T (each row maps velocities to the normal velocity)
  Mat tangent_rows;   // c x 3*bodies: along t = (-n_y, n_x)
  Vec inverse_mass;   // diagonal of Minv (3*bodies)
  Vec velocity;       // v^l
  Vec external;       // p_ext: gravity impulse h m g
  Vec gap_over_h;     // f / h, gaps in [0, 1 cm]
  Vec friction;       // mu per contact
};

inline ContactSet make_contact_set(int contacts, Rng& rng) {
  constexpr double kTimeStep = 0.01, kGravity = 9.81;
  ContactSet s;
  s.bodies = std::max(2, contacts / 2);
  const int dof = 3 * s.bodies;
  s.normal_rows = Mat::Zero(contacts, dof);
  s.tangent_rows = Mat::Zero(contacts, dof);
  s.inverse_mass.resize(dof);
  s.velocity.resize(dof);
  s.external = Vec::Zero(dof);
  std::vector<double> radius(s.bodies);
  for (int b = 0; b < s.bodies; ++b) {
    const double mass = uniform(rng, 0.5, 2.0);
    radius[b] = uniform(rng, 0.2, 1.0);
    s.inverse_mass.segment(3 * b, 3) << 1.0 / mass, 1.0 / mass, 1.0 / (0.5 * mass * radius[b] * radius[b]);
    s.velocity.segment(3 * b, 3) << gaussian(rng), gaussian(rng), gaussian(rng);
    s.external(3 * b + 1) = -kTimeStep * mass * kGravity;
  }
  auto add_body = [&](int row, int body, double nx, double ny, double sign) {
    const double angle = uniform(rng, 0.0, 2.0 * M_PI), arm = uniform(rng, 0.0, radius[body]);
    const double rx = arm * std::cos(angle), ry = arm * std::sin(angle);
    const double tx = -ny, ty = nx;
    s.normal_rows.block(row, 3 * body, 1, 3) += sign * (Mat(1, 3) << nx, ny, rx * ny - ry * nx).finished();
    s.tangent_rows.block(row, 3 * body, 1, 3) += sign * (Mat(1, 3) << tx, ty, rx * ty - ry * tx).finished();
  };
  s.gap_over_h.resize(contacts);
  s.friction.resize(contacts);
  for (int c = 0; c < contacts; ++c) {
    const int a = static_cast<int>(rng() % static_cast<std::uint64_t>(s.bodies));
    if (uniform(rng, 0.0, 1.0) < 0.3) {
      add_body(c, a, 0.0, 1.0, 1.0);  // ground contact: only body a moves
    } else {
      int b = static_cast<int>(rng() % static_cast<std::uint64_t>(s.bodies - 1));
      if (b >= a) ++b;
      const double angle = uniform(rng, 0.0, 2.0 * M_PI);
      add_body(c, a, std::cos(angle), std::sin(angle), 1.0);
      add_body(c, b, std::cos(angle), std::sin(angle), -1.0);
    }
    s.gap_over_h(c) = uniform(rng, 0.0, 0.01) / kTimeStep;
    s.friction(c) = uniform(rng, 0.2, 0.8);
  }
  return s;
}

inline Lcp make_contact(int n, Rng& rng) {
  const ContactSet s = make_contact_set(n, rng);
  const Mat JMinv = s.normal_rows * s.inverse_mass.asDiagonal();
  Lcp lcp;
  lcp.M = JMinv * s.normal_rows.transpose();
  lcp.q = s.normal_rows * (s.velocity + s.inverse_mass.cwiseProduct(s.external)) + s.gap_over_h;
  return lcp;
}

// Egan eq (6): B = [Wn'Minv Wn, Wn'Minv Wf, 0; Wf'Minv Wn, Wf'Minv Wf, E; U, -E', 0],
//        eq (7): b = [Wn'(v + Minv p_ext) + f/h; Wf'(v + Minv p_ext); 0],
// with friction directions (+t, -t) per contact (k = 2) and E block-diagonal columns of ones.
inline Lcp make_friction(int n, Rng& rng) {
  const int contacts = std::max(1, (n + 3) / 4);
  const ContactSet s = make_contact_set(contacts, rng);
  const int dof = 3 * s.bodies, k = 2;
  Mat Wn_t = s.normal_rows;             // c x dof
  Mat Wf_t(k * contacts, dof);          // kc x dof
  Mat E = Mat::Zero(k * contacts, contacts);
  for (int c = 0; c < contacts; ++c) {
    Wf_t.row(k * c) = s.tangent_rows.row(c);
    Wf_t.row(k * c + 1) = -s.tangent_rows.row(c);
    E(k * c, c) = E(k * c + 1, c) = 1.0;
  }
  Mat W_t(contacts + k * contacts, dof);
  W_t << Wn_t, Wf_t;
  const int m = contacts * (k + 2);
  Lcp lcp;
  lcp.M = Mat::Zero(m, m);
  lcp.M.topLeftCorner(contacts * (k + 1), contacts * (k + 1)) = W_t * s.inverse_mass.asDiagonal() * W_t.transpose();
  lcp.M.block(contacts, contacts * (k + 1), k * contacts, contacts) = E;
  lcp.M.block(contacts * (k + 1), 0, contacts, contacts) = s.friction.asDiagonal();
  lcp.M.block(contacts * (k + 1), contacts, contacts, k * contacts) = -E.transpose();
  const Vec free_velocity = s.velocity + s.inverse_mass.cwiseProduct(s.external);
  lcp.q = Vec::Zero(m);
  lcp.q.head(contacts) = Wn_t * free_velocity + s.gap_over_h;
  lcp.q.segment(contacts, k * contacts) = Wf_t * free_velocity;
  return lcp;
}

// One instance of a family at nominal size n; the seed depends only on (family, n, instance).
inline Lcp make_problem(Family family, int n, int instance = 0) {
  Rng rng(0x9e3779b97f4a7c15ull ^ (static_cast<std::uint64_t>(family) << 48) ^ (static_cast<std::uint64_t>(n) << 16) ^
          static_cast<std::uint64_t>(instance));
  switch (family) {
    case Family::Spd: return make_spd(n, rng);
    case Family::Contact: return make_contact(n, rng);
    case Family::Friction: return make_friction(n, rng);
  }
  return {};
}

}  // namespace pegsim::bench
