// PEG I-sites in 3D (proximity/sites_3d.h): the members of a cube's corner at a seam, and on random
// hull pairs the two properties the PEG rows rely on:
//  - sound: a member whose plane supports both bodies there (applicability >= 0) and lies in front
//    (gap > 0) separates the bodies (a convex body lies in its tangent cone at any boundary point);
//  - complete at the nearest features: when a site's hint is the pair's closest feature pair and the
//    bodies are apart, some member separates (the separating axis theorem for the two cones).
#include <pegsim/geometry/mass_properties_3d.h>
#include <pegsim/geometry/overlap_3d.h>
#include <pegsim/proximity/proximity_3d.h>
#include <pegsim/proximity/sites_3d.h>

#include "contact3d/bodies3d.h"
#include "geometry3d/random_polyhedron.h"

#include <gtest/gtest.h>

#include <cmath>

namespace pegsim {
namespace {

ProximityResult3d with_sites(const std::vector<Body3d>& bodies, const ProximityOptions& options) {
  ProximityResult3d r = find_proximity_3d(bodies, std::vector<char>(bodies.size(), 1), options);
  add_sites_3d(bodies, options, r);
  return r;
}

TEST(Sites3d, ACubeCornerOnASeamHasTheFarSlabsTopAndSideFaces) {
  // The cube's leading face is at x = 0, where the right slab begins: its two leading bottom
  // corners lie on the right slab's top-left edge.
  const Body3d left = test3d::box_body(Vec3(1.0, 1.0, 0.1), Vec3(-1.0, 0, -0.1), Eigen::Quaterniond::Identity(), true);
  const Body3d right = test3d::box_body(Vec3(1.0, 1.0, 0.1), Vec3(1.0, 0, -0.1), Eigen::Quaterniond::Identity(), true);
  const Body3d cube = test3d::box_body(Vec3::Constant(0.1), Vec3(-0.1, 0.0, 0.1));
  const ProximityResult3d r = with_sites({left, right, cube}, ProximityOptions{});
  int corner_sites = 0;
  for (const Site3d& site : r.sites) {
    const Contact3d& hint = r.contacts.at(static_cast<std::size_t>(site.hint));
    if (hint.body_a != 2 || hint.body_b != 1) continue;
    ++corner_sites;
    bool top = false, side = false;
    for (int m : site.members) {
      const Contact3d& c = r.contacts.at(static_cast<std::size_t>(m));
      EXPECT_EQ(c.site, static_cast<int>(&site - r.sites.data()));
      EXPECT_GE(c.applicability, kSiteMemberApplicability);
      if (c.kind != FeaturePair3d::vertex_face || c.body_a != 2) continue;
      const Vec3 face_normal = -c.normal;  // B's outward normal
      if (face_normal.z() > 0.99 || face_normal.x() < -0.99) {
        EXPECT_NEAR(c.gap, 0.0, 1e-12);
      }
      top = top || face_normal.z() > 0.99;
      side = side || face_normal.x() < -0.99;
    }
    EXPECT_TRUE(top && side) << "hint " << feature_pair_name(hint.kind);
  }
  EXPECT_EQ(corner_sites, 2);  // the two leading bottom corners
  // Without sites_3d the narrow phase's list is unchanged and holds no members.
  for (const Contact3d& c : find_proximity_3d({left, right, cube}, {1, 1, 1}, ProximityOptions{}).contacts) EXPECT_EQ(c.site, -1);
  ProximityResult3d again = r;
  remove_sites_3d(again);
  EXPECT_TRUE(again.sites.empty());
  for (const Contact3d& c : again.contacts) EXPECT_EQ(c.site, -1);
}

Body3d random_body(std::mt19937& rng, const Vec3& position) { return test3d::random_hull_body(rng, 10, position); }

TEST(Sites3d, OnRandomHullsAnApplicableMemberInFrontSeparatesAndTheNearestSiteHasOne) {
  std::mt19937 rng(7);
  ProximityOptions options;
  options.base_margin = 0.05;  // every feature pair within 5 cm
  int sound_checks = 0, nearest_sites = 0, edge_pair_only = 0;
  for (int trial = 0; trial < 2500; ++trial) {
    const Body3d a = random_body(rng, Vec3::Zero());
    Body3d b = random_body(rng, Vec3::Zero());
    // b along a random direction, from 3 cm overlapping to 3 cm apart (bisection on overlap).
    const Vec3 direction = test::random_vector(rng, 1.0).normalized();
    double lo = 0.0, hi = 3.0;
    for (int i = 0; i < 50; ++i) {
      const double mid = 0.5 * (lo + hi);
      b.position = mid * direction;
      (convex_overlap_volume(a.world_shape(), b.world_shape()) > 0.0 ? lo : hi) = mid;
    }
    b.position = (hi + std::uniform_real_distribution<double>(-0.03, 0.03)(rng)) * direction;
    const bool overlapping = convex_overlap_volume(a.world_shape(), b.world_shape()) > 1e-15;
    const ProximityResult3d r = with_sites({a, b}, options);
    double distance = INFINITY;
    for (const Contact3d& c : r.contacts)
      if (c.site < 0) distance = std::min(distance, c.gap);
    for (const Site3d& site : r.sites) {
      bool separates = false, by_face = false;
      for (int m : site.members) {
        const Contact3d& c = r.contacts.at(static_cast<std::size_t>(m));
        if (c.applicability < -1e-9 || c.gap < -1e-9) continue;
        separates = true;
        by_face = by_face || c.kind == FeaturePair3d::vertex_face;
        if (c.applicability >= 1e-9 && c.gap > 1e-9) {
          ++sound_checks;
          EXPECT_FALSE(overlapping) << "trial " << trial << ": " << feature_pair_name(c.kind) << " member, gap " << c.gap
                                    << ", applicability " << c.applicability << ", yet the bodies overlap";
        }
      }
      const Contact3d& hint = r.contacts.at(static_cast<std::size_t>(site.hint));
      if (!overlapping && distance > 1e-6 && hint.gap <= distance + 1e-12) {
        ++nearest_sites;
        EXPECT_TRUE(separates) << "trial " << trial << ": the nearest " << feature_pair_name(hint.kind) << " site, "
                               << distance << " m apart, has no separating member";
        if (separates && !by_face) ++edge_pair_only;
      }
    }
  }
  // The checks ran (seed 7): counts well above what a broken generator would give.
  EXPECT_GT(sound_checks, 200) << sound_checks;
  EXPECT_GT(nearest_sites, 20) << nearest_sites;
  EXPECT_GT(edge_pair_only, 0) << edge_pair_only << "no nearest site needed an edge pair's plane: the edge members went untested";
}

}  // namespace
}  // namespace pegsim
