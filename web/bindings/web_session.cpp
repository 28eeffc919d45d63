// WebSession: the engine behind the page. See web_session.h.
#include "web_session.h"

#include "hull3d.h"

#include <pegsim/contact/model.h>
#include <pegsim/geometry/overlap.h>
#include <pegsim/geometry/overlap_3d.h>
#include <pegsim/metrics/metrics.h>
#include <pegsim/scene/json_file.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace pegsim::web {
namespace {

using nlohmann::json;

// NaN / Inf would become JSON null and silently break the page's arithmetic: refuse it here.
double finite(double value, const char* what) {
  if (!std::isfinite(value)) throw std::runtime_error(std::string("non-finite ") + what + " in the engine state");
  return value;
}

json point_json(const Vec2& p, const char* what) { return json::array({finite(p.x(), what), finite(p.y(), what)}); }

json polygon_json(const Polygon& polygon) {
  json out = json::array();
  for (const Vec2& v : polygon) out.push_back(point_json(v, "vertex"));
  return out;
}

void check_known_model(const std::string& model) {
  const auto names = contact_model_names();
  if (std::find(names.begin(), names.end(), model) != names.end()) return;
  std::string valid;
  for (const auto& n : names) valid += (valid.empty() ? "" : ", ") + n;
  throw std::invalid_argument("model: unknown contact model \"" + model + "\" (valid: " + valid + ")");
}

// The scene's settings, overridden by whatever the page chose (CLI flags do the same).
SimulationOptions options_for(const Scene& scene, const WebOptions& chosen, const SimulationOptions* current) {
  SimulationOptions o;
  o.model = !chosen.model.empty() ? chosen.model : current ? current->model : scene.settings.model;
  check_known_model(o.model);
  o.time_step = chosen.time_step > 0.0 ? chosen.time_step : current ? current->time_step : scene.settings.time_step;
  const std::string solver = !chosen.solver.empty() ? chosen.solver
                             : current              ? std::string(to_string(current->solver))
                                                    : scene.settings.solver;
  const auto kind = parse_solver_kind(solver);
  if (!kind) throw std::invalid_argument("solver: unknown solver \"" + solver + "\" (valid: auto, lemke, newton, pgs, enumerate)");
  o.solver = *kind;
  o.model_options.gamma = scene.settings.gamma;
  o.model_options.epsilon = scene.settings.epsilon;
  o.model_options.applicability_threshold = scene.settings.applicability_threshold;
  o.on_failure = FailurePolicy::Continue;  // the page shows every failed solve in its status line
  return o;
}

// A contact as it sits on the bodies now (proximity ran at the start of the last step, so its stored
// point and normal lag the bodies by h * velocity): A's vertex now, B's edge normal now.
struct ContactNow {
  Vec2 point, normal;
};

ContactNow contact_now(const std::vector<Body>& bodies, const Contact& c) {
  ContactNow now{c.point, c.normal};
  const Body& a = bodies.at(static_cast<std::size_t>(c.body_a));
  const Body& b = bodies.at(static_cast<std::size_t>(c.body_b));
  const int nb = static_cast<int>(b.local_vertices.size());
  if (c.vertex_a < 0 || c.vertex_a >= static_cast<int>(a.local_vertices.size()) || nb < 3 || c.edge_b < 0 ||
      c.edge_b >= nb) {
    return now;
  }
  const Vec2 edge = b.world_vertex((c.edge_b + 1) % nb) - b.world_vertex(c.edge_b);
  if (!(edge.norm() > 0.0)) return now;
  now.point = a.world_vertex(c.vertex_a);
  now.normal = perp(edge) / edge.norm();
  return now;
}

// Per contact: which constraint kinds its variables belong to ("U", "I", "X", "G") and its total
// normal impulse in the last step.
struct ContactRoles {
  std::vector<std::string> kinds;
  std::vector<double> impulse;
};

char kind_letter(ConstraintKind kind) {
  switch (kind) {
    case ConstraintKind::Unilateral: return 'U';
    case ConstraintKind::Intercontact: return 'I';
    case ConstraintKind::CrossContact: return 'X';
    case ConstraintKind::Group: return 'G';
    default: return 0;
  }
}

ContactRoles contact_roles(const Simulation& sim) {
  const std::size_t n = sim.last_proximity().contact_count();
  ContactRoles roles{std::vector<std::string>(n), std::vector<double>(n, 0.0)};
  const auto& variables = sim.last_rows().variables();
  const Vec& z = sim.last_impulses();
  for (std::size_t k = 0; k < variables.size(); ++k) {
    const Variable& v = variables[k];
    if (v.contact < 0 || v.contact >= static_cast<int>(n)) continue;
    const auto c = static_cast<std::size_t>(v.contact);
    const char letter = kind_letter(v.constraint);
    if (letter && roles.kinds[c].find(letter) == std::string::npos) roles.kinds[c] += letter;
    if (v.kind == VariableKind::NormalImpulse && static_cast<Eigen::Index>(k) < z.size() && std::isfinite(z[k]) &&
        z[k] > 0.0) {
      roles.impulse[c] += z[k];
    }
  }
  for (std::string& kinds : roles.kinds) std::sort(kinds.begin(), kinds.end());
  return roles;
}

// The contacts as columns, `count` entries each (point and normal interleaved: x0, y0, x1, y1, ...).
// One JSON object per contact was the page's largest cost: a pour under `standard` reaches 1500
// contacts, and building, printing and parsing them took 13 of the 21 ms per step in wasm (node).
json contacts_json(const Simulation& sim) {
  const ContactRoles roles = contact_roles(sim);
  const auto& contacts = sim.last_proximity().contacts;
  const std::size_t n = contacts.size();
  std::vector<int> body_a, body_b;
  std::vector<double> point, normal, gap;
  body_a.reserve(n);
  body_b.reserve(n);
  point.reserve(2 * n);
  normal.reserve(2 * n);
  gap.reserve(n);
  for (const Contact& c : contacts) {
    const ContactNow now = contact_now(sim.bodies(), c);
    body_a.push_back(c.body_a);
    body_b.push_back(c.body_b);
    point.push_back(finite(now.point.x(), "contact point"));
    point.push_back(finite(now.point.y(), "contact point"));
    normal.push_back(finite(now.normal.x(), "contact normal"));
    normal.push_back(finite(now.normal.y(), "contact normal"));
    gap.push_back(finite(c.gap, "gap"));
  }
  return {{"count", n},          {"body_a", body_a}, {"body_b", body_b},         {"point", point},
          {"normal", normal},    {"gap", gap},       {"kinds", roles.kinds},     {"impulse", roles.impulse}};
}

// Vertex–vertex sites: the places where the SM trap can catch a linearising model.
json traps_json(const Simulation& sim) {
  json out = json::array();
  const auto& bodies = sim.bodies();
  for (const VertexVertexSite& site : sim.last_proximity().vv_sites) {
    const Body& a = bodies.at(static_cast<std::size_t>(site.body_a));
    const Body& b = bodies.at(static_cast<std::size_t>(site.body_b));
    if (site.vertex_a < 0 || site.vertex_a >= static_cast<int>(a.local_vertices.size())) continue;
    if (site.vertex_b < 0 || site.vertex_b >= static_cast<int>(b.local_vertices.size())) continue;
    const Vec2 middle = 0.5 * (a.world_vertex(site.vertex_a) + b.world_vertex(site.vertex_b));
    out.push_back({{"a", site.body_a}, {"b", site.body_b}, {"point", point_json(middle, "trap point")}});
  }
  return out;
}

struct Box {
  Vec2 lo, hi;
};

Box bounding_box(const Polygon& p) {
  Box box{p.front(), p.front()};
  for (const Vec2& v : p) {
    box.lo = box.lo.cwiseMin(v);
    box.hi = box.hi.cwiseMax(v);
  }
  return box;
}

bool boxes_touch(const Box& a, const Box& b) {
  return (a.lo.array() <= b.hi.array()).all() && (b.lo.array() <= a.hi.array()).all();
}

// The measured overlap (metrics.h: the accuracy metric) and, for drawing, the intersection polygons.
json overlap_json(const Simulation& sim, const std::vector<char>& active) {
  const auto& bodies = sim.bodies();
  const OverlapStats stats = measure_overlap(bodies, active);
  std::vector<Polygon> world(bodies.size());
  std::vector<Box> boxes(bodies.size());
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    if (!active[i] || bodies[i].is_particle()) continue;
    world[i] = bodies[i].world_vertices();
    boxes[i] = bounding_box(world[i]);
  }
  json polygons = json::array();
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    if (world[i].empty()) continue;
    for (std::size_t j = i + 1; j < bodies.size(); ++j) {
      if (world[j].empty() || (bodies[i].is_static && bodies[j].is_static) || !boxes_touch(boxes[i], boxes[j])) continue;
      const Polygon piece = convex_intersection(world[i], world[j]);
      if (piece.size() >= 3) polygons.push_back(polygon_json(piece));
    }
  }
  return {{"area", finite(stats.total_area, "overlap area")},
          {"depth", finite(stats.max_depth, "overlap depth")},
          {"pairs", stats.overlapping_pairs},
          {"polygons", polygons}};
}

json bodies_json(const std::vector<Body>& bodies, const std::vector<char>& active) {
  json out = json::array();
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    const Body& b = bodies[i];
    out.push_back({{"name", b.name},
                   {"static", b.is_static},
                   {"particle", b.is_particle()},
                   {"active", static_cast<bool>(active[i])},
                   {"position", point_json(b.position, "position")},
                   {"angle", finite(b.angle, "angle")},
                   {"velocity", point_json(b.velocity, "velocity")},
                   {"angular_velocity", finite(b.angular_velocity, "angular velocity")},
                   {"vertices", polygon_json(b.world_vertices())}});
  }
  return out;
}

json record_json(const StepRecord& r) {
  return {{"status", to_string(r.solver_status)},
          {"solver", r.solver},
          {"residual", std::isfinite(r.residual) ? json(r.residual) : json("non-finite")},
          {"iterations", r.iterations},
          {"lcp_size", r.lcp_size},
          {"contacts", r.contacts},
          {"unilateral", r.unilateral},
          {"intercontact", r.intercontact},
          {"cross_contact", r.cross_contact},
          {"groups", r.groups},
          {"traps", r.traps},
          {"diverged", r.diverged},
          {"step_ms", 1e3 * r.profile.total},
          {"solve_ms", 1e3 * r.profile.solve}};
}


// ---- 3D ----

json vec3_json(const Vec3& p, const char* what) {
  return json::array({finite(p.x(), what), finite(p.y(), what), finite(p.z(), what)});
}

json quaternion_json(const Eigen::Quaterniond& q) {
  return json::array({finite(q.w(), "orientation"), finite(q.x(), "orientation"), finite(q.y(), "orientation"),
                      finite(q.z(), "orientation")});
}

json bodies3d_json(const std::vector<Body3d>& bodies, const std::vector<char>& active) {
  json out = json::array();
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    const Body3d& b = bodies[i];
    out.push_back({{"name", b.name},
                   {"static", b.is_static},
                   {"active", static_cast<bool>(active[i])},
                   {"position", vec3_json(b.position, "position")},
                   {"orientation", quaternion_json(b.orientation)},
                   {"velocity", vec3_json(b.velocity, "velocity")},
                   {"angular_velocity", vec3_json(b.angular_velocity, "angular velocity")}});
  }
  return out;
}

// 3D contacts as columns (as contacts_json): point is A's feature point (for the vertex kinds A's
// vertex now; an edge pair's point as proximity found it at the step's start), normal from A into B,
// feature: "vf" | "ee" | "ve" | "vv", site: PEG I-site index or -1, kinds / impulse as in 2D.
json contacts3d_json(const Simulation& sim) {
  const ContactRoles roles = contact_roles(sim);
  const auto& contacts = sim.last_proximity().three_d.contacts;
  const auto& bodies = sim.bodies3d();
  const std::size_t n = contacts.size();
  std::vector<int> body_a, body_b, site;
  std::vector<double> point, normal, gap;
  std::vector<std::string> feature;
  for (std::size_t i = 0; i < n; ++i) {
    const Contact3d& c = contacts[i];
    Vec3 p = c.point_a;
    const bool vertex_kind = c.kind != FeaturePair3d::edge_edge;
    if (vertex_kind && c.body_a >= 0 && c.body_a < static_cast<int>(bodies.size())) {
      const Body3d& a = bodies[static_cast<std::size_t>(c.body_a)];
      if (c.feature_a >= 0 && c.feature_a < static_cast<int>(a.shape.vertices.size())) p = a.world_vertex(c.feature_a);
    }
    body_a.push_back(c.body_a);
    body_b.push_back(c.body_b);
    site.push_back(c.site);
    for (int k = 0; k < 3; ++k) {
      point.push_back(finite(p[k], "contact point"));
      normal.push_back(finite(c.normal[k], "contact normal"));
    }
    gap.push_back(finite(c.gap, "gap"));
    feature.push_back(c.kind == FeaturePair3d::vertex_face   ? "vf"
                      : c.kind == FeaturePair3d::edge_edge   ? "ee"
                      : c.kind == FeaturePair3d::vertex_edge ? "ve"
                                                             : "vv");
  }
  return {{"count", n},       {"body_a", body_a},   {"body_b", body_b},   {"point", point},
          {"normal", normal}, {"gap", gap},         {"feature", feature}, {"site", site},
          {"sites", sim.last_proximity().three_d.sites.size()},
          {"kinds", roles.kinds}, {"impulse", roles.impulse}};
}

// Overlap solids smaller than this (m^3, a 0.1 mm cube) are counted in the volume but not sent: they would
// be invisible, and the pour's resting contacts have dozens of 1e-14 m^3 slivers.
constexpr double kDrawnOverlap = 1e-12;

// The measured overlap volume (metrics.h) and, for drawing, the intersection solids of the pairs
// that overlap (each a list of polygons, flattened: [[x,y,z, x,y,z, ...], ...]).
json overlap3d_json(const Simulation& sim, const std::vector<char>& active) {
  const auto& bodies = sim.bodies3d();
  const OverlapStats stats = measure_overlap_3d(bodies, active);
  json solids = json::array();
  if (stats.overlapping_pairs > 0) {
    std::vector<Polyhedron> world(bodies.size());
    std::vector<double> radius(bodies.size(), 0.0);
    std::vector<char> use(bodies.size(), 0);
    for (std::size_t i = 0; i < bodies.size(); ++i) {
      if (!active[i]) continue;
      world[i] = bodies[i].world_shape();
      radius[i] = bodies[i].bounding_radius();
      use[i] = 1;
    }
    for (std::size_t i = 0; i < bodies.size(); ++i) {
      if (!use[i]) continue;
      for (std::size_t j = i + 1; j < bodies.size(); ++j) {
        if (!use[j] || (bodies[i].is_static && bodies[j].is_static)) continue;
        if ((bodies[i].position - bodies[j].position).norm() > radius[i] + radius[j]) continue;
        const PolygonSoup piece = convex_intersection_3d(world[i], world[j]);
        if (piece.empty() || !(enclosed_volume(piece) > kDrawnOverlap)) continue;
        json polygons = json::array();
        for (const auto& polygon : piece) {
          std::vector<double> flat;
          for (const Vec3& v : polygon) {
            for (int k = 0; k < 3; ++k) flat.push_back(finite(v[k], "overlap vertex"));
          }
          polygons.push_back(flat);
        }
        solids.push_back(polygons);
      }
    }
  }
  return {{"volume", finite(stats.total_area, "overlap volume")},
          {"depth", finite(stats.max_depth, "overlap depth")},
          {"pairs", stats.overlapping_pairs},
          {"solids", solids}};
}

}  // namespace

WebOptions parse_web_options(const json& j) {
  if (!j.is_object()) throw std::invalid_argument("options: expected a JSON object");
  WebOptions o;
  for (const auto& [key, value] : j.items()) {
    if (key == "model" || key == "solver") {
      if (!value.is_string()) throw std::invalid_argument("options." + key + ": expected a string");
      (key == "model" ? o.model : o.solver) = value.get<std::string>();
    } else if (key == "time_step") {
      if (!value.is_number()) throw std::invalid_argument("options.time_step: expected a number");
      o.time_step = value.get<double>();
      if (!(o.time_step > 0.0) || !std::isfinite(o.time_step)) {
        throw std::invalid_argument("options.time_step: must be a positive finite number");
      }
    } else {
      throw std::invalid_argument("options: unknown field \"" + key + "\" (valid: model, time_step, solver)");
    }
  }
  return o;
}

WebSession::WebSession(const std::string& scene_json, const WebOptions& options) {
  nlohmann::json parsed = parse_json_text(scene_json, "scene");
  add_missing_faces(parsed);  // 3D bodies given by vertices alone (no qhull in wasm: hull3d.h)
  Scene scene = scene_from_json(parsed, "scene");
  const SimulationOptions o = options_for(scene, options, nullptr);
  rebuild(std::move(scene), o);
}

void WebSession::rebuild(Scene scene, const SimulationOptions& options) {
  simulation_ = std::make_unique<Simulation>(std::move(scene), options);
  options_ = options;
  watch_ = std::make_unique<DivergenceWatch>(*simulation_);
}

// The engine's clock starts at 0, so bodies still to enter keep their spawn time relative to now.
Scene WebSession::scene_at_now() const {
  Scene scene = simulation_->scene();
  const double now = simulation_->time();
  for (Body& body : scene.bodies) body.spawn_time = std::max(0.0, body.spawn_time - now);
  for (Body3d& body : scene.bodies3d) body.spawn_time = std::max(0.0, body.spawn_time - now);
  scene.settings.model = options_.model;
  scene.settings.time_step = options_.time_step;
  scene.settings.solver = to_string(options_.solver);
  return scene;
}

void WebSession::set_options(const WebOptions& options) {
  const SimulationOptions o = options_for(simulation_->scene(), options, &options_);
  const double elapsed = simulation_->time();
  Scene scene = scene_at_now();
  rebuild(std::move(scene), o);
  time_offset_ += elapsed;
  has_step_ = false;  // the new engine has no last step to show yet
}

int WebSession::step(int n) {
  if (n < 0) throw std::invalid_argument("step: the number of steps must be >= 0");
  int failed = 0;
  for (int i = 0; i < n && !watch_->diverged(); ++i) {
    const int taken = simulation_->steps_taken();
    last_record_ = simulation_->step();
    has_step_ = true;
    ++steps_;
    if (!last_record_.solved()) ++failed;
    watch_->observe(*simulation_, last_record_, simulation_->steps_taken() > taken, time_offset_);
  }
  failures_ += failed;
  return failed;
}

void WebSession::set_body(int index, double x, double y, double angle, double vx, double vy, double omega) {
  if (is_3d()) throw std::invalid_argument("set_body: a 3D scene (use set_body3d)");
  auto& bodies = simulation_->mutable_bodies();
  if (index < 0 || index >= static_cast<int>(bodies.size())) {
    throw std::invalid_argument("set_body: no body with index " + std::to_string(index));
  }
  for (double v : {x, y, angle, vx, vy, omega}) {
    if (!std::isfinite(v)) throw std::invalid_argument("set_body: position, angle and velocity must be finite");
  }
  Body& body = bodies[static_cast<std::size_t>(index)];
  if (body.is_static) throw std::invalid_argument("set_body: body \"" + body.name + "\" is static");
  body.position = Vec2(x, y);
  body.velocity = Vec2(vx, vy);
  if (!body.is_particle()) {  // a particle's rotation is frozen (no inertia)
    body.angle = angle;
    body.angular_velocity = omega;
  }
  watch_->rearm(*simulation_);
}

void WebSession::set_body3d(int index, const double p[3], const double q[4], const double v[3], const double w[3]) {
  if (!is_3d()) throw std::invalid_argument("set_body3d: a 2D scene (use set_body)");
  auto& bodies = simulation_->mutable_bodies3d();
  if (index < 0 || index >= static_cast<int>(bodies.size())) {
    throw std::invalid_argument("set_body3d: no body with index " + std::to_string(index));
  }
  for (int k = 0; k < 3; ++k) {
    if (!std::isfinite(p[k]) || !std::isfinite(v[k]) || !std::isfinite(w[k]) || !std::isfinite(q[k]) ||
        !std::isfinite(q[3])) {
      throw std::invalid_argument("set_body3d: position, orientation and velocities must be finite");
    }
  }
  Eigen::Quaterniond orientation(q[0], q[1], q[2], q[3]);
  if (!(orientation.norm() > 1e-12)) throw std::invalid_argument("set_body3d: orientation must be non-zero");
  orientation.normalize();
  Body3d& body = bodies[static_cast<std::size_t>(index)];
  if (body.is_static) throw std::invalid_argument("set_body3d: body \"" + body.name + "\" is static");
  body.position = Vec3(p[0], p[1], p[2]);
  body.orientation = orientation;
  body.velocity = Vec3(v[0], v[1], v[2]);
  body.angular_velocity = Vec3(w[0], w[1], w[2]);
  watch_->rearm(*simulation_);
}

nlohmann::json WebSession::shapes3d() const {
  if (!is_3d()) throw std::invalid_argument("shapes3d: a 2D scene");
  json out = json::array();
  for (const Body3d& b : simulation_->bodies3d()) {
    json vertices = json::array(), faces = json::array();
    for (const Vec3& v : b.shape.vertices) vertices.push_back(vec3_json(v, "vertex"));
    for (const PolyhedronFace& f : b.shape.faces) faces.push_back(f.vertices);
    out.push_back({{"name", b.name}, {"static", b.is_static}, {"vertices", vertices}, {"faces", faces}});
  }
  return out;
}

nlohmann::json WebSession::state() const {
  const Simulation& sim = *simulation_;
  const std::vector<char> active = sim.active_bodies();
  if (sim.scene().is_3d()) {
    json state = {{"dimension", 3},
                  {"time", time()},
                  {"steps", steps_},
                  {"failures", failures_},
                  {"stopped", watch_->diverged() ? json(watch_->reason()) : json(nullptr)},
                  {"model", options_.model},
                  {"time_step", options_.time_step},
                  {"solver_kind", to_string(options_.solver)},
                  {"gravity", vec3_json(sim.scene().gravity3d, "gravity")},
                  {"bodies", bodies3d_json(sim.bodies3d(), active)},
                  {"overlap", overlap3d_json(sim, active)},
                  {"energy", finite(mechanical_energy(sim.scene(), active), "energy")}};
    state["step"] = has_step_ ? record_json(last_record_) : json(nullptr);
    state["contacts"] = contacts3d_json(sim);
    return state;
  }
  json state = {{"time", time()},
                {"steps", steps_},
                {"failures", failures_},
                {"stopped", watch_->diverged() ? json(watch_->reason()) : json(nullptr)},
                {"model", options_.model},
                {"time_step", options_.time_step},
                {"solver_kind", to_string(options_.solver)},
                {"gravity", point_json(sim.scene().gravity, "gravity")},
                {"bodies", bodies_json(sim.bodies(), active)},
                {"overlap", overlap_json(sim, active)},
                {"energy", finite(mechanical_energy(sim.bodies(), active, sim.scene().gravity), "energy")}};
  state["step"] = has_step_ ? record_json(last_record_) : json(nullptr);
  // a new engine (no step yet) has no proximity: count 0, empty columns, no traps
  state["contacts"] = contacts_json(sim);
  state["traps"] = traps_json(sim);
  return state;
}

nlohmann::json WebSession::scene_json() const { return scene_to_json(scene_at_now()); }

nlohmann::json model_names_json() { return contact_model_names(); }

}  // namespace pegsim::web
