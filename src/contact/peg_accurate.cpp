// "peg-accurate": PEG 2D with every contact of a vertex–vertex site a potential force carrier
// (the paper's "multiple primaries ... when accuracy matters", sec. 7). Site structure, U rows and
// friction: peg_sites.h.
//
// Per site, with rho_k the predicted gaps, m_g = min_{k in g} rho_k over the DNF groups and
// M = max_g m_g (disjunction_rows.h), every site contact k in front of its edge line
// (gap >= -kBehindEdgeLine) that lies in a "clean" group (no member behind its line) gets
//     0 <= p_k ⟂ 2M - 2 m*(k) + rho_k >= 0,     m*(k) = max of m_g over the clean groups with k.
// Proof (disjunction_rows.h): if M >= 0 the row is M + (M - m*(k)) + (rho_k - m*(k)) >= 0, zero
// iff M = 0, a clean group containing k is the active configuration and rho_k = 0, so force acts
// only along the normal of a contact that touches at the end of the step; if every group is clean,
// the row of the arg-min contact of the arg-max group equals M when M < 0, so the rows themselves
// enforce M >= 0 (no dummy multiplier, no zero column; compare lnc_accurate.cpp).
// Groups with a contact behind its line (a vertex beside an edge, past the corner) get no accurate
// rows: as the active configuration with force they need the impulse to lift that vertex onto the
// line within the step, and the LCP then had solutions that "jumped" bodies into that disjunct
// (measured in 4-body pours: +2 to +6 J in one step, impulses on contacts 1-5 cm behind their
// lines, first with all members force-carrying, then with such members pushing along a primary).
// When a site has such a group, one single-primary row 0 <= p ⟂ M (peg.cpp, primary among the
// contacts in front) enforces M >= 0; there the force may act along that primary whenever the
// site touches (peg's inexactness, limited to these sites). Each force variable carries a friction
// block, which acts only when its normal impulse is positive.
// Variable order: U impulses (contact order); per site: chain slacks, then per force-carrying
// contact (c1..c4) the m*(k) slack (contacts in two clean groups) and p_k, then the enforcer p if
// any; friction blocks.
#include <pegsim/contact/models.h>
#include <pegsim/contact/peg_sites.h>

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

bool behind(const ProximityResult& proximity, int contact) {
  return proximity.contacts[static_cast<std::size_t>(contact)].gap < -kBehindEdgeLine;
}

// Groups whose members are all in front of (or on) their edge lines.
std::vector<char> clean_groups(const PegSite& site, const ProximityResult& proximity) {
  std::vector<char> clean;
  for (const std::vector<int>& g : site.groups) {
    clean.push_back(std::none_of(g.begin(), g.end(), [&](int c) { return behind(proximity, c); }) ? 1 : 0);
  }
  return clean;
}

class PegAccurateModel final : public ContactModel {
 public:
  std::string name() const override { return "peg-accurate"; }

  void emit(const ProximityResult& proximity, const ModelContext& context, RowSystem& rows) const override {
    const double threshold = context.options.applicability_threshold;
    emit_peg(proximity, context, rows, [&](const PegSite& site, const MaxOfMins& disjunction, RowSystem& out) {
      const std::vector<char> clean = clean_groups(site, proximity);
      std::vector<SiteForce> forces;
      std::vector<int> in_front;
      for (int k : site.members) {
        if (behind(proximity, k)) continue;
        in_front.push_back(k);
        std::vector<int> groups_of_k;
        for (int g : groups_containing(site, k)) {
          if (clean[static_cast<std::size_t>(g)]) groups_of_k.push_back(g);
        }
        if (groups_of_k.empty()) continue;
        const int id = intercontact_id_of(site, k);
        const Row rho = predicted_gap_row(proximity.contacts[static_cast<std::size_t>(k)], context);
        const Row row = accurate_force_row(out, disjunction, groups_of_k, rho, SlackLabel{ConstraintKind::Intercontact, id});
        const int p = add_normal_impulse(out, k, proximity, context, ConstraintKind::Intercontact, id);
        out.set_row(p, row);
        forces.push_back({p, k});
      }
      // A group with a contact behind its line is not covered by the accurate rows: M >= 0 is then
      // enforced by one single-primary row (peg.cpp) along the site's best contact.
      if (std::find(clean.begin(), clean.end(), 0) != clean.end()) {
        const int primary = choose_primary(in_front.empty() ? site.members : in_front, proximity, threshold);
        const int id = intercontact_id_of(site, primary);
        const int p = add_normal_impulse(out, primary, proximity, context, ConstraintKind::Intercontact, id);
        out.set_row(p, disjunction.value);
        forces.push_back({p, primary});
      }
      return forces;
    });
  }
};

}  // namespace

std::unique_ptr<ContactModel> make_peg_accurate_model() { return std::make_unique<PegAccurateModel>(); }

}  // namespace pegsim
