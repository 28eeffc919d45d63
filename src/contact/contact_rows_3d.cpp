// Stewart–Trinkle rows of 3D contacts (contact_rows_3d.h).
#include <pegsim/contact/contact_rows_3d.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace pegsim {
namespace {

void check_context(const ContactRows3dContext& context, const char* where) {
  if (context.bodies == nullptr || context.dof_offset == nullptr) {
    throw std::invalid_argument(std::string(where) + ": context.bodies or context.dof_offset is null");
  }
  if (context.dof_offset->size() != context.bodies->size()) {
    throw std::invalid_argument(std::string(where) + ": context.dof_offset has " +
                                std::to_string(context.dof_offset->size()) + " entries for " +
                                std::to_string(context.bodies->size()) + " bodies");
  }
}

const Contact3d& contact_at(const ProximityResult3d& proximity, int index, const char* where) {
  if (index < 0 || index >= static_cast<int>(proximity.contacts.size())) {
    throw std::out_of_range(std::string(where) + ": contact " + std::to_string(index) + " out of range (" +
                            std::to_string(proximity.contacts.size()) + " contacts)");
  }
  return proximity.contacts[static_cast<std::size_t>(index)];
}

// First DOF of body `index`, or -1 when it has none.
int body_dof(const ContactRows3dContext& context, int index, const char* where) {
  if (index < 0 || index >= static_cast<int>(context.bodies->size())) {
    throw std::out_of_range(std::string(where) + ": body " + std::to_string(index) + " out of range (" +
                            std::to_string(context.bodies->size()) + " bodies)");
  }
  if ((*context.bodies)[static_cast<std::size_t>(index)].is_static) return -1;
  return (*context.dof_offset)[static_cast<std::size_t>(index)];
}

struct Block3d {
  int offset = -1;
  double values[6] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
};

// [s d; s (r x d)] for an impulse at `point` on body `index`.
Block3d contact_block(const ContactRows3dContext& context, int index, const Vec3& point, const Vec3& d, double sign,
                      const char* where) {
  Block3d block;
  block.offset = body_dof(context, index, where);
  if (block.offset < 0) return block;
  const Vec3 r = point - (*context.bodies)[static_cast<std::size_t>(index)].position;
  const Vec3 torque = r.cross(d);
  for (int i = 0; i < 3; ++i) {
    block.values[i] = sign * d[i];
    block.values[3 + i] = sign * torque[i];
  }
  return block;
}

void append_block(SparseTerms& terms, const Block3d& block) {
  if (block.offset < 0) return;
  for (int i = 0; i < 6; ++i)
    if (block.values[i] != 0.0) terms.emplace_back(block.offset + i, block.values[i]);
}

// Point velocity v + w x r of body `index` at `point`, zero for a body without DOFs.
Vec3 point_velocity(const ContactRows3dContext& context, int index, const Vec3& point, const Vec& nu) {
  const int offset = body_dof(context, index, "contact_relative_velocity_3d");
  if (offset < 0) return Vec3::Zero();
  if (offset + 6 > nu.size()) throw std::out_of_range("contact_relative_velocity_3d: nu is too short");
  const Vec3 r = point - (*context.bodies)[static_cast<std::size_t>(index)].position;
  return nu.segment<3>(offset) + Vec3(nu.segment<3>(offset + 3)).cross(r);
}

double pair_friction(const ContactRows3dContext& context, int contact_index) {
  if (context.pair_friction == nullptr) return 0.0;
  if (contact_index >= static_cast<int>(context.pair_friction->size())) {
    throw std::out_of_range("add_friction_3d: context.pair_friction has " +
                            std::to_string(context.pair_friction->size()) + " entries, contact " +
                            std::to_string(contact_index) + " needs one");
  }
  const double mu = (*context.pair_friction)[static_cast<std::size_t>(contact_index)];
  if (!std::isfinite(mu) || mu < 0.0) {
    throw std::invalid_argument("add_friction_3d: friction coefficient of contact " + std::to_string(contact_index) +
                                " is " + std::to_string(mu) + " (must be finite and >= 0)");
  }
  return mu;
}

}  // namespace

SparseTerms contact_jacobian_3d(const Contact3d& contact, const Vec3& d, const ContactRows3dContext& context) {
  const char* where = "contact_jacobian_3d";
  check_context(context, where);
  if (contact.body_a == contact.body_b) {
    throw std::invalid_argument(std::string(where) + ": contact between body " + std::to_string(contact.body_a) +
                                " and itself");
  }
  if (!contact.point_a.allFinite() || !contact.point_b.allFinite() || !contact.normal.allFinite() ||
      !std::isfinite(contact.gap) || !std::isfinite(contact.gap_correction) || !d.allFinite()) {
    throw std::invalid_argument(std::string(where) + ": contact point, normal, gap or direction is not finite");
  }
  Block3d a = contact_block(context, contact.body_a, contact.point_a, d, -1.0, where);
  Block3d b = contact_block(context, contact.body_b, contact.point_b, d, 1.0, where);
  if (b.offset >= 0 && (a.offset < 0 || b.offset < a.offset)) std::swap(a, b);
  SparseTerms terms;
  terms.reserve(12);
  append_block(terms, a);
  append_block(terms, b);
  return terms;
}

Vec3 contact_relative_velocity_3d(const Contact3d& contact, const ContactRows3dContext& context, const Vec& nu) {
  check_context(context, "contact_relative_velocity_3d");
  return point_velocity(context, contact.body_b, contact.point_b, nu) -
         point_velocity(context, contact.body_a, contact.point_a, nu);
}

Row predicted_gap_row_3d(const Contact3d& contact, const ContactRows3dContext& context) {
  if (!(context.time_step > 0.0) || !std::isfinite(context.time_step)) {
    throw std::invalid_argument("predicted_gap_row_3d: context.time_step must be finite and > 0, got " +
                                std::to_string(context.time_step));
  }
  Row row;
  row.velocity = contact_jacobian_3d(contact, contact.normal, context);
  row.constant = (contact.gap + contact.gap_correction) / context.time_step;  // psi / h
  return row;
}

int add_normal_impulse_3d(RowSystem& rows, int contact_index, const ProximityResult3d& proximity,
                          const ContactRows3dContext& context, ConstraintKind constraint, int constraint_id) {
  const Contact3d& contact = contact_at(proximity, contact_index, "add_normal_impulse_3d");
  Variable p;
  p.kind = VariableKind::NormalImpulse;
  p.direction = contact_jacobian_3d(contact, contact.normal, context);
  p.contact = contact_index;
  p.constraint = constraint;
  p.constraint_id = constraint_id;
  return rows.add_variable(std::move(p));
}

int add_unilateral_contact_3d(RowSystem& rows, int contact_index, const ProximityResult3d& proximity,
                              const ContactRows3dContext& context) {
  const int index =
      add_normal_impulse_3d(rows, contact_index, proximity, context, ConstraintKind::Unilateral, contact_index);
  rows.set_row(index, predicted_gap_row_3d(proximity.contacts[static_cast<std::size_t>(contact_index)], context));
  ++rows.unilateral_constraints;
  return index;
}

void add_friction_3d(RowSystem& rows, int contact_index, int normal_var, const ProximityResult3d& proximity,
                     const ContactRows3dContext& context) {
  const Contact3d& contact = contact_at(proximity, contact_index, "add_friction_3d");
  const double mu = pair_friction(context, contact_index);
  if (mu == 0.0) return;
  if (normal_var < 0 || normal_var >= rows.size()) {
    throw std::out_of_range("add_friction_3d: normal impulse variable " + std::to_string(normal_var) +
                            " does not exist");
  }
  const Vec3 slide = context.nu_free != nullptr ? contact_relative_velocity_3d(contact, context, *context.nu_free)
                                                : Vec3::Zero();
  const std::vector<Vec3> directions = friction_directions_3d(contact.normal, slide, context.cone);

  std::vector<int> beta;
  beta.reserve(directions.size());
  for (const Vec3& d : directions) {
    Variable variable;
    variable.kind = VariableKind::FrictionImpulse;
    variable.direction = contact_jacobian_3d(contact, d, context);
    variable.contact = contact_index;
    variable.constraint = ConstraintKind::Friction;
    variable.constraint_id = contact_index;
    beta.push_back(rows.add_variable(std::move(variable)));
  }
  Variable slip;
  slip.kind = VariableKind::SlipRate;
  slip.contact = contact_index;
  slip.constraint = ConstraintKind::Friction;
  slip.constraint_id = contact_index;
  const int s = rows.add_variable(std::move(slip));

  for (int j : beta) {
    Row row;
    row.velocity = rows.variables()[static_cast<std::size_t>(j)].direction;  // W_f,j^T nu
    row.variables = {{s, 1.0}};                                               // + E s
    rows.set_row(j, std::move(row));
  }
  // mu p_n - E^T beta, terms sorted by variable index like every other row.
  Row slip_row;
  slip_row.variables.emplace_back(normal_var, mu);
  for (int j : beta) slip_row.variables.emplace_back(j, -1.0);
  std::sort(slip_row.variables.begin(), slip_row.variables.end());
  rows.set_row(s, std::move(slip_row));
}

}  // namespace pegsim
