// The standard (Stewart–Trinkle) model: Egan eq. (6)-(7) block structure, and a box sliding on a
// floor decelerated by Coulomb friction (a scenario with an analytic answer).
#include <pegsim/assembly/assembly.h>
#include <pegsim/contact/contact_rows.h>
#include <pegsim/contact/models.h>
#include <pegsim/lcp/solver.h>

#include <gtest/gtest.h>

namespace pegsim {
namespace {

constexpr double kMass = 2.0, kInertia = 0.2, kMu = 0.5, kG = 9.81;

// A 1 x 0.5 box (body 0) resting `gap` above a static floor (body 1, top edge y = 0 is edge 2).
struct BoxOnFloor {
  std::vector<Body> bodies;
  std::vector<int> offsets = {0, -1};
  std::vector<double> mu;
  ProximityResult proximity;
  InverseMass inverse_mass;
  double h = 0.01;

  BoxOnFloor(double gap, Vec2 velocity) {
    Body box;
    box.local_vertices = {Vec2(-0.5, -0.25), Vec2(0.5, -0.25), Vec2(0.5, 0.25), Vec2(-0.5, 0.25)};
    box.mass = kMass;
    box.inertia = kInertia;
    box.position = Vec2(0.0, 0.25 + gap);
    box.velocity = velocity;
    Body floor;
    floor.is_static = true;
    floor.local_vertices = {Vec2(-5, -0.5), Vec2(5, -0.5), Vec2(5, 0.5), Vec2(-5, 0.5)};
    floor.position = Vec2(0, -0.5);
    bodies = {box, floor};
    for (int vertex : {0, 1}) {  // the box's bottom corners on the floor's top edge
      Contact c;
      c.body_a = 0;
      c.body_b = 1;
      c.vertex_a = vertex;
      c.edge_b = 2;
      c.point = box.position + box.local_vertices[static_cast<std::size_t>(vertex)];
      c.normal = Vec2(0, -1);  // from the box into the floor
      c.gap = gap;
      proximity.contacts.push_back(c);
    }
    proximity.ungrouped = {0, 1};
    mu = {kMu, kMu};
    inverse_mass.dofs = 3;
    inverse_mass.offsets = {0};
    inverse_mass.blocks = {Eigen::Vector3d(1 / kMass, 1 / kMass, 1 / kInertia).asDiagonal()};
  }
  ModelContext context() const {
    ModelContext c;
    c.time_step = h;
    c.bodies = &bodies;
    c.dof_offset = &offsets;
    c.pair_friction = &mu;
    return c;
  }
  Vec nu_free() const { return Eigen::Vector3d(bodies[0].velocity.x(), bodies[0].velocity.y() - h * kG, 0.0); }
};

TEST(StandardModel, FrictionBlocksFollowEganEq6) {
  const BoxOnFloor scene(0.001, Vec2(0.3, -0.2));
  RowSystem rows;
  make_standard_model()->emit(scene.proximity, scene.context(), rows);
  ASSERT_EQ(rows.size(), 8);
  EXPECT_EQ(rows.unilateral_constraints, 2);
  const Lcp lcp = assemble_lcp(rows, scene.inverse_mass, scene.nu_free());

  // Hand Jacobians (columns over vx, vy, omega), r = (-+0.5, -0.25) from the box centre:
  // normal (0, -1) pushes the box up: [0, 1, r x (0, 1)]; friction along t = perp(n) = (1, 0)
  // acts on the box along -t: [-1, 0, -(r x t)] = [-1, 0, -0.25] at both corners.
  Mat wn(3, 2), wf(3, 4), e = Mat::Zero(4, 2), u = Mat::Zero(2, 2);
  wn << 0, 0, 1, 1, -0.5, 0.5;
  wf << -1, 1, -1, 1,  //
      0, 0, 0, 0,      //
      -0.25, 0.25, -0.25, 0.25;
  e(0, 0) = e(1, 0) = e(2, 1) = e(3, 1) = 1.0;
  u.diagonal().setConstant(kMu);
  const Mat minv = Eigen::Vector3d(1 / kMass, 1 / kMass, 1 / kInertia).asDiagonal();
  Mat expected = Mat::Zero(8, 8);  // Egan eq. (6), order (p_n, p_f, s)
  expected.block(0, 0, 2, 2) = wn.transpose() * minv * wn;
  expected.block(0, 2, 2, 4) = wn.transpose() * minv * wf;
  expected.block(2, 0, 4, 2) = wf.transpose() * minv * wn;
  expected.block(2, 2, 4, 4) = wf.transpose() * minv * wf;
  expected.block(2, 6, 4, 2) = e;
  expected.block(6, 0, 2, 2) = u;
  expected.block(6, 2, 2, 4) = -e.transpose();
  Vec expected_q = Vec::Zero(8);  // eq. (7)
  expected_q.head(2) = wn.transpose() * scene.nu_free() + Vec::Constant(2, 0.001 / scene.h);
  expected_q.segment(2, 4) = wf.transpose() * scene.nu_free();

  // Ours: p_n1, p_n2, then per contact (p_f+, p_f-, s). Permute into the paper's order.
  const std::vector<int> ours = {0, 1, 2, 3, 5, 6, 4, 7};
  Mat permuted(8, 8);
  Vec permuted_q(8);
  for (int i = 0; i < 8; ++i) {
    permuted_q[i] = lcp.q[ours[static_cast<std::size_t>(i)]];
    for (int j = 0; j < 8; ++j) permuted(i, j) = lcp.M(ours[static_cast<std::size_t>(i)], ours[static_cast<std::size_t>(j)]);
  }
  EXPECT_LE((permuted - expected).cwiseAbs().maxCoeff(), 1e-12) << permuted << "\n\n" << expected;
  EXPECT_LE((permuted_q - expected_q).cwiseAbs().maxCoeff(), 1e-12);
}

// Sliding box: friction removes mu g h of speed per step, normal impulses carry m g h.
TEST(StandardModel, SlidingBoxDeceleratesByMuG) {
  const BoxOnFloor scene(0.0, Vec2(1.0, 0.0));
  RowSystem rows;
  make_standard_model()->emit(scene.proximity, scene.context(), rows);
  const Lcp lcp = assemble_lcp(rows, scene.inverse_mass, scene.nu_free());
  const LcpResult result = solve_lcp(lcp, SolverKind::Auto);
  ASSERT_EQ(result.status, SolveStatus::Solved) << result.message;
  const Vec nu = velocity_after_impulses(rows, scene.inverse_mass, scene.nu_free(), result.z);
  EXPECT_NEAR(nu[0], 1.0 - kMu * kG * scene.h, 1e-9);
  EXPECT_NEAR(nu[1], 0.0, 1e-9);
  EXPECT_NEAR(nu[2], 0.0, 1e-9);
  EXPECT_NEAR(result.z[0] + result.z[1], kMass * kG * scene.h, 1e-9);
  EXPECT_NEAR(result.z[4], nu[0], 1e-9);  // slip rate s = sliding speed
}

TEST(StandardModel, SlowBoxSticks) {
  const BoxOnFloor scene(0.0, Vec2(0.01, 0.0));  // mu g h = 0.049 > 0.01
  RowSystem rows;
  make_standard_model()->emit(scene.proximity, scene.context(), rows);
  const Lcp lcp = assemble_lcp(rows, scene.inverse_mass, scene.nu_free());
  const LcpResult result = solve_lcp(lcp, SolverKind::Auto);
  ASSERT_EQ(result.status, SolveStatus::Solved) << result.message;
  const Vec nu = velocity_after_impulses(rows, scene.inverse_mass, scene.nu_free(), result.z);
  EXPECT_NEAR(nu.norm(), 0.0, 1e-9);
}

}  // namespace
}  // namespace pegsim
