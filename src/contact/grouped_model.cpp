// Skeleton shared by the nonconvex group models (grouped_model.h).
#include "grouped_model.h"

#include <pegsim/contact/contact_rows_any.h>
#include <pegsim/contact/disjunction_rows.h>

#include <algorithm>
#include <stdexcept>
#include <string>

namespace pegsim {
namespace {

void check_group(const NonconvexGroup& group, int group_index, int contact_count) {
  const std::string name = "ProximityResult.groups[" + std::to_string(group_index) + "]";
  if (group.contacts.size() < 2) {
    throw std::invalid_argument(name + ": a nonconvex group needs at least 2 sides, has " +
                                std::to_string(group.contacts.size()));
  }
  std::vector<int> sorted = group.contacts;
  std::sort(sorted.begin(), sorted.end());
  if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) {
    throw std::invalid_argument(name + ": a contact appears twice");
  }
  if (sorted.front() < 0 || sorted.back() >= contact_count) {
    throw std::invalid_argument(name + ": contact index out of range (" + std::to_string(contact_count) +
                                " contacts)");
  }
}

}  // namespace

void emit_grouped_model(const ProximityResult& proximity, const ModelContext& context, RowSystem& rows,
                        const GroupEmitter& emit_group) {
  const int contact_count = static_cast<int>(proximity.contacts.size());
  for (int g = 0; g < static_cast<int>(proximity.groups.size()); ++g) {
    check_group(proximity.groups[static_cast<std::size_t>(g)], g, contact_count);
  }
  const GroupedLayout layout = grouped_layout(proximity, context);
  std::vector<std::pair<int, int>> impulses;  // (contact, normal variable), in creation order

  for (const ConfigurationSet& set : layout.sets) {
    const std::vector<int> normal = emit_group(set, rows);
    if (normal.size() != set.members.size()) {
      throw std::logic_error("emit_grouped_model: group emitter returned " + std::to_string(normal.size()) +
                             " impulses for " + std::to_string(set.members.size()) + " members");
    }
    for (std::size_t k = 0; k < normal.size(); ++k) impulses.emplace_back(set.members[k], normal[k]);
    ++rows.groups;
    ++rows.traps;
  }
  rows.vv_sites += layout.vertex_sites;
  // Ungrouped contacts are convex: Egan eq. 8 (appendix: the "x" constraints).
  for (int i : layout.always) impulses.emplace_back(i, add_contact_unilateral(rows, i, proximity, context));
  // Egan §VI: the normal impulses keep their meaning, so friction rows are unchanged.
  for (const auto& [contact, normal] : impulses) add_contact_friction(rows, contact, normal, proximity, context);
}

std::vector<Row> side_gap_rows(const std::vector<int>& sides, const ProximityResult& proximity,
                               const ModelContext& context) {
  std::vector<Row> rho;
  rho.reserve(sides.size());
  for (int side : sides) rho.push_back(contact_gap_row(proximity, side, context));
  return rho;
}

std::vector<Row> configuration_values(const ConfigurationSet& set, const ProximityResult& proximity,
                                      const ModelContext& context, RowSystem& rows) {
  const SlackLabel label{ConstraintKind::Group, set.group_index};
  std::vector<Row> values;
  for (const std::vector<int>& configuration : set.configurations) {
    values.push_back(add_min_rows(rows, side_gap_rows(configuration, proximity, context), label));
  }
  return values;
}

std::vector<int> configurations_with(const ConfigurationSet& set, int contact) {
  std::vector<int> out;
  for (std::size_t g = 0; g < set.configurations.size(); ++g) {
    const std::vector<int>& conf = set.configurations[g];
    if (std::find(conf.begin(), conf.end(), contact) != conf.end()) out.push_back(static_cast<int>(g));
  }
  return out;
}

Row variable_row(int variable, double coefficient) {
  Row row;
  row.variables = {{variable, coefficient}};
  return row;
}

int add_group_slack(RowSystem& rows, int group_index) {
  Variable slack;
  slack.kind = VariableKind::Auxiliary;
  slack.constraint = ConstraintKind::Group;
  slack.constraint_id = group_index;
  return rows.add_variable(std::move(slack));
}

}  // namespace pegsim
