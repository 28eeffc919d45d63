// "egan-sum": Egan, Berard, Trinkle, summation formulation, eqs (24)-(28), n sides by eq. (30) and
// the appendix (34)-(35). Per group with sides i = 1..n and a_i = rho_i, e = epsilon / h:
//   0 <= c_i - a_i - e               ⟂ c_i  >= 0   (25)-(26)  c_i = max(-e, a_i) + e
//   0 <= c_1 + ... + c_n - e         ⟂ p_in >= 0   (27)-(28)
// so the p rows read  max(-e, a_1) + ... + max(-e, a_n) + (n - 1) e >= 0, eq. (30).
// Note: appendix (35) prints the constant of the p rows as -(e)(D^T D e_y - e_y) = -(n - 1) e,
// which equals -e only for n = 2. For n > 2 it would give sum max(-e, a_i) + e >= 0 and reject a
// point lying on side 1 while the other sides are far away (a_1 = 0, a_k <= -e): we follow (30).
// Variable order per group: c_1..c_n, p_1n..p_nn (the paper's worked example order).
//
// The valid region is the union of the half-spaces plus a "capped corner" (Egan Fig. 4): a point
// may end up inside the corner: at a right-angled two-sided corner up to epsilon / 2 from the free
// space (both planes penetrated by epsilon / 2 at the cap's middle); more at sharp corners and with
// many short sides (Fig. 7). Force may come from any side of a group in contact, not only from the
// sides in contact.
//
// Vertex–vertex sites of two polygons (configuration_sets.h): the site's crossing condition is
// enforced WITHOUT the cap. With the site's DNF configurations g as the "sides", a_g = min_{k in g}
// rho_k, eq. (30) would read sum_g max(-e, a_g) + (G - 1) e >= 0, and the DNF's configurations
// overlap ({c1,c3} and {c1,c4} share c1): a box sliding flat over a seam keeps two of them at 0
// at once, so the sum rows are slack by about e whenever the box is supported there and forbid
// every force of the site. Measured on scenes/tiled_floor.json (frictionless, h = 0.01): each
// crossing sank the box 0.07 mm into the cap, the engine's search answer failed the sum rows at
// every crossing and the LCP solver's answer launched the box at the third seam (3 -> 1.5 m/s,
// 45 mm up, 8.8 rad/s); a column of boxes at rest (all configurations tied) sank 2 e / 3 per
// interface and, frictionless, the solver's fallback flew it apart. So a site set gets
//   M = max_g a_g (max chain, Nguyen §2.1.2),   0 <= p_k ⟂ M + (rho_k - t_k) >= 0,
// t_k = max of a_g over the configurations containing k. rho_k - t_k >= 0 always, so the rows hold
// iff M >= 0 when every p_k = 0, the row of the arg-min contact of the arg-max configuration is M
// itself (the rows enforce M >= 0), and p_k > 0 needs M = 0 and rho_k = t_k: force from a member
// that attains its best configuration's minimum (not necessarily an active one: Egan's summation
// form also lets any side of a touching group push). Egan's groups elsewhere keep the cap.

#include "grouped_model.h"

#include <pegsim/contact/disjunction_rows.h>
#include <pegsim/contact/models.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace pegsim {
namespace {

// Automatic epsilon (a length): 1e-3 of the size of the smaller non-particle body of the group
// (diameter of its bounding circle), at most 1e-3 m (so a particle against a large obstacle gets
// 1 mm). The capped-corner error is of this size, a thousandth of the bodies involved; much smaller
// values lose precision against the other rows (paper §VII).
double group_epsilon(const std::vector<int>& sides, const ProximityResult& proximity, const ModelContext& context) {
  if (context.options.epsilon > 0.0) return context.options.epsilon;
  const auto [body_a, body_b] = proximity.bodies_of(static_cast<std::size_t>(sides.front()));
  double size = 1.0;  // metres
  for (int index : {body_a, body_b}) {
    const double diameter = body_diameter(context, index);
    if (diameter > 0.0 && std::isfinite(diameter)) size = std::min(size, diameter);
  }
  return 1e-3 * size;
}

// A vertex–vertex site set (comment at the top): no cap. M = max_g a_g (max chain), t_k = max of
// a_g over the configurations containing k, and 0 <= p_k ⟂ M + (rho_k - t_k) >= 0.
std::vector<int> emit_sum_site_set(const ConfigurationSet& set, const ProximityResult& proximity,
                                   const ModelContext& context, RowSystem& rows) {
  const SlackLabel label{ConstraintKind::Group, set.group_index};
  const std::vector<Row> a = configuration_values(set, proximity, context, rows);
  const Row m = add_max_rows(rows, a, label);
  std::vector<int> p_n;
  for (int member : set.members) {
    std::vector<Row> with_k;
    for (int g : configurations_with(set, member)) with_k.push_back(a[static_cast<std::size_t>(g)]);
    const Row t = add_max_rows(rows, with_k, label);
    const Row rho = contact_gap_row(proximity, member, context);
    const int p = add_contact_impulse(rows, member, proximity, context, ConstraintKind::Group, set.group_index);
    rows.set_row(p, add_rows(add_rows(m, rho), t, -1.0));
    p_n.push_back(p);
  }
  return p_n;
}

std::vector<int> emit_sum_group(const ConfigurationSet& set, const ProximityResult& proximity,
                                const ModelContext& context, RowSystem& rows) {
  if (!set.plain()) return emit_sum_site_set(set, proximity, context, rows);
  const int group = set.group_index;
  const std::size_t n = set.configurations.size();
  const std::vector<Row> a = configuration_values(set, proximity, context, rows);  // validates h first
  const double e = group_epsilon(set.members, proximity, context) / context.time_step;

  std::vector<int> c(n), p_n(set.members.size());
  for (auto& v : c) v = add_group_slack(rows, group);
  for (std::size_t i = 0; i < set.members.size(); ++i) {
    p_n[i] = add_contact_impulse(rows, set.members[i], proximity, context, ConstraintKind::Group, group);
  }

  for (std::size_t i = 0; i < n; ++i) {  // (25)-(26)
    Row row = add_rows(variable_row(c[i]), a[i], -1.0);
    row.constant -= e;
    rows.set_row(c[i], row);
  }
  Row sum_c;  // (27)-(28), (30)
  for (int v : c) sum_c = add_rows(sum_c, variable_row(v));
  sum_c.constant = -e;
  for (int v : p_n) rows.set_row(v, sum_c);
  return p_n;
}

class EganSumModel final : public ContactModel {
 public:
  std::string name() const override { return "egan-sum"; }
  bool supports_3d() const override { return true; }
  bool uses_3d_sites() const override { return true; }

  FreeSpace free_space(const ProximityResult& proximity, const ModelContext& context) const override {
    return grouped_free_space(proximity, context);
  }

  void emit(const ProximityResult& proximity, const ModelContext& context, RowSystem& rows) const override {
    emit_grouped_model(proximity, context, rows, [&](const ConfigurationSet& set, RowSystem& out) {
      return emit_sum_group(set, proximity, context, out);
    });
  }
};

}  // namespace

std::unique_ptr<ContactModel> make_egan_sum_model() { return std::make_unique<EganSumModel>(); }

}  // namespace pegsim
