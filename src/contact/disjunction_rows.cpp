// max / min chains and the accurate force row (disjunction_rows.h has the equations and the proof).
#include <pegsim/contact/disjunction_rows.h>

#include <pegsim/contact/contact_rows.h>

#include <stdexcept>
#include <string>

namespace pegsim {
namespace {

int add_slack(RowSystem& rows, const SlackLabel& label) {
  Variable slack;
  slack.kind = VariableKind::Auxiliary;
  slack.constraint = label.constraint;
  slack.constraint_id = label.constraint_id;
  return rows.add_variable(std::move(slack));
}

Row single_variable(int variable, double coefficient) {
  Row row;
  row.variables = {{variable, coefficient}};
  return row;
}

}  // namespace

Row add_min_rows(RowSystem& rows, const std::vector<Row>& x, const SlackLabel& label) {
  if (x.empty()) throw std::invalid_argument("add_min_rows: no rows");
  Row running_min = x.front();
  for (std::size_t k = 1; k < x.size(); ++k) {
    const int e = add_slack(rows, label);
    // row of e_k: e_k + x_k - min(x_1..x_{k-1})  =>  e_k = max(0, min(x_1..x_{k-1}) - x_k)
    rows.set_row(e, add_rows(add_rows(single_variable(e, 1.0), x[k]), running_min, -1.0));
    running_min = add_rows(running_min, single_variable(e, 1.0), -1.0);
  }
  return running_min;
}

Row add_max_rows(RowSystem& rows, const std::vector<Row>& x, const SlackLabel& label) {
  if (x.empty()) throw std::invalid_argument("add_max_rows: no rows");
  return add_max_chain(rows, x, label.constraint, label.constraint_id);
}

MaxOfMins add_max_of_mins(RowSystem& rows, const std::vector<std::vector<Row>>& groups, const SlackLabel& label) {
  if (groups.empty()) throw std::invalid_argument("add_max_of_mins: no groups");
  MaxOfMins out;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    if (groups[g].empty()) throw std::invalid_argument("add_max_of_mins: group " + std::to_string(g) + " is empty");
    out.group_values.push_back(add_min_rows(rows, groups[g], label));
  }
  out.value = add_max_rows(rows, out.group_values, label);
  return out;
}

Row accurate_force_row(RowSystem& rows, const MaxOfMins& disjunction, const std::vector<int>& groups_of_k,
                       const Row& rho_k, const SlackLabel& label) {
  if (groups_of_k.empty()) throw std::invalid_argument("accurate_force_row: the member lies in no group");
  std::vector<Row> member_groups;
  for (int g : groups_of_k) {
    if (g < 0 || g >= static_cast<int>(disjunction.group_values.size())) {
      throw std::out_of_range("accurate_force_row: group " + std::to_string(g) + " out of range (" +
                              std::to_string(disjunction.group_values.size()) + " groups)");
    }
    member_groups.push_back(disjunction.group_values[static_cast<std::size_t>(g)]);
  }
  const Row best_group = add_max_rows(rows, member_groups, label);  // m*(k)
  // 2M - 2 m*(k) + rho_k
  return add_rows(add_rows(scale_row(disjunction.value, 2.0), best_group, -2.0), rho_k);
}

}  // namespace pegsim
