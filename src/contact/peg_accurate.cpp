// "peg-accurate": PEG 2D with every contact of a vertex–vertex site a potential force carrier
// (the paper's "multiple primaries ... when accuracy matters", sec. 7). Site structure, U rows and
// friction: peg_sites.h.
//
// Per site, with rho_k the predicted gaps, m_g = min_{k in g} rho_k over the reachable DNF groups
// and M = max_g m_g (disjunction_rows.h), every member k of a group gets
//     0 <= p_k ⟂ 2M - 2 m*(k) + rho_k >= 0,     m*(k) = max of m_g over the groups with k.
// Proof (disjunction_rows.h): if M >= 0 the row is M + (M - m*(k)) + (rho_k - m*(k)) >= 0, zero
// iff M = 0, a group containing k is the active configuration and rho_k = 0, so force acts only
// along the normal of a contact that touches at the end of the step; if M < 0 the row of the
// arg-min contact of the arg-max group equals M < 0, so the rows themselves enforce M >= 0 (no
// dummy multiplier, no zero column; compare lnc_accurate.cpp).
// This LCP has solutions that "jump" a body into a configuration whose vertex starts behind its
// edge line (measured in 4-body pours: +2 to +6 J in one step). The engine does not let a pivoting
// solver choose among them: the configuration search (dynamics/configuration_search.h) finds the
// Gauss-least-constraint configuration, and its solution is verified against these rows.
// Variable order: U impulses (contact order); per site: chain slacks, then per member (c1..c4)
// the m*(k) slack (members of two groups) and p_k; friction blocks.
#include <pegsim/contact/models.h>
#include <pegsim/contact/peg_sites.h>
#include <pegsim/contact/peg_sites_3d.h>

#include <pegsim/contact/contact_rows.h>

#include <algorithm>

namespace pegsim {
namespace {

// Constraint id of the I-constraint that contains contact k.
int intercontact_id_of(const PegSite& site, int contact) {
  for (std::size_t i = 0; i < site.intercontact.size(); ++i) {
    const std::vector<int>& s = site.intercontact[i];
    if (std::find(s.begin(), s.end(), contact) != s.end()) return site.intercontact_ids[i];
  }
  return site.intercontact_ids.front();
}

std::vector<int> groups_containing(const PegSite& site, int contact) {
  std::vector<int> out;
  for (std::size_t g = 0; g < site.groups.size(); ++g) {
    const std::vector<int>& members = site.groups[g];
    if (std::find(members.begin(), members.end(), contact) != members.end()) out.push_back(static_cast<int>(g));
  }
  return out;
}

class PegAccurateModel final : public ContactModel {
 public:
  std::string name() const override { return "peg-accurate"; }
  bool supports_3d() const override { return true; }
  bool uses_3d_sites() const override { return true; }

  FreeSpace free_space(const ProximityResult& proximity, const ModelContext& context) const override {
    if (context.bodies3d != nullptr) return peg_free_space_3d(proximity, context);
    return peg_free_space(proximity, context);
  }

  void emit(const ProximityResult& proximity, const ModelContext& context, RowSystem& rows) const override {
    if (context.bodies3d != nullptr) return emit_peg_3d(proximity, context, rows, true);
    emit_peg(proximity, context, rows, [&](const PegSite& site, const MaxOfMins& disjunction, RowSystem& out) {
      std::vector<SiteForce> forces;
      for (int k : site.members) {
        const int id = intercontact_id_of(site, k);
        const Row rho = predicted_gap_row(proximity.contacts[static_cast<std::size_t>(k)], context);
        const Row row = accurate_force_row(out, disjunction, groups_containing(site, k), rho,
                                           SlackLabel{ConstraintKind::Intercontact, id});
        const int p = add_normal_impulse(out, k, proximity, context, ConstraintKind::Intercontact, id);
        out.set_row(p, row);
        forces.push_back({p, k});
      }
      return forces;
    });
  }
};

}  // namespace

std::unique_ptr<ContactModel> make_peg_accurate_model() { return std::make_unique<PegAccurateModel>(); }

}  // namespace pegsim
