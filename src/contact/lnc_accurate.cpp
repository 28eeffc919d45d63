// "lnc-accurate": Nguyen §2.2.2 (Egan and Pang's accurate "diff" form): the valid region is the
// union of the half-spaces and force acts only on a side that touches at the end of the step.
//
// Nguyen's literal form, 3n conditions per group of n sides, with m = rho_1 + c_2 + ... + c_n:
//   0 <= c_k  ⟂ c_k - rho_k + c_{k-1} + ... + c_2 + rho_1 >= 0   (k = 2..n)  c-chain: m = max_k rho_k
//   0 <= g_k  ⟂ g_k + rho_k >= 0                                (k = 1..n)  g_k = |min(rho_k, 0)|
//   0 <= p_kn ⟂ g_k + m >= 0                                    (k = 1..n)
//   0 <= p    ⟂ m >= 0                                          dummy: its column of B is all zero
// The dummy p enters no row, so B has a zero column; PATH crashed on it (Nguyen §4.2).
//
// Our default replaces the g's and p by, for every side k and a fixed weight K > 0,
//   0 <= p_kn ⟂ m + K (m - rho_k) >= 0                          (k = 1..n)
// which has the same solutions in (nu, p_n), 2n - 1 conditions and no zero column. Proof, using
// rho_k <= m for all k and rho_k* = m for an arg-max side k* (the c-chain fixes m = max rho):
//  (i)  rows feasible <=> m >= 0: if m >= 0 every row is m + K (m - rho_k) >= 0; conversely the
//       row of k* equals m, so the rows themselves enforce max(rho) >= 0 (no pure inequality).
//  (ii) p_kn > 0 => m + K (m - rho_k) = 0 with both terms >= 0 => m = 0 and rho_k = m = 0.
// Nguyen's form says the same: its rows hold iff m >= 0 (g_k + m >= 0 is then automatic), and
// p_kn > 0 => g_k + m = 0 => m = 0 and g_k = 0, i.e. rho_k >= 0, hence rho_k = 0 since rho_k <= m.
// Both leave p_kn free in [0, inf) when m = 0 = rho_k, so the solution sets coincide.
// K = 1 (the row 2 m - rho_k) is the first form we tried; it puts -K W_k^T M^{-1} W_k + (1 + K)
// W_1^T M^{-1} W_k on the diagonal of side k >= 2, often negative, and Lemke ray-terminated on
// 20-30% of random particle-vs-wedge steps. A small K keeps the rows close to the (Lemke-friendly)
// "lnc" rows while keeping the exact solution set: with K = 0.1 Lemke solved every one of 5000
// such steps (2 and 3 sides, mu = 0, 0.3, 0.5, static and moving wedges); K = 0.05..0.25 did too,
// K = 0.5 and K = 10 did not. A solver tolerance tau on row k bounds |rho_k| by tau / K at a
// side carrying force, so K is not taken smaller.
//
// Vertex–vertex sites of two polygons (configuration_sets.h): the sides become the site's DNF
// configurations g with values m_g = min_{k in g} rho_k (min chains), m = max_g m_g, and each
// contact k of them gets, with m*(k) = max of m_g over the configurations containing k,
//   default:  0 <= p_k ⟂ (1 + K) m - 2 K m*(k) + K rho_k = m + K (m - m*(k)) + K (rho_k - m*(k)) >= 0
//   literal:  0 <= g_k ⟂ g_k + m*(k) >= 0,   0 <= p_k ⟂ g_k + m + (rho_k - m*(k)) >= 0, dummy m >= 0
// (rho_k >= m*(k) and m*(k) <= m always). Both reduce to the rows above when every configuration
// is one side (m*(k) = rho_k). Same proof as disjunction_rows.h's accurate row: m >= 0 makes every
// term >= 0 and p_k > 0 needs m = 0, a configuration with k active (m*(k) = m) and rho_k = 0; for
// m < 0 the arg-min contact k* of the arg-max configuration has m*(k*) = rho_k* = m, so its row
// (default) equals m < 0: the rows enforce the crossing condition themselves.
#include "grouped_model.h"

#include <pegsim/contact/disjunction_rows.h>
#include <pegsim/contact/models.h>

#include <cmath>
#include <stdexcept>

namespace pegsim {
namespace {

constexpr double kDefaultWeight = 0.1;  // K above

// m*(k) of each member: the max of the values of the configurations that contain it.
std::vector<Row> best_configuration_of_members(const ConfigurationSet& set, const std::vector<Row>& values,
                                               RowSystem& rows) {
  std::vector<Row> best;
  for (int k : set.members) {
    std::vector<Row> with_k;
    for (int g : configurations_with(set, k)) with_k.push_back(values[static_cast<std::size_t>(g)]);
    best.push_back(add_max_rows(rows, with_k, SlackLabel{ConstraintKind::Group, set.group_index}));
  }
  return best;
}

// A vertex–vertex site set, either form (comment above). Variable order: min-chain slacks, c-chain,
// per member: its m*(k) slacks, [g_k], p_k; [dummy].
std::vector<int> emit_site_set(const ConfigurationSet& set, const ProximityResult& proximity,
                               const ModelContext& context, RowSystem& rows, double weight, bool literal) {
  const std::vector<Row> values = configuration_values(set, proximity, context, rows);
  const Row m = add_max_chain(rows, values, ConstraintKind::Group, set.group_index);
  const std::vector<Row> rho = side_gap_rows(set.members, proximity, context);
  const std::vector<Row> best = best_configuration_of_members(set, values, rows);
  std::vector<int> p_n;
  for (std::size_t k = 0; k < set.members.size(); ++k) {
    const Row touching = add_rows(rho[k], best[k], -1.0);  // rho_k - m*(k) >= 0
    Row row;
    if (literal) {
      const int gk = add_group_slack(rows, set.group_index);
      rows.set_row(gk, add_rows(best[k], variable_row(gk)));  // g_k + m*(k)
      row = add_rows(add_rows(m, variable_row(gk)), touching);
    } else {
      row = add_rows(add_rows(m, add_rows(m, best[k], -1.0), weight), touching, weight);
    }
    const int p = add_contact_impulse(rows, set.members[k], proximity, context, ConstraintKind::Group, set.group_index);
    rows.set_row(p, row);
    p_n.push_back(p);
  }
  if (literal) rows.set_row(add_group_slack(rows, set.group_index), m);  // the dummy p: m >= 0
  return p_n;
}

// Default: the dummy-free form. Variable order per group: c_2..c_n, p_1n..p_nn.
std::vector<int> emit_reformulated_group(const std::vector<int>& sides, int group, const ProximityResult& proximity,
                                         const ModelContext& context, RowSystem& rows, double weight) {
  const std::vector<Row> rho = side_gap_rows(sides, proximity, context);
  const Row m = add_max_chain(rows, rho, ConstraintKind::Group, group);
  std::vector<int> p_n;
  for (std::size_t k = 0; k < sides.size(); ++k) {
    const int p = add_contact_impulse(rows, sides[k], proximity, context, ConstraintKind::Group, group);
    rows.set_row(p, add_rows(scale_row(m, 1.0 + weight), rho[k], -weight));  // m + K (m - rho_k)
    p_n.push_back(p);
  }
  return p_n;
}

// Nguyen eq. (12) as printed. Variable order per group: c_2..c_n, g_1..g_n, p_1n..p_nn, p.
std::vector<int> emit_literal_group(const std::vector<int>& sides, int group, const ProximityResult& proximity,
                                    const ModelContext& context, RowSystem& rows) {
  const std::vector<Row> rho = side_gap_rows(sides, proximity, context);
  const Row m = add_max_chain(rows, rho, ConstraintKind::Group, group);
  std::vector<int> g;
  for (std::size_t k = 0; k < sides.size(); ++k) {
    const int gk = add_group_slack(rows, group);
    rows.set_row(gk, add_rows(rho[k], variable_row(gk)));  // g_k + rho_k
    g.push_back(gk);
  }
  std::vector<int> p_n;
  for (std::size_t k = 0; k < sides.size(); ++k) {
    const int p = add_contact_impulse(rows, sides[k], proximity, context, ConstraintKind::Group, group);
    rows.set_row(p, add_rows(m, variable_row(g[k])));  // g_k + m
    p_n.push_back(p);
  }
  rows.set_row(add_group_slack(rows, group), m);  // the dummy p: m >= 0
  return p_n;
}

class LncAccurateModel final : public ContactModel {
 public:
  // weight <= 0: Nguyen's literal form.
  explicit LncAccurateModel(double weight) : literal_(weight <= 0.0), weight_(weight) {}
  std::string name() const override { return literal_ ? "lnc-accurate-literal" : "lnc-accurate"; }
  bool supports_3d() const override { return true; }
  bool uses_3d_sites() const override { return true; }

  FreeSpace free_space(const ProximityResult& proximity, const ModelContext& context) const override {
    return grouped_free_space(proximity, context);
  }

  void emit(const ProximityResult& proximity, const ModelContext& context, RowSystem& rows) const override {
    emit_grouped_model(proximity, context, rows, [&](const ConfigurationSet& set, RowSystem& out) {
      if (!set.plain()) return emit_site_set(set, proximity, context, out, weight_, literal_);
      return literal_ ? emit_literal_group(set.members, set.group_index, proximity, context, out)
                      : emit_reformulated_group(set.members, set.group_index, proximity, context, out, weight_);
    });
  }

 private:
  bool literal_;
  double weight_;
};

}  // namespace

std::unique_ptr<ContactModel> make_lnc_accurate_model() { return std::make_unique<LncAccurateModel>(kDefaultWeight); }
std::unique_ptr<ContactModel> make_lnc_accurate_literal_model() { return std::make_unique<LncAccurateModel>(0.0); }
std::unique_ptr<ContactModel> make_lnc_accurate_weighted_model(double weight) {
  if (!(weight > 0.0) || !std::isfinite(weight)) {
    throw std::invalid_argument("make_lnc_accurate_weighted_model: weight must be finite and > 0");
  }
  return std::make_unique<LncAccurateModel>(weight);
}

}  // namespace pegsim
