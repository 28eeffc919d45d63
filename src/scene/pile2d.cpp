// The scaling pile (pile2d.h).
#include <pegsim/scene/body_frame.h>
#include <pegsim/scene/pile2d.h>
#include <pegsim/scene/random_polygon.h>
#include <pegsim/scene/rectangle.h>

#include <cmath>
#include <numbers>
#include <random>
#include <string>

namespace pegsim {
namespace {

constexpr double kGravity = 9.8;
constexpr double kFirstRowHeight = 0.3;
constexpr double kJitter = 0.04;
constexpr double kWallThickness = 0.4;

double bounding_radius(const Polygon& polygon) {
  double r = 0.0;
  for (const Vec2& v : polygon) r = std::max(r, v.norm());
  return r;
}

// A hull recentred at its centroid whose bounding radius keeps grid neighbours apart.
Body grid_body(std::mt19937_64& rng, int k) {
  for (;;) {
    Body body;
    body.name = "body" + std::to_string(k);
    body.local_vertices = random_authors_hull(rng);
    body.angle = 2.0 * std::numbers::pi * uniform01(rng);
    body.mass = kAuthorsBodyMass;
    body.inertia = kAuthorsBodyInertia;
    recentre_at_centroid(body);
    if (bounding_radius(body.local_vertices) < kPile2dMaxBodyRadius) return body;
  }
}

}  // namespace

Scene make_pile2d(std::uint64_t seed, int count, double friction, int bins) {
  if (count < 1) throw SceneError("pile2d: count must be at least 1 (got " + std::to_string(count) + ")");
  if (!(friction >= 0.0) || !std::isfinite(friction))
    throw SceneError("pile2d: friction must be a non-negative finite number");
  if (bins < 1 || bins > count)
    throw SceneError("pile2d: bins must be between 1 and count (got " + std::to_string(bins) + ")");
  const int per_bin = (count + bins - 1) / bins;  // the fullest bin's bodies
  const int cols = static_cast<int>(std::ceil(std::sqrt(2.0 * per_bin)));
  const int rows = (per_bin + cols - 1) / cols;
  const double inner_half = 0.5 * cols * kPile2dPitch;
  const double top = kFirstRowHeight + kPile2dPitch * (rows - 1) + 1.0;
  const double t = kWallThickness;
  const double bin_pitch = 2.0 * inner_half + t;  // neighbours share a wall
  const auto bin_centre = [&](int b) { return (b - 0.5 * (bins - 1)) * bin_pitch; };

  Scene scene;
  scene.gravity = Vec2(0.0, -kGravity);
  scene.friction = friction;
  scene.settings.model = "peg";
  scene.settings.time_step = 0.01;
  scene.settings.duration = 3.0;
  const double floor_half = inner_half + t + 0.5 * (bins - 1) * bin_pitch;
  scene.bodies.push_back(static_rectangle("floor", Vec2(0.0, -0.5 * t), Vec2(floor_half, 0.5 * t)));
  const auto wall = [&](const std::string& name, double x) {
    scene.bodies.push_back(static_rectangle(name, Vec2(x, 0.5 * top), Vec2(0.5 * t, 0.5 * top)));
  };
  wall("left_wall", bin_centre(0) - inner_half - 0.5 * t);
  wall("right_wall", bin_centre(bins - 1) + inner_half + 0.5 * t);
  for (int b = 1; b < bins; ++b) wall("divider" + std::to_string(b), bin_centre(b) - inner_half - 0.5 * t);

  std::mt19937_64 rng(seed);
  for (int k = 1; k <= count; ++k) {
    Body body = grid_body(rng, k);
    const int bin = (k - 1) % bins, slot = (k - 1) / bins;
    const int row = slot / cols, col = slot % cols;
    const double jitter = kJitter * (2.0 * uniform01(rng) - 1.0);
    // grid_body recentred the frame: place the centroid at the cell
    body.position = Vec2(bin_centre(bin) + (col - 0.5 * (cols - 1)) * kPile2dPitch + jitter,
                         kFirstRowHeight + kPile2dPitch * row);
    scene.bodies.push_back(std::move(body));
  }
  for (Body& body : scene.bodies) body.friction = friction;
  return scene;
}

}  // namespace pegsim
