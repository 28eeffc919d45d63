// The 2D pouring scene of the PEG experiments (pour2d.h).
#include <pegsim/scene/body_frame.h>
#include <pegsim/scene/json_file.h>
#include <pegsim/scene/pour2d.h>
#include <pegsim/scene/random_polygon.h>
#include <pegsim/scene/rectangle.h>

#include <cmath>
#include <numbers>
#include <random>

namespace pegsim {
namespace {

using nlohmann::json;

constexpr double kGravity = 9.8;
const Vec2 kLeftStart(-0.5, 0.8), kRightStart(0.5, 0.8);
constexpr double kStartSpeed = 0.7;

Scene empty_pour2d_scene() {
  Scene scene;
  scene.gravity = Vec2(0.0, -kGravity);
  scene.friction = 0.0;
  scene.settings.model = "standard";
  scene.settings.time_step = 0.01;
  scene.settings.duration = 5.0;
  scene.bodies = pour2d_box();
  return scene;
}

void check_count(int count, const std::string& source) {
  if (count < 1) throw SceneError(source + ": count must be at least 1 (got " + std::to_string(count) + ")");
}

// --- the authors' body sets --------------------------------------------------------------------

class BodySetReader {
 public:
  BodySetReader(const json& body, std::string path, std::size_t index)
      : body_(body), where_(std::move(path) + ": bodies[" + std::to_string(index) + "]: ") {
    if (!body.is_object()) fail("", "expected an object");
  }
  [[noreturn]] void fail(const std::string& field, const std::string& reason) const {
    throw SceneError(where_ + (field.empty() ? "" : field + ": ") + reason);
  }
  double number(const json& value, const std::string& field) const {
    if (!value.is_number()) fail(field, "expected a number, got " + std::string(value.type_name()));
    const double x = value.get<double>();
    if (!std::isfinite(x)) fail(field, "not a finite number");
    return x;
  }
  double number(const std::string& key) const {
    if (!body_.contains(key)) fail(key, "missing");
    return number(body_.at(key), key);
  }
  std::vector<double> numbers(const json& value, const std::string& field, std::size_t length) const {
    if (!value.is_array() || value.size() != length)
      fail(field, "expected an array of " + std::to_string(length) + " numbers");
    std::vector<double> out;
    for (std::size_t i = 0; i < length; ++i) out.push_back(number(value[i], field + "[" + std::to_string(i) + "]"));
    return out;
  }
  std::vector<double> numbers(const std::string& key, std::size_t length) const {
    if (!body_.contains(key)) fail(key, "missing");
    return numbers(body_.at(key), key, length);
  }
  Polygon vertices() const {
    if (!body_.contains("vertices_local") || !body_.at("vertices_local").is_array())
      fail("vertices_local", "missing or not an array");
    Polygon polygon;
    const json& value = body_.at("vertices_local");
    for (std::size_t i = 0; i < value.size(); ++i) {
      const auto xy = numbers(value[i], "vertices_local[" + std::to_string(i) + "]", 2);
      polygon.emplace_back(xy[0], xy[1]);
    }
    const std::string problem = polygon.size() < 3 ? "fewer than 3 vertices" : polygon_problem(polygon);
    if (!problem.empty()) fail("vertices_local", problem);
    return polygon;
  }

 private:
  const json& body_;
  std::string where_;
};

Body body_from_set(const json& value, const std::string& path, int k) {
  const BodySetReader in(value, path, static_cast<std::size_t>(k - 1));
  Body body;
  body.name = "body" + std::to_string(k);
  body.local_vertices = in.vertices();
  const auto position = in.numbers("position", 2);
  body.position = Vec2(position[0], position[1]);
  body.angle = in.number("angle");
  const auto velocity = in.numbers("velocity", 3);  // vx, vy, omega
  body.velocity = Vec2(velocity[0], velocity[1]);
  body.angular_velocity = velocity[2];
  body.mass = in.number("mass");
  body.inertia = in.number("inertia");
  if (!(body.mass > 0.0)) in.fail("mass", "must be positive");
  if (!(body.inertia > 0.0)) in.fail("inertia", "must be positive");
  body.spawn_time = (k - 1) * kPour2dSpawnInterval;
  recentre_at_centroid(body);  // their origin is the generating points' mean (pour2d.h)
  return body;
}

// --- our own generator ----------------------------------------------------------------------------

Body random_body(std::mt19937_64& rng, int k) {
  Body body;
  body.name = "body" + std::to_string(k);
  body.local_vertices = random_authors_hull(rng);
  body.angle = 2.0 * std::numbers::pi * uniform01(rng);
  const bool odd = k % 2 == 1;
  body.position = odd ? kLeftStart : kRightStart;
  body.velocity = Vec2(odd ? kStartSpeed : -kStartSpeed, 0.0);
  body.mass = kAuthorsBodyMass;
  body.inertia = kAuthorsBodyInertia;
  body.spawn_time = (k - 1) * kPour2dSpawnInterval;
  recentre_at_centroid(body);  // same frame convention as the authors' sets
  return body;
}

}  // namespace

std::vector<Body> pour2d_box() {
  // floor x in [-1, 1], y in [-0.4, 0]; walls x in [-1.2, -0.8] and [0.8, 1.2], y in [-0.4, 1.6].
  return {static_rectangle("floor", Vec2(0.0, -0.2), Vec2(1.0, 0.2)),
          static_rectangle("left_wall", Vec2(-1.0, 0.6), Vec2(0.2, 1.0)),
          static_rectangle("right_wall", Vec2(1.0, 0.6), Vec2(0.2, 1.0))};
}

Scene make_pour2d_from_bodies_file(const std::string& bodies_json_path, int count) {
  check_count(count, bodies_json_path);
  const json file = read_json_file(bodies_json_path);
  if (!file.is_object() || !file.contains("bodies") || !file.at("bodies").is_array())
    throw SceneError(bodies_json_path + ": bodies: missing or not an array (expected a PEG body set)");
  const json& bodies = file.at("bodies");
  if (bodies.size() < static_cast<std::size_t>(count))
    throw SceneError(bodies_json_path + ": bodies: the file has " + std::to_string(bodies.size()) +
                     " bodies, " + std::to_string(count) + " requested");
  Scene scene = empty_pour2d_scene();
  for (int k = 1; k <= count; ++k) scene.bodies.push_back(body_from_set(bodies[k - 1], bodies_json_path, k));
  return scene;
}

Scene make_pour2d_from_seed(std::uint64_t seed, int count) {
  check_count(count, "pour2d seed " + std::to_string(seed));
  std::mt19937_64 rng(seed);
  Scene scene = empty_pour2d_scene();
  for (int k = 1; k <= count; ++k) scene.bodies.push_back(random_body(rng, k));
  return scene;
}

}  // namespace pegsim
