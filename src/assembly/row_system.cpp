// RowSystem bookkeeping: variables and their complementary rows (row_system.h).
#include <pegsim/assembly/row_system.h>

#include <stdexcept>
#include <string>

namespace pegsim {

int RowSystem::add_variable(Variable variable) {
  variables_.push_back(std::move(variable));
  rows_.emplace_back();
  row_set_.push_back(0);
  return size() - 1;
}

void RowSystem::set_row(int variable, Row row) {
  if (variable < 0 || variable >= size()) {
    throw std::out_of_range("RowSystem::set_row: variable " + std::to_string(variable) +
                            " does not exist (system has " + std::to_string(size()) + " variables)");
  }
  rows_[static_cast<std::size_t>(variable)] = std::move(row);
  row_set_[static_cast<std::size_t>(variable)] = 1;
}

std::vector<int> RowSystem::unset_rows() const {
  std::vector<int> unset;
  for (int i = 0; i < size(); ++i) {
    if (!row_set_[static_cast<std::size_t>(i)]) unset.push_back(i);
  }
  return unset;
}

}  // namespace pegsim
