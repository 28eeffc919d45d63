// Skeleton shared by the nonconvex group models (grouped_model.h).
#include "grouped_model.h"

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
  std::vector<char> in_group(static_cast<std::size_t>(contact_count), 0);
  std::vector<std::pair<int, int>> impulses;  // (contact, normal variable), in creation order

  for (int g = 0; g < static_cast<int>(proximity.groups.size()); ++g) {
    const NonconvexGroup& group = proximity.groups[static_cast<std::size_t>(g)];
    check_group(group, g, contact_count);
    const std::vector<int> normal = emit_group(group.contacts, g, rows);
    if (normal.size() != group.contacts.size()) {
      throw std::logic_error("emit_grouped_model: group emitter returned " + std::to_string(normal.size()) +
                             " impulses for " + std::to_string(group.contacts.size()) + " sides");
    }
    for (std::size_t k = 0; k < normal.size(); ++k) {
      in_group[static_cast<std::size_t>(group.contacts[k])] = 1;
      impulses.emplace_back(group.contacts[k], normal[k]);
    }
    ++rows.groups;
    ++rows.traps;
  }
  // Ungrouped contacts are convex: Egan eq. 8 (appendix: the "x" constraints).
  for (int i = 0; i < contact_count; ++i) {
    if (!in_group[static_cast<std::size_t>(i)]) {
      impulses.emplace_back(i, add_unilateral_contact(rows, i, proximity, context, i));
    }
  }
  // Egan §VI: the normal impulses keep their meaning, so friction rows are unchanged.
  for (const auto& [contact, normal] : impulses) add_friction(rows, contact, normal, proximity, context);
}

std::vector<Row> side_gap_rows(const std::vector<int>& sides, const ProximityResult& proximity,
                               const ModelContext& context) {
  std::vector<Row> rho;
  rho.reserve(sides.size());
  for (int side : sides) rho.push_back(predicted_gap_row(proximity.contacts.at(static_cast<std::size_t>(side)), context));
  return rho;
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
