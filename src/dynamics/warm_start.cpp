// Warm starts across proximities (warm_start.h).
#include <pegsim/dynamics/warm_start.h>

#include <algorithm>

namespace pegsim {

ContactKey contact_key(const ProximityResult& proximity, std::size_t contact) {
  if (!proximity.contacts.empty()) {
    const Contact& c = proximity.contacts[contact];
    return {0, c.body_a, c.vertex_a, c.body_b, c.edge_b, 0};
  }
  const Contact3d& c = proximity.three_d.contacts[contact];
  return {1 + static_cast<int>(c.kind), c.body_a, c.feature_a, c.body_b, c.feature_b, c.site >= 0 ? 1 : 0};
}

std::vector<ContactKey> pushing_contacts(const RowSystem& rows, const Vec& z, const ProximityResult& proximity) {
  std::vector<ContactKey> keys;
  if (z.size() != rows.size()) return keys;
  for (int j = 0; j < rows.size(); ++j) {
    const Variable& v = rows.variables()[static_cast<std::size_t>(j)];
    if (v.kind != VariableKind::NormalImpulse || !(z[j] > 0.0) || v.contact < 0 ||
        static_cast<std::size_t>(v.contact) >= proximity.contact_count()) {
      continue;
    }
    keys.push_back(contact_key(proximity, static_cast<std::size_t>(v.contact)));
  }
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  return keys;
}

std::vector<char> pushing_hint(const std::vector<ContactKey>& pushing, const ProximityResult& proximity) {
  std::vector<char> hint(proximity.contact_count(), 0);
  for (std::size_t c = 0; c < hint.size(); ++c) {
    hint[c] = std::binary_search(pushing.begin(), pushing.end(), contact_key(proximity, c)) ? 1 : 0;
  }
  return hint;
}

}  // namespace pegsim
