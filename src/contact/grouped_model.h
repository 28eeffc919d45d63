// Private to src/contact: the skeleton shared by the nonconvex group models (egan-max, egan-sum,
// lnc, lnc-accurate). Each configuration set (configuration_sets.h: a group of
// ProximityResult::groups, or the crossing condition of vertex–vertex sites) gets the model's own
// rows; every other contact is convex (Egan eq. 8, one U row); friction is added at every normal
// impulse, unchanged by the nonconvex formulations (Egan §VI).
#pragma once

#include "configuration_sets.h"

#include <pegsim/contact/contact_rows.h>
#include <pegsim/contact/contact_rows_any.h>

#include <functional>
#include <vector>

namespace pegsim {

// Emits one set's variables and rows and returns the normal-impulse variable of each member
// (same order as set.members).
using GroupEmitter = std::function<std::vector<int>(const ConfigurationSet& set, RowSystem& rows)>;

// Validates the groups (>= 2 distinct, existing contacts each), emits every set of
// grouped_layout, then a U row for each contact in `always`, then friction. Counts rows.groups
// and rows.traps (= sets) and rows.vertex_sites.
void emit_grouped_model(const ProximityResult& proximity, const ModelContext& context, RowSystem& rows,
                        const GroupEmitter& emit_group);

// rho_k (contact_rows.h) of each side.
std::vector<Row> side_gap_rows(const std::vector<int>& sides, const ProximityResult& proximity,
                               const ModelContext& context);

// The value of each configuration of a set: rho_k for a single contact, else the min chain
// min_{k in g} rho_k (disjunction_rows.h, Nguyen Prop. 2.1), so that "configuration g holds" is
// value_g >= 0 and the set's condition is max_g value_g >= 0.
std::vector<Row> configuration_values(const ConfigurationSet& set, const ProximityResult& proximity,
                                      const ModelContext& context, RowSystem& rows);

// Indices of the configurations of `set` that contain `contact`.
std::vector<int> configurations_with(const ConfigurationSet& set, int contact);

// A row holding only +coefficient * variable.
Row variable_row(int variable, double coefficient = 1.0);

// A fresh auxiliary (slack) variable of a group.
int add_group_slack(RowSystem& rows, int group_index);

}  // namespace pegsim
