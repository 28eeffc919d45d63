// A model's LCP solution built from known contact impulses (the configuration search's answer,
// dynamics/configuration_search.h): impulse variables take the values their contact carries, the
// model's auxiliary variables (slacks of its max/min chains) are solved from their own rows, and
// the whole vector goes through the independent check against the model's LCP. So a step whose
// impulses were chosen by physics is still a verified solution of the paper's formulation.
#pragma once

#include <pegsim/assembly/row_system.h>
#include <pegsim/lcp/solver.h>
#include <pegsim/lcp/sparse_lcp.h>

#include <array>
#include <vector>

namespace pegsim {

// The most friction directions a contact's cone may have where impulses are carried per contact
// (2D: 2; 3D: FrictionCone3d::directions).
inline constexpr int kMaxFrictionDirections = 16;

struct ContactImpulse {
  double normal = 0.0;
  // Along the cone's directions in add_friction's / add_friction_3d's order (2D: +t, -t).
  std::array<double, kMaxFrictionDirections> friction{};
  double slip = 0.0;  // Stewart–Trinkle sliding-speed multiplier
};

// Per contact, its first normal-impulse variable, its first friction pair and its first slip
// variable take the contact's values; other impulse variables of the contact are 0. With those
// fixed, the auxiliaries solve LCP(M_AA, q_A + M_AF z_F): by forward substitution when M_AA is
// triangular, else block by block (lcp/block_triangular.h), else by the auto solver. The result
// is finalized against `lcp` (status Solved only if the full vector passes the check, in
// O(nonzeros)); solver =
// "configurations".
// Throws std::invalid_argument when `impulses` does not cover every contact a variable names.
LcpResult candidate_solution(const RowSystem& rows, const SparseLcp& lcp, const std::vector<ContactImpulse>& impulses,
                             const SolveOptions& options);

}  // namespace pegsim
