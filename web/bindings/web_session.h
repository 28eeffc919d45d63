// The page's handle on one running simulation: the real pegsim engine (Simulation) plus what the
// browser needs around it — switching model / time step / solver mid-run, moving bodies with the
// mouse, and a JSON snapshot of everything the page draws. No physics happens here: every step is
// Simulation::step().
#pragma once

#include <pegsim/dynamics/divergence_watch.h>
#include <pegsim/dynamics/simulation.h>

#include <nlohmann/json.hpp>

#include <memory>
#include <string>

namespace pegsim::web {

// What the page may choose; a field left unset keeps the current value (or the scene's setting).
struct WebOptions {
  std::string model;    // one of contact_model_names()
  double time_step = 0.0;
  std::string solver;   // auto | lemke | newton | pgs | enumerate
};

// Parses {"model": ..., "time_step": ..., "solver": ...}; absent fields stay empty / 0.
// Throws std::invalid_argument naming the field for a wrong type or a non-positive time step.
WebOptions parse_web_options(const nlohmann::json& json);

class WebSession {
 public:
  // scene_json: a scene file's text; options override its settings. Throws SceneError /
  // std::invalid_argument with a message naming the field.
  WebSession(const std::string& scene_json, const WebOptions& options);

  // Runs n steps (n >= 0) and returns the number of failed solves among them. Stops early, for
  // good, at the divergence guard `pegsim run` stops at (the LCP row guard, DivergenceGuard): past
  // it a blown-up scene's steps can take minutes each (a standard pour: 36 s and 106 s natively).
  // Only a new engine (set_options, a new session) steps again.
  int step(int n);
  // Rebuilds the engine on the current bodies with new options; time goes on from where it was.
  void set_options(const WebOptions& options);
  // Moves body i (dynamic bodies only) and sets its velocity. Throws std::invalid_argument for a bad
  // index, a static body or a non-finite value.
  void set_body(int index, double x, double y, double angle, double vx, double vy, double omega);
  // 3D: moves body i (dynamic only) to position p, orientation q = (w, x, y, z) (normalised here) and
  // sets its velocity v and world angular velocity w. Same errors as set_body, and for a 2D scene.
  void set_body3d(int index, const double p[3], const double q[4], const double v[3], const double w[3]);

  bool is_3d() const { return simulation_->scene().is_3d(); }
  // 3D: each body's shape in its own frame {name, static, vertices: [[x,y,z],...], faces: [[i,...],...]}
  // (constant for a scene: the page builds its meshes once and moves them with state()'s poses).
  nlohmann::json shapes3d() const;

  double time() const { return time_offset_ + simulation_->time(); }
  // Snapshot for the page (see state_json in web_session.cpp for the fields).
  nlohmann::json state() const;
  // The current state as a scene file (positions, velocities; spawn times relative to now).
  nlohmann::json scene_json() const;

 private:
  Scene scene_at_now() const;
  void rebuild(Scene scene, const SimulationOptions& options);

  SimulationOptions options_;
  std::unique_ptr<Simulation> simulation_;
  double time_offset_ = 0.0;  // time already simulated by earlier engines (before set_options)
  int steps_ = 0;
  int failures_ = 0;
  bool has_step_ = false;
  StepRecord last_record_;
  // As in `pegsim run`; its reference state is the engine's start, or the last body the page moved
  // (a drag or a fling supplies energy the guard must not count as a blow-up). Its reason is
  // state()'s "stopped".
  std::unique_ptr<DivergenceWatch> watch_;
};

// Contact model names, for the page's menu.
nlohmann::json model_names_json();

}  // namespace pegsim::web
