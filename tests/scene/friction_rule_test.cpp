// Pair friction rules.
#include <pegsim/scene/scene.h>

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

namespace pegsim {
namespace {

Body with_friction(double mu) {
  Body b;
  b.friction = mu;
  return b;
}

TEST(FrictionRule, EachRuleCombinesThePair) {
  Scene scene;
  const Body a = with_friction(0.3), b = with_friction(0.75);
  EXPECT_EQ(scene.friction_rule, "geometric");
  EXPECT_NEAR(combine_friction(scene, a, b), std::sqrt(0.3 * 0.75), 1e-15);
  scene.friction_rule = "min";
  EXPECT_EQ(combine_friction(scene, a, b), 0.3);
  scene.friction_rule = "max";
  EXPECT_EQ(combine_friction(scene, a, b), 0.75);
  scene.friction_rule = "average";
  EXPECT_NEAR(combine_friction(scene, a, b), 0.525, 1e-15);
}

TEST(FrictionRule, RulesAreSymmetricAndIdempotent) {
  Scene scene;
  for (const char* rule : {"geometric", "min", "max", "average"}) {
    scene.friction_rule = rule;
    EXPECT_EQ(combine_friction(scene, with_friction(0.2), with_friction(0.9)),
              combine_friction(scene, with_friction(0.9), with_friction(0.2)));
    EXPECT_NEAR(combine_friction(scene, with_friction(0.4), with_friction(0.4)), 0.4, 1e-15) << rule;
  }
}

TEST(FrictionRule, FrictionlessBodyMakesGeometricPairFrictionless) {
  Scene scene;
  EXPECT_EQ(combine_friction(scene, with_friction(0.0), with_friction(0.8)), 0.0);
}

TEST(FrictionRule, BadInputThrows) {
  Scene scene;
  scene.friction_rule = "median";
  EXPECT_THROW(combine_friction(scene, with_friction(0.1), with_friction(0.2)), std::invalid_argument);
  scene.friction_rule = "min";
  EXPECT_THROW(combine_friction(scene, with_friction(-0.1), with_friction(0.2)), std::invalid_argument);
  EXPECT_THROW(combine_friction(scene, with_friction(std::nan("")), with_friction(0.2)), std::invalid_argument);
}

}  // namespace
}  // namespace pegsim
