// Test helpers for proximity: bodies from world-frame shapes, seeded random scenes.
#pragma once

#include <pegsim/dynamics/body.h>
#include <pegsim/proximity/contact.h>

#include "geometry/random_convex.h"

#include <random>
#include <vector>

namespace pegsim::test {

// A body whose world-frame vertices at angle 0 are `world` (centre of mass at the area centroid).
inline Body body_from_world(const Polygon& world, bool is_static = false, const Vec2& velocity = Vec2::Zero(),
                            double angular_velocity = 0.0) {
  Body b;
  b.position = world.size() == 1 ? world.front() : area_centroid(world);
  for (const Vec2& v : world) b.local_vertices.push_back(v - b.position);
  b.is_static = is_static;
  b.velocity = velocity;
  b.angular_velocity = angular_velocity;
  return b;
}

inline Body box_body(double x0, double y0, double x1, double y1, bool is_static = false,
                     const Vec2& velocity = Vec2::Zero()) {
  return body_from_world({Vec2(x0, y0), Vec2(x1, y0), Vec2(x1, y1), Vec2(x0, y1)}, is_static, velocity);
}

inline Body particle_body(const Vec2& at, const Vec2& velocity = Vec2::Zero()) {
  return body_from_world({at}, false, velocity);
}

struct RandomScene {
  std::vector<Body> bodies;
  std::vector<char> active;
  double time_step = 0.01;
};

// `count` bodies in [0, extent]^2 (overlaps allowed: penetrating vertices are part of the test),
// random velocities; about 15% static, 10% particles, 10% inactive.
inline RandomScene random_scene(std::mt19937_64& rng, int count, double extent = 2.0) {
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::uniform_real_distribution<double> speed(-3.0, 3.0);
  const double steps[] = {0.001, 0.005, 0.01, 0.02};
  RandomScene scene;
  scene.time_step = steps[rng() % 4];
  for (int i = 0; i < count; ++i) {
    const Vec2 at(extent * unit(rng), extent * unit(rng));
    const double kind = unit(rng);
    Body b;
    if (kind < 0.10) {
      b = particle_body(at);
    } else {
      const double size = 0.2 + 0.4 * unit(rng);
      b = body_from_world(random_convex_polygon(rng, at, size, 8));
      b.angle = 6.283185307179586 * unit(rng);
    }
    b.is_static = kind > 0.85;
    if (!b.is_static) {
      b.velocity = Vec2(speed(rng), speed(rng));
      b.angular_velocity = b.is_particle() ? 0.0 : 2.0 * speed(rng);
    }
    scene.bodies.push_back(b);
    scene.active.push_back(unit(rng) < 0.9 ? 1 : 0);
  }
  return scene;
}

inline int find_contact(const ProximityResult& r, int body_a, int vertex_a, int body_b, int edge_b) {
  for (std::size_t i = 0; i < r.contacts.size(); ++i) {
    const Contact& c = r.contacts[i];
    if (c.body_a == body_a && c.vertex_a == vertex_a && c.body_b == body_b && c.edge_b == edge_b) {
      return static_cast<int>(i);
    }
  }
  return -1;
}

}  // namespace pegsim::test
