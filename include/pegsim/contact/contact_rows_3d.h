// Stewart–Trinkle rows of 3D contacts (Egan et al. eqs 5-7 with k friction directions), written
// into the shared RowSystem over global DOF indices: a dynamic body i owns the 6 DOFs
// dof_offset[i] .. +5 = (v, omega), both in the world frame; static bodies own none.
// The 2D rows are contact_rows.h; both feed the same assembly (assembly.h) and solvers.
#pragma once

#include <pegsim/assembly/row_system.h>
#include <pegsim/contact/friction_cone_3d.h>
#include <pegsim/dynamics/body3d.h>
#include <pegsim/lcp/problem.h>
#include <pegsim/proximity/contact3d.h>

#include <vector>

namespace pegsim {

// What the 3D rows read. dof_offset: per body, its first DOF or -1 (static, not spawned).
struct ContactRows3dContext {
  double time_step = 0.01;
  const std::vector<Body3d>* bodies = nullptr;
  const std::vector<int>* dof_offset = nullptr;
  const std::vector<double>* pair_friction = nullptr;  // per contact: mu; null = frictionless
  // The free velocities (dynamics/velocity_layout_3d.h), to align each friction cone with its
  // contact's predicted slide; null: fixed frames.
  const Vec* nu_free = nullptr;
  FrictionCone3d cone;
};

// Generalized direction of a unit impulse along d at the contact (Contact3d's convention):
// body A [-d; -(r_A x d)] at point_a, body B [d; r_B x d] at point_b, r from each centre of mass.
// Sorted by DOF, exact zeros dropped.
SparseTerms contact_jacobian_3d(const Contact3d& contact, const Vec3& d, const ContactRows3dContext& context);

// Velocity of B's contact point relative to A's, (v_B + w_B x r_B) - (v_A + w_A x r_A), at nu.
Vec3 contact_relative_velocity_3d(const Contact3d& contact, const ContactRows3dContext& context, const Vec& nu);

// rho = n^T(relative velocity at nu^{l+1}) + psi / h, psi = gap + gap_correction (Egan eq. 5, row 1).
Row predicted_gap_row_3d(const Contact3d& contact, const ContactRows3dContext& context);

// A normal-impulse variable along the contact's normal, without its row (the nonconvex models
// set a row of their own); returns its index.
int add_normal_impulse_3d(RowSystem& rows, int contact_index, const ProximityResult3d& proximity,
                          const ContactRows3dContext& context, ConstraintKind constraint, int constraint_id);

// p_n >= 0 ⟂ rho >= 0 (Egan eq. 8, the convex "U" constraint); returns p_n's variable index.
int add_unilateral_contact_3d(RowSystem& rows, int contact_index, const ProximityResult3d& proximity,
                              const ContactRows3dContext& context);

// Stewart–Trinkle friction at a contact whose normal impulse is `normal_var` (Egan eqs 5-7):
//   0 <= beta_j ⟂ d_j^T(relative velocity) + s >= 0     (j < k, d_j from friction_cone_3d.h)
//   0 <= s      ⟂ mu p_n - sum_j beta_j >= 0
// Adds nothing when mu == 0.
void add_friction_3d(RowSystem& rows, int contact_index, int normal_var, const ProximityResult3d& proximity,
                     const ContactRows3dContext& context);

}  // namespace pegsim
