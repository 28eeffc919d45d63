// No frictionless, inelastic scene may gain mechanical energy. Stewart–Trinkle time stepping only
// removes energy: a contact impulse makes the normal gap rate non-negative (an inelastic impact),
// and semi-implicit Euler free flight loses m g^2 h^2 / 2 per step. A gain means a contact pushed
// a body out of a phantom or real penetration (psi/h term) or an impulse acted on a contact that
// is not touching: exactly what the nonconvex models must avoid.
#include "scenario_run.h"

#include <pegsim/scene/pour2d.h>

#include <gtest/gtest.h>

namespace pegsim::scenario {
namespace {

// Largest rise of the total mechanical energy in one step. Tolerance: round-off on energies of
// order 1 J over a few hundred steps.
constexpr double kEnergyTolerance = 1e-9;  // J

double max_energy_gain(const Trajectory& t) {
  double gain = 0.0;
  for (std::size_t k = 1; k < t.states.size(); ++k) gain = std::max(gain, t.states[k].energy - t.states[k - 1].energy);
  return gain;
}

// A 0.2 x 0.2 box (mass 1) dropped from 0.35 m onto a floor, tilted so that a corner lands first
// and the box rocks onto a face.
Scene dropped_box(double angle) {
  Scene scene;
  scene.gravity = Vec2(0.0, -9.81);
  Body floor;
  floor.name = "floor";
  floor.is_static = true;
  floor.local_vertices = {Vec2(-1, -0.2), Vec2(1, -0.2), Vec2(1, 0), Vec2(-1, 0)};
  Body box;
  box.name = "box";
  box.local_vertices = {Vec2(-0.1, -0.1), Vec2(0.1, -0.1), Vec2(0.1, 0.1), Vec2(-0.1, 0.1)};
  box.mass = 1.0;
  box.inertia = 0.2 * 0.2 * 2 / 12.0;
  box.position = Vec2(0.0, 0.5);
  box.angle = angle;
  scene.bodies = {floor, box};
  scene.settings.time_step = 0.01;
  return scene;
}

std::vector<std::string> all_models() {
  std::vector<std::string> models = {"standard"};
  models.insert(models.end(), kNonconvexModels.begin(), kNonconvexModels.end());
  return models;
}

class DroppedBox : public ::testing::TestWithParam<std::string> {};

TEST_P(DroppedBox, NeverGainsEnergy) {
  for (double angle : {0.0, 0.3}) {
    SCOPED_TRACE("angle " + std::to_string(angle));
    const Trajectory t = run_scene(dropped_box(angle), GetParam(), 1, 150);
    EXPECT_EQ(t.solver_failures, 0);
    const double gain = max_energy_gain(t);
    EXPECT_LE(gain, kEnergyTolerance) << "J in one step";
    EXPECT_LT(t.final().energy, t.states.front().energy) << "the landing is inelastic";
    EXPECT_LT(t.final().velocity.norm() + std::abs(t.final().angular_velocity), 1e-6) << "at rest after 1.5 s";
    std::printf("%-12s angle %.1f: max energy gain per step %.3g J, energy %.4f -> %.4f J\n", GetParam().c_str(),
                angle, gain, t.states.front().energy, t.final().energy);
  }
}

INSTANTIATE_TEST_SUITE_P(Models, DroppedBox, ::testing::ValuesIn(all_models()),
                         [](const auto& info) { return sanitized(info.param); });

// The PEG paper's pour (bodies_a), first second at h = 0.01: four polygons fall into the box and
// collide with it and each other. Energy is compared before and after each step over the bodies
// taking part in that step (a body appearing at its spawn time is not a gain).
TEST(PourEnergy, PegNeverGainsEnergy) {
  SimulationOptions options;
  options.model = "peg";
  options.time_step = 0.01;
  Simulation simulation(
      make_pour2d_from_bodies_file(std::string(PEGSIM_SHARED_DIR) + "/data/reference-pour2d/bodies_a.json"), options);
  const Vec2 gravity = simulation.scene().gravity;
  double max_gain = 0.0, first = 0.0, last = 0.0;
  int contacts = 0;
  for (int k = 0; k < 100; ++k) {
    const std::vector<char> active = simulation.active_bodies();
    const double before = mechanical_energy(simulation.bodies(), active, gravity);
    const StepRecord record = simulation.step();
    ASSERT_TRUE(record.solved()) << "step " << record.step;
    const double after = mechanical_energy(simulation.bodies(), active, gravity);
    max_gain = std::max(max_gain, after - before);
    contacts += record.contacts;
    if (k == 0) first = before;
    last = after;
  }
  EXPECT_GT(contacts, 100) << "the bodies should land and collide within the second";
  EXPECT_LE(max_gain, kEnergyTolerance) << "J in one step";
  std::printf("pour peg 1 s: max energy gain per step %.3g J, energy %.4f -> %.4f J, %d potential contacts\n",
              max_gain, first, last, contacts);
}

}  // namespace
}  // namespace pegsim::scenario
