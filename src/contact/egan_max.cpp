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
//
// Vertex–vertex sites of two polygons (configuration_sets.h): the paper's sides i become the
// site's DNF configurations g, a_g = min_{k in g} rho_k (min chains, so (13)-(20) read
// "max_g min(a_g, 1) >= 0": the crossing condition), and each contact k of them gets
//   0 <= t_k + h_k              ⟂ h_k  >= 0   h_k = |min(t_k, 0)|, t_k = max of a_g over g containing k
//   0 <= h_k + (rho_k - t_k) + d - gamma + 1 ⟂ p_kn >= 0
// rho_k - t_k >= 0 always (rho_k >= a_g for g containing k), so as in (21)-(22) the rows never
// forbid more than (20) does, and p_kn > 0 needs the site touching (d - gamma + 1 = 0, i.e.
// max_g min(a_g, 1) = 0), a configuration with k at zero (h_k = 0, t_k <= 0) and rho_k = t_k = 0:
// force only on a contact that touches, in an active configuration. With one side per
// configuration t_k = a_i, rho_k - t_k = 0 and this is (21)-(22) itself.
#include "grouped_model.h"

#include <pegsim/contact/disjunction_rows.h>
#include <pegsim/contact/models.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace pegsim {
namespace {

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
    scale = std::max(scale, std::abs(proximity.gap(static_cast<std::size_t>(side))) / h +
                                std::abs(contact_gap_rate_now(proximity, side, context)) +
                                std::max(context.max_travel, 0.0) / h);
  }
  const double gamma = 2.0 * (1.0 + scale);
  if (!std::isfinite(gamma)) throw std::invalid_argument("egan-max: automatic gamma is not finite (check gaps, velocities, max_travel)");
  return gamma;
}

// Rows of the force p_kn of a member of a vertex–vertex site set (comment at the top); `a` are the
// configuration values.
Row site_member_force_row(const ConfigurationSet& set, int member, const std::vector<Row>& a,
                          const Row& d_minus_gamma, const ProximityResult& proximity, const ModelContext& context,
                          RowSystem& rows) {
  std::vector<Row> with_k;
  for (int g : configurations_with(set, member)) with_k.push_back(a[static_cast<std::size_t>(g)]);
  const Row t = add_max_rows(rows, with_k, SlackLabel{ConstraintKind::Group, set.group_index});
  const int h = add_group_slack(rows, set.group_index);
  rows.set_row(h, add_rows(t, variable_row(h)));  // t_k + h_k
  const Row rho = contact_gap_row(proximity, member, context);
  return add_rows(add_rows(add_rows(variable_row(h), rho), t, -1.0), d_minus_gamma);
}

std::vector<int> emit_max_group(const ConfigurationSet& set, const ProximityResult& proximity,
                                const ModelContext& context, RowSystem& rows) {
  const int group = set.group_index;
  const std::size_t n = set.configurations.size();
  const std::vector<Row> a = configuration_values(set, proximity, context, rows);  // validates h first
  const double gamma = group_gamma(set.members, proximity, context);

  std::vector<int> c(n), g(n), h(n), p_n(set.members.size());
  for (auto& v : c) v = add_group_slack(rows, group);
  const int d = add_group_slack(rows, group);
  for (auto& v : g) v = add_group_slack(rows, group);
  for (auto& v : h) v = add_group_slack(rows, group);
  const int p = add_group_slack(rows, group);
  for (std::size_t i = 0; i < set.members.size(); ++i) {
    p_n[i] = add_contact_impulse(rows, set.members[i], proximity, context, ConstraintKind::Group, group);
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
  if (set.plain()) {
    for (std::size_t i = 0; i < n; ++i) rows.set_row(p_n[i], add_rows(d_minus_gamma, variable_row(h[i])));  // (21)-(22)
  } else {
    for (std::size_t i = 0; i < set.members.size(); ++i) {
      rows.set_row(p_n[i], site_member_force_row(set, set.members[i], a, d_minus_gamma, proximity, context, rows));
    }
  }
  return p_n;
}

class EganMaxModel final : public ContactModel {
 public:
  std::string name() const override { return "egan-max"; }
  bool supports_3d() const override { return true; }
  bool uses_3d_sites() const override { return true; }

  FreeSpace free_space(const ProximityResult& proximity, const ModelContext& context) const override {
    return grouped_free_space(proximity, context);
  }

  void emit(const ProximityResult& proximity, const ModelContext& context, RowSystem& rows) const override {
    emit_grouped_model(proximity, context, rows, [&](const ConfigurationSet& set, RowSystem& out) {
      return emit_max_group(set, proximity, context, out);
    });
  }
};

}  // namespace

std::unique_ptr<ContactModel> make_egan_max_model() { return std::make_unique<EganMaxModel>(); }

}  // namespace pegsim
