// Sweep-and-prune + narrow phase against the all-pairs reference on seeded random scenes, and
// invariants that do not depend on how the narrow phase is written: every vertex that faces an
// edge within the step's reach has a contact, and no vertex can tunnel within the step unnoticed.
#include <pegsim/geometry/overlap.h>
#include <pegsim/proximity/proximity.h>

#include "proximity/scene_helpers.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <tuple>

namespace pegsim {
namespace {

void expect_same(const ProximityResult& x, const ProximityResult& y, int scene) {
  ASSERT_EQ(x.contacts.size(), y.contacts.size()) << "scene " << scene;
  for (std::size_t i = 0; i < x.contacts.size(); ++i) {
    const Contact& a = x.contacts[i];
    const Contact& b = y.contacts[i];
    EXPECT_TRUE(a.body_a == b.body_a && a.body_b == b.body_b && a.vertex_a == b.vertex_a && a.edge_b == b.edge_b &&
                a.point == b.point && a.normal == b.normal && a.gap == b.gap &&
                a.applicability == b.applicability && a.segment_distance == b.segment_distance)
        << "scene " << scene << " contact " << i;
  }
  ASSERT_EQ(x.groups.size(), y.groups.size()) << "scene " << scene;
  for (std::size_t g = 0; g < x.groups.size(); ++g) EXPECT_EQ(x.groups[g].contacts, y.groups[g].contacts);
  ASSERT_EQ(x.vv_sites.size(), y.vv_sites.size()) << "scene " << scene;
  for (std::size_t s = 0; s < x.vv_sites.size(); ++s) {
    const VertexVertexSite& a = x.vv_sites[s];
    const VertexVertexSite& b = y.vv_sites[s];
    EXPECT_EQ(std::tie(a.body_a, a.vertex_a, a.body_b, a.vertex_b, a.c1, a.c2, a.c3, a.c4),
              std::tie(b.body_a, b.vertex_a, b.body_b, b.vertex_b, b.c1, b.c2, b.c3, b.c4));
  }
  EXPECT_EQ(x.ungrouped, y.ungrouped) << "scene " << scene;
}

// The reach formula of proximity.h, restated independently.
double radius_of(const Body& b) {
  double r = 0.0;
  for (const Vec2& v : b.local_vertices) r = std::max(r, v.norm());
  return r;
}

// The pair's distance threshold, written out independently of reach.h: the relative motion over
// the step, plus gravity's h^2 |g| when a body is dynamic, times the safety factor, plus the margin.
double pair_distance(const Body& a, const Body& b, const ProximityOptions& o) {
  auto velocity = [](const Body& x) { return x.is_static ? Vec2(Vec2::Zero()) : x.velocity; };
  auto spin = [](const Body& x) { return x.is_static ? 0.0 : std::abs(x.angular_velocity) * radius_of(x); };
  const double closing = (velocity(a) - velocity(b)).norm() + spin(a) + spin(b);
  const double h = o.time_step;
  return o.safety * (h * closing + h * h * o.gravity) + o.base_margin;
}

double segment_distance(const Vec2& p, const Vec2& s0, const Vec2& s1) {
  const Vec2 d = s1 - s0;
  const double t = std::clamp((p - s0).dot(d) / d.squaredNorm(), 0.0, 1.0);
  return (p - s0 - t * d).norm();
}

// Semi-implicit Euler over one step with gravity (0, -g): the motion the reach must cover.
Body after_step(Body b, const ProximityOptions& o) {
  if (b.is_static) return b;
  b.velocity += o.time_step * Vec2(0.0, -o.gravity);
  b.position += o.time_step * b.velocity;
  b.angle += o.time_step * b.angular_velocity;
  return b;
}

bool strictly_inside(const Polygon& poly, const Vec2& p) {
  for (std::size_t k = 0; k < poly.size(); ++k) {
    if (cross2(poly[(k + 1) % poly.size()] - poly[k], p - poly[k]) <= 0.0) return false;
  }
  return true;
}

TEST(ProximityBruteForce, TwoHundredRandomScenesAgree) {
  std::mt19937_64 rng(1234567);
  int contacts = 0, groups = 0, sites = 0, penetrating = 0, facing_checked = 0, crossings = 0;
  for (int s = 0; s < 200; ++s) {
    // Half dense (12 bodies in 2 m x 2 m, many overlaps), half sparse (25 in 5 m x 5 m).
    const test::RandomScene scene = s < 100 ? test::random_scene(rng, 12, 2.0) : test::random_scene(rng, 25, 5.0);
    ProximityOptions options;
    options.time_step = scene.time_step;
    const ProximityResult fast = find_proximity(scene.bodies, scene.active, options);
    const ProximityResult brute = find_proximity_brute_force(scene.bodies, scene.active, options);
    expect_same(fast, brute, s);
    contacts += static_cast<int>(fast.contacts.size());
    groups += static_cast<int>(fast.groups.size());
    sites += static_cast<int>(fast.vv_sites.size());

    // Deterministic order.
    for (std::size_t i = 1; i < fast.contacts.size(); ++i) {
      const Contact& p = fast.contacts[i - 1];
      const Contact& c = fast.contacts[i];
      EXPECT_LT(std::tie(p.body_a, p.body_b, p.vertex_a, p.edge_b), std::tie(c.body_a, c.body_b, c.vertex_a, c.edge_b));
    }

    // A lone (ungrouped) contact behind its edge's line is only ever a penetrating vertex's way
    // out; for a vertex outside B a half-space it is behind would push it through B.
    auto vertex_outside = [&](const Contact& c) {
      const Polygon pb = scene.bodies[static_cast<std::size_t>(c.body_b)].world_vertices();
      for (std::size_t e = 0; e < pb.size(); ++e) {
        const Vec2 d = pb[(e + 1) % pb.size()] - pb[e];
        if (-cross2(d, c.point - pb[e]) / d.norm() > 0.0) return true;
      }
      return false;
    };
    for (int k : fast.ungrouped) {
      const Contact& c = fast.contacts[static_cast<std::size_t>(k)];
      if (c.gap < 0.0) {
        EXPECT_FALSE(vertex_outside(c)) << "scene " << s << " contact " << k;
      }
    }
    // A group's union of half-spaces holds now for a vertex outside B.
    for (const NonconvexGroup& g : fast.groups) {
      const Contact& first = fast.contacts[static_cast<std::size_t>(g.contacts.front())];
      if (!vertex_outside(first)) continue;
      double best = -1e300;
      for (int k : g.contacts) best = std::max(best, fast.contacts[static_cast<std::size_t>(k)].gap);
      EXPECT_GE(best, 0.0) << "scene " << s;
    }

    const std::size_t n = scene.bodies.size();
    for (std::size_t i = 0; i < n; ++i) {
      for (std::size_t j = 0; j < n; ++j) {
        const Body& a = scene.bodies[i];
        const Body& b = scene.bodies[j];
        if (i == j || !scene.active[i] || !scene.active[j] || (a.is_static && b.is_static) || b.is_particle()) continue;
        const double d = pair_distance(a, b, options);
        const Polygon pa = a.world_vertices();
        const Polygon pb = b.world_vertices();
        const Polygon pa_end = after_step(a, options).world_vertices();
        const Polygon pb_end = after_step(b, options).world_vertices();
        for (int va = 0; va < static_cast<int>(pa.size()); ++va) {
          bool outside = false;
          for (int e = 0; e < static_cast<int>(pb.size()); ++e) {
            const Vec2& s0 = pb[static_cast<std::size_t>(e)];
            const Vec2& s1 = pb[(static_cast<std::size_t>(e) + 1) % pb.size()];
            const double gap = -cross2(s1 - s0, pa[static_cast<std::size_t>(va)] - s0) / (s1 - s0).norm();
            outside = outside || gap > 0.0;
            // A vertex facing an edge (gap >= 0) within reach must have that contact.
            if (gap >= 0.0 && segment_distance(pa[static_cast<std::size_t>(va)], s0, s1) <= d) {
              ++facing_checked;
              EXPECT_GE(test::find_contact(fast, static_cast<int>(i), va, static_cast<int>(j), e), 0)
                  << "scene " << s << " vertex " << va << " of " << i << " facing edge " << e << " of " << j;
            }
          }
          if (!outside) ++penetrating;
          // A vertex outside B now and inside B after a free step must have a contact with B.
          if (outside && strictly_inside(pb_end, pa_end[static_cast<std::size_t>(va)])) {
            ++crossings;
            const bool found = std::any_of(fast.contacts.begin(), fast.contacts.end(), [&](const Contact& c) {
              return c.body_a == static_cast<int>(i) && c.vertex_a == va && c.body_b == static_cast<int>(j);
            });
            EXPECT_TRUE(found) << "scene " << s << ": vertex " << va << " of " << i << " tunnels into " << j;
          }
        }
      }
    }
  }
  // The scenes exercise every feature (not a vacuous agreement).
  EXPECT_GT(contacts, 2000);
  EXPECT_GT(groups, 50);
  EXPECT_GT(sites, 20);
  EXPECT_GT(penetrating, 50);
  EXPECT_GT(crossings, 20);
  std::printf("200 scenes: %d contacts, %d groups, %d vv sites, %d facing pairs checked, %d penetrating "
              "vertices, %d step crossings checked\n",
              contacts, groups, sites, facing_checked, penetrating, crossings);
}

}  // namespace
}  // namespace pegsim
