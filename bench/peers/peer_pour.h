// The part of the peer-engine pour runners (ode_pour.cpp, bullet_pour.cpp, mujoco_pour.cpp) that does not depend on
// the engine: arguments, the scene, spawning on time, the per-step copy-back into pegsim bodies,
// pegsim's exact overlap metric, the escape count and the one JSON line.
//
// An engine is a class with
//   void add(std::size_t i, const pegsim::Body3d& body);  // build body i (static: fixed) at its pose/velocity
//   void step(double h);                                   // one fixed step of the peer
//   void pose(std::size_t i, pegsim::Vec3& position, Eigen::Quaterniond& orientation) const;  // body i now
//   nlohmann::json settings() const;                       // the settings used, for the JSON line
// run_peer_pour() adds a body when its spawn time is due (the pegsim rule: spawn_time <= t + 1e-9 h
// at the start of a step, on time; no waiting for a free spot), times step() alone, and after a
// step (every --metric-every steps) writes the peer's poses into the scene's bodies and measures.
#pragma once

#include <pegsim/metrics/metrics.h>
#include <pegsim/scene/scene.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <vector>

namespace peers {

struct PeerArgs {
  std::string scene_path;
  double dt = -1.0;        // <= 0: the scene's settings.time_step
  double duration = -1.0;  // <= 0: the scene's settings.duration
  int metric_every = 1;    // measure the overlap after every N-th step (and after the last)
  bool final_states = false;  // --final-states: add each dynamic body's final centre to the JSON
  std::vector<std::string> extra;  // engine-specific flags, parsed by the engine's main
};

inline void usage(const char* prog, const char* extra_usage) {
  std::fprintf(stderr,
               "usage: %s SCENE.json [--dt H] [--duration T] [--metric-every N] [--final-states]%s\n"
               "Runs a pegsim 3D scene in the peer engine and prints one JSON line measured with pegsim's\n"
               "exact overlap metric (bench/peers/README.md).\n",
               prog, extra_usage);
}

// Parses the common flags; unknown "--name value" pairs go to extra. Exits with 2 on bad input.
inline PeerArgs parse_args(int argc, char** argv, const char* extra_usage) {
  PeerArgs a;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "%s: %s needs a value\n", argv[0], arg.c_str());
        std::exit(2);
      }
      return argv[++i];
    };
    try {
      if (arg == "--dt") a.dt = std::stod(value());
      else if (arg == "--duration") a.duration = std::stod(value());
      else if (arg == "--metric-every") a.metric_every = std::stoi(value());
      else if (arg == "--final-states") a.final_states = true;
      else if (arg == "-h" || arg == "--help") { usage(argv[0], extra_usage); std::exit(0); }
      else if (arg.rfind("--", 0) == 0) { a.extra.push_back(arg); a.extra.push_back(value()); }
      else if (a.scene_path.empty()) a.scene_path = arg;
      else { usage(argv[0], extra_usage); std::exit(2); }
    } catch (const std::exception&) {
      std::fprintf(stderr, "%s: %s: not a number\n", argv[0], arg.c_str());
      std::exit(2);
    }
  }
  if (a.scene_path.empty() || a.metric_every < 1) {
    usage(argv[0], extra_usage);
    std::exit(2);
  }
  return a;
}

// pegsim's escape rule (src/dynamics/run.cpp): dynamic bodies whose centre is outside the static
// bodies' bounding box grown by 0.5 m; no static bodies, none.
inline int count_escaped(const std::vector<pegsim::Body3d>& bodies) {
  bool any = false;
  pegsim::Vec3 lo = pegsim::Vec3::Zero(), hi = pegsim::Vec3::Zero();
  for (const pegsim::Body3d& b : bodies) {
    if (!b.is_static) continue;
    for (const pegsim::Vec3& v : b.world_shape().vertices) {
      if (!any) lo = hi = v, any = true;
      lo = lo.cwiseMin(v), hi = hi.cwiseMax(v);
    }
  }
  if (!any) return 0;
  lo.array() -= 0.5;
  hi.array() += 0.5;
  int escaped = 0;
  for (const pegsim::Body3d& b : bodies) {
    if (b.is_static) continue;
    const pegsim::Vec3& c = b.position;
    escaped += !((c.array() >= lo.array()).all() && (c.array() <= hi.array()).all());
  }
  return escaped;
}

inline double median(std::vector<double> v) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  const double pos = 0.5 * static_cast<double>(v.size() - 1);
  const auto lo = static_cast<std::size_t>(std::floor(pos));
  const std::size_t hi = std::min(lo + 1, v.size() - 1);
  return v[lo] + (pos - static_cast<double>(lo)) * (v[hi] - v[lo]);
}

inline pegsim::Scene load_3d_scene(const char* prog, const std::string& path) {
  pegsim::Scene scene;
  try {
    scene = pegsim::load_scene(path);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: %s\n", prog, e.what());
    std::exit(2);
  }
  if (!scene.is_3d()) {
    std::fprintf(stderr, "%s: %s: not a 3D scene (gravity must have 3 components)\n", prog, path.c_str());
    std::exit(2);
  }
  return scene;
}

// Runs the scene in `engine` and prints the JSON line; returns the exit code (0 ok, 1 non-finite state).
template <class Engine>
int run_peer_pour(const char* engine_name, pegsim::Scene& scene, const PeerArgs& args, Engine& engine) {
  const double h = args.dt > 0.0 ? args.dt : scene.settings.time_step;
  const double duration = args.duration > 0.0 ? args.duration : scene.settings.duration;
  const int total_steps = static_cast<int>(std::llround(duration / h));
  std::vector<pegsim::Body3d>& bodies = scene.bodies3d;
  const std::size_t n = bodies.size();
  std::vector<char> active(n, 0);

  std::vector<double> overlaps;
  double overlap_max = 0.0, depth_max = 0.0, step_seconds = 0.0;
  int measured = 0;
  bool finite = true;
  using Clock = std::chrono::steady_clock;
  for (int k = 0; k < total_steps; ++k) {
    const double t = k * h;
    for (std::size_t i = 0; i < n; ++i) {
      if (active[i] || !(bodies[i].spawn_time <= t + 1e-9 * h)) continue;
      engine.add(i, bodies[i]);
      active[i] = 1;
    }
    const auto start = Clock::now();
    engine.step(h);
    step_seconds += std::chrono::duration<double>(Clock::now() - start).count();
    if ((k + 1) % args.metric_every != 0 && k + 1 != total_steps) continue;
    for (std::size_t i = 0; i < n; ++i) {
      if (!active[i] || bodies[i].is_static) continue;
      pegsim::Vec3 position;
      Eigen::Quaterniond orientation;
      engine.pose(i, position, orientation);
      if (!position.allFinite() || !orientation.coeffs().allFinite() || orientation.norm() == 0.0) {
        finite = false;
        continue;
      }
      bodies[i].position = position;
      bodies[i].orientation = orientation.normalized();
    }
    const pegsim::OverlapStats stats = pegsim::measure_overlap_3d(bodies, active);
    overlaps.push_back(stats.total_area);
    overlap_max = std::max(overlap_max, stats.total_area);
    depth_max = std::max(depth_max, stats.max_depth);
    ++measured;
  }

  nlohmann::json j;
  j["engine"] = engine_name;
  j["scene"] = args.scene_path;
  j["dt"] = h;
  j["steps"] = total_steps;
  j["wall_seconds"] = step_seconds;
  j["ms_per_step"] = total_steps > 0 ? 1e3 * step_seconds / total_steps : 0.0;
  j["overlap_median"] = median(overlaps);
  j["overlap_max"] = overlap_max;
  j["depth_max"] = depth_max;
  j["escaped_bodies"] = count_escaped(bodies);
  j["metric_every"] = args.metric_every;
  j["measured_steps"] = measured;
  j["finite"] = finite;
  j["settings"] = engine.settings();
  if (args.final_states) {
    nlohmann::json states = nlohmann::json::array();
    for (std::size_t i = 0; i < n; ++i) {
      if (bodies[i].is_static) continue;
      const pegsim::Vec3& p = bodies[i].position;
      const Eigen::Quaterniond& q = bodies[i].orientation;
      states.push_back({{"name", bodies[i].name}, {"active", active[i] != 0}, {"position", {p.x(), p.y(), p.z()}},
                        {"orientation", {q.w(), q.x(), q.y(), q.z()}}});
    }
    j["final_states"] = states;
  }
  std::printf("%s\n", j.dump().c_str());
  return finite ? 0 : 1;
}

}  // namespace peers
