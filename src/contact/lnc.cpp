// "lnc": Nguyen §2.1.2, the less accurate "diff" form (Egan and Pang's note), 2n - 1 conditions per
// group of n sides:
//   0 <= c_k ⟂ c_k - rho_k + c_{k-1} + ... + c_2 + rho_1 >= 0        (k = 2..n)
//   0 <= p_kn ⟂ c_2 + ... + c_n + rho_1 = max(rho_1, ..., rho_n) >= 0  (k = 1..n)
// The valid region is exactly the union of the half-spaces (eq. 10), but any side of a group in
// contact may carry force, also a side that is not touching.
// Variable order per group: c_2..c_n, p_1n..p_nn.
// Vertex–vertex sites of two polygons (configuration_sets.h): the "sides" are the DNF
// configurations of the site, each with value min_{k in g} rho_k (a min chain, Nguyen Prop. 2.1),
// and every contact of them gets  0 <= p_k ⟂ max_g min_{k in g} rho_k >= 0  -- the same less
// accurate row, over the site's crossing condition instead of the single half-planes.
// Variable order per site set: min-chain slacks per configuration, c_2..c_G, p_k per member.
#include "grouped_model.h"

#include <pegsim/contact/models.h>

namespace pegsim {
namespace {

std::vector<int> emit_lnc_group(const ConfigurationSet& set, const ProximityResult& proximity,
                                const ModelContext& context, RowSystem& rows) {
  const int group = set.group_index;
  // A plain group's values are its rho_k (no slacks): Nguyen's rows exactly.
  const Row max_rho = add_max_chain(rows, configuration_values(set, proximity, context, rows), ConstraintKind::Group, group);
  std::vector<int> p_n;
  for (int side : set.members) {
    const int p = add_contact_impulse(rows, side, proximity, context, ConstraintKind::Group, group);
    rows.set_row(p, max_rho);
    p_n.push_back(p);
  }
  return p_n;
}

class LncModel final : public ContactModel {
 public:
  std::string name() const override { return "lnc"; }
  bool supports_3d() const override { return true; }
  bool uses_3d_sites() const override { return true; }

  FreeSpace free_space(const ProximityResult& proximity, const ModelContext& context) const override {
    return grouped_free_space(proximity, context);
  }

  void emit(const ProximityResult& proximity, const ModelContext& context, RowSystem& rows) const override {
    emit_grouped_model(proximity, context, rows, [&](const ConfigurationSet& set, RowSystem& out) {
      return emit_lnc_group(set, proximity, context, out);
    });
  }
};

}  // namespace

std::unique_ptr<ContactModel> make_lnc_model() { return std::make_unique<LncModel>(); }

}  // namespace pegsim
