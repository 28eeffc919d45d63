// The rows of one potential contact of either dimension (ProximityResult::contacts in 2D,
// ProximityResult::three_d in 3D): what the nonconvex models that are written once for both call.
// Each forwards to contact_rows.h (2D) or contact_rows_3d.h (3D) by ModelContext::bodies3d.
#pragma once

#include <pegsim/contact/model.h>

namespace pegsim {

// rho_k = G_k^T nu^{l+1} + psi_k / h.
Row contact_gap_row(const ProximityResult& proximity, int contact, const ModelContext& context);

// A normal-impulse variable along contact k's normal, without its row.
int add_contact_impulse(RowSystem& rows, int contact, const ProximityResult& proximity, const ModelContext& context,
                        ConstraintKind constraint, int constraint_id);

// 0 <= p ⟂ rho >= 0; returns p.
int add_contact_unilateral(RowSystem& rows, int contact, const ProximityResult& proximity, const ModelContext& context);

// Stewart–Trinkle friction at contact k for the normal impulse `normal_var` (nothing when mu = 0).
void add_contact_friction(RowSystem& rows, int contact, int normal_var, const ProximityResult& proximity,
                          const ModelContext& context);

// G_k^T nu^l: the gap rate at the bodies' velocities at the start of the step.
double contact_gap_rate_now(const ProximityResult& proximity, int contact, const ModelContext& context);

// Diameter of the bounding circle or sphere of body `index` about its centre of mass.
double body_diameter(const ModelContext& context, int index);

}  // namespace pegsim
