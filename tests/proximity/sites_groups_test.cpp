// Vertex–vertex sites and nonconvex groups (PEG 2D vertex–vertex; Nguyen 1.3; Egan Fig. 8).
#include <pegsim/proximity/proximity.h>

#include "proximity/scene_helpers.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace pegsim {
namespace {

constexpr int kBottom = 0, kRight = 1, kTop = 2, kLeft = 3;  // box_body edge order

const Contact& at(const ProximityResult& r, int k) { return r.contacts.at(static_cast<std::size_t>(k)); }

TEST(VertexVertexSite, SquaresCornerToCorner) {
  // A = [0,1]^2, B = [1+d, 2+d]^2: A's top-right corner (vertex 2) 1.4 mm from B's bottom-left
  // corner (vertex 0), at rest: D = 1 mm + 2 * 1.5 h^2 g ~ 3.9 mm.
  const double d = 0.001;
  const std::vector<Body> bodies{test::box_body(0, 0, 1, 1), test::box_body(1 + d, 1 + d, 2 + d, 2 + d)};
  const ProximityResult r = find_proximity(bodies, {1, 1}, ProximityOptions{});
  ASSERT_EQ(r.vv_sites.size(), 1u);
  const VertexVertexSite& s = r.vv_sites[0];
  EXPECT_EQ(s.body_a, 0);
  EXPECT_EQ(s.vertex_a, 2);
  EXPECT_EQ(s.body_b, 1);
  EXPECT_EQ(s.vertex_b, 0);
  // c1, c2: A's corner against B's edges ending (left) and starting (bottom) at B's corner.
  for (auto [k, edge] : {std::pair{s.c1, kLeft}, std::pair{s.c2, kBottom}}) {
    ASSERT_GE(k, 0);
    EXPECT_EQ(at(r, k).body_a, 0);
    EXPECT_EQ(at(r, k).vertex_a, 2);
    EXPECT_EQ(at(r, k).body_b, 1);
    EXPECT_EQ(at(r, k).edge_b, edge);
    EXPECT_NEAR(at(r, k).gap, d, 1e-12);
  }
  // c3, c4: B's corner against A's edges ending (right) and starting (top) at A's corner.
  for (auto [k, edge] : {std::pair{s.c3, kRight}, std::pair{s.c4, kTop}}) {
    ASSERT_GE(k, 0);
    EXPECT_EQ(at(r, k).body_a, 1);
    EXPECT_EQ(at(r, k).vertex_a, 0);
    EXPECT_EQ(at(r, k).body_b, 0);
    EXPECT_EQ(at(r, k).edge_b, edge);
    EXPECT_NEAR(at(r, k).gap, d, 1e-12);
  }
  // Normals: c1 pushes along +x into B's left side, c4 along -y into A's top.
  EXPECT_NEAR((at(r, s.c1).normal - Vec2(1, 0)).norm(), 0.0, 1e-15);
  EXPECT_NEAR((at(r, s.c4).normal - Vec2(0, -1)).norm(), 0.0, 1e-15);
  // Both corners are also nonconvex groups (each corner may pass either side of the other).
  EXPECT_EQ(r.contacts.size(), 4u);
  EXPECT_EQ(r.groups.size(), 2u);
  EXPECT_TRUE(r.ungrouped.empty());

  // Swapping the bodies' order keeps one site, with the lower index as A.
  const std::vector<Body> swapped{bodies[1], bodies[0]};
  const ProximityResult q = find_proximity(swapped, {1, 1}, ProximityOptions{});
  ASSERT_EQ(q.vv_sites.size(), 1u);
  EXPECT_EQ(q.vv_sites[0].body_a, 0);
  EXPECT_EQ(q.vv_sites[0].vertex_a, 0);
  EXPECT_EQ(q.vv_sites[0].vertex_b, 2);
}

TEST(NonconvexGroup, ParticleNearAStaticCorner) {
  // Particle 1 mm off both sides of the top-right corner of a static square.
  const std::vector<Body> bodies{test::box_body(0, 0, 1, 1, true), test::particle_body(Vec2(1.001, 1.001))};
  const ProximityResult r = find_proximity(bodies, {1, 1}, ProximityOptions{});
  const int right = test::find_contact(r, 1, 0, 0, kRight);
  const int top = test::find_contact(r, 1, 0, 0, kTop);
  ASSERT_GE(right, 0);
  ASSERT_GE(top, 0);
  EXPECT_EQ(r.contacts.size(), 2u);
  ASSERT_EQ(r.groups.size(), 1u);
  std::vector<int> members = r.groups[0].contacts;
  std::sort(members.begin(), members.end());
  EXPECT_EQ(members, (std::vector<int>{std::min(right, top), std::max(right, top)}));
  EXPECT_TRUE(r.ungrouped.empty());
  EXPECT_EQ(at(r, right).applicability, 1.0);
  // The particle is the site's A (it has no edges): c3, c4 absent.
  ASSERT_EQ(r.vv_sites.size(), 1u);
  EXPECT_EQ(r.vv_sites[0].body_a, 1);
  EXPECT_EQ(r.vv_sites[0].vertex_b, 2);
  EXPECT_EQ(r.vv_sites[0].c1, right);  // edge 1 ends at vertex 2
  EXPECT_EQ(r.vv_sites[0].c2, top);    // edge 2 starts at vertex 2
  EXPECT_EQ(r.vv_sites[0].c3, -1);
  EXPECT_EQ(r.vv_sites[0].c4, -1);
}

TEST(NonconvexGroup, SideBehindTheParticleJoinsTheGroup) {
  // Egan Fig. 8: the particle is above the top side, just left of the corner and behind the
  // right side's line; the right side belongs to the group (or the top side's half-space would
  // extend forever and forbid going round the corner).
  const std::vector<Body> bodies{test::box_body(0, 0, 1, 1, true), test::particle_body(Vec2(0.9995, 1.001))};
  const ProximityResult r = find_proximity(bodies, {1, 1}, ProximityOptions{});
  ASSERT_EQ(r.groups.size(), 1u);
  const int right = test::find_contact(r, 1, 0, 0, kRight);
  ASSERT_GE(right, 0);
  EXPECT_NEAR(at(r, right).gap, -0.0005, 1e-12);
  EXPECT_TRUE(std::count(r.groups[0].contacts.begin(), r.groups[0].contacts.end(), right) == 1);
  EXPECT_TRUE(r.ungrouped.empty());
}

TEST(NonconvexGroup, ParticleNearTheMiddleOfAnEdge) {
  const std::vector<Body> bodies{test::box_body(0, 0, 1, 1, true), test::particle_body(Vec2(0.5, 1.001))};
  const ProximityResult r = find_proximity(bodies, {1, 1}, ProximityOptions{});
  ASSERT_EQ(r.contacts.size(), 1u);
  EXPECT_EQ(r.contacts[0].edge_b, kTop);
  EXPECT_TRUE(r.groups.empty());
  EXPECT_TRUE(r.vv_sites.empty());
  EXPECT_EQ(r.ungrouped, std::vector<int>{0});
}

TEST(NonconvexGroup, SmallPolygonGivesAChain) {
  // A particle close to a tiny triangle is near all three sides: one group of the whole chain
  // (the free space around a convex obstacle is the union of its sides' half-spaces).
  const std::vector<Body> bodies{test::body_from_world({Vec2(0, 0), Vec2(0.001, 0), Vec2(0, 0.001)}, true),
                                 test::particle_body(Vec2(0.0015, 0.0015))};
  const ProximityResult r = find_proximity(bodies, {1, 1}, ProximityOptions{});
  ASSERT_EQ(r.contacts.size(), 3u);
  ASSERT_EQ(r.groups.size(), 1u);
  EXPECT_EQ(r.groups[0].contacts.size(), 3u);
  EXPECT_TRUE(r.ungrouped.empty());
}

}  // namespace
}  // namespace pegsim
