// largest_row_island (assembly.h), the row guard's check without assembly, equals the largest
// island of the assembled LCP, dense or sparse, on real steps of a pour (several islands while
// bodies fall apart, one pile later) under the standard model and PEG.
#include <pegsim/assembly/assembly.h>
#include <pegsim/dynamics/simulation.h>
#include <pegsim/lcp/components.h>
#include <pegsim/lcp/sparse_lcp.h>
#include <pegsim/scene/pour2d.h>

#include <gtest/gtest.h>

#include <set>

namespace pegsim {
namespace {

InverseMass active_inverse_mass(const std::vector<Body>& bodies, const std::vector<char>& active) {
  InverseMass inv;
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    if (!active[i] || bodies[i].is_static) continue;
    Mat block = Mat::Zero(kDofPerBody2D, kDofPerBody2D);
    block(0, 0) = block(1, 1) = 1.0 / bodies[i].mass;
    block(2, 2) = 1.0 / bodies[i].inertia;
    inv.offsets.push_back(inv.dofs);
    inv.blocks.push_back(block);
    inv.dofs += kDofPerBody2D;
  }
  return inv;
}

TEST(RowIsland, EqualsTheLargestComponentOfTheAssembledLcp) {
  for (const char* model : {"standard", "peg"}) {
    SimulationOptions options;
    options.model = model;
    Simulation sim(make_pour2d_from_seed(3, 20), options);
    std::set<int> sizes_seen;
    int compared = 0;
    for (int step = 1; step <= 330; ++step) {
      sim.step();
      if (step % 30 != 0 || sim.last_rows().size() == 0) continue;  // not a spawn step (every 25)
      const InverseMass inv = active_inverse_mass(sim.bodies(), sim.active_bodies());
      const Vec nu = Vec::Zero(inv.dofs);
      const int island = largest_row_island(sim.last_rows(), inv);
      EXPECT_EQ(island, largest_component(assemble_lcp(sim.last_rows(), inv, nu).M)) << model << " step " << step;
      EXPECT_EQ(island, largest_component(assemble_sparse_lcp(sim.last_rows(), inv, nu).M)) << model << " step " << step;
      EXPECT_LE(island, sim.last_rows().size());
      sizes_seen.insert(island);
      ++compared;
    }
    EXPECT_GE(compared, 8) << model;
    EXPECT_GE(sizes_seen.size(), 3u) << model << ": the islands should change as the pile forms";
  }
}

}  // namespace
}  // namespace pegsim
