// Shared building blocks for contact models (contact_rows.h): Jacobians, rho, row arithmetic,
// normal impulses, Stewart–Trinkle friction and the max chain.
#include <pegsim/contact/contact_rows.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace pegsim {
namespace {

void check_context(const ModelContext& context, const char* where) {
  if (context.bodies == nullptr) throw std::invalid_argument(std::string(where) + ": ModelContext.bodies is null");
  if (context.dof_offset == nullptr) {
    throw std::invalid_argument(std::string(where) + ": ModelContext.dof_offset is null");
  }
  if (context.dof_offset->size() != context.bodies->size()) {
    throw std::invalid_argument(std::string(where) + ": ModelContext.dof_offset has " +
                                std::to_string(context.dof_offset->size()) + " entries for " +
                                std::to_string(context.bodies->size()) + " bodies");
  }
}

const Contact& contact_at(const ProximityResult& proximity, int contact_index, const char* where) {
  if (contact_index < 0 || contact_index >= static_cast<int>(proximity.contacts.size())) {
    throw std::out_of_range(std::string(where) + ": contact " + std::to_string(contact_index) +
                            " out of range (" + std::to_string(proximity.contacts.size()) + " contacts)");
  }
  return proximity.contacts[static_cast<std::size_t>(contact_index)];
}

// First DOF of body `index`, or -1 when it gets no Jacobian block (static or not in the system).
int body_dof(const ModelContext& context, int index, const char* where) {
  if (index < 0 || index >= static_cast<int>(context.bodies->size())) {
    throw std::out_of_range(std::string(where) + ": body " + std::to_string(index) + " out of range (" +
                            std::to_string(context.bodies->size()) + " bodies)");
  }
  if ((*context.bodies)[static_cast<std::size_t>(index)].is_static) return -1;
  return (*context.dof_offset)[static_cast<std::size_t>(index)];
}

// 2D block of a unit impulse along d applied at `point` on body `index` with sign s:
// [s d; s (r x d)], r = point - body position; nothing for a body without a velocity block.
struct Block {
  int offset = -1;
  double values[3] = {0.0, 0.0, 0.0};
};

Block contact_block(const ModelContext& context, int index, const Vec2& point, const Vec2& d, double sign,
                    const char* where) {
  Block block;
  block.offset = body_dof(context, index, where);
  if (block.offset < 0) return block;
  const Vec2 r = point - (*context.bodies)[static_cast<std::size_t>(index)].position;
  block.values[0] = sign * d.x();
  block.values[1] = sign * d.y();
  block.values[2] = sign * cross2(r, d);
  return block;
}

void append_block(SparseTerms& terms, const Block& block) {
  if (block.offset < 0) return;
  for (int i = 0; i < 3; ++i)
    if (block.values[i] != 0.0) terms.emplace_back(block.offset + i, block.values[i]);
}

// body-A block [-d; -(r_A x d)] at the vertex, body-B block [d; r_B x d] at the point on B.
// Built in DOF order (the two bodies' blocks are disjoint), exact zeros dropped: the form merged()
// would give, without sorting.
SparseTerms contact_jacobian(const Contact& contact, const Vec2& d, const ModelContext& context, const char* where) {
  check_context(context, where);
  if (contact.body_a == contact.body_b) {
    throw std::invalid_argument(std::string(where) + ": contact between body " + std::to_string(contact.body_a) +
                                " and itself");
  }
  if (!contact.point.allFinite() || !contact.normal.allFinite() || !std::isfinite(contact.gap) ||
      !std::isfinite(contact.gap_correction) || !d.allFinite()) {
    throw std::invalid_argument(std::string(where) + ": contact point, normal, gap or direction is not finite");
  }
  Block a = contact_block(context, contact.body_a, contact.point, d, -1.0, where);
  Block b = contact_block(context, contact.body_b, contact.point_on_b(), d, 1.0, where);
  if (b.offset >= 0 && (a.offset < 0 || b.offset < a.offset)) std::swap(a, b);
  SparseTerms terms;
  terms.reserve(6);
  append_block(terms, a);
  append_block(terms, b);
  return terms;
}

// Sorted by index, duplicates summed, exact zeros dropped: deterministic and minimal.
SparseTerms merged(SparseTerms terms) {
  std::stable_sort(terms.begin(), terms.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  SparseTerms out;
  for (const auto& [index, value] : terms) {
    if (!out.empty() && out.back().first == index) {
      out.back().second += value;
    } else {
      out.emplace_back(index, value);
    }
  }
  out.erase(std::remove_if(out.begin(), out.end(), [](const auto& t) { return t.second == 0.0; }), out.end());
  return out;
}

bool strictly_sorted(const SparseTerms& t) {
  for (std::size_t i = 1; i < t.size(); ++i)
    if (!(t[i - 1].first < t[i].first)) return false;
  return true;
}

// a + s b for terms sorted by index without duplicates (every Row and direction this file makes):
// one linear merge; exact zeros dropped. Other inputs go through merged().
SparseTerms combined(const SparseTerms& a, const SparseTerms& b, double s) {
  if (!strictly_sorted(a) || !strictly_sorted(b)) {
    SparseTerms all = a;
    for (const auto& [index, value] : b) all.emplace_back(index, s * value);
    return merged(std::move(all));
  }
  SparseTerms out;
  out.reserve(a.size() + b.size());
  std::size_t i = 0, j = 0;
  while (i < a.size() || j < b.size()) {
    if (j == b.size() || (i < a.size() && a[i].first < b[j].first)) {
      out.push_back(a[i++]);
    } else if (i == a.size() || b[j].first < a[i].first) {
      out.emplace_back(b[j].first, s * b[j].second);
      ++j;
    } else {
      out.emplace_back(a[i].first, a[i].second + s * b[j].second);
      ++i, ++j;
    }
    if (out.back().second == 0.0) out.pop_back();
  }
  return out;
}

double pair_friction(const ModelContext& context, int contact_index) {
  if (context.pair_friction == nullptr) return 0.0;  // no coefficients given: frictionless
  if (contact_index >= static_cast<int>(context.pair_friction->size())) {
    throw std::out_of_range("add_friction: ModelContext.pair_friction has " +
                            std::to_string(context.pair_friction->size()) + " entries, contact " +
                            std::to_string(contact_index) + " needs one");
  }
  const double mu = (*context.pair_friction)[static_cast<std::size_t>(contact_index)];
  if (!std::isfinite(mu) || mu < 0.0) {
    throw std::invalid_argument("add_friction: friction coefficient of contact " + std::to_string(contact_index) +
                                " is " + std::to_string(mu) + " (must be finite and >= 0)");
  }
  return mu;
}

}  // namespace

SparseTerms normal_jacobian(const Contact& contact, const ModelContext& context) {
  return contact_jacobian(contact, contact.normal, context, "normal_jacobian");
}

SparseTerms tangent_jacobian(const Contact& contact, const Vec2& tangent, const ModelContext& context) {
  return contact_jacobian(contact, tangent, context, "tangent_jacobian");
}

Row predicted_gap_row(const Contact& contact, const ModelContext& context) {
  if (!(context.time_step > 0.0) || !std::isfinite(context.time_step)) {
    throw std::invalid_argument("predicted_gap_row: ModelContext.time_step must be finite and > 0, got " +
                                std::to_string(context.time_step));
  }
  Row row;
  row.velocity = normal_jacobian(contact, context);
  row.constant = (contact.gap + contact.gap_correction) / context.time_step;  // psi / h (+ fixpoint correction)
  return row;
}

Row add_rows(const Row& a, const Row& b, double s) {
  Row row;
  row.velocity = combined(a.velocity, b.velocity, s);
  row.variables = combined(a.variables, b.variables, s);
  row.constant = a.constant + s * b.constant;
  return row;
}

Row scale_row(const Row& a, double s) { return add_rows(Row{}, a, s); }

int add_normal_impulse(RowSystem& rows, int contact_index, const ProximityResult& proximity,
                       const ModelContext& context, ConstraintKind constraint, int constraint_id) {
  const Contact& contact = contact_at(proximity, contact_index, "add_normal_impulse");
  Variable variable;
  variable.kind = VariableKind::NormalImpulse;
  variable.direction = normal_jacobian(contact, context);
  variable.contact = contact_index;
  variable.constraint = constraint;
  variable.constraint_id = constraint_id;
  return rows.add_variable(std::move(variable));
}

int add_unilateral_contact(RowSystem& rows, int contact_index, const ProximityResult& proximity,
                           const ModelContext& context, int constraint_id) {
  const int p = add_normal_impulse(rows, contact_index, proximity, context, ConstraintKind::Unilateral, constraint_id);
  rows.set_row(p, predicted_gap_row(proximity.contacts[static_cast<std::size_t>(contact_index)], context));
  ++rows.unilateral_constraints;
  return p;
}

// Stewart–Trinkle friction, Egan eqs 5-7, k = 2 directions in 2D:
//   0 <= p_f,j ⟂ W_f,j^T nu + s >= 0     (j = 1, 2: directions +t, -t; E = [1, 1]^T)
//   0 <= s     ⟂ mu p_n - p_f,1 - p_f,2 >= 0
// s is the sliding speed; at sliding, friction opposes the tangential velocity with |p_f| = mu p_n.
void add_friction(RowSystem& rows, int contact_index, int normal_var, const ProximityResult& proximity,
                  const ModelContext& context) {
  const Contact& contact = contact_at(proximity, contact_index, "add_friction");
  const double mu = pair_friction(context, contact_index);
  if (mu == 0.0) return;
  if (context.options.friction_directions != 2) {
    throw std::invalid_argument("add_friction: 2D friction uses exactly 2 directions, got friction_directions = " +
                                std::to_string(context.options.friction_directions));
  }
  if (normal_var < 0 || normal_var >= rows.size()) {
    throw std::out_of_range("add_friction: normal impulse variable " + std::to_string(normal_var) + " does not exist");
  }
  const Vec2 t = perp(contact.normal);
  const Vec2 directions[2] = {t, -t};

  int friction_vars[2];
  for (int j = 0; j < 2; ++j) {
    Variable variable;
    variable.kind = VariableKind::FrictionImpulse;
    variable.direction = tangent_jacobian(contact, directions[j], context);
    variable.contact = contact_index;
    variable.constraint = ConstraintKind::Friction;
    variable.constraint_id = contact_index;
    friction_vars[j] = rows.add_variable(std::move(variable));
  }
  Variable slip;
  slip.kind = VariableKind::SlipRate;
  slip.contact = contact_index;
  slip.constraint = ConstraintKind::Friction;
  slip.constraint_id = contact_index;
  const int s = rows.add_variable(std::move(slip));

  for (int j = 0; j < 2; ++j) {
    Row row;
    row.velocity = rows.variables()[static_cast<std::size_t>(friction_vars[j])].direction;  // W_f,j^T nu
    row.variables = {{s, 1.0}};                                                         // + E s
    rows.set_row(friction_vars[j], std::move(row));
  }
  Row slip_row;
  slip_row.variables = merged({{normal_var, mu}, {friction_vars[0], -1.0}, {friction_vars[1], -1.0}});
  rows.set_row(s, std::move(slip_row));
}

// Nguyen §2.1.2: c_k = max(rho_k - (rho_1 + c_2 + ... + c_{k-1}), 0) by Proposition 2.1, so the
// partial sums rho_1 + c_2 + ... + c_k are running maxima of rho_1..rho_k.
Row add_max_chain(RowSystem& rows, const std::vector<Row>& rho, ConstraintKind constraint, int constraint_id) {
  if (rho.empty()) throw std::invalid_argument("add_max_chain: no rows");
  Row running_max = rho.front();
  for (std::size_t k = 1; k < rho.size(); ++k) {
    Variable c;
    c.kind = VariableKind::Auxiliary;
    c.constraint = constraint;
    c.constraint_id = constraint_id;
    const int ck = rows.add_variable(std::move(c));
    Row ck_var;
    ck_var.variables = {{ck, 1.0}};
    // row of c_k: (rho_1 + c_2 + ... + c_k) - rho_k
    running_max = add_rows(running_max, ck_var);
    rows.set_row(ck, add_rows(running_max, rho[k], -1.0));
  }
  return running_max;
}

}  // namespace pegsim
