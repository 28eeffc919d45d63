// What contact models emit: complementarity pairs (variable ⟂ row) in terms of the unknown
// end-of-step velocity nu^{l+1}. Every model (standard, Egan max/sum, LNC, PEG) writes into this;
// assembly.h turns it into one LCP. Dimension-generic: velocities are addressed by global DOF index.
//
// Variable k (z_k >= 0) may be an impulse: it then has a generalized direction g_k (a sparse column
// over DOFs) and contributes M^{-1} g_k z_k to nu^{l+1}. Auxiliary variables (slacks c, g, d, ...)
// have no direction.
// Row k (w_k >= 0, complementary to z_k) is affine in nu^{l+1} and z:
//     w_k = r_k . nu^{l+1} + sum_j a_kj z_j + constant_k.
// With nu^{l+1} = nu_free + M^{-1} G z this gives B = A + R M^{-1} G, b = R nu_free + constant.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace pegsim {

using SparseTerms = std::vector<std::pair<int, double>>;  // (index, coefficient)

enum class VariableKind {
  NormalImpulse,    // p_n of a contact
  FrictionImpulse,  // p_f along one friction direction
  SlipRate,         // s (Stewart–Trinkle's sliding-speed multiplier)
  Auxiliary,        // slacks of the nonconvex formulations (c, d, g, h, ...)
};

// Which constraint a row belongs to, for per-step statistics (U, I, X counts) and rendering.
enum class ConstraintKind { Unilateral, Intercontact, CrossContact, Group, Friction, Other };

struct Variable {
  VariableKind kind = VariableKind::Auxiliary;
  SparseTerms direction;  // over DOFs; empty for auxiliary variables
  int contact = -1;       // index in ProximityResult::contacts, -1 if none
  ConstraintKind constraint = ConstraintKind::Other;
  int constraint_id = -1; // which U/I/X/group instance (model-defined numbering)
};

struct Row {
  SparseTerms velocity;   // r_k over DOFs
  SparseTerms variables;  // a_kj over variable indices
  double constant = 0.0;
};

class RowSystem {
 public:
  // Adds a variable and returns its index; its row must be set with set_row before assembly.
  int add_variable(Variable variable);
  void set_row(int variable, Row row);

  int size() const { return static_cast<int>(variables_.size()); }
  const std::vector<Variable>& variables() const { return variables_; }
  const std::vector<Row>& rows() const { return rows_; }
  // Variables whose row was never set (a model bug); assembly refuses such a system.
  std::vector<int> unset_rows() const;

  // Per-step statistics that models report (counts of U, I, X constraints and SM-trap sites).
  int unilateral_constraints = 0;
  int intercontact_constraints = 0;
  int cross_contact_constraints = 0;
  int groups = 0;
  int traps = 0;
  // Vertex–vertex sites given a crossing condition (PEG: its fitting sites; Egan/Nguyen group
  // models: the sites whose vertex groups were replaced, contact/configuration_sets.h).
  int vv_sites = 0;

 private:
  std::vector<Variable> variables_;
  std::vector<Row> rows_;
  std::vector<char> row_set_;
};

}  // namespace pegsim
