// The pour2d generator: the authors' body sets reproduced in the world exactly, the box, our seeded
// generator's rules, and the monotone-chain hull against a brute-force hull.
#include "scene/scene_test_util.h"

#include <pegsim/scene/pour2d.h>

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <numbers>
#include <cmath>
#include <random>
#include <set>

namespace pegsim {
namespace {

using nlohmann::json;

std::string body_set(char letter) {
  return std::string(PEGSIM_SHARED_DIR) + "/data/reference-pour2d/bodies_" + letter + ".json";
}

json read_json(const std::string& path) { return json::parse(test::read_text(path)); }

// Axis-aligned bounds of a body in the world.
std::pair<Vec2, Vec2> world_bounds(const Body& b) {
  const Polygon w = transform_polygon(b.local_vertices, b.position, b.angle);
  Vec2 lo = w[0], hi = w[0];
  for (const Vec2& v : w) lo = lo.cwiseMin(v), hi = hi.cwiseMax(v);
  return {lo, hi};
}

void expect_box(const Vec2& lo, const Vec2& hi, double x0, double x1, double y0, double y1) {
  EXPECT_NEAR(lo.x(), x0, 1e-15);
  EXPECT_NEAR(hi.x(), x1, 1e-15);
  EXPECT_NEAR(lo.y(), y0, 1e-15);
  EXPECT_NEAR(hi.y(), y1, 1e-15);
}

TEST(Pour2d, BoxIsTheAuthorsFloorAndWalls) {
  const std::vector<Body> box = pour2d_box();
  ASSERT_EQ(box.size(), 3u);
  for (const Body& b : box) {
    EXPECT_TRUE(b.is_static);
    EXPECT_TRUE(polygon_problem(b.local_vertices).empty());
    EXPECT_LT(area_centroid(b.local_vertices).norm(), 1e-15);  // frame on the centroid
  }
  auto [lo, hi] = world_bounds(box[0]);
  expect_box(lo, hi, -1, 1, -0.4, 0);
  std::tie(lo, hi) = world_bounds(box[1]);
  expect_box(lo, hi, -1.2, -0.8, -0.4, 1.6);
  std::tie(lo, hi) = world_bounds(box[2]);
  expect_box(lo, hi, 0.8, 1.2, -0.4, 1.6);
}

TEST(Pour2d, BodiesFileGivesTheAuthorsWorldShapesRecentred) {
  for (char set : {'a', 'b'}) {
    SCOPED_TRACE(std::string("set ") + set);
    const Scene scene = make_pour2d_from_bodies_file(body_set(set));
    EXPECT_EQ(scene.gravity, Vec2(0, -9.8));
    EXPECT_EQ(scene.friction, 0.0);
    EXPECT_EQ(scene.settings.model, "standard");
    EXPECT_EQ(scene.settings.time_step, 0.01);
    EXPECT_EQ(scene.settings.duration, 5.0);
    ASSERT_EQ(scene.bodies.size(), 23u);
    const json file = read_json(body_set(set));
    for (int k = 1; k <= 20; ++k) {
      SCOPED_TRACE("body " + std::to_string(k));
      const json& ref = file["bodies"][k - 1];
      const Body& b = scene.bodies[2 + k];
      EXPECT_FALSE(b.is_static);
      EXPECT_EQ(b.mass, ref["mass"].get<double>());
      EXPECT_EQ(b.inertia, ref["inertia"].get<double>());
      EXPECT_DOUBLE_EQ(b.spawn_time, 0.25 * (k - 1));
      EXPECT_EQ(b.friction, 0.0);
      EXPECT_TRUE(polygon_problem(b.local_vertices).empty());
      EXPECT_LT(area_centroid(b.local_vertices).norm(), 1e-15);
      // The authors' frame was not at the centroid, so the position must have moved...
      Polygon ref_local;
      for (const auto& v : ref["vertices_local"]) ref_local.emplace_back(v[0].get<double>(), v[1].get<double>());
      const Vec2 ref_position(ref["position"][0].get<double>(), ref["position"][1].get<double>());
      const double angle = ref["angle"].get<double>();
      EXPECT_GT((b.position - ref_position).norm(), 1e-6);
      EXPECT_NEAR((b.position - ref_position).norm(), area_centroid(ref_local).norm(), 1e-14);
      // ...so that the world polygon is exactly theirs.
      const Polygon theirs = transform_polygon(ref_local, ref_position, angle);
      const Polygon ours = transform_polygon(b.local_vertices, b.position, b.angle);
      ASSERT_EQ(theirs.size(), ours.size());
      for (std::size_t i = 0; i < ours.size(); ++i) EXPECT_LT((theirs[i] - ours[i]).norm(), 1e-14);
      // Velocity of the new origin: theirs plus omega x offset (omega is 0 in the stored sets).
      const double omega = ref["velocity"][2].get<double>();
      const Vec2 expected_v = Vec2(ref["velocity"][0].get<double>(), ref["velocity"][1].get<double>()) +
                              omega * perp(b.position - ref_position);
      EXPECT_LT((b.velocity - expected_v).norm(), 1e-14);
      EXPECT_EQ(b.angular_velocity, omega);
    }
  }
}

TEST(Pour2d, CountSelectsTheFirstBodies) {
  const Scene scene = make_pour2d_from_bodies_file(body_set('c'), 5);
  ASSERT_EQ(scene.bodies.size(), 8u);
  EXPECT_EQ(scene.bodies.back().name, "body5");
  EXPECT_DOUBLE_EQ(scene.bodies.back().spawn_time, 1.0);
}

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const SceneError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(Pour2d, BadBodiesFilesNameTheFileAndTheReason) {
  test::ScratchDir dir;
  const std::string missing = dir.file("missing.json");
  EXPECT_NE(error_of([&] { make_pour2d_from_bodies_file(missing); }).find(missing + ": cannot open file"),
            std::string::npos);
  EXPECT_NE(error_of([&] { make_pour2d_from_bodies_file(body_set('a'), 30); }).find("has 25 bodies, 30 requested"),
            std::string::npos);
  EXPECT_NE(error_of([&] { make_pour2d_from_bodies_file(body_set('a'), 0); }).find("count must be at least 1"),
            std::string::npos);

  json broken = read_json(body_set('a'));
  broken["bodies"][3]["velocity"] = {0.7, 0};
  const std::string bad = dir.file("bad.json");
  test::write_text(bad, broken.dump());
  EXPECT_NE(error_of([&] { make_pour2d_from_bodies_file(bad); }).find(bad + ": bodies[3]: velocity: expected an array of 3"),
            std::string::npos);

  broken = read_json(body_set('a'));
  auto& vertices = broken["bodies"][0]["vertices_local"];
  std::reverse(vertices.begin(), vertices.end());
  test::write_text(bad, broken.dump());
  EXPECT_NE(error_of([&] { make_pour2d_from_bodies_file(bad); }).find(bad + ": bodies[0]: vertices_local: clockwise"),
            std::string::npos);

  test::write_text(bad, "{\"bodies\": [1, 2,]}");
  EXPECT_NE(error_of([&] { make_pour2d_from_bodies_file(bad); }).find(bad + ": line 1"), std::string::npos);
}

TEST(Pour2d, SeededBodiesFollowTheGeneratorRules) {
  const Scene scene = make_pour2d_from_seed(42);
  ASSERT_EQ(scene.bodies.size(), 23u);
  double vertex_total = 0;
  for (int k = 1; k <= 20; ++k) {
    SCOPED_TRACE("body " + std::to_string(k));
    const Body& b = scene.bodies[2 + k];
    EXPECT_EQ(b.mass, 0.25);
    EXPECT_EQ(b.inertia, 0.003);
    EXPECT_DOUBLE_EQ(b.spawn_time, 0.25 * (k - 1));
    EXPECT_TRUE(polygon_problem(b.local_vertices).empty());
    EXPECT_GE(b.local_vertices.size(), 3u);
    EXPECT_LE(b.local_vertices.size(), 10u);
    vertex_total += static_cast<double>(b.local_vertices.size());
    EXPECT_LT(area_centroid(b.local_vertices).norm(), 1e-15);
    // Points of a 0.25-scaled unit square with their mean removed: the shape spans at most 0.25 per axis.
    Vec2 lo = b.local_vertices[0], hi = lo;
    for (const Vec2& v : b.local_vertices) lo = lo.cwiseMin(v), hi = hi.cwiseMax(v);
    EXPECT_LE((hi - lo).maxCoeff(), 0.25);
    // The frame started at the spawn point; re-centring moved it by the mean-to-centroid offset only.
    const Vec2 start = k % 2 == 1 ? Vec2(-0.5, 0.8) : Vec2(0.5, 0.8);
    EXPECT_LT((b.position - start).norm(), 0.1);
    EXPECT_EQ(b.velocity, Vec2(k % 2 == 1 ? 0.7 : -0.7, 0.0));
    EXPECT_EQ(b.angular_velocity, 0.0);
    EXPECT_GE(b.angle, 0.0);
    EXPECT_LT(b.angle, 2 * std::numbers::pi);
  }
  // Hull of 10 uniform points in a square: about 5.6 vertices on average (never all 10).
  EXPECT_GT(vertex_total / 20, 4.0);
  EXPECT_LT(vertex_total / 20, 7.5);
}

TEST(Pour2d, SeedIsDeterministicAndDistinguishesScenes) {
  test::expect_same_scene(make_pour2d_from_seed(9, 6), make_pour2d_from_seed(9, 6));
  const Scene a = make_pour2d_from_seed(9, 6), b = make_pour2d_from_seed(10, 6);
  EXPECT_NE(a.bodies.back().local_vertices, b.bodies.back().local_vertices);
  // The first bodies of a longer run are the same bodies.
  const Scene longer = make_pour2d_from_seed(9, 8);
  for (int i = 0; i < 9; ++i) EXPECT_EQ(a.bodies[i].local_vertices, longer.bodies[i].local_vertices);
}

TEST(Pour2d, ScenesSurviveSaveAndLoad) {
  test::ScratchDir dir;
  for (const Scene& scene : {make_pour2d_from_bodies_file(body_set('d')), make_pour2d_from_seed(5)}) {
    save_scene(scene, dir.file("pour.json"));
    test::expect_same_scene(scene, load_scene(dir.file("pour.json")));
  }
}

// --- hull ---------------------------------------------------------------------------------------

// Brute force: the hull vertices are the endpoints of directed edges (a, b) with every other point
// strictly to the left of a->b or strictly inside the segment.
std::set<std::pair<double, double>> brute_force_hull(const std::vector<Vec2>& points) {
  std::set<std::pair<double, double>> vertices;
  for (const Vec2& a : points)
    for (const Vec2& b : points) {
      if (a == b) continue;
      bool edge = true;
      for (const Vec2& c : points) {
        if (c == a || c == b) continue;
        const double side = cross2(b - a, c - a);
        const double t = (c - a).dot(b - a) / (b - a).squaredNorm();
        if (side < 0 || (side == 0 && !(t > 0 && t < 1))) edge = false;
      }
      if (edge) vertices.insert({a.x(), a.y()}), vertices.insert({b.x(), b.y()});
    }
  return vertices;
}

TEST(MonotoneChainHull, MatchesBruteForceOnRandomAndGridPoints) {
  std::mt19937_64 rng(11);
  for (int trial = 0; trial < 300; ++trial) {
    std::vector<Vec2> points;
    const int n = 3 + static_cast<int>(rng() % 25);
    for (int i = 0; i < n; ++i) {
      // Half the trials on a coarse grid: many collinear and repeated points.
      if (trial % 2) points.emplace_back(static_cast<double>(rng() % 5), static_cast<double>(rng() % 5));
      else points.emplace_back(static_cast<double>(rng() % 100000) / 1e5, static_cast<double>(rng() % 100000) / 1e5);
    }
    const Polygon hull = monotone_chain_hull(points);
    const auto expected = brute_force_hull(points);
    std::set<std::pair<double, double>> got;
    for (const Vec2& v : hull) got.insert({v.x(), v.y()});
    EXPECT_EQ(got, expected) << "trial " << trial;
    EXPECT_EQ(got.size(), hull.size());  // no vertex twice
    if (hull.size() >= 3) {
      EXPECT_TRUE(polygon_problem(hull).empty()) << polygon_problem(hull);
      for (const Vec2& p : points)  // every point inside or on the boundary
        for (std::size_t i = 0; i < hull.size(); ++i)
          EXPECT_GE(cross2(hull[(i + 1) % hull.size()] - hull[i], p - hull[i]), 0.0);
    }
  }
}

TEST(MonotoneChainHull, DegenerateInputs) {
  EXPECT_TRUE(monotone_chain_hull({}).empty());
  EXPECT_EQ(monotone_chain_hull({Vec2(1, 1), Vec2(1, 1)}).size(), 1u);
  const Polygon line = monotone_chain_hull({Vec2(0, 0), Vec2(1, 1), Vec2(2, 2), Vec2(0.5, 0.5)});
  ASSERT_EQ(line.size(), 2u);
  EXPECT_EQ(line[0], Vec2(0, 0));
  EXPECT_EQ(line[1], Vec2(2, 2));
  // Square with its centre and edge midpoints: only the corners, counter-clockwise.
  const Polygon square = monotone_chain_hull(
      {Vec2(0, 0), Vec2(1, 0), Vec2(2, 0), Vec2(2, 1), Vec2(2, 2), Vec2(1, 2), Vec2(0, 2), Vec2(0, 1), Vec2(1, 1)});
  ASSERT_EQ(square.size(), 4u);
  EXPECT_GT(signed_area(square), 0.0);
  EXPECT_DOUBLE_EQ(signed_area(square), 4.0);
}

}  // namespace
}  // namespace pegsim
