// Rows of a contact of either dimension (contact_rows_any.h).
#include <pegsim/contact/contact_rows_any.h>

#include <pegsim/contact/contact_rows.h>
#include <pegsim/contact/contact_rows_3d.h>

namespace pegsim {
namespace {

bool three_d(const ModelContext& context) { return context.bodies3d != nullptr; }

const Contact3d& contact_3d(const ProximityResult& proximity, int contact) {
  return proximity.three_d.contacts.at(static_cast<std::size_t>(contact));
}

}  // namespace

Row contact_gap_row(const ProximityResult& proximity, int contact, const ModelContext& context) {
  if (three_d(context)) return predicted_gap_row_3d(contact_3d(proximity, contact), rows_context_3d(context));
  return predicted_gap_row(proximity.contacts.at(static_cast<std::size_t>(contact)), context);
}

int add_contact_impulse(RowSystem& rows, int contact, const ProximityResult& proximity, const ModelContext& context,
                        ConstraintKind constraint, int constraint_id) {
  if (three_d(context)) {
    return add_normal_impulse_3d(rows, contact, proximity.three_d, rows_context_3d(context), constraint, constraint_id);
  }
  return add_normal_impulse(rows, contact, proximity, context, constraint, constraint_id);
}

int add_contact_unilateral(RowSystem& rows, int contact, const ProximityResult& proximity, const ModelContext& context) {
  if (three_d(context)) return add_unilateral_contact_3d(rows, contact, proximity.three_d, rows_context_3d(context));
  return add_unilateral_contact(rows, contact, proximity, context, contact);
}

void add_contact_friction(RowSystem& rows, int contact, int normal_var, const ProximityResult& proximity,
                          const ModelContext& context) {
  if (three_d(context)) return add_friction_3d(rows, contact, normal_var, proximity.three_d, rows_context_3d(context));
  add_friction(rows, contact, normal_var, proximity, context);
}

double contact_gap_rate_now(const ProximityResult& proximity, int contact, const ModelContext& context) {
  if (three_d(context)) {
    const Contact3d& c = contact_3d(proximity, contact);
    auto point_velocity = [&](int index, const Vec3& point) -> Vec3 {
      const Body3d& body = context.bodies3d->at(static_cast<std::size_t>(index));
      if (body.is_static || context.dof_offset->at(static_cast<std::size_t>(index)) < 0) return Vec3::Zero();
      return body.velocity + body.angular_velocity.cross(point - body.position);
    };
    return c.normal.dot(point_velocity(c.body_b, c.point_b) - point_velocity(c.body_a, c.point_a));
  }
  const Contact& c = proximity.contacts.at(static_cast<std::size_t>(contact));
  auto point_velocity = [&](int index, const Vec2& point) -> Vec2 {
    const Body& body = context.bodies->at(static_cast<std::size_t>(index));
    if (body.is_static || context.dof_offset->at(static_cast<std::size_t>(index)) < 0) return Vec2::Zero();
    return body.velocity + body.angular_velocity * perp(point - body.position);
  };
  return c.normal.dot(point_velocity(c.body_b, c.point_on_b()) - point_velocity(c.body_a, c.point));
}

double body_diameter(const ModelContext& context, int index) {
  if (three_d(context)) return 2.0 * context.bodies3d->at(static_cast<std::size_t>(index)).bounding_radius();
  return 2.0 * context.bodies->at(static_cast<std::size_t>(index)).bounding_radius();
}

}  // namespace pegsim
