// Warm starts across proximities (dynamics/warm_start.h): the contacts that pushed are found again
// by feature identity in another contact list, whatever its order, and nothing else is marked.
#include <pegsim/dynamics/warm_start.h>

#include <gtest/gtest.h>

namespace pegsim {
namespace {

Contact contact(int body_a, int vertex_a, int body_b, int edge_b) {
  Contact c;
  c.body_a = body_a;
  c.vertex_a = vertex_a;
  c.body_b = body_b;
  c.edge_b = edge_b;
  return c;
}

// One normal-impulse variable per contact, plus an auxiliary that names no contact.
RowSystem normal_rows(int contacts) {
  RowSystem rows;
  for (int c = 0; c < contacts; ++c) {
    Variable v;
    v.kind = VariableKind::NormalImpulse;
    v.contact = c;
    rows.set_row(rows.add_variable(v), Row{});
  }
  rows.set_row(rows.add_variable(Variable{}), Row{});
  return rows;
}

TEST(WarmStart, PushingContactsAreFoundAgainByFeatureIdentity) {
  ProximityResult before;
  before.contacts = {contact(1, 0, 2, 3), contact(1, 1, 2, 3), contact(2, 2, 0, 0)};
  const RowSystem rows = normal_rows(3);
  Vec z(4);
  z << 0.5, 0.0, 2.0, 7.0;  // contacts 0 and 2 push; the auxiliary's value is no push
  const std::vector<ContactKey> pushed = pushing_contacts(rows, z, before);
  ASSERT_EQ(pushed.size(), 2u);

  ProximityResult after;  // reordered, one contact gone, one new, one with the same vertex on another edge
  after.contacts = {contact(3, 0, 1, 1), contact(2, 2, 0, 0), contact(1, 0, 2, 2), contact(1, 0, 2, 3)};
  EXPECT_EQ(pushing_hint(pushed, after), (std::vector<char>{0, 1, 0, 1}));
}

TEST(WarmStart, ImpulsesOfAnotherRowSystemGiveNoHint) {
  ProximityResult proximity;
  proximity.contacts = {contact(1, 0, 2, 3)};
  EXPECT_TRUE(pushing_contacts(normal_rows(1), Vec::Ones(5), proximity).empty());  // z of other rows
  EXPECT_EQ(pushing_hint({}, proximity), (std::vector<char>{0}));
}

TEST(WarmStart, ThreeDimensionalKeysTellKindsAndSiteMembersApart) {
  ProximityResult proximity;
  Contact3d face;
  face.kind = FeaturePair3d::vertex_face;
  face.body_a = 0, face.body_b = 1, face.feature_a = 4, face.feature_b = 2;
  Contact3d edge = face;
  edge.kind = FeaturePair3d::edge_edge;
  Contact3d member = face;
  member.site = 0;
  proximity.three_d.contacts = {face, edge, member};
  EXPECT_NE(contact_key(proximity, 0), contact_key(proximity, 1));
  EXPECT_NE(contact_key(proximity, 0), contact_key(proximity, 2));
  const RowSystem rows = normal_rows(3);
  Vec z = Vec::Zero(4);
  z[2] = 1.0;
  EXPECT_EQ(pushing_hint(pushing_contacts(rows, z, proximity), proximity), (std::vector<char>{0, 0, 1}));
}

}  // namespace
}  // namespace pegsim
