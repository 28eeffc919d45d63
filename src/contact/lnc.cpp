// "lnc": Nguyen §2.1.2, the less accurate "diff" form (Egan and Pang's note), 2n - 1 conditions per
// group of n sides:
//   0 <= c_k ⟂ c_k - rho_k + c_{k-1} + ... + c_2 + rho_1 >= 0        (k = 2..n)
//   0 <= p_kn ⟂ c_2 + ... + c_n + rho_1 = max(rho_1, ..., rho_n) >= 0  (k = 1..n)
// The valid region is exactly the union of the half-spaces (eq. 10), but any side of a group in
// contact may carry force, also a side that is not touching.
// Variable order per group: c_2..c_n, p_1n..p_nn.
#include "grouped_model.h"

#include <pegsim/contact/models.h>

namespace pegsim {
namespace {

std::vector<int> emit_lnc_group(const std::vector<int>& sides, int group, const ProximityResult& proximity,
                                const ModelContext& context, RowSystem& rows) {
  const Row max_rho = add_max_chain(rows, side_gap_rows(sides, proximity, context), ConstraintKind::Group, group);
  std::vector<int> p_n;
  for (int side : sides) {
    const int p = add_normal_impulse(rows, side, proximity, context, ConstraintKind::Group, group);
    rows.set_row(p, max_rho);
    p_n.push_back(p);
  }
  return p_n;
}

class LncModel final : public ContactModel {
 public:
  std::string name() const override { return "lnc"; }

  FreeSpace free_space(const ProximityResult& proximity, const ModelContext& /*context*/) const override {
    return grouped_free_space(proximity);
  }

  void emit(const ProximityResult& proximity, const ModelContext& context, RowSystem& rows) const override {
    emit_grouped_model(proximity, context, rows, [&](const std::vector<int>& sides, int group, RowSystem& out) {
      return emit_lnc_group(sides, group, proximity, context, out);
    });
  }
};

}  // namespace

std::unique_ptr<ContactModel> make_lnc_model() { return std::make_unique<LncModel>(); }

}  // namespace pegsim
