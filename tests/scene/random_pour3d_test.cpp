// The random-hull polyhedron pour (scene/random_pour3d.h): the authors' box and schedule, hulls the
// authors' way or drawn from their 500, reproducible by seed, physically consistent bodies.
#include <pegsim/geometry/mass_properties_3d.h>
#include <pegsim/scene/pour3d.h>
#include <pegsim/scene/random_pour3d.h>
#include <pegsim/scene/json_file.h>
#include <pegsim/scene/scene.h>

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>
#include <stdexcept>
#include <string>

namespace pegsim {
namespace {

std::string data_file(const char* name) { return std::string(PEGSIM_SHARED_DIR) + "/data/reference-pour3d/" + name; }

std::vector<const Body3d*> falling(const Scene& scene) {
  std::vector<const Body3d*> out;
  for (const Body3d& b : scene.bodies3d)
    if (!b.is_static) out.push_back(&b);
  return out;
}

TEST(RandomPour3d, SameSeedSameSceneOtherSeedOtherScene) {
  RandomPour3dOptions o;
  o.seed = 7;
  const nlohmann::json first = scene_to_json(make_random_pour3d(o));
  EXPECT_EQ(first, scene_to_json(make_random_pour3d(o)));
  o.seed = 8;
  EXPECT_NE(first, scene_to_json(make_random_pour3d(o)));
}

TEST(RandomPour3d, TheAuthorsContainerExactly) {
  const ReferenceBodySet3d stored = load_reference_bodies_3d(data_file("bodies_icosahedra.json"));
  const std::vector<ReferenceSlab> ours = authors_container_3d();
  ASSERT_EQ(ours.size(), stored.container.size());
  for (std::size_t i = 0; i < ours.size(); ++i) {
    EXPECT_EQ(ours[i].min, stored.container[i].min) << i;
    EXPECT_EQ(ours[i].max, stored.container[i].max) << i;
  }
}

TEST(RandomPour3d, TheIcosahedronScheduleAndEntryState) {
  for (const double h : {0.001, 0.006, 0.01, 0.016}) {
    RandomPour3dOptions o;
    o.time_step = h;
    const Scene scene = make_random_pour3d(o);
    const Scene icosahedra = make_pour3d_from_reference(data_file("bodies_icosahedra.json"), h);
    const auto ours = falling(scene), theirs = falling(icosahedra);
    ASSERT_EQ(ours.size(), theirs.size()) << h;  // 10 or 11 arrivals, as their pour
    EXPECT_EQ(static_cast<int>(ours.size()), pour3d_arrivals(h, 5.0));
    for (std::size_t j = 0; j < ours.size(); ++j) {
      EXPECT_DOUBLE_EQ(ours[j]->spawn_time, theirs[j]->spawn_time) << h << " body " << j;
      EXPECT_EQ(ours[j]->position, Vec3(3.0, 0.0, 2.0));
      EXPECT_EQ(ours[j]->velocity, Vec3(-5.0, 0.0, 0.0));
    }
  }
}

// Each body: the hull of at most 15 points, centred at its centroid, mass 1, and the inertia of
// that solid (not the authors' nominal identity).
TEST(RandomPour3d, GeneratedHullsAreConsistentRigidBodies) {
  RandomPour3dOptions o;
  o.seed = 3;
  o.count = 6;
  const Scene scene = make_random_pour3d(o);
  const auto bodies = falling(scene);
  ASSERT_EQ(bodies.size(), 6u);
  for (const Body3d* b : bodies) {
    EXPECT_GE(b->shape.vertices.size(), 4u);
    EXPECT_LE(b->shape.vertices.size(), static_cast<std::size_t>(kRandomHullPoints));
    const SolidProperties solid = solid_properties(b->shape);
    EXPECT_LT(solid.centroid.norm(), 1e-12) << b->name;
    EXPECT_GT(solid.volume, 0.0);
    EXPECT_LT(solid.volume, 1.0);  // inside the unit cube
    EXPECT_DOUBLE_EQ(b->mass, kRandomHullMass);
    EXPECT_LT((b->inertia - solid.inertia_per_density * (b->mass / solid.volume)).norm(), 1e-12 * b->inertia.norm());
    EXPECT_NEAR(b->orientation.norm(), 1.0, 1e-15);
  }
}

// Drawn from the authors' 500: distinct hulls, each one of theirs (same volume as stored).
TEST(RandomPour3d, DrawsDistinctHullsFromTheAuthorsSet) {
  const std::string file = data_file("random-hulls-bodies3D.json");
  const nlohmann::json stored = read_json_file(file);
  std::map<std::string, double> volume;
  for (const auto& b : stored.at("bodies")) volume[b.at("name").get<std::string>()] = b.at("volume").get<double>();
  RandomPour3dOptions o;
  o.seed = 11;
  o.hulls_file = file;
  const Scene scene = make_random_pour3d(o);
  const auto bodies = falling(scene);
  ASSERT_EQ(bodies.size(), 10u);
  std::set<std::string> names;
  for (const Body3d* b : bodies) {
    names.insert(b->name);
    ASSERT_TRUE(volume.count(b->name)) << b->name;
    EXPECT_NEAR(solid_properties(b->shape).volume, volume[b->name], 1e-9) << b->name;
  }
  EXPECT_EQ(names.size(), bodies.size());
}

TEST(RandomPour3d, BadCountOrFileIsAClearError) {
  RandomPour3dOptions o;
  o.count = 40;
  try {
    (void)make_random_pour3d(o);
    FAIL() << "40 bodies cannot arrive in 5 s";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("--count 40: only 10 bodies arrive"), std::string::npos) << e.what();
  }
  o.count = 0;
  o.hulls_file = "/nonexistent/hulls.json";
  try {
    (void)make_random_pour3d(o);
    FAIL() << "a missing hull file";
  } catch (const SceneError& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/hulls.json"), std::string::npos) << e.what();
  }
}

TEST(RandomPour3d, OrientationsAreUnitAndSpreadOverRotations) {
  std::mt19937_64 rng(5);
  Vec3 mean = Vec3::Zero();
  const int n = 4000;
  for (int i = 0; i < n; ++i) {
    const Eigen::Quaterniond q = random_orientation(rng);
    ASSERT_NEAR(q.norm(), 1.0, 1e-15);
    mean += q * Vec3::UnitZ();
  }
  EXPECT_LT((mean / n).norm(), 0.05);  // a uniform rotation sends z anywhere on the sphere
}

}  // namespace
}  // namespace pegsim
