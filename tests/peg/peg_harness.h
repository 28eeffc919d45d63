// One time step for the PEG tests: proximity (given or find_proximity) -> the engine's contact stages
// (dynamics/contact_solve.h: free space, configuration search, rows, LCP, solve) -> velocities and
// end poses (no end-of-step fixpoint), keeping every intermediate (rows, z, nu) for the checks.
#pragma once

#include <pegsim/assembly/assembly.h>
#include <pegsim/contact/model.h>
#include <pegsim/dynamics/body.h>
#include <pegsim/dynamics/contact_solve.h>
#include <pegsim/dynamics/run.h>
#include <pegsim/scene/pour2d.h>
#include <pegsim/geometry/overlap.h>
#include <pegsim/lcp/solver.h>
#include <pegsim/proximity/proximity.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace pegsim::test {

struct World {
  std::vector<Body> bodies;
  double h = 0.01;
  Vec2 gravity = Vec2::Zero();
  double friction = 0.0;  // every contact

  std::vector<char> all_active() const { return std::vector<char>(bodies.size(), 1); }
  std::vector<int> dof_offsets() const {
    std::vector<int> offsets(bodies.size(), -1);
    int next = 0;
    for (std::size_t i = 0; i < bodies.size(); ++i) {
      if (!bodies[i].is_static) {
        offsets[i] = next;
        next += kDofPerBody2D;
      }
    }
    return offsets;
  }
  ProximityResult proximity(double base_margin = 1e-3) const {
    ProximityOptions options;
    options.time_step = h;
    options.gravity = gravity.norm();
    options.base_margin = base_margin;
    return find_proximity(bodies, all_active(), options);
  }
};

struct StepOutcome {
  ProximityResult proximity;
  RowSystem rows;
  Lcp lcp;
  LcpResult result;
  Vec nu_free;  // before impulses
  Vec nu;       // after impulses (from result.z, also when not solved)
  std::vector<int> offsets;
  std::vector<Body> end_bodies;  // q + h nu, velocities updated

  // Generalized impulse sum_k g_k z_k restricted to body i's DOFs (vx, vy, omega components).
  Eigen::Vector3d impulse_on(int body) const {
    Eigen::Vector3d out = Eigen::Vector3d::Zero();
    const int offset = offsets[static_cast<std::size_t>(body)];
    for (int k = 0; k < rows.size(); ++k) {
      for (const auto& [dof, coefficient] : rows.variables()[static_cast<std::size_t>(k)].direction) {
        if (dof >= offset && dof < offset + kDofPerBody2D) out[dof - offset] += coefficient * result.z[k];
      }
    }
    return out;
  }
  bool solved() const { return result.status == SolveStatus::Solved; }
};

inline InverseMass inverse_mass_of(const std::vector<Body>& bodies, const std::vector<int>& offsets) {
  InverseMass inv;
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    if (offsets[i] < 0) continue;
    Mat block = Mat::Zero(kDofPerBody2D, kDofPerBody2D);
    block(0, 0) = block(1, 1) = 1.0 / bodies[i].mass;
    block(2, 2) = bodies[i].inertia > 0.0 ? 1.0 / bodies[i].inertia : 0.0;
    inv.offsets.push_back(offsets[i]);
    inv.blocks.push_back(block);
    inv.dofs += kDofPerBody2D;
  }
  return inv;
}

// What solve_contacts reads for one step of `world` on `proximity`; the context points into it.
struct StepInputs {
  std::vector<int> offsets;
  InverseMass inv;
  Vec nu_free;
  std::vector<double> mu;  // per contact
  ModelContext context;

  StepInputs(const World& world, const ProximityResult& proximity)
      : offsets(world.dof_offsets()), inv(inverse_mass_of(world.bodies, offsets)), nu_free(Vec::Zero(inv.dofs)),
        mu(proximity.contacts.size(), world.friction) {
    for (std::size_t i = 0; i < world.bodies.size(); ++i) {
      const int o = offsets[i];
      if (o < 0) continue;
      nu_free.segment<2>(o) = world.bodies[i].velocity + world.h * world.gravity;
      nu_free[o + 2] = world.bodies[i].angular_velocity;
    }
    context.time_step = world.h;
    context.bodies = &world.bodies;
    context.dof_offset = &offsets;
    context.pair_friction = &mu;
    for (std::size_t i = 0; i < world.bodies.size(); ++i) {  // as dynamics/simulation.cpp
      const int o = offsets[i];
      if (o < 0) continue;
      const double speed = nu_free.segment<2>(o).norm() + std::abs(nu_free[o + 2]) * world.bodies[i].bounding_radius();
      context.max_travel = std::max(context.max_travel, world.h * speed);
    }
  }
  StepInputs(const StepInputs&) = delete;
  StepInputs& operator=(const StepInputs&) = delete;

  ContactSolve solve(const ContactModel& model, const ProximityResult& proximity, const ContactSolveOptions& options) const {
    return solve_contacts(model, proximity, context, inv, nu_free, options);
  }
};

inline StepOutcome step_with(const World& world, const ContactModel& model, ProximityResult proximity,
                             const ContactSolveOptions& options = {}) {
  StepOutcome out;
  out.proximity = std::move(proximity);
  const StepInputs inputs(world, out.proximity);
  out.offsets = inputs.offsets;
  out.nu_free = inputs.nu_free;
  ContactSolve solve = inputs.solve(model, out.proximity, options);
  out.rows = std::move(solve.rows);
  out.lcp = dense_model_lcp(solve);
  out.result = std::move(solve.result);
  out.nu = std::move(solve.nu_next);
  out.end_bodies = world.bodies;
  for (std::size_t i = 0; i < world.bodies.size(); ++i) {
    const int o = out.offsets[i];
    if (o < 0) continue;
    Body& b = out.end_bodies[i];
    b.velocity = out.nu.segment<2>(o);
    b.angular_velocity = out.nu[o + 2];
    b.position += world.h * b.velocity;
    b.angle += world.h * b.angular_velocity;
  }
  return out;
}

inline StepOutcome step_with(const World& world, const std::string& model_name, const ContactSolveOptions& options = {}) {
  const std::unique_ptr<ContactModel> model = make_contact_model(model_name);
  if (!model) throw std::invalid_argument("unknown model " + model_name);
  return step_with(world, *model, world.proximity(), options);
}

// The papers' way: the model's LCP solved on its own, without the configuration search.
inline ContactSolveOptions lcp_only() {
  ContactSolveOptions options;
  options.configuration_search = false;
  return options;
}

// The PEG authors' pour with their body set `set` ('a'..'j', shared/data/reference-pour2d).
inline Scene authors_pour(char set) {
  return make_pour2d_from_bodies_file(std::string(PEGSIM_SHARED_DIR) + "/data/reference-pour2d/bodies_" +
                                      std::string(1, set) + ".json");
}

// `options` (model, h, refinements) on `scene` for `duration` seconds through the engine's run loop.
inline RunSummary run_for(const Scene& scene, const SimulationOptions& options, double duration,
                          const StepObserver& observer = {}) {
  Simulation simulation(scene, options);
  RunOptions run;
  run.duration = duration;
  return run_simulation(simulation, run, observer);
}

// Counter-clockwise rectangle; edges in order bottom, right, top, left.
inline Polygon rectangle(double x0, double y0, double x1, double y1) {
  return {Vec2(x0, y0), Vec2(x1, y0), Vec2(x1, y1), Vec2(x0, y1)};
}

inline double pair_overlap(const std::vector<Body>& bodies, int i, int j) {
  return convex_intersection_area(bodies[static_cast<std::size_t>(i)].world_vertices(),
                                  bodies[static_cast<std::size_t>(j)].world_vertices());
}

// A body from world-frame CCW vertices: origin at the area centroid (the centre of mass), density 1.
inline Body body_from_world(const std::string& name, const Polygon& world_vertices, bool is_static = false) {
  Body b;
  b.name = name;
  b.is_static = is_static;
  if (world_vertices.size() == 1) {
    b.position = world_vertices.front();
    b.local_vertices = {Vec2::Zero()};
    b.mass = 1.0;
    b.inertia = 0.0;
    return b;
  }
  const Vec2 c = area_centroid(world_vertices);
  b.position = c;
  for (const Vec2& v : world_vertices) b.local_vertices.push_back(v - c);
  b.mass = signed_area(world_vertices);
  b.inertia = polar_moment_about_centroid(world_vertices);
  return b;
}

// A wall of rows x cols 0.2 m boxes, corners coinciding, 0.5 mm above a static floor (x from -1 to
// 0.2 cols + 0.8), falling at 0.3 m/s under gravity: many vertex-vertex sites, one large cell.
inline World box_wall(int rows, int cols) {
  World w;
  w.h = 0.01;
  w.gravity = Vec2(0.0, -9.81);
  const double right = 0.2 * cols + 0.8;
  w.bodies.push_back(body_from_world("floor", {Vec2(-1, -0.2), Vec2(right, -0.2), Vec2(right, 0), Vec2(-1, 0)}, true));
  for (int row = 0; row < rows; ++row) {
    for (int col = 0; col < cols; ++col) {
      const double x = 0.2 * col, y = 0.0005 + 0.2 * row;
      Body b = body_from_world("box", {Vec2(x, y), Vec2(x + 0.2, y), Vec2(x + 0.2, y + 0.2), Vec2(x, y + 0.2)});
      b.velocity = Vec2(0.0, -0.3);
      w.bodies.push_back(b);
    }
  }
  return w;
}

}  // namespace pegsim::test
