// Bodies and a stepping loop for the 3D contact tests. The loop runs the engine every scene runs
// (Simulation, the standard model unless Step3dOptions::model says otherwise) and checks each step independently: the
// step's LCP is rebuilt from the state before it and the rows the engine used, and the engine's
// impulses must satisfy it (complementarity max|min(z, w)|).
#pragma once

#include <pegsim/assembly/assembly.h>
#include <pegsim/dynamics/mechanics.h>
#include <pegsim/dynamics/simulation.h>
#include <pegsim/geometry/mass_properties_3d.h>
#include <pegsim/lcp/verify.h>

#include "geometry3d/random_polyhedron.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <vector>

namespace pegsim::test3d {

inline Body3d box_body(const Vec3& half, const Vec3& position, const Eigen::Quaterniond& q = Eigen::Quaterniond::Identity(),
                       bool is_static = false, double friction = 0.0) {
  const RigidShape3d shape = rigid_shape_from_density(box_polyhedron(-half, half), 1000.0);
  Body3d b;
  b.shape = shape.shape;
  b.mass = shape.mass;
  b.inertia = shape.inertia;
  b.position = position;
  b.orientation = q;
  b.is_static = is_static;
  b.friction = friction;
  return b;
}

// A 4 x 4 x 0.5 m static slab whose top face is the plane z = 0 (before `tilt`, about the origin).
inline Body3d slab(double friction, const Eigen::Quaterniond& tilt = Eigen::Quaterniond::Identity()) {
  Body3d s = box_body(Vec3(2.0, 2.0, 0.25), tilt * Vec3(0, 0, -0.25), tilt, true, friction);
  s.name = "slab";
  return s;
}

// A 0.2 m cube (8 kg) resting on the plane z = 0 (before `tilt`).
inline Body3d cube_on_plane(double friction, const Eigen::Quaterniond& tilt = Eigen::Quaterniond::Identity()) {
  Body3d c = box_body(Vec3::Constant(0.1), tilt * Vec3(0, 0, 0.1), tilt, false, friction);
  c.name = "cube";
  return c;
}

// A random convex hull of `count` points (geometry3d/random_polyhedron.h) as a body of density 1 at
// `position`, randomly turned.
inline Body3d random_hull_body(std::mt19937& rng, int count, const Vec3& position) {
  const RigidShape3d shape = rigid_shape_from_density(test::random_hull(rng, count), 1.0);
  Body3d b;
  b.shape = shape.shape;
  b.mass = shape.mass;
  b.inertia = shape.inertia;
  b.orientation = test::random_rotation(rng);
  b.position = position;
  return b;
}

inline double mechanical_energy(const std::vector<Body3d>& bodies, const Vec3& gravity) {
  double e = 0.0;
  for (const Body3d& b : bodies)
    if (!b.is_static) e += b.kinetic_energy() - b.mass * gravity.dot(b.position);
  return e;
}

inline double lowest_vertex_z(const Body3d& body) {
  double z = std::numeric_limits<double>::infinity();
  for (int i = 0; i < static_cast<int>(body.shape.vertices.size()); ++i) z = std::min(z, body.world_vertex(i).z());
  return z;
}

struct Step3dOptions {
  double time_step = 0.01;
  Vec3 gravity = Vec3(0.0, 0.0, -9.81);
  std::string friction_rule = "geometric";
  FrictionCone3d cone;
  SolverKind solver = SolverKind::Auto;
  std::string model = "standard";
};

struct Step3dRecord {
  StepRecord step;               // the engine's record
  ProximityResult3d proximity;   // the feature pairs the step was solved with
  int rows = 0;
  Vec z;                         // the applied impulses
  double complementarity = 0.0;  // max_i |min(z_i, w_i)| of the rebuilt LCP
  double residual = 0.0;         // verify.h's scaled residual of the rebuilt LCP
};

inline Simulation simulation_3d(const std::vector<Body3d>& bodies, const Step3dOptions& options) {
  Scene scene;
  scene.dimension = 3;
  scene.gravity3d = options.gravity;
  scene.friction_rule = options.friction_rule;
  scene.bodies3d = bodies;
  SimulationOptions sim;
  sim.model = options.model;
  sim.time_step = options.time_step;
  sim.solver = options.solver;
  sim.model_options.cone_3d = options.cone;
  return Simulation(std::move(scene), sim);
}

// One engine step, checked against the LCP rebuilt from `before` and the engine's rows.
inline Step3dRecord checked_step(Simulation& simulation) {
  const Scene before = simulation.scene();
  Step3dRecord r;
  r.step = simulation.step();
  r.proximity = simulation.last_proximity().three_d;
  r.rows = simulation.last_rows().size();
  r.z = simulation.last_impulses();
  if (r.rows > 0 && r.step.substeps == 1) {
    const std::vector<int> offsets = dof_offsets(before, std::vector<char>(before.bodies3d.size(), 1));
    const InverseMass inv = inverse_mass(before, offsets);
    const Lcp lcp = assemble_lcp(simulation.last_rows(), inv, free_velocities(before, offsets, inv.dofs, simulation.options().time_step));
    const Vec w = lcp.M * r.z + lcp.q;
    for (Eigen::Index i = 0; i < w.size(); ++i) r.complementarity = std::max(r.complementarity, std::abs(std::min(r.z[i], w[i])));
    r.residual = verify_lcp(lcp, r.z, 1e-8).residual;
  } else if (r.rows > 0) {
    r.complementarity = std::numeric_limits<double>::infinity();  // recovered by halving: not one LCP
  }
  return r;
}

// Steps `steps` times; every step must solve; `bodies` follows the engine's state, and `each` sees
// it after step k (1-based).
inline void run_steps(std::vector<Body3d>& bodies, const Step3dOptions& options, int steps,
                      const std::function<void(int, const Step3dRecord&)>& each = {}) {
  Simulation simulation = simulation_3d(bodies, options);
  for (int k = 1; k <= steps; ++k) {
    const Step3dRecord record = checked_step(simulation);
    ASSERT_TRUE(record.step.solved()) << "step " << k << ": " << to_string(record.step.solver_status) << " residual "
                                      << record.step.residual;
    bodies = simulation.bodies3d();
    if (each) each(k, record);
  }
}

}  // namespace pegsim::test3d
