// Known configurations: the falling box the reference code let tunnel, penetrating vertices,
// thin bodies, skipped pairs and bad input.
#include <pegsim/proximity/proximity.h>

#include "proximity/scene_helpers.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <stdexcept>

namespace pegsim {
namespace {

constexpr int kBottom = 0, kRight = 1, kTop = 2, kLeft = 3;  // box_body edge order

// The pair threshold follows the pair's relative motion (proximity/reach.h): two boxes 3 cm apart
// falling side by side at 3 m/s cannot meet within h = 0.01, so they are not paired (summing each
// body's own reach, 2 x 1.5 x 3 cm, paired them); closing at 3 m/s, they are.
TEST(Proximity, PairThresholdFollowsRelativeMotion) {
  const double h = 0.01;
  ProximityOptions options;
  options.time_step = h;
  const std::vector<Body> side_by_side{test::box_body(0, 0, 0.1, 0.1, false, Vec2(0, -3)),
                                       test::box_body(0.13, 0, 0.23, 0.1, false, Vec2(0, -3))};
  EXPECT_TRUE(find_proximity(side_by_side, {1, 1}, options).contacts.empty());
  const std::vector<Body> closing{test::box_body(0, 0, 0.1, 0.1, false, Vec2(3, -3)),
                                  test::box_body(0.13, 0, 0.23, 0.1, false, Vec2(0, -3))};
  const ProximityResult r = find_proximity(closing, {1, 1}, options);
  EXPECT_GE(test::find_contact(r, 0, 1, 1, kLeft), 0);  // a's right vertices against b's left face
  EXPECT_GE(test::find_contact(r, 0, 2, 1, kLeft), 0);
}

TEST(Proximity, FallingBoxGetsContactsForItsBottomVertices) {
  // Floor top at y = 0; a 0.4 m box 3 cm above it falling at 5 m/s, h = 0.01.
  const double h = 0.01, height = 0.03, speed = 5.0;
  std::vector<Body> bodies{test::box_body(-1, -0.4, 1, 0, true),
                           test::box_body(-0.2, height, 0.2, height + 0.4, false, Vec2(0, -speed))};
  ProximityOptions options;
  options.time_step = h;
  // Without contact the bottom ends the step below the floor: the contact is needed this step.
  ASSERT_LT(height - h * (speed + h * options.gravity), 0.0);
  // The reference's fixed test distance max(0.5 h, 0.0008) = 5 mm would miss it.
  ASSERT_GT(height, std::max(0.5 * h, 0.0008));

  const ProximityResult r = find_proximity(bodies, {1, 1}, options);
  for (int v : {0, 1}) {  // bottom-left, bottom-right
    const int k = test::find_contact(r, 1, v, 0, kTop);
    ASSERT_GE(k, 0) << "bottom vertex " << v;
    const Contact& c = r.contacts[static_cast<std::size_t>(k)];
    EXPECT_NEAR(c.gap, height, 1e-12);
    EXPECT_NEAR(c.segment_distance, height, 1e-12);
    EXPECT_NEAR((c.normal - Vec2(0, -1)).norm(), 0.0, 1e-15);  // from the box into the floor
    EXPECT_NEAR((c.point_on_b() - Vec2(c.point.x(), 0.0)).norm(), 0.0, 1e-12);
    EXPECT_NEAR(c.applicability, 0.0, 1e-15);  // flat face: borderline classical applicability
  }
  // The top vertices are 43 cm away: not potential contacts.
  EXPECT_LT(test::find_contact(r, 1, 2, 0, kTop), 0);
  EXPECT_LT(test::find_contact(r, 1, 3, 0, kTop), 0);
  EXPECT_EQ(r.contacts.size(), 2u);
  EXPECT_EQ(r.ungrouped.size(), 2u);

  // At rest 3 cm up, the same box is out of reach: no contact.
  bodies[1].velocity = Vec2::Zero();
  EXPECT_TRUE(find_proximity(bodies, {1, 1}, options).contacts.empty());
}

TEST(Proximity, PenetratingVertexGetsTheExitEdgeOnly) {
  // Triangle apex pointing down into a static floor; at rest, so D = margin + 1.5 h^2 g ~ 2.5 mm.
  auto scene_with_apex_at = [](double depth) {
    return std::vector<Body>{test::box_body(-1, -1, 1, 0, true),
                             test::body_from_world({Vec2(0, -depth), Vec2(0.3, 0.5), Vec2(-0.3, 0.5)})};
  };
  const ProximityOptions options;
  for (double depth : {0.001, 0.05}) {  // slight, and deep beyond the reach
    const ProximityResult r = find_proximity(scene_with_apex_at(depth), {1, 1}, options);
    ASSERT_EQ(r.contacts.size(), 1u) << "depth " << depth;
    const Contact& c = r.contacts[0];
    EXPECT_EQ(c.body_a, 1);
    EXPECT_EQ(c.vertex_a, 0);
    EXPECT_EQ(c.edge_b, kTop);
    EXPECT_NEAR(c.gap, -depth, 1e-15);  // negative: models push the apex back out
    EXPECT_GT(c.applicability, 0.0);
    EXPECT_EQ(r.ungrouped, std::vector<int>{0});
  }
}

TEST(Proximity, PenetratingVertexNearACornerFormsAGroup) {
  // Particle 1 mm inside the top-right corner of a static box: it may leave by the top or the
  // right side, so the two contacts form one group (union of half-spaces).
  const std::vector<Body> bodies{test::box_body(0, 0, 1, 1, true), test::particle_body(Vec2(0.999, 0.999))};
  const ProximityResult r = find_proximity(bodies, {1, 1}, ProximityOptions{});
  ASSERT_EQ(r.contacts.size(), 2u);
  ASSERT_EQ(r.groups.size(), 1u);
  EXPECT_EQ(r.groups[0].contacts.size(), 2u);
  for (const Contact& c : r.contacts) EXPECT_NEAR(c.gap, -0.001, 1e-12);
  EXPECT_TRUE(r.ungrouped.empty());
}

TEST(Proximity, FarSideOfAThinBodyIsNotAContact) {
  // A particle 1 mm above a 2 mm plank, falling: the plank's bottom edge is within reach but
  // behind the particle; as a half-space it would demand that the particle pass through.
  const std::vector<Body> bodies{test::box_body(-1, 0, 1, 0.002, true),
                                 test::particle_body(Vec2(0, 0.003), Vec2(0, -0.5))};
  ProximityOptions options;
  const ProximityResult r = find_proximity(bodies, {1, 1}, options);
  ASSERT_EQ(r.contacts.size(), 1u);
  EXPECT_EQ(r.contacts[0].edge_b, kTop);
  EXPECT_NEAR(r.contacts[0].gap, 0.001, 1e-12);
  // Its reach does cover the bottom edge (so the rule, not the distance, removed it).
  const double reach = options.safety * (options.time_step * 0.5 + options.time_step * options.time_step * options.gravity);
  EXPECT_LT(0.003, reach + options.base_margin);
}

TEST(Proximity, SkipsStaticPairsAndInactiveBodies) {
  const std::vector<Body> bodies{test::box_body(0, 0, 1, 1, true), test::box_body(0.5, 0.5, 1.5, 1.5, true),
                                 test::box_body(0.2, 0.2, 0.8, 0.8)};
  EXPECT_TRUE(find_proximity(bodies, {1, 1, 0}, ProximityOptions{}).contacts.empty());
  EXPECT_TRUE(find_proximity_brute_force(bodies, {1, 1, 0}, ProximityOptions{}).contacts.empty());
  // Once the dynamic box is active, it overlaps both static boxes.
  const ProximityResult r = find_proximity(bodies, {1, 1, 1}, ProximityOptions{});
  EXPECT_FALSE(r.contacts.empty());
  for (const Contact& c : r.contacts) EXPECT_TRUE(c.body_a == 2 || c.body_b == 2);
}

TEST(Proximity, TwoParticlesNeverInteract) {
  const std::vector<Body> bodies{test::particle_body(Vec2(0, 0)), test::particle_body(Vec2(0, 0.0001))};
  const ProximityResult r = find_proximity(bodies, {1, 1}, ProximityOptions{});
  EXPECT_TRUE(r.contacts.empty());
  EXPECT_TRUE(r.vv_sites.empty());
}

TEST(Proximity, RejectsBadInput) {
  std::vector<Body> bodies{test::box_body(0, 0, 1, 1, true), test::box_body(0, 1.5, 1, 2.5)};
  EXPECT_THROW(find_proximity(bodies, {1}, ProximityOptions{}), std::invalid_argument);
  ProximityOptions zero_step;
  zero_step.time_step = 0.0;
  EXPECT_THROW(find_proximity(bodies, {1, 1}, zero_step), std::invalid_argument);
  ProximityOptions nan_margin;
  nan_margin.base_margin = std::numeric_limits<double>::quiet_NaN();
  EXPECT_THROW(find_proximity(bodies, {1, 1}, nan_margin), std::invalid_argument);
  bodies[1].name = "lid";
  bodies[1].velocity.y() = std::numeric_limits<double>::infinity();
  try {
    find_proximity(bodies, {1, 1}, ProximityOptions{});
    FAIL() << "expected std::invalid_argument";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("'lid'"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("velocity"), std::string::npos) << e.what();
  }
  // An inactive body is not looked at.
  EXPECT_NO_THROW(find_proximity(bodies, {1, 0}, ProximityOptions{}));
}

}  // namespace
}  // namespace pegsim
