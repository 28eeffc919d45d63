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
// This LCP also has solutions in which a primary pushes while a configuration without it holds the
// site at zero gap; Lemke found such ones in pours (one step from 6 J to 57 J).
// Primary choice. The paper's rule is geometric (choose_primary, peg_sites.h: applicable, in front
// of the edge line, smallest gap). When the vertex then ends on the other side of the corner, the
// force still acts along the primary's normal; near a right-angled corner that normal is almost
// perpendicular to the touching side, so holding it takes an unbounded impulse (measured in pours,
// primaries kept wherever a consistent solution existed: +11.8 J in one step, two runs blown up at
// h = 0.016). pegsim's engine therefore takes as primaries the members of the configuration that
// is active at the end of the step, found by Gauss's principle (ModelContext::active_configurations,
// dynamics/configuration_search.h), and verifies that solution against these rows. With the search
// off (--no-configuration-search) the geometric rule alone applies: the paper's model as its
// authors ran it (tests/peg/peg_models_test.cpp shows its force along the wrong normal).
// Variable order: U impulses (contact order); per site: chain slacks, primaries; friction blocks.
#include <pegsim/contact/models.h>
#include <pegsim/contact/peg_sites.h>
#include <pegsim/contact/peg_sites_3d.h>

#include <pegsim/contact/contact_rows.h>

#include <algorithm>

namespace pegsim {
namespace {

class PegModel final : public ContactModel {
 public:
  std::string name() const override { return "peg"; }
  bool supports_3d() const override { return true; }
  bool uses_3d_sites() const override { return true; }

  FreeSpace free_space(const ProximityResult& proximity, const ModelContext& context) const override {
    if (context.bodies3d != nullptr) return peg_free_space_3d(proximity, context);
    return peg_free_space(proximity, context);
  }

  void emit(const ProximityResult& proximity, const ModelContext& context, RowSystem& rows) const override {
    if (context.bodies3d != nullptr) return emit_peg_3d(proximity, context, rows, false);
    emit_peg(proximity, context, rows, [&](const PegSite& site, const MaxOfMins& disjunction, RowSystem& out) {
      std::vector<SiteForce> forces;
      const std::vector<int> primaries = site_primaries(site, proximity, context);
      for (std::size_t i = 0; i < primaries.size(); ++i) {
        if (primaries[i] < 0) continue;
        const int p = add_normal_impulse(out, primaries[i], proximity, context, ConstraintKind::Intercontact,
                                         site.intercontact_ids[i]);
        out.set_row(p, disjunction.value);  // M >= 0 ⟂ p
        forces.push_back({p, primaries[i]});
      }
      return forces;
    });
  }
};

}  // namespace

std::unique_ptr<ContactModel> make_peg_model() { return std::make_unique<PegModel>(); }

}  // namespace pegsim
