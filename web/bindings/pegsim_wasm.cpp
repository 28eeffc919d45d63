// The C API the page calls (ccall/cwrap). Every function returns a JSON string that stays valid
// until the next call: either the requested data or {"error": "..."} naming what was wrong.
// One simulation at a time (the page shows one).
#include "web_session.h"

#include <pegsim/scene/pour2d.h>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <exception>
#include <memory>
#include <stdexcept>
#include <string>

#ifdef __EMSCRIPTEN__
#include <emscripten/emscripten.h>
#define PEGSIM_EXPORT EMSCRIPTEN_KEEPALIVE
#else
#define PEGSIM_EXPORT
#endif

namespace {

using nlohmann::json;
using pegsim::web::WebSession;

std::unique_ptr<WebSession> g_session;
std::string g_reply;

const char* reply(const json& j) {
  g_reply = j.dump();
  return g_reply.c_str();
}

const char* error_reply(const std::string& message) { return reply({{"error", message}}); }

WebSession& session() {
  if (!g_session) throw std::logic_error("no scene loaded (call pegsim_create first)");
  return *g_session;
}

// Runs `body`, turning any exception into {"error": message}.
template <typename F>
const char* guarded(F&& body) {
  try {
    return reply(body());
  } catch (const std::exception& e) {
    return error_reply(e.what());
  } catch (...) {
    return error_reply("unknown error");
  }
}

json parse_options(const char* text) {
  const std::string s = text ? text : "";
  return s.empty() ? json::object() : json::parse(s);
}

}  // namespace

extern "C" {

// Loads a scene (a scene file's text) with options {"model", "time_step", "solver"} (any subset,
// "" or "{}" for the scene's settings); returns the initial state.
PEGSIM_EXPORT const char* pegsim_create(const char* scene_json, const char* options_json) {
  return guarded([&] {
    auto created = std::make_unique<WebSession>(scene_json ? scene_json : "",
                                                pegsim::web::parse_web_options(parse_options(options_json)));
    g_session = std::move(created);  // replaced only when the new scene loaded
    return g_session->state();
  });
}

// Runs n steps and returns the state after them.
PEGSIM_EXPORT const char* pegsim_step(int n) {
  return guarded([&] {
    session().step(n);
    return session().state();
  });
}

PEGSIM_EXPORT const char* pegsim_state() {
  return guarded([] { return session().state(); });
}

// Changes model / time step / solver while keeping the bodies where they are.
PEGSIM_EXPORT const char* pegsim_set_options(const char* options_json) {
  return guarded([&] {
    session().set_options(pegsim::web::parse_web_options(parse_options(options_json)));
    return session().state();
  });
}

// Sets a dynamic body's pose and velocity (for dragging and flinging with the mouse).
PEGSIM_EXPORT const char* pegsim_set_body(int index, double x, double y, double angle, double vx, double vy,
                                          double omega) {
  return guarded([&] {
    session().set_body(index, x, y, angle, vx, vy, omega);
    return session().state();
  });
}

// 3D: sets a dynamic body's position, orientation (w, x, y, z), velocity and world angular velocity.
PEGSIM_EXPORT const char* pegsim_set_body3d(int index, double x, double y, double z, double qw, double qx, double qy,
                                            double qz, double vx, double vy, double vz, double wx, double wy,
                                            double wz) {
  return guarded([&] {
    const double p[3] = {x, y, z}, q[4] = {qw, qx, qy, qz}, v[3] = {vx, vy, vz}, w[3] = {wx, wy, wz};
    session().set_body3d(index, p, q, v, w);
    return session().state();
  });
}

// 3D: the bodies' shapes in their own frames (WebSession::shapes3d).
PEGSIM_EXPORT const char* pegsim_shapes3d() {
  return guarded([] { return session().shapes3d(); });
}

// The current state as a scene file (to save what is on screen).
PEGSIM_EXPORT const char* pegsim_scene_json() {
  return guarded([] { return session().scene_json(); });
}

PEGSIM_EXPORT const char* pegsim_models() {
  return guarded([] { return pegsim::web::model_names_json(); });
}

// A pour scene from the engine's own seeded generator (pour2d.h) as scene-file JSON.
PEGSIM_EXPORT const char* pegsim_pour_scene(double seed, int count) {
  return guarded([&] {
    if (!(seed >= 0.0) || seed > 9007199254740991.0) throw std::invalid_argument("seed: must be a non-negative integer");
    return pegsim::scene_to_json(pegsim::make_pour2d_from_seed(static_cast<std::uint64_t>(seed), count));
  });
}

}  // extern "C"
