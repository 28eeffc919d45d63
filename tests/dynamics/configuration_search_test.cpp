// The configuration search (dynamics/configuration_search.h): its answer is Gauss's choice among the
// convex cells of PEG's free space. Checked on seeded random scenes of two polygons corner to corner:
// converged answers satisfy the accurate nonconvex conditions, a non-overlapping start gains no
// kinetic energy, warm starts reproduce the answer, bad free spaces are refused by name.
#include <pegsim/assembly/assembly.h>
#include <pegsim/contact/contact_rows.h>
#include <pegsim/contact/model.h>
#include <pegsim/dynamics/configuration_search.h>
#include <pegsim/geometry/overlap.h>
#include <pegsim/lcp/block_pivoting.h>
#include <pegsim/lcp/sparse_lcp.h>

#include "geometry/random_convex.h"
#include "peg/peg_harness.h"

#include <gtest/gtest.h>

#include <random>

namespace pegsim {
namespace {

using test::World;

struct StepSetup {
  World world;
  ProximityResult proximity;
  std::vector<int> offsets;
  InverseMass inverse_mass;
  Vec nu_free;
  std::vector<double> mu;
  ModelContext context;
  FreeSpace space;

  explicit StepSetup(World w, const std::string& model = "peg") : world(std::move(w)) {
    proximity = world.proximity();
    offsets = world.dof_offsets();
    inverse_mass = test::inverse_mass_of(world.bodies, offsets);
    nu_free = Vec::Zero(inverse_mass.dofs);
    for (std::size_t i = 0; i < world.bodies.size(); ++i) {
      if (offsets[i] < 0) continue;
      nu_free.segment<2>(offsets[i]) = world.bodies[i].velocity + world.h * world.gravity;
      nu_free[offsets[i] + 2] = world.bodies[i].angular_velocity;
    }
    mu.assign(proximity.contacts.size(), world.friction);
    context.time_step = world.h;
    context.bodies = &world.bodies;
    context.dof_offset = &offsets;
    context.pair_friction = &mu;
    space = make_contact_model(model)->free_space(proximity, context);
  }

  ConfigurationSearch search(const ConfigurationSearchOptions& options = {}) const {
    return search_configurations(space, proximity, context, inverse_mass, nu_free, options);
  }

  double rho(int contact, const Vec& nu) const {
    const Row row = predicted_gap_row(proximity.contacts[static_cast<std::size_t>(contact)], context);
    return dot_sparse(row.velocity, nu) + row.constant;
  }
  double margin(const std::vector<int>& configuration, const Vec& nu) const {
    double m = 1e300;
    for (int c : configuration) m = std::min(m, rho(c, nu));
    return m;
  }
  // 1/2 nu^T M nu
  double kinetic(const Vec& nu) const {
    double e = 0.0;
    for (std::size_t i = 0; i < world.bodies.size(); ++i) {
      if (offsets[i] < 0) continue;
      const Body& b = world.bodies[i];
      e += 0.5 * b.mass * nu.segment<2>(offsets[i]).squaredNorm() + 0.5 * b.inertia * nu[offsets[i] + 2] * nu[offsets[i] + 2];
    }
    return e;
  }
};

// Two random polygons with a vertex of A a few millimetres from a vertex of B, both moving.
World random_corner_world(std::mt19937_64& rng, bool b_static) {
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  World w;
  w.h = 0.01;
  const Polygon a = test::random_convex_polygon(rng, Vec2::Zero(), 0.25);
  const Polygon b = test::random_convex_polygon(rng, Vec2::Zero(), 0.25);
  // Put A's vertex 0 near B's vertex 0, A on the side away from B's centroid.
  const Vec2 cb = area_centroid(b);
  const Vec2 out = (b[0] - cb).normalized();
  const Vec2 target = b[0] + (0.001 + 0.004 * unit(rng)) * out;
  Polygon placed;
  for (const Vec2& v : a) placed.push_back(v - a[0] + target);
  // A on the outer side of the contact point: turn it half round about its vertex 0 when needed
  // (a rotation, so it stays counter-clockwise).
  if ((area_centroid(placed) - target).dot(out) < 0.0) {
    placed.clear();
    for (const Vec2& v : a) placed.push_back(-(v - a[0]) + target);
  }
  w.bodies = {test::body_from_world("A", placed), test::body_from_world("B", b, b_static)};
  const double s = 2.0;
  w.bodies[0].velocity = Vec2(s * (unit(rng) - 0.5), s * (unit(rng) - 0.5)) - 1.5 * out;  // toward B
  w.bodies[0].angular_velocity = 4.0 * (unit(rng) - 0.5);
  if (!b_static) w.bodies[1].velocity = Vec2(s * (unit(rng) - 0.5), s * (unit(rng) - 0.5));
  return w;
}

TEST(ConfigurationSearch, ConvergedAnswersMeetTheAccurateConditionsAndGainNoEnergy) {
  std::mt19937_64 rng(20261124);
  int converged = 0, with_sites = 0, with_force = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const StepSetup s(random_corner_world(rng, trial % 2 == 0));
    if (s.space.disjunctions.empty()) continue;
    ++with_sites;
    const ConfigurationSearch search = s.search();
    ASSERT_TRUE(search.solved) << "trial " << trial << ": " << search.result.message;
    if (!search.converged) continue;
    ++converged;
    bool forced = false;
    for (std::size_t d = 0; d < s.space.disjunctions.size(); ++d) {
      const auto& g = s.space.disjunctions[d].configurations;
      const auto& active = g[static_cast<std::size_t>(search.selection[d])];
      // The active configuration holds at the end of the step ...
      EXPECT_GE(s.margin(active, search.nu), -1e-9) << "trial " << trial;
      bool pushes = false;
      for (int c : active) pushes = pushes || search.impulses[static_cast<std::size_t>(c)].normal > 0.0;
      forced = forced || pushes;
      if (!pushes) continue;
      // ... and when it pushes, it is the site's best (no other configuration holds strictly) and
      // force acts only on members at zero gap.
      for (std::size_t i = 0; i < g.size(); ++i) {
        if (static_cast<int>(i) != search.selection[d]) {
          EXPECT_LE(s.margin(g[i], search.nu), 1e-9) << "trial " << trial;
        }
      }
      for (int c : active) {
        if (search.impulses[static_cast<std::size_t>(c)].normal > 0.0) {
          EXPECT_NEAR(s.rho(c, search.nu), 0.0, 1e-9);
        }
      }
    }
    with_force += forced ? 1 : 0;
    // Frictionless, and the bodies do not overlap at the start: Gauss's projection cannot add
    // kinetic energy (configuration_search.h, rule 1).
    if (penetration_depth(s.world.bodies[0].world_vertices(), s.world.bodies[1].world_vertices()) == 0.0) {
      EXPECT_LE(s.kinetic(search.nu), s.kinetic(s.nu_free) * (1 + 1e-12) + 1e-12) << "trial " << trial;
    }
  }
  std::printf("%d scenes with sites, %d converged, %d with site forces\n", with_sites, converged, with_force);
  EXPECT_GE(with_sites, 200);
  EXPECT_EQ(converged, with_sites);
  EXPECT_GE(with_force, 50);  // the checks above were exercised
}

TEST(ConfigurationSearch, WarmStartFromItsOwnAnswerIsOneRoundWithoutPivots) {
  std::mt19937_64 rng(7);
  int checked = 0;
  for (int trial = 0; trial < 100 && checked < 20; ++trial) {
    const StepSetup s(random_corner_world(rng, false));
    if (s.space.disjunctions.empty()) continue;
    const ConfigurationSearch cold = s.search();
    if (!cold.converged) continue;
    ConfigurationSearchOptions options;
    options.start = &cold.selection;
    options.start_basis = &cold.result.basis;
    const ConfigurationSearch warm = s.search(options);
    EXPECT_TRUE(warm.converged);
    EXPECT_EQ(warm.rounds, 1);
    EXPECT_EQ(warm.selection, cold.selection);
    EXPECT_LE((warm.nu - cold.nu).cwiseAbs().maxCoeff(), 1e-12);
    if (warm.result.solver == "lemke") {
      EXPECT_EQ(warm.result.iterations, 0) << "trial " << trial;
    }
    ++checked;
  }
  EXPECT_EQ(checked, 20);
}

// Friction on demand carries its friction set: a search's later cells start from the previous
// cell's, and its first cell from the contacts a hint says pushed before (configuration_search.h).
// Seeded rows at contacts that do not push change no solution; the answers stay Coulomb-true and,
// from a start without overlap, dissipative.
TEST(ConfigurationSearch, SeededFrictionRowsKeepTheAnswerCoulombAndDissipative) {
  std::mt19937_64 rng(20261127);
  const double mu = 0.5;
  int checked = 0, seeded_idle = 0;
  for (int trial = 0; trial < 200; ++trial) {
    World w = random_corner_world(rng, trial % 2 == 0);
    w.friction = mu;
    const StepSetup s(w);
    if (s.space.disjunctions.empty()) continue;
    const std::vector<char> every(s.proximity.contact_count(), 1);
    ConfigurationSearchOptions hinted;
    hinted.start_pushing = &every;
    const ConfigurationSearch seeded = s.search(hinted);
    for (const ConfigurationSearch& search : {s.search(), seeded}) {
      ASSERT_TRUE(search.solved) << "trial " << trial << ": " << search.result.message;
      ASSERT_TRUE(search.cell != nullptr);
      for (int c : search.cell->contacts) {
        const ContactImpulse& p = search.impulses[static_cast<std::size_t>(c)];
        const bool rows = search.cell->friction[static_cast<std::size_t>(c)] != 0;
        if (p.normal > 1e-12) {
          EXPECT_TRUE(rows) << "trial " << trial << ": a pushing contact without friction rows";
        }
        EXPECT_LE(std::abs(p.friction[0] - p.friction[1]), mu * p.normal * (1 + 1e-9) + 1e-12) << "trial " << trial;
      }
      if (penetration_depth(s.world.bodies[0].world_vertices(), s.world.bodies[1].world_vertices()) == 0.0) {
        EXPECT_LE(s.kinetic(search.nu), s.kinetic(s.nu_free) * (1 + 1e-9) + 1e-12) << "trial " << trial;
      }
    }
    for (int c : seeded.cell->contacts) {
      if (seeded.cell->friction[static_cast<std::size_t>(c)] && !(seeded.impulses[static_cast<std::size_t>(c)].normal > 0.0)) {
        ++seeded_idle;  // the hint put rows where friction on demand would not have
        break;
      }
    }
    ++checked;
  }
  std::printf("%d frictional scenes with sites, %d with seeded rows at idle contacts\n", checked, seeded_idle);
  EXPECT_GE(checked, 100);
  EXPECT_GE(seeded_idle, 10);  // the seed was exercised
}

// The box sliding onto a ledge corner (scenes/box_ledge.json, step 21): both configurations of the
// ledge corner hold at the start (bottom face gap 0, right face gap +5 mm). The right face is a
// phantom wall; the search must support the box by its bottom face and let it slide on.
TEST(ConfigurationSearch, LedgeCornerSupportsTheBoxRatherThanAPhantomWall) {
  World w;
  w.h = 0.01;
  w.gravity = Vec2(0.0, -9.81);
  w.bodies = {test::body_from_world("ledge", {Vec2(-1, -0.5), Vec2(0, -0.5), Vec2(0, 0), Vec2(-1, 0)}, true),
              test::body_from_world("box", {Vec2(-0.205, 0), Vec2(-0.005, 0), Vec2(-0.005, 0.2), Vec2(-0.205, 0.2)})};
  w.bodies[1].velocity = Vec2(1.0, 0.0);
  for (const char* model : {"lnc", "egan-max", "peg", "peg-accurate"}) {
    SCOPED_TRACE(model);
    const StepSetup s(w, model);
    ASSERT_FALSE(s.space.disjunctions.empty());
    const ConfigurationSearch search = s.search();
    ASSERT_TRUE(search.converged);
    EXPECT_NEAR(search.nu[0], 1.0, 1e-9);  // vx: no phantom push back
    EXPECT_NEAR(search.nu[2], 0.0, 1e-9);  // no spin
    EXPECT_NEAR(search.nu[1], 0.0, 1e-9);  // supported: vy = 0 instead of -g h
  }
}

TEST(ConfigurationSearch, LargeFrictionlessCellIsTheAssemblyOfItsRows) {
  // A wall of 0.2 m boxes, corners coinciding, falling onto a floor: a frictionless cell of well
  // over kBlockPivotingMinSize rows, cut out of the search's candidate LCP rather than assembled.
  // It must be the assembly of its own rows to the bit (pattern, values, q), one row per contact.
  const World w = test::box_wall(5, 6);  // floor to x = 2
  const StepSetup s(w);
  const ConfigurationSearch search = s.search();
  ASSERT_TRUE(search.solved);
  ASSERT_NE(search.cell, nullptr);
  const CellLcp& cell = *search.cell;
  ASSERT_TRUE(cell.is_sparse);
  ASSERT_GE(cell.size(), kBlockPivotingMinSize);
  ASSERT_EQ(cell.rows.size(), static_cast<int>(cell.contacts.size()));
  for (std::size_t i = 0; i < cell.contacts.size(); ++i) {
    const Row expected = predicted_gap_row(s.proximity.contacts[static_cast<std::size_t>(cell.contacts[i])], s.context);
    EXPECT_EQ(cell.rows.variables()[i].contact, cell.contacts[i]);
    EXPECT_EQ(cell.rows.rows()[i].constant, expected.constant);
  }
  const SparseLcp assembled = assemble_sparse_lcp(cell.rows, s.inverse_mass, s.nu_free);
  ASSERT_EQ(assembled.M.nonZeros(), cell.sparse.M.nonZeros());
  for (int j = 0; j < cell.size(); ++j) {
    SparseMat::InnerIterator a(assembled.M, j), b(cell.sparse.M, j);
    for (; a && b; ++a, ++b) {
      EXPECT_EQ(a.row(), b.row()) << "column " << j;
      EXPECT_EQ(a.value(), b.value()) << "entry (" << a.row() << ", " << j << ")";
    }
    EXPECT_EQ(static_cast<bool>(a), static_cast<bool>(b)) << "column " << j;
  }
  EXPECT_EQ(assembled.q, cell.sparse.q);
}

TEST(ConfigurationSearch, RefusesAFreeSpaceThatDoesNotDescribeTheContacts) {
  std::mt19937_64 rng(3);
  StepSetup s(random_corner_world(rng, true));
  FreeSpace bad = s.space;
  bad.disjunctions.push_back(Disjunction{{{}}, 0});
  try {
    (void)search_configurations(bad, s.proximity, s.context, s.inverse_mass, s.nu_free, {});
    FAIL() << "an empty configuration was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("empty configuration"), std::string::npos) << e.what();
  }
  bad = s.space;
  bad.always.push_back(static_cast<int>(s.proximity.contacts.size()) + 3);
  EXPECT_THROW((void)search_configurations(bad, s.proximity, s.context, s.inverse_mass, s.nu_free, {}),
               std::invalid_argument);
}

}  // namespace
}  // namespace pegsim
