// The standard model's rows in 3D (standard_3d.h).
#include <pegsim/contact/standard_3d.h>

namespace pegsim {

void emit_standard_rows_3d(const ProximityResult3d& proximity, const ContactRows3dContext& context, RowSystem& rows) {
  const int n = static_cast<int>(proximity.contacts.size());
  std::vector<int> normal(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) normal[static_cast<std::size_t>(i)] = add_unilateral_contact_3d(rows, i, proximity, context);
  for (int i = 0; i < n; ++i) add_friction_3d(rows, i, normal[static_cast<std::size_t>(i)], proximity, context);
}

}  // namespace pegsim
