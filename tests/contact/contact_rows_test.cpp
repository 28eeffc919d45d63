// Jacobians, rho and row arithmetic (contact_rows.h) against geometry and hand values.
#include <pegsim/assembly/assembly.h>
#include <pegsim/contact/contact_rows.h>

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

namespace pegsim {
namespace {

Vec2 world(const Body& body, const Vec2& local, double dt = 0.0) {
  const double angle = body.angle + dt * body.angular_velocity;
  const Eigen::Rotation2Dd rotation(angle);
  return body.position + dt * body.velocity + rotation * local;
}

// Vertex `vertex` of bodies[0] against edge `edge` of bodies[1], after moving every body by dt.
Contact vertex_edge(const std::vector<Body>& bodies, int vertex, int edge, double dt = 0.0) {
  const Body& a = bodies[0];
  const Body& b = bodies[1];
  const std::size_t n = b.local_vertices.size();
  const Vec2 p0 = world(b, b.local_vertices[static_cast<std::size_t>(edge)], dt);
  const Vec2 p1 = world(b, b.local_vertices[(static_cast<std::size_t>(edge) + 1) % n], dt);
  const Vec2 along = (p1 - p0).normalized();
  const Vec2 outward(along.y(), -along.x());
  Contact c;
  c.body_a = 0;
  c.body_b = 1;
  c.vertex_a = vertex;
  c.edge_b = edge;
  c.point = world(a, a.local_vertices[static_cast<std::size_t>(vertex)], dt);
  c.normal = -outward;
  c.gap = outward.dot(c.point - p0);
  return c;
}

std::vector<Body> two_moving_polygons() {
  Body a;
  a.local_vertices = {Vec2(-0.3, -0.2), Vec2(0.4, -0.1), Vec2(0.0, 0.35)};
  a.position = Vec2(0.3, 0.9);
  a.angle = 0.4;
  a.velocity = Vec2(0.7, -1.1);
  a.angular_velocity = 2.3;
  a.inertia = 0.1;
  Body b;
  b.local_vertices = {Vec2(-0.5, -0.5), Vec2(0.5, -0.5), Vec2(0.5, 0.5), Vec2(-0.5, 0.5)};
  b.position = Vec2(0.1, -0.2);
  b.angle = -0.3;
  b.velocity = Vec2(-0.4, 0.6);
  b.angular_velocity = -1.7;
  b.inertia = 0.2;
  return {a, b};
}

Vec velocities(const std::vector<Body>& bodies) {
  Vec nu(6);
  nu << bodies[0].velocity, bodies[0].angular_velocity, bodies[1].velocity, bodies[1].angular_velocity;
  return nu;
}

ModelContext context_for(const std::vector<Body>& bodies, const std::vector<int>& offsets, double h = 0.01) {
  ModelContext c;
  c.time_step = h;
  c.bodies = &bodies;
  c.dof_offset = &offsets;
  return c;
}

// G^T nu is the time derivative of the signed gap (peg-reconstructed.md conventions).
TEST(ContactRows, NormalJacobianIsTheGapRate) {
  const std::vector<Body> bodies = two_moving_polygons();
  const std::vector<int> offsets = {0, 3};
  const ModelContext context = context_for(bodies, offsets);
  const double dt = 1e-6;
  for (int vertex = 0; vertex < 3; ++vertex) {
    for (int edge = 0; edge < 4; ++edge) {
      const Contact c = vertex_edge(bodies, vertex, edge);
      const double rate = dot_sparse(normal_jacobian(c, context), velocities(bodies));
      const double numeric = (vertex_edge(bodies, vertex, edge, dt).gap - vertex_edge(bodies, vertex, edge, -dt).gap) / (2 * dt);
      EXPECT_NEAR(rate, numeric, 1e-7) << "vertex " << vertex << " edge " << edge;
    }
  }
}

// Tangent rows: t . (velocity of B's material point at point_on_b - velocity of A's vertex).
TEST(ContactRows, TangentJacobianIsTheRelativeSlidingVelocity) {
  const std::vector<Body> bodies = two_moving_polygons();
  const std::vector<int> offsets = {0, 3};
  const ModelContext context = context_for(bodies, offsets);
  const Contact c = vertex_edge(bodies, 2, 1);
  const Vec2 t = perp(c.normal);
  const auto point_velocity = [](const Body& body, const Vec2& p) {
    return Vec2(body.velocity + body.angular_velocity * perp(p - body.position));
  };
  const double expected = t.dot(point_velocity(bodies[1], c.point_on_b()) - point_velocity(bodies[0], c.point));
  EXPECT_NEAR(dot_sparse(tangent_jacobian(c, t, context), velocities(bodies)), expected, 1e-14);
}

TEST(ContactRows, StaticAndInactiveBodiesGetNoBlock) {
  std::vector<Body> bodies = two_moving_polygons();
  const Contact c = vertex_edge(bodies, 0, 2);
  std::vector<int> offsets = {0, 3};
  bodies[1].is_static = true;
  SparseTerms j = normal_jacobian(c, context_for(bodies, offsets));
  ASSERT_EQ(j.size(), 3u);
  for (const auto& [dof, value] : j) EXPECT_LT(dof, 3);
  EXPECT_DOUBLE_EQ(j[0].second, -c.normal.x());
  EXPECT_DOUBLE_EQ(j[1].second, -c.normal.y());
  EXPECT_DOUBLE_EQ(j[2].second, -cross2(c.point - bodies[0].position, c.normal));

  bodies[1].is_static = false;
  offsets = {-1, 0};  // A not in the system
  j = normal_jacobian(c, context_for(bodies, offsets));
  ASSERT_EQ(j.size(), 3u);
  EXPECT_EQ(j[0].first, 0);
  EXPECT_DOUBLE_EQ(j[0].second, c.normal.x());
  EXPECT_DOUBLE_EQ(j[2].second, cross2(c.point_on_b() - bodies[1].position, c.normal));
}

TEST(ContactRows, PredictedGapRow) {
  const std::vector<Body> bodies = two_moving_polygons();
  const std::vector<int> offsets = {0, 3};
  const Contact c = vertex_edge(bodies, 1, 3);
  const Row rho = predicted_gap_row(c, context_for(bodies, offsets, 0.02));
  EXPECT_DOUBLE_EQ(rho.constant, c.gap / 0.02);
  EXPECT_TRUE(rho.variables.empty());
  EXPECT_EQ(rho.velocity.size(), 6u);
  EXPECT_THROW(predicted_gap_row(c, context_for(bodies, offsets, 0.0)), std::invalid_argument);
  ModelContext no_bodies;
  EXPECT_THROW(predicted_gap_row(c, no_bodies), std::invalid_argument);
}

TEST(ContactRows, RowArithmeticMergesAndSorts) {
  const Row a{{{3, 1.0}, {1, 2.0}}, {{5, 1.0}}, 1.0};
  const Row b{{{1, -2.0}, {0, 4.0}, {3, 0.5}}, {{5, -1.0}, {2, 3.0}}, 2.0};
  const Row sum = add_rows(a, b);
  EXPECT_EQ(sum.velocity, (SparseTerms{{0, 4.0}, {3, 1.5}}));  // index 1 cancels
  EXPECT_EQ(sum.variables, (SparseTerms{{2, 3.0}}));
  EXPECT_DOUBLE_EQ(sum.constant, 3.0);
  const Row diff = add_rows(a, b, -0.5);
  EXPECT_EQ(diff.velocity, (SparseTerms{{0, -2.0}, {1, 3.0}, {3, 0.75}}));
  EXPECT_EQ(diff.variables, (SparseTerms{{2, -1.5}, {5, 1.5}}));
  EXPECT_DOUBLE_EQ(diff.constant, 0.0);
  const Row scaled = scale_row(Row{{{2, 1.0}, {2, 1.0}}, {}, -1.0}, 3.0);
  EXPECT_EQ(scaled.velocity, (SparseTerms{{2, 6.0}}));
  EXPECT_DOUBLE_EQ(scaled.constant, -3.0);
}

TEST(ContactRows, FrictionRowsAreStewartTrinkle) {
  const std::vector<Body> bodies = two_moving_polygons();
  const std::vector<int> offsets = {0, 3};
  ProximityResult proximity;
  proximity.contacts = {vertex_edge(bodies, 0, 2)};
  std::vector<double> mu = {0.3};
  ModelContext context = context_for(bodies, offsets);
  context.pair_friction = &mu;

  RowSystem rows;
  const int p = add_unilateral_contact(rows, 0, proximity, context, 0);
  add_friction(rows, 0, p, proximity, context);
  ASSERT_EQ(rows.size(), 4);
  const auto& v = rows.variables();
  EXPECT_EQ(v[1].kind, VariableKind::FrictionImpulse);
  EXPECT_EQ(v[2].kind, VariableKind::FrictionImpulse);
  EXPECT_EQ(v[3].kind, VariableKind::SlipRate);
  const Vec2 t = perp(proximity.contacts[0].normal);
  const Vec nu = velocities(bodies);
  const double slide = dot_sparse(tangent_jacobian(proximity.contacts[0], t, context), nu);
  EXPECT_NEAR(dot_sparse(v[1].direction, nu), slide, 1e-14);
  EXPECT_NEAR(dot_sparse(v[2].direction, nu), -slide, 1e-14);
  EXPECT_EQ(rows.rows()[1].variables, (SparseTerms{{3, 1.0}}));                      // W_f^T nu + E s
  EXPECT_EQ(rows.rows()[3].variables, (SparseTerms{{0, 0.3}, {1, -1.0}, {2, -1.0}}));  // mu p_n - E^T p_f
  EXPECT_TRUE(rows.rows()[3].velocity.empty());
  EXPECT_TRUE(rows.unset_rows().empty());
  EXPECT_EQ(rows.unilateral_constraints, 1);

  mu[0] = 0.0;
  RowSystem frictionless;
  add_friction(frictionless, 0, add_unilateral_contact(frictionless, 0, proximity, context, 0), proximity, context);
  EXPECT_EQ(frictionless.size(), 1);
  mu[0] = -0.1;
  EXPECT_THROW(add_friction(frictionless, 0, 0, proximity, context), std::invalid_argument);
}

TEST(ContactRows, MaxChainGivesTheMaximum) {
  // rho rows as constants only; the chain's c_k = max(rho_k - running max, 0) solve it exactly.
  RowSystem rows;
  const std::vector<double> values = {-0.4, 0.7, 0.2, 1.5, -3.0};
  std::vector<Row> rho;
  for (double value : values) rho.push_back(Row{{}, {}, value});
  const Row m = add_max_chain(rows, rho, ConstraintKind::Group, 0);
  ASSERT_EQ(rows.size(), 4);
  Vec c(4);
  double running = values[0];
  for (int k = 1; k < 5; ++k) {
    c[k - 1] = std::max(values[static_cast<std::size_t>(k)] - running, 0.0);
    running += c[k - 1];
  }
  // every c row is complementary at this c
  for (int k = 0; k < 4; ++k) {
    const Row& row = rows.rows()[static_cast<std::size_t>(k)];
    double w = row.constant;
    for (const auto& [j, a] : row.variables) w += a * c[j];
    EXPECT_GE(w, -1e-15);
    EXPECT_NEAR(std::min(w, c[k]), 0.0, 1e-15);
  }
  double max_value = m.constant;
  for (const auto& [j, a] : m.variables) max_value += a * c[j];
  EXPECT_DOUBLE_EQ(max_value, 1.5);
}

}  // namespace
}  // namespace pegsim
