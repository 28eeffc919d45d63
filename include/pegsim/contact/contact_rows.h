// Shared building blocks for contact models: Jacobians, the predicted gap rho, friction.
#pragma once

#include <pegsim/assembly/row_system.h>
#include <pegsim/contact/model.h>

namespace pegsim {

// Generalized direction of a unit impulse along the contact normal (peg-reconstructed.md):
// body-A block [-n; -(r_A x n)], body-B block [n; r_B x n]; static bodies contribute nothing.
SparseTerms normal_jacobian(const Contact& contact, const ModelContext& context);
// Same along a tangent direction t (friction).
SparseTerms tangent_jacobian(const Contact& contact, const Vec2& tangent, const ModelContext& context);

// rho = G^T nu^{l+1} + psi / h: first-order estimate of psi^{l+1} / h (Egan eq. 5, first row;
// Nguyen eq. 3), psi = gap + gap_correction (the fixpoint's, contact.h). A Row with no variable terms.
Row predicted_gap_row(const Contact& contact, const ModelContext& context);

// Row arithmetic: a + s * b (velocity, variable terms and constants combined, terms merged).
Row add_rows(const Row& a, const Row& b, double s = 1.0);
Row scale_row(const Row& a, double s);

// A normal-impulse variable for a contact (direction = normal_jacobian).
int add_normal_impulse(RowSystem& rows, int contact_index, const ProximityResult& proximity,
                       const ModelContext& context, ConstraintKind constraint, int constraint_id);

// Stewart–Trinkle friction at a contact whose normal impulse is variable `normal_var`
// (Egan eqs 5-7): directions +t and -t, slip variable s, coefficient mu from the context.
// Adds nothing when mu == 0. Rows: W_f^T nu + E s >= 0 ⟂ p_f,  mu p_n - E^T p_f >= 0 ⟂ s.
void add_friction(RowSystem& rows, int contact_index, int normal_var, const ProximityResult& proximity,
                  const ModelContext& context);

// A contact treated as convex (Egan eq. 8; peg-reconstructed.md "U"): adds p_n with the row
// rho >= 0 ⟂ p_n >= 0, counts it in rows.unilateral_constraints and returns p_n's index.
int add_unilateral_contact(RowSystem& rows, int contact_index, const ProximityResult& proximity,
                           const ModelContext& context, int constraint_id);

// The "diff" max chain (Nguyen §2.1.2): for rows rho_1..rho_n adds slacks c_2..c_n with
//     0 <= c_k ⟂ c_k - rho_k + c_{k-1} + ... + c_2 + rho_1 >= 0      (k = 2..n),
// so that at any solution rho_1 + c_2 + ... + c_n = max(rho_1, ..., rho_n). Returns that row.
Row add_max_chain(RowSystem& rows, const std::vector<Row>& rho, ConstraintKind constraint, int constraint_id);

}  // namespace pegsim
