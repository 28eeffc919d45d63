// Vertex–vertex sites under Egan's and Nguyen's group models (src/contact/configuration_sets.h):
// two aligned boxes corner on corner, the upper one driven straight down into the lower (static)
// one at 1 m/s without gravity. Each corner's own group is satisfied by sliding down the other
// box's side line (rho2 = rho3 = 0), so the papers' vertex groups alone let the upper box pass
// into the lower one at the full 1 m/s; the site's crossing condition must stop it. Every model.
#include <pegsim/contact/model.h>
#include <pegsim/dynamics/simulation.h>
#include <pegsim/metrics/metrics.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

namespace pegsim {
namespace {

Body box(const std::string& name, const Vec2& position, bool is_static) {
  Body b;
  b.name = name;
  b.is_static = is_static;
  b.local_vertices = {Vec2(-0.1, -0.1), Vec2(0.1, -0.1), Vec2(0.1, 0.1), Vec2(-0.1, 0.1)};
  b.position = position;
  b.mass = 1.0;
  b.inertia = 1.0 / 150.0;
  return b;
}

Scene corner_on_corner(double gap) {
  Scene scene;
  scene.gravity = Vec2::Zero();
  scene.settings.time_step = 0.01;
  Body upper = box("upper", Vec2(0.0, 0.2 + gap), false);
  upper.velocity = Vec2(0.0, -1.0);
  scene.bodies = {box("lower", Vec2::Zero(), true), upper};
  return scene;
}

class CornerOnCorner : public ::testing::TestWithParam<std::string> {};

TEST_P(CornerOnCorner, UpperBoxIsStoppedAtTheCorners) {
  SimulationOptions options;
  options.model = GetParam();
  options.time_step = 0.01;
  Simulation simulation(corner_on_corner(0.0), options);
  const StepRecord record = simulation.step();
  ASSERT_TRUE(record.solved());
  const Body& upper = simulation.bodies()[1];
  EXPECT_GT(upper.velocity.y(), -1e-9) << "m/s: the upper box sinks into the lower one";
  EXPECT_NEAR(upper.position.y(), 0.2, 1e-9) << "m";
  EXPECT_NEAR(upper.position.x(), 0.0, 1e-9) << "m";
  EXPECT_LT(measure_overlap(simulation.bodies(), simulation.active_bodies()).total_area, 1e-12) << "m^2";
  // Both corner pairs are sites with the crossing condition.
  if (GetParam() != "standard") {
    EXPECT_EQ(simulation.last_rows().vv_sites, 2);
  }
}

INSTANTIATE_TEST_SUITE_P(Models, CornerOnCorner,
                         ::testing::Values("standard", "egan-max", "egan-sum", "lnc", "lnc-accurate", "peg", "peg-accurate"),
                         [](const auto& info) {
                           std::string name = info.param;
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

}  // namespace
}  // namespace pegsim
