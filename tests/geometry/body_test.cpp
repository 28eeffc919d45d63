// Body world-frame geometry.
#include <pegsim/dynamics/body.h>

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <stdexcept>

namespace pegsim {
namespace {

TEST(Body, WorldVerticesAndRadius) {
  Body b;
  b.local_vertices = {Vec2(-1, -0.5), Vec2(1, -0.5), Vec2(1, 0.5), Vec2(-1, 0.5)};
  b.position = Vec2(3, 4);
  b.angle = std::numbers::pi;  // half turn
  const Polygon w = b.world_vertices();
  ASSERT_EQ(w.size(), 4u);
  EXPECT_NEAR((w[0] - Vec2(4, 4.5)).norm(), 0.0, 1e-12);
  EXPECT_NEAR((b.world_vertex(2) - Vec2(2, 3.5)).norm(), 0.0, 1e-12);
  EXPECT_DOUBLE_EQ(b.bounding_radius(), std::sqrt(1.25));
  EXPECT_THROW(b.world_vertex(4), std::out_of_range);
  EXPECT_FALSE(b.is_particle());

  Body particle;
  particle.local_vertices = {Vec2::Zero()};
  particle.position = Vec2(1, 2);
  EXPECT_TRUE(particle.is_particle());
  EXPECT_EQ(particle.bounding_radius(), 0.0);
  EXPECT_EQ(particle.world_vertex(0), Vec2(1, 2));
}

}  // namespace
}  // namespace pegsim
