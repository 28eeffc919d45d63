// "egan-max": Egan, Berard, Trinkle, max formulation, eqs (13)-(22), generalised to n sides as in
// the appendix, eqs (29), (32)-(33). Per group with sides i = 1..n and a_i = rho_i:
//   0 <= c_i + a_i - 1          ⟂ c_i  >= 0   (13)-(14)  c_i = |min(a_i, 1) - 1|
//   0 <= g_1 + ... + g_n - 1    ⟂ d    >= 0   (15)
//   0 <= c_i + d - gamma        ⟂ g_i  >= 0   (16)-(17)  d = gamma - min_i c_i
//   0 <= h_i + a_i              ⟂ h_i  >= 0   (18)-(19)  h_i = |min(a_i, 0)|
//   0 <= d - gamma + 1          ⟂ p    >= 0   (20)       min(max_i a_i, 1) >= 0
//   0 <= h_i + d - gamma + 1    ⟂ p_in >= 0   (21)-(22)  force only on a side in contact
// Variable order per group: c_1..c_n, d, g_1..g_n, h_1..h_n, p, p_1n..p_nn (the paper's worked
// example order). p appears in no row: its column of B is zero, as printed in the paper; the
// solvers must tolerate it.
#include "grouped_model.h"

#include <pegsim/contact/models.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace pegsim {
namespace {

// Current gap rate of a contact, G^T nu^l, from the bodies' velocities at the start of the step.
double gap_rate_now(const Contact& contact, const ModelContext& context) {
  const auto point_velocity = [&](int index, const Vec2& point) -> Vec2 {
    const Body& body = context.bodies->at(static_cast<std::size_t>(index));
    if (body.is_static || context.dof_offset->at(static_cast<std::size_t>(index)) < 0) return Vec2::Zero();
    return body.velocity + body.angular_velocity * perp(point - body.position);
  };
  const Vec2 relative = point_velocity(contact.body_b, contact.point_on_b()) - point_velocity(contact.body_a, contact.point);
  return contact.normal.dot(relative);
}

// gamma must keep d > 0 in (16)-(17). The paper asks gamma > |min(a_1, ..., a_n, 0)| and suggests
// the scene diameter or twice the farthest travel in a step, in the units of a (gap / h, a
// velocity). With (20) in the system any gamma > 1 already suffices at a solution (d >= gamma - 1
// > 0 forces g_1 + ... + g_n = 1), so the bound only adds margin; a huge gamma costs precision
// (paper §VII). Automatic choice, per group, from the step's data:
//   gamma = 2 (1 + max_i (|psi_i| / h + |G_i^T nu^l| + max_travel / h)),
// i.e. twice a bound on |a_i| over the step, and at least 2.
double group_gamma(const std::vector<int>& sides, const ProximityResult& proximity, const ModelContext& context) {
  if (context.options.gamma > 0.0) return context.options.gamma;
  const double h = context.time_step;
  double scale = 0.0;
  for (int side : sides) {
    const Contact& contact = proximity.contacts.at(static_cast<std::size_t>(side));
    scale = std::max(scale, std::abs(contact.gap) / h + std::abs(gap_rate_now(contact, context)) +
                                std::max(context.max_travel, 0.0) / h);
  }
  const double gamma = 2.0 * (1.0 + scale);
  if (!std::isfinite(gamma)) throw std::invalid_argument("egan-max: automatic gamma is not finite (check gaps, velocities, max_travel)");
  return gamma;
}

std::vector<int> emit_max_group(const std::vector<int>& sides, int group, const ProximityResult& proximity,
                                const ModelContext& context, RowSystem& rows) {
  const std::size_t n = sides.size();
  const std::vector<Row> a = side_gap_rows(sides, proximity, context);  // validates h first
  const double gamma = group_gamma(sides, proximity, context);

  std::vector<int> c(n), g(n), h(n), p_n(n);
  for (auto& v : c) v = add_group_slack(rows, group);
  const int d = add_group_slack(rows, group);
  for (auto& v : g) v = add_group_slack(rows, group);
  for (auto& v : h) v = add_group_slack(rows, group);
  const int p = add_group_slack(rows, group);
  for (std::size_t i = 0; i < n; ++i) {
    p_n[i] = add_normal_impulse(rows, sides[i], proximity, context, ConstraintKind::Group, group);
  }

  Row d_minus_gamma = variable_row(d);  // d - gamma + 1, shared by (20)-(22)
  d_minus_gamma.constant = -gamma + 1.0;

  for (std::size_t i = 0; i < n; ++i) {  // (13)-(14)
    Row row = add_rows(a[i], variable_row(c[i]));
    row.constant -= 1.0;
    rows.set_row(c[i], row);
  }
  Row sum_g;  // (15)
  for (int v : g) sum_g = add_rows(sum_g, variable_row(v));
  sum_g.constant = -1.0;
  rows.set_row(d, sum_g);
  for (std::size_t i = 0; i < n; ++i) {  // (16)-(17)
    Row row = add_rows(variable_row(c[i]), variable_row(d));
    row.constant = -gamma;
    rows.set_row(g[i], row);
  }
  for (std::size_t i = 0; i < n; ++i) rows.set_row(h[i], add_rows(a[i], variable_row(h[i])));  // (18)-(19)
  rows.set_row(p, d_minus_gamma);                                                             // (20)
  for (std::size_t i = 0; i < n; ++i) rows.set_row(p_n[i], add_rows(d_minus_gamma, variable_row(h[i])));  // (21)-(22)
  return p_n;
}

class EganMaxModel final : public ContactModel {
 public:
  std::string name() const override { return "egan-max"; }

  FreeSpace free_space(const ProximityResult& proximity, const ModelContext& /*context*/) const override {
    return grouped_free_space(proximity);
  }

  void emit(const ProximityResult& proximity, const ModelContext& context, RowSystem& rows) const override {
    emit_grouped_model(proximity, context, rows, [&](const std::vector<int>& sides, int group, RowSystem& out) {
      return emit_max_group(sides, group, proximity, context, out);
    });
  }
};

}  // namespace

std::unique_ptr<ContactModel> make_egan_max_model() { return std::make_unique<EganMaxModel>(); }

}  // namespace pegsim
