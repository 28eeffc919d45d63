// "standard": Stewart–Trinkle, every potential contact a convex half-space (Egan eqs 5-7, 8-9):
//   0 <= p_n ⟂ rho = W_n^T nu^{l+1} + psi/h >= 0  per contact, plus friction (contact_rows.h).
// Variable order: all normal impulses (contact order), then per contact p_f+, p_f-, s.
#include <pegsim/contact/contact_rows.h>
#include <pegsim/contact/models.h>
#include <pegsim/contact/standard_3d.h>

namespace pegsim {
namespace {

class StandardModel final : public ContactModel {
 public:
  std::string name() const override { return "standard"; }
  bool supports_3d() const override { return true; }

  void emit(const ProximityResult& proximity, const ModelContext& context, RowSystem& rows) const override {
    if (context.bodies3d != nullptr) return emit_3d(proximity, context, rows);
    const int n = static_cast<int>(proximity.contacts.size());
    std::vector<int> normal(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) normal[static_cast<std::size_t>(i)] = add_unilateral_contact(rows, i, proximity, context, i);
    for (int i = 0; i < n; ++i) add_friction(rows, i, normal[static_cast<std::size_t>(i)], proximity, context);
  }

 private:
  // The same rows with 3D Jacobians and a k-direction cone (standard_3d.h).
  static void emit_3d(const ProximityResult& proximity, const ModelContext& context, RowSystem& rows) {
    emit_standard_rows_3d(proximity.three_d, rows_context_3d(context), rows);
  }
};

}  // namespace

std::unique_ptr<ContactModel> make_standard_model() { return std::make_unique<StandardModel>(); }

}  // namespace pegsim
