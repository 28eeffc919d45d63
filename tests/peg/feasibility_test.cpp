// PEG's vertex–edge feasibility (peg_sites.h, PEG sec. 4): a vertex behind an edge's line by more
// than the two bodies' penetration depth lies across the other body and is no U contact.
#include <pegsim/contact/model.h>
#include <pegsim/contact/peg_sites.h>

#include "peg/peg_harness.h"

#include <gtest/gtest.h>

namespace pegsim {
namespace {

using test::World;

// A small square on a small block (its top at y = 0), the square's lowest vertices at height
// `lift` (negative: sunk in). A proximity margin larger than the block (as the reach of a large
// step is, in a pour at h = 0.05) makes all four faces of the block one chain with the top face in
// front of the vertex, so the narrow phase lists the far (bottom) face too.
World square_on_slab(double lift) {
  World w;
  w.bodies = {test::body_from_world("square", test::rectangle(-0.02, lift, 0.02, lift + 0.04)),
              test::body_from_world("slab", test::rectangle(-0.1, -0.1, 0.1, 0.0), true)};
  return w;
}

constexpr int kSlabBottom = 0, kSlabTop = 2;  // rectangle() edge order: bottom, right, top, left

int contact_of(const ProximityResult& r, int vertex, int edge) {
  for (std::size_t i = 0; i < r.contacts.size(); ++i) {
    const Contact& c = r.contacts[i];
    if (c.body_a == 0 && c.body_b == 1 && c.vertex_a == vertex && c.edge_b == edge) return static_cast<int>(i);
  }
  return -1;
}

TEST(PegFeasibility, AVertexAcrossTheOtherBodyIsNoContact) {
  for (double lift : {0.002, 0.0, -0.002}) {  // above, touching, sunk 2 mm
    SCOPED_TRACE(lift);
    const World w = square_on_slab(lift);
    const ProximityResult r = w.proximity(0.3);
    const std::vector<char> feasible = feasible_contacts(r, w.bodies);
    for (int vertex : {0, 1}) {  // the square's bottom vertices
      const int top = contact_of(r, vertex, kSlabTop), bottom = contact_of(r, vertex, kSlabBottom);
      ASSERT_GE(top, 0);
      ASSERT_GE(bottom, 0);  // listed by proximity: within the margin
      EXPECT_TRUE(feasible[static_cast<std::size_t>(top)]);  // the face it rests on or sinks into
      EXPECT_FALSE(feasible[static_cast<std::size_t>(bottom)]) << "gap " << r.contacts[bottom].gap;
    }
    // And PEG's U contacts are the feasible, applicable ones.
    ModelContext context;
    const std::vector<int> offsets = w.dof_offsets();
    context.bodies = &w.bodies;
    context.dof_offset = &offsets;
    const FreeSpace space = make_contact_model("peg")->free_space(r, context);
    for (int c : space.always) EXPECT_TRUE(feasible[static_cast<std::size_t>(c)]) << "contact " << c;
  }
}

}  // namespace
}  // namespace pegsim
