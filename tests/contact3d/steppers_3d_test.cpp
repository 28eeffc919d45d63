// The three steppers in 3D (simulation.h, Stepper; docs/engine.md "Steppers"): linear (the LCP on
// gaps predicted from the step's start), fixpoint (excerpt §2.2) and ncp (excerpt §2.1, ncp_step.h).
// A resting stack must stand under each; on a spinning plate, where the linear prediction leaves
// millimetres of overlap, the NCP's answer must meet the TRUE end gaps; and the NCP's fallback must
// apply the fixpoint's answer unchanged.
#include "contact3d/bodies3d.h"

#include <pegsim/dynamics/run.h>
#include <pegsim/geometry/penetration_3d.h>

#include <gtest/gtest.h>

#include <numbers>

namespace pegsim {
namespace {

Simulation make_simulation(std::vector<Body3d> bodies, Stepper stepper, Vec3 gravity = Vec3(0, 0, -9.81),
                           int ncp_iterations = 20) {
  Scene scene;
  scene.dimension = 3;
  scene.gravity3d = gravity;
  scene.bodies3d = std::move(bodies);
  SimulationOptions options;
  options.time_step = 0.01;
  options.stepper = stepper;
  options.ncp_iterations = ncp_iterations;
  return Simulation(std::move(scene), options);
}

// Two cubes on a slab, the upper one turned 45 degrees (stacked_cubes_test.cpp), with friction.
std::vector<Body3d> cube_stack() {
  const Eigen::Quaterniond yaw(Eigen::AngleAxisd(std::numbers::pi / 4.0, Vec3::UnitZ()));
  return {test3d::slab(0.5),
          test3d::box_body(Vec3::Constant(0.15), Vec3(0, 0, 0.15), Eigen::Quaterniond::Identity(), false, 0.5),
          test3d::box_body(Vec3::Constant(0.13), Vec3(0, 0, 0.43), yaw, false, 0.5)};
}

// gap_fixpoint_3d_test.cpp's scene: a heavy plate spinning about y, a cube sliding across it at 5 m/s.
std::vector<Body3d> spinning_plate(double spin) {
  Body3d plate = test3d::box_body(Vec3(1.0, 1.0, 0.1), Vec3(0, 0, -0.1));
  plate.mass *= 50.0, plate.inertia *= 50.0;
  plate.angular_velocity = Vec3(0, spin, 0);
  Body3d cube = test3d::box_body(Vec3::Constant(0.1), Vec3(-0.6, 0, 0.1));
  cube.velocity = Vec3(5.0, 0, -0.5);
  return {plate, cube};
}

TEST(Steppers3d, ACubeStackStandsUnderEachStepper) {
  for (const Stepper stepper : {Stepper::Linear, Stepper::Fixpoint, Stepper::Ncp}) {
    SCOPED_TRACE(to_string(stepper));
    const std::vector<Body3d> start = cube_stack();
    Simulation simulation = make_simulation(start, stepper);
    int failures = 0, ncp_solves = 0, ncp_fallbacks = 0;
    double drift = 0.0;
    for (int k = 0; k < 200; ++k) {  // 2 s
      const StepRecord r = simulation.step();
      failures += !r.solved();
      ncp_solves += r.ncp_solves, ncp_fallbacks += r.ncp_fallbacks;
      for (int i = 1; i <= 2; ++i) drift = std::max(drift, (simulation.bodies3d()[i].position - start[i].position).norm());
    }
    EXPECT_EQ(failures, 0);
    EXPECT_LT(drift, 1e-4);
    EXPECT_EQ(ncp_solves, stepper == Stepper::Ncp ? 200 : 0);
    EXPECT_EQ(ncp_fallbacks, 0);
    std::printf("cube stack, %s stepper: drift %.2e m, %d NCP solves\n", to_string(stepper), drift, ncp_solves);
  }
}

struct PlateRun {
  double worst_depth = 0.0;
  int failures = 0;
  int ncp_solves = 0, ncp_fallbacks = 0, ncp_iterations = 0;
  std::vector<Vec3> final_positions;
};

PlateRun run_plate(double spin, Stepper stepper, int ncp_iterations = 20) {
  Simulation simulation = make_simulation(spinning_plate(spin), stepper, Vec3::Zero(), ncp_iterations);
  PlateRun run;
  for (int k = 0; k < 25; ++k) {
    const StepRecord r = simulation.step();
    run.failures += !r.solved();
    run.ncp_solves += r.ncp_solves, run.ncp_fallbacks += r.ncp_fallbacks, run.ncp_iterations += r.ncp_iterations;
    const auto& b = simulation.bodies3d();
    run.worst_depth = std::max(run.worst_depth, penetration_depth_3d(b[0].world_shape(), b[1].world_shape()));
  }
  for (const Body3d& b : simulation.bodies3d()) run.final_positions.push_back(b.position);
  return run;
}

TEST(Steppers3d, OnASpinningPlateTheNcpMeetsTheTrueEndGaps) {
  for (const double spin : {-2.0, -5.0}) {
    const PlateRun linear = run_plate(spin, Stepper::Linear);
    const PlateRun fixpoint = run_plate(spin, Stepper::Fixpoint);
    const PlateRun ncp = run_plate(spin, Stepper::Ncp);
    std::printf("spinning plate %g rad/s: worst end depth linear %.3g m, fixpoint %.3g m, ncp %.3g m "
                "(%d NCP solves, %d Newton iterations, %d fallbacks)\n",
                spin, linear.worst_depth, fixpoint.worst_depth, ncp.worst_depth, ncp.ncp_solves, ncp.ncp_iterations,
                ncp.ncp_fallbacks);
    EXPECT_EQ(linear.failures + fixpoint.failures + ncp.failures, 0);
    EXPECT_GT(linear.worst_depth, 5e-4);
    EXPECT_LE(ncp.worst_depth, fixpoint.worst_depth + 1e-9);
    EXPECT_LT(ncp.worst_depth, 1e-3 * linear.worst_depth);
    EXPECT_GT(ncp.ncp_solves, 0);
    EXPECT_EQ(ncp.ncp_fallbacks, 0);
  }
}

// After an accepted NCP step, every vertex–face contact's impulse and TRUE end gap (the moved
// vertex's distance from the moved face plane, computed here from the bodies) are complementary.
TEST(Steppers3d, AnNcpStepIsComplementaryOnTrueGaps) {
  for (const Stepper stepper : {Stepper::Linear, Stepper::Ncp}) {
    Simulation simulation = make_simulation(spinning_plate(-5.0), stepper, Vec3::Zero());
    double worst = 0.0;
    int checked = 0;
    for (int k = 0; k < 25; ++k) {
      const StepRecord r = simulation.step();
      ASSERT_TRUE(r.solved());
      if (stepper == Stepper::Ncp) {
        ASSERT_EQ(r.ncp_fallbacks, 0) << "step " << k;
      }
      const RowSystem& rows = simulation.last_rows();
      const Vec& z = simulation.last_impulses();
      const auto& contacts = simulation.last_proximity().three_d.contacts;
      const auto& bodies = simulation.bodies3d();
      for (int i = 0; i < rows.size(); ++i) {
        const Variable& v = rows.variables()[static_cast<std::size_t>(i)];
        if (v.kind != VariableKind::NormalImpulse) continue;
        const Contact3d& c = contacts[static_cast<std::size_t>(v.contact)];
        if (c.kind != FeaturePair3d::vertex_face) continue;
        const Vec3 vertex = bodies[static_cast<std::size_t>(c.body_a)].world_vertex(c.feature_a);
        const double gap = bodies[static_cast<std::size_t>(c.body_b)].world_shape().faces[static_cast<std::size_t>(c.feature_b)].signed_distance(vertex);
        worst = std::max(worst, std::abs(std::min(z[i], gap / 0.01)));
        ++checked;
      }
    }
    std::printf("%s stepper: worst |min(p, true gap / h)| %.3g over %d vertex-face rows\n", to_string(stepper), worst, checked);
    EXPECT_GT(checked, 0);
    if (stepper == Stepper::Ncp) {
      EXPECT_LT(worst, 1e-6);  // the acceptance tolerance 1e-8 scaled by |q|_inf (~15 m/s here)
    } else {
      EXPECT_GT(worst, 1e-2);
    }  // what the check catches: the linear step's end overlap, m/s
  }
}

// With no Newton iteration allowed, a step whose start does not already solve the NCP falls back:
// counted, and the fixpoint's answer applied bit for bit.
TEST(Steppers3d, TheNcpFallbackAppliesTheFixpointAnswer) {
  const PlateRun fixpoint = run_plate(-5.0, Stepper::Fixpoint);
  const PlateRun limited = run_plate(-5.0, Stepper::Ncp, 0);
  EXPECT_GT(limited.ncp_fallbacks, 0);
  EXPECT_EQ(limited.ncp_iterations, 0);
  EXPECT_EQ(limited.failures, 0);
  ASSERT_EQ(limited.final_positions.size(), fixpoint.final_positions.size());
  for (std::size_t i = 0; i < limited.final_positions.size(); ++i) EXPECT_EQ(limited.final_positions[i], fixpoint.final_positions[i]);
}

TEST(Steppers3d, TheNcpStepperIsDeterministic) {
  const PlateRun a = run_plate(-5.0, Stepper::Ncp);
  const PlateRun b = run_plate(-5.0, Stepper::Ncp);
  ASSERT_EQ(a.final_positions.size(), b.final_positions.size());
  for (std::size_t i = 0; i < a.final_positions.size(); ++i) EXPECT_EQ(a.final_positions[i], b.final_positions[i]);
  EXPECT_EQ(a.ncp_iterations, b.ncp_iterations);
}

}  // namespace
}  // namespace pegsim
