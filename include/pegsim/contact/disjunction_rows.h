// "At least one group of conditions holds at the end of the step" as LCP rows, without dummy
// variables or zero columns. Shared by peg, peg-accurate and any model that needs max/min of
// predicted gaps (rho_k = G_k^T nu + psi_k / h, contact_rows.h). Every argument is a Row, i.e. an
// affine expression in nu^{l+1} and in variables already in the RowSystem, so chains compose.
//
// Building blocks (each slack has a 1 on its own diagonal, so no column of the LCP matrix is zero):
//   max(x_1..x_n) = x_1 + c_2 + ... + c_n,  0 <= c_k ⟂ c_k - x_k + x_1 + c_2 + ... + c_{k-1} >= 0
//       (Nguyen §2.1.2; add_max_chain in contact_rows.h): c_k = max(0, x_k - max(x_1..x_{k-1})).
//   min(x_1..x_n) = x_1 - e_2 - ... - e_n,  0 <= e_k ⟂ e_k + x_k - (x_1 - e_2 - ... - e_{k-1}) >= 0
//       so e_k = max(0, min(x_1..x_{k-1}) - x_k) (Nguyen's Proposition 2.1 with a = min - x_k).
//
// A disjunction of conjunctions (DNF) of gap conditions,  OR_g AND_{k in g} rho_k >= 0,  is
//   M = max_g m_g >= 0,   m_g = min_{k in g} rho_k.
// Two ways to let impulses enforce it:
//  * single primary (PEG's "least accurate form", Nguyen §2.1):  0 <= p_j ⟂ M >= 0 for each force
//    variable j; force may act whenever the site touches, along whichever normal j has.
//  * accurate: every member k gets  0 <= p_k ⟂ R_k = 2M - 2 m*(k) + rho_k >= 0,  where
//    m*(k) = max of m_g over the groups g that contain k (= m_g(k) when k is in one group).
//    Proof. rho_k >= m_g for every g containing k, so rho_k >= m*(k); and m*(k) <= M.
//    (i) M >= 0: R_k = M + (M - m*(k)) + (rho_k - m*(k)) is a sum of three non-negative terms, so
//        R_k >= 0, and R_k = 0 iff M = 0, a group containing k attains the max (m*(k) = M) and
//        rho_k = m*(k) = 0: force only on a member that touches at the end of the step and lies
//        in a group that is the active configuration.
//    (ii) M < 0: let g* attain the max and k* attain the min in g*. Then m*(k*) >= m_g* = M and
//        m*(k*) <= M, so m*(k*) = M = rho_k*, and R_k* = 2M - 2M + M = M < 0: the row of k* is
//        violated. Hence any LCP solution has M >= 0 -- the pure inequality needs no dummy
//        multiplier (the zero column that crashed Nguyen's PATH runs, Nguyen §4.2).
//    Singleton groups (a plain I-constraint) give R_k = 2M - rho_k, the lnc-accurate row.
#pragma once

#include <pegsim/assembly/row_system.h>

#include <vector>

namespace pegsim {

// Labels for the slack variables a chain creates (statistics and rendering only).
struct SlackLabel {
  ConstraintKind constraint = ConstraintKind::Other;
  int constraint_id = -1;
};

// min(x_1..x_n) as a Row; adds n - 1 slacks e_k with their rows. Throws on an empty list.
Row add_min_rows(RowSystem& rows, const std::vector<Row>& x, const SlackLabel& label);

// max(x_1..x_n) as a Row; adds n - 1 slacks c_k with their rows. Throws on an empty list.
Row add_max_rows(RowSystem& rows, const std::vector<Row>& x, const SlackLabel& label);

// M = max_g min_{k in g} rho_k and the group minima m_g, in group order.
struct MaxOfMins {
  Row value;                      // M
  std::vector<Row> group_values;  // m_g
};

// Throws on an empty group list or an empty group.
MaxOfMins add_max_of_mins(RowSystem& rows, const std::vector<std::vector<Row>>& groups, const SlackLabel& label);

// R_k = 2M - 2 m*(k) + rho_k for a member k lying in the groups `groups_of_k` (indices into
// disjunction.group_values; one slack per extra group for m*(k)). Throws when groups_of_k is empty
// or out of range.
Row accurate_force_row(RowSystem& rows, const MaxOfMins& disjunction, const std::vector<int>& groups_of_k,
                       const Row& rho_k, const SlackLabel& label);

}  // namespace pegsim
