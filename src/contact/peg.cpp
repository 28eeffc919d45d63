// "peg": PEG 2D in the paper's least accurate form (Williams, Lu, Trinkle sec. 6: one primary
// potential contact per I-constraint). Site structure, U rows and friction: peg_sites.h.
//
// Per vertex–vertex site, with M = max over the DNF groups of the min of their rho
// (disjunction_rows.h), each I-constraint's primary j gets
//     0 <= p_j ⟂ M >= 0                (Nguyen §2.1's less-accurate row, generalised to the DNF)
// (primaries only among contacts of reachable groups, peg_sites.h) so the site costs at most 2
// force rows (1 for a particle) plus the chain slacks; no contact is copied
// into extra constraints (the reference did, and its pivots went singular) and no column is zero.
// Inexact by design: the force acts along the primary's normal whenever the site touches, also
// when another contact is the one at zero gap (compare peg_accurate.cpp).
// Variable order: U impulses (contact order); per site: chain slacks, primaries; friction blocks.
#include <pegsim/contact/models.h>
#include <pegsim/contact/peg_sites.h>

#include <pegsim/contact/contact_rows.h>

#include <algorithm>

namespace pegsim {
namespace {

class PegModel final : public ContactModel {
 public:
  std::string name() const override { return "peg"; }

  void emit(const ProximityResult& proximity, const ModelContext& context, RowSystem& rows) const override {
    const double threshold = context.options.applicability_threshold;
    emit_peg(proximity, context, rows, [&](const PegSite& site, const MaxOfMins& disjunction, RowSystem& out) {
      std::vector<SiteForce> forces;
      for (std::size_t i = 0; i < site.intercontact.size(); ++i) {
        // Candidates: the I-constraint's contacts that lie in a reachable group.
        std::vector<int> candidates;
        for (int c : site.intercontact[i]) {
          if (std::find(site.members.begin(), site.members.end(), c) != site.members.end()) candidates.push_back(c);
        }
        if (candidates.empty()) continue;
        const int primary = choose_primary(candidates, proximity, threshold);
        const int p = add_normal_impulse(out, primary, proximity, context, ConstraintKind::Intercontact,
                                         site.intercontact_ids[i]);
        out.set_row(p, disjunction.value);  // M >= 0 ⟂ p
        forces.push_back({p, primary});
      }
      return forces;
    });
  }
};

}  // namespace

std::unique_ptr<ContactModel> make_peg_model() { return std::make_unique<PegModel>(); }

}  // namespace pegsim
