// Private to src/contact: the skeleton shared by the nonconvex group models (egan-max, egan-sum,
// lnc, lnc-accurate). Each group of ProximityResult::groups gets the model's own rows; every other
// contact is convex (Egan eq. 8, one U row); friction is added at every normal impulse, unchanged
// by the nonconvex formulations (Egan §VI).
#pragma once

#include <pegsim/contact/contact_rows.h>

#include <functional>
#include <vector>

namespace pegsim {

// Emits one group's variables and rows and returns the normal-impulse variable of each side
// (same order as `sides`).
using GroupEmitter = std::function<std::vector<int>(const std::vector<int>& sides, int group_index, RowSystem& rows)>;

// Validates the groups (>= 2 distinct, existing contacts each), emits every group, then a U row for
// each contact in no group (computed here, so a contact can never end up unconstrained), then
// friction. Counts rows.groups and rows.traps (= groups).
void emit_grouped_model(const ProximityResult& proximity, const ModelContext& context, RowSystem& rows,
                        const GroupEmitter& emit_group);

// rho_k (contact_rows.h) of each side.
std::vector<Row> side_gap_rows(const std::vector<int>& sides, const ProximityResult& proximity,
                               const ModelContext& context);

// A row holding only +coefficient * variable.
Row variable_row(int variable, double coefficient = 1.0);

// A fresh auxiliary (slack) variable of a group.
int add_group_slack(RowSystem& rows, int group_index);

}  // namespace pegsim
