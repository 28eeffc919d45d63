// Shared helpers for the scenario tests: load a scene file from scenes/, run it with a chosen
// contact model through the full Simulation pipeline, and keep every step's state of one body so a
// test can compare the trajectory with an analytic answer.
#pragma once

#include <pegsim/dynamics/simulation.h>
#include <pegsim/metrics/metrics.h>
#include <pegsim/scene/scene.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

namespace pegsim::scenario {

// Every contact model that replaces the standard model's half-planes at a corner by a union.
inline const std::vector<std::string> kNonconvexModels = {"egan-max", "egan-sum", "lnc", "lnc-accurate",
                                                           "peg", "peg-accurate"};

inline Scene scene_file(const std::string& name) {
  return load_scene(std::string(PEGSIM_SOURCE_DIR) + "/scenes/" + name);
}

inline int body_index(const Scene& scene, const std::string& name) {
  for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
    if (scene.bodies[i].name == name) return static_cast<int>(i);
  }
  throw std::invalid_argument("scene has no body named " + name);
}

// The scene with one body moved by (dx, 0): used to put a vertex exactly on a corner at the end of
// a step (a tie between two half-planes) or just off it.
inline Scene shifted(Scene scene, const std::string& body, double dx) {
  scene.bodies[static_cast<std::size_t>(body_index(scene, body))].position.x() += dx;
  return scene;
}

// Where a body starts: the scene file's position ("generic") or shifted along x so that a vertex
// reaches a corner exactly at the end of a step ("on_grid").
struct Placement {
  std::string name;
  double shift = 0.0;  // m, along x
};
inline void PrintTo(const Placement& p, std::ostream* os) { *os << p.name; }

// One body's state at the end of a step (index 0: the initial state, before any step).
struct BodyState {
  double time = 0.0;
  Vec2 position = Vec2::Zero();
  double angle = 0.0;
  Vec2 velocity = Vec2::Zero();
  double angular_velocity = 0.0;
  double lowest_y = 0.0;          // lowest world vertex
  double energy = 0.0;            // mechanical energy of all active bodies
  OverlapStats overlap;           // all active body pairs
  int contacts = 0;               // potential contacts in the scene during the step that ended here
};

struct Trajectory {
  std::vector<BodyState> states;
  int solver_failures = 0;
  double step_seconds_max = 0.0;  // slowest step (wall clock)
  const BodyState& final() const { return states.back(); }
  int steps() const { return static_cast<int>(states.size()) - 1; }
};

inline BodyState capture(const Simulation& simulation, int body) {
  const Body& b = simulation.bodies()[static_cast<std::size_t>(body)];
  BodyState s;
  s.time = simulation.time();
  s.position = b.position;
  s.angle = b.angle;
  s.velocity = b.velocity;
  s.angular_velocity = b.angular_velocity;
  s.lowest_y = b.position.y();
  for (const Vec2& v : b.world_vertices()) s.lowest_y = std::min(s.lowest_y, v.y());
  const std::vector<char> active = simulation.active_bodies();
  s.energy = mechanical_energy(simulation.bodies(), active, simulation.scene().gravity);
  s.overlap = measure_overlap(simulation.bodies(), active);
  return s;
}

inline SimulationOptions options_for(const Scene& scene, const std::string& model) {
  SimulationOptions options;
  options.model = model;
  options.time_step = scene.settings.time_step;
  options.model_options.gamma = scene.settings.gamma;
  options.model_options.epsilon = scene.settings.epsilon;
  options.model_options.applicability_threshold = scene.settings.applicability_threshold;
  return options;
}

// Runs `scene` for `steps` steps of its settings' time step with `model`, recording body `body`.
inline Trajectory run_scene(const Scene& scene, const std::string& model, int body, int steps) {
  Simulation simulation(scene, options_for(scene, model));
  Trajectory t;
  t.states.push_back(capture(simulation, body));
  for (int k = 0; k < steps; ++k) {
    const StepRecord record = simulation.step();
    if (!record.solved()) ++t.solver_failures;
    t.step_seconds_max = std::max(t.step_seconds_max, record.profile.total);
    t.states.push_back(capture(simulation, body));
    t.states.back().contacts = record.contacts;
  }
  return t;
}

// For the scene's own duration.
inline Trajectory run_scene(const Scene& scene, const std::string& model, const std::string& body) {
  const int steps = static_cast<int>(std::lround(scene.settings.duration / scene.settings.time_step));
  return run_scene(scene, model, body_index(scene, body), steps);
}

}  // namespace pegsim::scenario

namespace pegsim::scenario {

// A model name as a GoogleTest parameter name ("peg-accurate" -> "peg_accurate").
inline std::string sanitized(std::string name) {
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

}  // namespace pegsim::scenario

namespace pegsim::scenario {

// Every model, the standard one included.
inline const std::vector<std::string> kAllModels = {"standard", "egan-max", "egan-sum", "lnc",
                                                     "lnc-accurate", "peg", "peg-accurate"};

// The scene with every body's friction coefficient (and the scene default) set to mu, so every
// pair's combined coefficient is mu under any friction rule.
inline Scene with_friction(Scene scene, double mu) {
  scene.friction = mu;
  for (Body& b : scene.bodies) b.friction = mu;
  return scene;
}

// The scene with another time step.
inline Scene with_time_step(Scene scene, double h) {
  scene.settings.time_step = h;
  return scene;
}

// "0.5" rather than "0.500000" in test and scenario names ("." becomes "_" in test names).
inline std::string short_number(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%g", v);
  return buffer;
}

}  // namespace pegsim::scenario
