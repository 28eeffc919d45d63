// 3D proximity: the feature pairs of PEG §5.2 on configurations with known answers (a cube resting
// on a slab, crossed edges, a vertex over an edge, vertices nose to nose), and on random pairs of
// polyhedra against the true distance computed independently (closest points of every vertex–
// triangle and segment–segment pair, Ericson's "Real-Time Collision Detection" §5.1.5 and §5.1.9).
#include <pegsim/geometry/mass_properties_3d.h>
#include <pegsim/geometry/overlap_3d.h>
#include <pegsim/geometry/penetration_3d.h>
#include <pegsim/proximity/proximity_3d.h>

#include "geometry3d/random_polyhedron.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>

#include "contact3d/bodies3d.h"

namespace pegsim {
namespace {

using test3d::box_body;  // tests/contact3d/bodies3d.h

ProximityOptions options_at(double h) {
  ProximityOptions o;
  o.time_step = h;
  return o;
}

std::vector<Contact3d> of_kind(const ProximityResult3d& r, FeaturePair3d kind) {
  std::vector<Contact3d> out;
  for (const Contact3d& c : r.contacts) {
    if (c.kind == kind) out.push_back(c);
  }
  return out;
}

void expect_well_formed(const Contact3d& c) {
  EXPECT_NEAR(c.normal.norm(), 1.0, 1e-12);
  EXPECT_NEAR((c.point_b - (c.point_a + c.gap * c.normal)).norm(), 0.0, 1e-12);
}

TEST(Proximity3d, CubeRestingOnASlabGivesFourVertexFacePairs) {
  const Body3d slab = box_body(Vec3(2.0, 2.0, 0.25), Vec3(0, 0, -0.25), Eigen::Quaterniond::Identity(), true);
  const Eigen::Quaterniond yaw(Eigen::AngleAxisd(0.3, Vec3::UnitZ()));
  const Body3d cube = box_body(Vec3::Constant(0.25), Vec3(0.1, -0.2, 0.25), yaw);
  const ProximityResult3d r = find_proximity_3d({slab, cube}, {1, 1}, options_at(0.01));
  ASSERT_EQ(r.contacts.size(), 4u);
  for (const Contact3d& c : r.contacts) {
    expect_well_formed(c);
    EXPECT_EQ(c.kind, FeaturePair3d::vertex_face);
    EXPECT_EQ(c.body_a, 1);  // the cube's vertices on the slab's top face
    EXPECT_EQ(c.body_b, 0);
    EXPECT_NEAR(c.gap, 0.0, 1e-12);
    EXPECT_NEAR((c.normal - Vec3(0, 0, -1)).norm(), 0.0, 1e-12);  // from the cube into the slab
    EXPECT_NEAR(c.point_a.z(), 0.0, 1e-12);
  }
  // Lifted by 2 mm (inside the threshold D = 1 mm + 1.5 h^2 g = 2.47 mm): the same pairs, gap 2 mm.
  Body3d lifted = cube;
  lifted.position.z() += 0.002;
  const ProximityResult3d up = find_proximity_3d({slab, lifted}, {1, 1}, options_at(0.01));
  ASSERT_EQ(up.contacts.size(), 4u);
  for (const Contact3d& c : up.contacts) EXPECT_NEAR(c.gap, 0.002, 1e-12);
  // Lifted by 10 cm: nothing (threshold ~ 1 mm + h^2 g).
  lifted.position.z() += 0.1;
  EXPECT_TRUE(find_proximity_3d({slab, lifted}, {1, 1}, options_at(0.01)).contacts.empty());
}

TEST(Proximity3d, CrossedEdgesGiveOneEdgeEdgePair) {
  // A: a cube turned 45 degrees about x (its lowest edge runs along x); B below it, turned 45
  // degrees about y (its highest edge runs along y); 2 mm apart at the crossing.
  const double half = 0.5, ridge = half * std::sqrt(2.0), gap = 0.002;
  const Body3d below = box_body(Vec3::Constant(half), Vec3(0, 0, -ridge),
                                Eigen::Quaterniond(Eigen::AngleAxisd(std::numbers::pi / 4, Vec3::UnitY())), true);
  const Body3d above = box_body(Vec3::Constant(half), Vec3(0.1, -0.05, ridge + gap),
                                Eigen::Quaterniond(Eigen::AngleAxisd(std::numbers::pi / 4, Vec3::UnitX())));
  const ProximityResult3d r = find_proximity_3d({below, above}, {1, 1}, options_at(0.01));
  ASSERT_EQ(r.contacts.size(), 1u);
  const Contact3d& c = r.contacts.front();
  expect_well_formed(c);
  EXPECT_EQ(c.kind, FeaturePair3d::edge_edge);
  EXPECT_EQ(c.body_a, 0);  // lower index: the bottom cube
  EXPECT_NEAR(c.gap, gap, 1e-12);
  EXPECT_NEAR((c.normal - Vec3(0, 0, 1)).norm(), 0.0, 1e-12);  // from A (below) into B (above)
  // The crossing: A's ridge (x = 0, along y) under B's lowest edge (y = -0.05, along x).
  EXPECT_NEAR((c.point_a - Vec3(0, -0.05, 0)).norm(), 0.0, 1e-12);
  EXPECT_NEAR((c.point_b - Vec3(0, -0.05, gap)).norm(), 0.0, 1e-12);
  EXPECT_NEAR(c.applicability, std::sqrt(0.5), 1e-12);  // each face 45 degrees off the plane
  // Pushed through by 1 mm: the same pair with a negative gap.
  Body3d deep = above;
  deep.position.z() -= gap + 0.001;
  const ProximityResult3d d = find_proximity_3d({below, deep}, {1, 1}, options_at(0.01));
  const auto crossing = of_kind(d, FeaturePair3d::edge_edge);
  ASSERT_EQ(crossing.size(), 1u);
  EXPECT_NEAR(crossing.front().gap, -0.001, 1e-12);
}

TEST(Proximity3d, VertexOverAnEdgeAndVertexOverAVertex) {
  const Body3d slab = box_body(Vec3(1.0, 1.0, 0.5), Vec3(0, 0, -0.5), Eigen::Quaterniond::Identity(), true);
  // A cube standing on a corner: its lowest vertex straight below its centre.
  const Eigen::Quaterniond corner_down = Eigen::Quaterniond::FromTwoVectors(Vec3(-1, -1, -1).normalized(), -Vec3::UnitZ());
  const double r = 0.25 * std::sqrt(3.0);
  // Over the middle of the slab's edge x = 1, z = 0: one vertex–edge pair (and no face: the vertex
  // is 1 mm outside the slab's side plane).
  Body3d cube = box_body(Vec3::Constant(0.25), Vec3(1.001, 0.3, r + 0.002), corner_down);
  ProximityResult3d result = find_proximity_3d({slab, cube}, {1, 1}, options_at(0.01));
  auto edges = of_kind(result, FeaturePair3d::vertex_edge);
  ASSERT_EQ(edges.size(), 1u);
  expect_well_formed(edges.front());
  EXPECT_NEAR(edges.front().gap, std::hypot(0.001, 0.002), 1e-12);
  EXPECT_NEAR((edges.front().point_b - Vec3(1.0, 0.3, 0.0)).norm(), 0.0, 1e-12);
  EXPECT_TRUE(of_kind(result, FeaturePair3d::vertex_face).empty());
  // Over the slab's corner (1, 1, 0): one vertex–vertex pair.
  cube.position = Vec3(1.0005, 1.0005, r + 0.001);
  result = find_proximity_3d({slab, cube}, {1, 1}, options_at(0.01));
  const auto vertices = of_kind(result, FeaturePair3d::vertex_vertex);
  ASSERT_EQ(vertices.size(), 1u);
  EXPECT_NEAR(vertices.front().gap, std::sqrt(0.0005 * 0.0005 * 2 + 0.001 * 0.001), 1e-12);
  EXPECT_EQ(result.contacts.size(), 1u);
}

TEST(Proximity3d, PenetratingVertexAlwaysKeepsItsExitFace) {
  const Body3d slab = box_body(Vec3(1.0, 1.0, 0.5), Vec3(0, 0, -0.5), Eigen::Quaterniond::Identity(), true);
  Body3d cube = box_body(Vec3::Constant(0.25), Vec3(0, 0, 0.25 - 0.2));  // 20 cm deep, far past D
  const auto pairs = of_kind(find_proximity_3d({slab, cube}, {1, 1}, options_at(0.01)), FeaturePair3d::vertex_face);
  ASSERT_EQ(pairs.size(), 4u);
  for (const Contact3d& c : pairs) EXPECT_NEAR(c.gap, -0.2, 1e-12);
}

// A cube sunk 0.1 mm into a 2 mm plate: its vertices are also 1.9 mm behind the plate's bottom face,
// within D, but they leave by the top. A bottom-face pair would push them down through the plate
// (measured in a random-hull pour: a 9.4 cm push, 32 J in one step).
TEST(Proximity3d, PenetratingVertexNeverGetsTheFarSideOfAThinBody) {
  const Body3d plate = box_body(Vec3(1.0, 1.0, 0.001), Vec3(0, 0, -0.001), Eigen::Quaterniond::Identity(), true);
  Body3d cube = box_body(Vec3::Constant(0.25), Vec3(0, 0, 0.25 - 1e-4));
  const auto pairs = of_kind(find_proximity_3d({plate, cube}, {1, 1}, options_at(0.01)), FeaturePair3d::vertex_face);
  ASSERT_EQ(pairs.size(), 4u);
  for (const Contact3d& c : pairs) {
    EXPECT_NEAR(c.gap, -1e-4, 1e-12);
    EXPECT_NEAR(std::abs(c.normal.z()), 1.0, 1e-12);
    EXPECT_GT(c.point_b.z(), c.point_a.z());  // pushed out upwards, through the top face
  }
}

// A vertex sunk equally (0.1 mm) behind two faces at an edge keeps both: a tie, not a far side.
TEST(Proximity3d, PenetratingVertexAtAnEdgeKeepsBothFaces) {
  const Body3d block = box_body(Vec3(0.5, 0.5, 0.5), Vec3(0, 0, -0.5), Eigen::Quaterniond::Identity(), true);
  // A cube rotated 45 degrees about x, its lowest edge's vertices 0.1 mm inside the block's top
  // face and 0.1 mm inside its +y face.
  const double half = 0.1, reach = half * std::sqrt(2.0);
  const Eigen::Quaterniond tilt(Eigen::AngleAxisd(std::numbers::pi / 4, Vec3::UnitX()));
  Body3d cube = box_body(Vec3::Constant(half), Vec3(0, 0.5 - 1e-4, reach - 1e-4), tilt);
  const auto pairs = of_kind(find_proximity_3d({block, cube}, {1, 1}, options_at(0.01)), FeaturePair3d::vertex_face);
  int top = 0, side = 0;
  for (const Contact3d& c : pairs) {
    if (c.gap >= 0.0) continue;
    if (std::abs(std::abs(c.normal.z()) - 1.0) < 1e-12) ++top;
    if (std::abs(std::abs(c.normal.y()) - 1.0) < 1e-12) ++side;
  }
  EXPECT_GE(top, 1);
  EXPECT_GE(side, 1);
}

// An edge that slides past the end of the ridge it would cross: at the start its nearest points
// are beyond the ridge's end (no edge–edge pair by rule 4); at the end it cuts the ridge 1 mm deep.
// The corrector's third list (overlap_features_at_end_3d) brings the pair in, linearised at the
// start: the lines' distance along +z, 5 mm.
TEST(Proximity3d, EndOverlapBringsInTheEdgePairTheStartMissed) {
  const double half = 0.5, ridge = half * std::sqrt(2.0);
  const Body3d below = box_body(Vec3::Constant(half), Vec3(0, 0, -ridge),
                                Eigen::Quaterniond(Eigen::AngleAxisd(std::numbers::pi / 4, Vec3::UnitY())), true);
  const Eigen::Quaterniond turned(Eigen::AngleAxisd(std::numbers::pi / 4, Vec3::UnitX()));
  const Body3d start = box_body(Vec3::Constant(half), Vec3(0.1, 0.6, ridge + 0.005), turned);
  Body3d end = start;
  end.position = Vec3(0.1, 0.45, ridge - 0.001);
  EXPECT_TRUE(of_kind(find_proximity_3d({below, start}, {1, 1}, options_at(0.01)), FeaturePair3d::edge_edge).empty());
  const ProximityResult3d through = overlap_features_at_end_3d({below, start}, {below, end}, {1, 1}, options_at(0.01), 1e-6);
  const auto pairs = of_kind(through, FeaturePair3d::edge_edge);
  ASSERT_EQ(pairs.size(), 1u);
  expect_well_formed(pairs.front());
  EXPECT_NEAR(pairs.front().gap, 0.005, 1e-12);
  EXPECT_NEAR((pairs.front().normal - Vec3(0, 0, 1)).norm(), 0.0, 1e-12);
  // Nothing overlaps at the end: nothing to add.
  Body3d clear = end;
  clear.position.z() += 0.01;
  EXPECT_TRUE(overlap_features_at_end_3d({below, start}, {below, clear}, {1, 1}, options_at(0.01), 1e-6).contacts.empty());
}

// --- The independent reference: distance between separated convex polyhedra ---

Vec3 closest_on_segment(const Vec3& p, const Vec3& a, const Vec3& b) {
  const Vec3 ab = b - a;
  const double t = std::clamp((p - a).dot(ab) / ab.squaredNorm(), 0.0, 1.0);
  return a + t * ab;
}

// Ericson §5.1.5 by regions: the triangle's interior when the projection is inside, else the
// nearest of its three edges.
Vec3 closest_on_triangle(const Vec3& p, const Vec3& a, const Vec3& b, const Vec3& c) {
  const Vec3 n = (b - a).cross(c - a);
  const Vec3 q = p - n * ((p - a).dot(n) / n.squaredNorm());
  const bool inside = (b - a).cross(q - a).dot(n) >= 0 && (c - b).cross(q - b).dot(n) >= 0 && (a - c).cross(q - c).dot(n) >= 0;
  if (inside) return q;
  Vec3 best = closest_on_segment(p, a, b);
  for (const Vec3& x : {closest_on_segment(p, b, c), closest_on_segment(p, c, a)}) {
    if ((x - p).norm() < (best - p).norm()) best = x;
  }
  return best;
}

// Ericson §5.1.9, segments [p1, q1] and [p2, q2] (non-degenerate).
double segment_distance(const Vec3& p1, const Vec3& q1, const Vec3& p2, const Vec3& q2) {
  const Vec3 d1 = q1 - p1, d2 = q2 - p2, r = p1 - p2;
  const double a = d1.dot(d1), e = d2.dot(d2), f = d2.dot(r), c = d1.dot(r), b = d1.dot(d2);
  const double denom = a * e - b * b;
  double s = denom > 1e-15 * a * e ? std::clamp((b * f - c * e) / denom, 0.0, 1.0) : 0.0;
  double t = (b * s + f) / e;
  if (t < 0.0) {
    t = 0.0;
    s = std::clamp(-c / a, 0.0, 1.0);
  } else if (t > 1.0) {
    t = 1.0;
    s = std::clamp((b - c) / a, 0.0, 1.0);
  }
  return ((p1 + s * d1) - (p2 + t * d2)).norm();
}

double vertex_to_surface(const Vec3& p, const Polyhedron& shape) {
  double best = INFINITY;
  for (const PolyhedronFace& f : shape.faces) {
    const Vec3& a = shape.vertices[static_cast<std::size_t>(f.vertices[0])];
    for (std::size_t i = 1; i + 1 < f.vertices.size(); ++i) {
      const Vec3 x = closest_on_triangle(p, a, shape.vertices[static_cast<std::size_t>(f.vertices[i])],
                                         shape.vertices[static_cast<std::size_t>(f.vertices[i + 1])]);
      best = std::min(best, (x - p).norm());
    }
  }
  return best;
}

// For disjoint convex polyhedra the distance is attained by a vertex and a face triangle (either
// way round) or by two edges.
double separation_distance(const Polyhedron& a, const Polyhedron& b) {
  double best = INFINITY;
  for (const Vec3& p : a.vertices) best = std::min(best, vertex_to_surface(p, b));
  for (const Vec3& p : b.vertices) best = std::min(best, vertex_to_surface(p, a));
  for (const PolyhedronEdge& ea : a.edges) {
    for (const PolyhedronEdge& eb : b.edges) {
      best = std::min(best, segment_distance(a.vertices[static_cast<std::size_t>(ea.v0)], a.vertices[static_cast<std::size_t>(ea.v1)],
                                             b.vertices[static_cast<std::size_t>(eb.v0)], b.vertices[static_cast<std::size_t>(eb.v1)]));
    }
  }
  return best;
}

Body3d random_body(std::mt19937& rng, const Vec3& position) { return test3d::random_hull_body(rng, 12, position); }

// Places b along `direction` from the origin, bisecting for a separation of `wanted` from a.
void separate(const Body3d& a, Body3d& b, const Vec3& direction, double wanted) {
  double lo = 0.0, hi = 3.0;
  for (int i = 0; i < 60; ++i) {
    const double mid = 0.5 * (lo + hi);
    b.position = mid * direction;
    const Polyhedron wa = a.world_shape(), wb = b.world_shape();
    (convex_overlap_volume(wa, wb) > 0.0 || separation_distance(wa, wb) < wanted ? lo : hi) = mid;
  }
  b.position = hi * direction;
}

TEST(Proximity3d, RandomPairsAgreeWithTheTrueDistance) {
  // Pairs placed so that they are separated by 0 - 4 cm (a threshold of 5 cm covers that): every
  // pair's gap is at least the true distance, and the smallest gap equals it (the nearest features
  // are always reported).
  std::mt19937 rng(31);
  ProximityOptions options = options_at(0.01);
  options.base_margin = 0.05;
  int separated = 0;
  for (int trial = 0; trial < 1000; ++trial) {
    Body3d a = random_body(rng, Vec3::Zero());
    Body3d b = random_body(rng, Vec3::Zero());
    // Move b along a random direction until the two are 0 - 4 cm apart.
    const Vec3 direction = test::random_vector(rng, 1.0).normalized();
    separate(a, b, direction, std::uniform_real_distribution<double>(0.0005, 0.04)(rng));
    const double distance = separation_distance(a.world_shape(), b.world_shape());
    ASSERT_GT(distance, 0.0);
    ++separated;
    const ProximityResult3d r = find_proximity_3d({a, b}, {1, 1}, options);
    ASSERT_FALSE(r.contacts.empty()) << "trial " << trial << ": distance " << distance;
    double smallest = INFINITY;
    for (const Contact3d& c : r.contacts) {
      expect_well_formed(c);
      EXPECT_GE(c.gap, distance - 1e-9) << "trial " << trial << " " << feature_pair_name(c.kind);
      smallest = std::min(smallest, c.gap);
    }
    EXPECT_NEAR(smallest, distance, 1e-9) << "trial " << trial;
  }
  EXPECT_EQ(separated, 1000);
}

TEST(Proximity3d, BroadPhaseFindsWhatBruteForceFinds) {
  std::mt19937 rng(17);
  std::vector<Body3d> bodies;
  for (int i = 0; i < 40; ++i) {
    Body3d b = random_body(rng, test::random_vector(rng, 1.5));
    b.velocity = test::random_vector(rng, 2.0);
    b.angular_velocity = test::random_vector(rng, 3.0);
    b.is_static = (i % 7 == 0);
    bodies.push_back(b);
  }
  std::vector<char> active(bodies.size(), 1);
  active[5] = 0;
  const ProximityOptions options = options_at(0.02);
  const ProximityResult3d fast = find_proximity_3d(bodies, active, options);
  const ProximityResult3d slow = find_proximity_3d_brute_force(bodies, active, options);
  ASSERT_EQ(fast.contacts.size(), slow.contacts.size());
  EXPECT_GT(fast.contacts.size(), 20u);
  for (std::size_t i = 0; i < fast.contacts.size(); ++i) {
    EXPECT_EQ(fast.contacts[i].body_a, slow.contacts[i].body_a);
    EXPECT_EQ(fast.contacts[i].body_b, slow.contacts[i].body_b);
    EXPECT_EQ(fast.contacts[i].kind, slow.contacts[i].kind);
    EXPECT_EQ(fast.contacts[i].feature_a, slow.contacts[i].feature_a);
    EXPECT_EQ(fast.contacts[i].feature_b, slow.contacts[i].feature_b);
    EXPECT_EQ(fast.contacts[i].gap, slow.contacts[i].gap);
    EXPECT_NE(fast.contacts[i].body_a, 5);
    EXPECT_NE(fast.contacts[i].body_b, 5);
  }
}

TEST(Proximity3d, SweepAndPruneMatchesAllPairs) {
  std::mt19937 rng(2);
  std::vector<Aabb3d> boxes;
  for (int i = 0; i < 200; ++i) {
    const Vec3 c = test::random_vector(rng, 5.0);
    const Vec3 h = test::random_vector(rng, 0.5).cwiseAbs();
    boxes.push_back(Aabb3d{c - h, c + h});
  }
  std::vector<char> take(boxes.size(), 1);
  std::vector<std::pair<int, int>> expected;
  for (int i = 0; i < 200; ++i) {
    for (int j = i + 1; j < 200; ++j) {
      if (boxes[static_cast<std::size_t>(i)].overlaps(boxes[static_cast<std::size_t>(j)])) expected.emplace_back(i, j);
    }
  }
  EXPECT_EQ(sweep_and_prune_3d(boxes, take), expected);
  EXPECT_GT(expected.size(), 10u);
}

TEST(Proximity3d, RejectsBadInput) {
  std::vector<Body3d> bodies(2);
  EXPECT_THROW(find_proximity_3d(bodies, {1, 1}, options_at(0.01)), std::invalid_argument);  // no shapes
  bodies[0] = box_body(Vec3::Constant(0.5), Vec3::Zero());
  bodies[1] = box_body(Vec3::Constant(0.5), Vec3(2, 0, 0));
  EXPECT_THROW(find_proximity_3d(bodies, {1}, options_at(0.01)), std::invalid_argument);
  EXPECT_THROW(find_proximity_3d(bodies, {1, 1}, options_at(0.0)), std::invalid_argument);
}

}  // namespace
}  // namespace pegsim

namespace pegsim {
namespace {

// Rules 5 and 6 on 500 random overlapping hull pairs, 0.1 mm to 10 cm deep: every pair reports a
// feature pair with a negative gap (something pushes it apart, whatever the crossing), and no gap
// is below minus the pair's penetration depth (nothing pushes further than the overlap).
TEST(Proximity3d, EveryOverlappingPairHasAPushAndNoneBeyondItsDepth) {
  std::mt19937 rng(47);
  const ProximityOptions options = options_at(0.01);
  int tested = 0;
  for (int trial = 0; trial < 500; ++trial) {
    Body3d a = random_body(rng, Vec3::Zero());
    Body3d b = random_body(rng, Vec3::Zero());
    const Vec3 direction = test::random_vector(rng, 1.0).normalized();
    const double wanted = std::uniform_real_distribution<double>(1e-4, 0.1)(rng);
    double lo = 0.0, hi = 3.0;  // bisect for a penetration depth of `wanted` along `direction`
    for (int i = 0; i < 60; ++i) {
      const double mid = 0.5 * (lo + hi);
      b.position = mid * direction;
      (penetration_depth_3d(a.world_shape(), b.world_shape()) > wanted ? lo : hi) = mid;
    }
    b.position = hi * direction;
    const double depth = penetration_depth_3d(a.world_shape(), b.world_shape());
    if (!(depth > 5e-5)) continue;
    ++tested;
    const ProximityResult3d r = find_proximity_3d({a, b}, {1, 1}, options);
    double smallest = std::numeric_limits<double>::infinity();
    for (const Contact3d& c : r.contacts) {
      expect_well_formed(c);
      smallest = std::min(smallest, c.gap);
      EXPECT_GE(c.gap, -depth - 1e-12) << "trial " << trial;
    }
    // Rule 6: a contact that reaches at least half the depth (a shallow one alone, a vertex
    // grazing a face, let a hull pair sink 65 mm in three steps of the h = 0.02 pour under peg).
    EXPECT_LE(smallest, -0.5 * depth + 1e-12) << "trial " << trial << ": depth " << depth << ", deepest push " << -smallest;
  }
  EXPECT_GT(tested, 400);
}

// Rule 5 on separated pairs: no feature pair of two separated convex bodies may report a negative
// gap. An edge pair whose lines cross "behind" each other within a long threshold does (its plane
// supports both edges, but the bodies are apart along another axis): measured in the h = 0.05 pour,
// an edge pair at -0.365 m whose row pushed two hulls apart with 12 kJ in one step.
TEST(Proximity3d, SeparatedPairsReportNoNegativeGap) {
  std::mt19937 rng(59);
  ProximityOptions options = options_at(0.05);
  options.base_margin = 0.6;  // a long reach, as fast bodies at a large step get
  int tested = 0;
  for (int trial = 0; trial < 300; ++trial) {
    Body3d a = random_body(rng, Vec3::Zero());
    Body3d b = random_body(rng, Vec3::Zero());
    const Vec3 direction = test::random_vector(rng, 1.0).normalized();
    separate(a, b, direction, std::uniform_real_distribution<double>(0.001, 0.03)(rng));
    if (penetration_depth_3d(a.world_shape(), b.world_shape()) > 0.0) continue;
    const ProximityResult3d r = find_proximity_3d({a, b}, {1, 1}, options);
    for (const Contact3d& c : r.contacts) {
      expect_well_formed(c);
      EXPECT_GE(c.gap, 0.0) << "trial " << trial << " " << feature_pair_name(c.kind);
    }
    ++tested;
  }
  EXPECT_GT(tested, 250);
}

// Rule 4 skips edge pairs whose bounding balls lie further apart than the threshold before any
// nearest-point algebra. That cull must change no contact: the edge–edge pairs found with a
// threshold D are, bit for bit, those found with no limit whose |gap| <= D (separated pairs, so
// rule 6 does not apply; rule 5 clips their negative gaps to 0, and those are left out).
TEST(Proximity3d, EdgePairCullChangesNoContact) {
  std::mt19937 rng(53);
  const ProximityOptions options = options_at(0.01);
  int compared = 0;
  for (int trial = 0; trial < 1500; ++trial) {
    const Body3d a = random_body(rng, Vec3::Zero());
    const Body3d b = random_body(rng, test::random_vector(rng, 1.0));
    const ProximityBody3d pa = proximity_body_3d(a, 0, options), pb = proximity_body_3d(b, 1, options);
    if (penetration_depth_3d(pa.shape, pb.shape) > 0.0) continue;
    const double threshold = std::uniform_real_distribution<double>(0.01, 0.3)(rng);
    // Rule 5 clips a separated pair's negative gaps to 0, after the cull: compare the pairs it left alone.
    auto unclipped = [](std::vector<Contact3d> v) {
      std::erase_if(v, [](const Contact3d& c) { return c.gap == 0.0; });
      return v;
    };
    std::vector<Contact3d> unlimited;
    for (const Contact3d& c : of_kind({pair_features_3d(pa, pb, std::numeric_limits<double>::infinity()), {}}, FeaturePair3d::edge_edge))
      if (std::abs(c.gap) <= threshold) unlimited.push_back(c);
    unlimited = unclipped(unlimited);
    const std::vector<Contact3d> culled = unclipped(of_kind({pair_features_3d(pa, pb, threshold), {}}, FeaturePair3d::edge_edge));
    ASSERT_EQ(culled.size(), unlimited.size()) << "trial " << trial;
    for (std::size_t k = 0; k < culled.size(); ++k) {
      EXPECT_EQ(culled[k].feature_a, unlimited[k].feature_a) << "trial " << trial;
      EXPECT_EQ(culled[k].feature_b, unlimited[k].feature_b) << "trial " << trial;
      EXPECT_EQ(culled[k].gap, unlimited[k].gap) << "trial " << trial;
    }
    compared += !culled.empty();
  }
  EXPECT_GT(compared, 50);
}

}  // namespace
}  // namespace pegsim
