// The standard model in 3D: Stewart–Trinkle with Coulomb friction on a polyhedral cone (Egan et al.
// eqs 5-8), every potential contact a convex half-space. The same rows as the 2D "standard" model
// (src/contact/standard.cpp) with 3D Jacobians; the row emitter a 3D (or dimension-generic)
// Simulation calls. Variable order: all normal impulses (contact order), then per frictional
// contact beta_0..beta_{k-1}, s.
#pragma once

#include <pegsim/contact/contact_rows_3d.h>

namespace pegsim {

void emit_standard_rows_3d(const ProximityResult3d& proximity, const ContactRows3dContext& context, RowSystem& rows);

}  // namespace pegsim
