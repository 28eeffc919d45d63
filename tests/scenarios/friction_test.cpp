// Coulomb friction against closed-form answers (Stewart–Trinkle friction rows, which the nonconvex
// models keep unchanged: Egan §V, peg-reconstructed.md "Friction"). In 2D the two directions +t, -t
// span the friction cone exactly, so the time-stepped answers are exact up to the integrator.
#include "scenario_run.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

namespace pegsim::scenario {
namespace {

constexpr double kG = 9.81;

Body rectangle(const std::string& name, double half_width, double half_height, bool is_static) {
  Body b;
  b.name = name;
  b.is_static = is_static;
  b.local_vertices = {Vec2(-half_width, -half_height), Vec2(half_width, -half_height), Vec2(half_width, half_height),
                      Vec2(-half_width, half_height)};
  b.mass = 1.0;
  b.inertia = b.mass * (4 * half_width * half_width + 4 * half_height * half_height) / 12.0;
  return b;
}

// A static slab whose top face is the incline (through the origin, rising at `angle`) and a
// 0.4 x 0.1 box resting on it at rest. The box is flat enough not to tip: sliding, its base friction
// shifts the centre of pressure by mu * 0.05 m, well inside its 0.2 m half-width.
Scene incline_scene(double angle, double mu) {
  Scene scene;
  scene.gravity = Vec2(0.0, -kG);
  scene.settings.time_step = 0.01;
  Body slab = rectangle("incline", 3.0, 0.5, true);
  slab.angle = angle;
  slab.position = Eigen::Rotation2Dd(angle) * Vec2(0.0, -0.5);
  slab.friction = mu;
  Body box = rectangle("box", 0.2, 0.05, false);
  box.angle = angle;
  box.position = Eigen::Rotation2Dd(angle) * Vec2(0.0, 0.05);
  box.friction = mu;
  scene.bodies = {slab, box};
  return scene;
}

// Displacement of the box along the incline's downhill direction.
double downhill(const BodyState& s, const BodyState& start, double angle) {
  return (s.position - start.position).dot(Vec2(-std::cos(angle), -std::sin(angle)));
}

class Incline : public ::testing::TestWithParam<std::string> {};

// Below the friction angle (tan 20 deg = 0.364 < mu = 0.5) static friction can hold the whole
// tangential weight m g sin(a) (it needs only m g sin a <= mu m g cos a), so the LCP's sticking
// solution has zero slip: the box stays put.
TEST_P(Incline, BelowTheFrictionAngleTheBoxStaysPut) {
  const double angle = 20.0 * std::numbers::pi / 180.0;
  const Scene scene = incline_scene(angle, 0.5);
  const Trajectory t = run_scene(scene, GetParam(), 1, 100);  // 1 s
  EXPECT_EQ(t.solver_failures, 0);
  double drift = 0.0;
  for (const BodyState& s : t.states) drift = std::max(drift, (s.position - t.states.front().position).norm());
  EXPECT_LT(drift, 1e-6) << "m over 1 s";
  EXPECT_LT(std::abs(t.final().angle - angle), 1e-6) << "rad: the box must not rock";
}

// Above it (tan 30 deg = 0.577 > mu = 0.3) the box slides; kinetic friction mu N with
// N = m g cos(a) leaves a = g (sin a - mu cos a) = 2.356 m/s^2 along the incline. Semi-implicit
// Euler reproduces constant acceleration exactly in velocity (v_n = a h n) and gives
// s_n = a h^2 n (n + 1) / 2 for the distance.
TEST_P(Incline, AboveTheFrictionAngleTheBoxAcceleratesAtTheCoulombRate) {
  const double angle = 30.0 * std::numbers::pi / 180.0;
  const double mu = 0.3;
  const double accel = kG * (std::sin(angle) - mu * std::cos(angle));
  const Scene scene = incline_scene(angle, mu);
  const int n = 100;
  const double h = scene.settings.time_step;
  const Trajectory t = run_scene(scene, GetParam(), 1, n);
  EXPECT_EQ(t.solver_failures, 0);
  const double speed = t.final().velocity.norm();
  EXPECT_NEAR(speed, accel * h * n, 0.01 * accel * h * n) << "m/s after 1 s (analytic " << accel << " m/s^2)";
  EXPECT_NEAR(downhill(t.final(), t.states.front(), angle), accel * h * h * n * (n + 1) / 2.0,
              0.01 * accel * h * h * n * (n + 1) / 2.0)
      << "m down the incline after 1 s";
  EXPECT_LT(std::abs(t.final().angle - angle), 1e-6) << "rad: the box slides flat";
  std::printf("%s: incline 30 deg, mu 0.3: speed %.6f m/s after 1 s (time-stepped %.6f)\n", GetParam().c_str(), speed,
              accel * h * n);
}

INSTANTIATE_TEST_SUITE_P(Models, Incline, ::testing::Values("standard", "peg"),
                         [](const auto& info) { return sanitized(info.param); });

class SlidingBox : public ::testing::TestWithParam<std::string> {};

// scenes/box_on_floor.json: a box at 1 m/s on a floor, pair mu 0.3. Kinetic friction decelerates
// it at mu g, so it stops after v^2 / (2 mu g) = 0.1699 m at t = v / (mu g) = 0.340 s. Time-stepped,
// the speed drops by mu g h per step and the last step's leftover is taken by static friction: the
// distance is h * sum of the positive v_k, 2.9 % short of the continuous answer at h = 0.01.
TEST_P(SlidingBox, StopsAfterTheCoulombDistance) {
  const Scene scene = scene_file("box_on_floor.json");
  const int box = body_index(scene, "box");
  const double mu = combine_friction(scene, scene.bodies[static_cast<std::size_t>(box)], scene.bodies[0]);
  ASSERT_NEAR(mu, 0.3, 1e-12);
  const double v0 = scene.bodies[static_cast<std::size_t>(box)].velocity.x();
  const double h = scene.settings.time_step;
  const Trajectory t = run_scene(scene, GetParam(), box, 100);
  EXPECT_EQ(t.solver_failures, 0);

  double stepped = 0.0;  // time-stepped distance
  for (double v = v0 - mu * kG * h; v > 0.0; v -= mu * kG * h) stepped += h * v;
  const double exact = v0 * v0 / (2.0 * mu * kG);
  const double slid = t.final().position.x() - t.states.front().position.x();
  EXPECT_NEAR(slid, stepped, 1e-6) << "m (time-stepped Coulomb distance)";
  EXPECT_NEAR(slid, exact, 0.05 * exact) << "m (continuous v^2 / (2 mu g))";
  const double stop_time = v0 / (mu * kG);
  for (const BodyState& s : t.states) {
    if (s.time > stop_time + h + 1e-9) {
      ASSERT_LT(s.velocity.norm(), 1e-9) << "m/s at t = " << s.time << ": a stopped box stays stopped";
    }
  }
  std::printf("%s: slid %.6f m (time-stepped %.6f, continuous %.6f)\n", GetParam().c_str(), slid, stepped, exact);
}

INSTANTIATE_TEST_SUITE_P(Models, SlidingBox, ::testing::Values("standard", "peg"),
                         [](const auto& info) { return sanitized(info.param); });

}  // namespace
}  // namespace pegsim::scenario
