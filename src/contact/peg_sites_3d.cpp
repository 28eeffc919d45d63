// PEG 3D rows (peg_sites_3d.h).
#include <pegsim/contact/peg_sites_3d.h>

#include <pegsim/contact/contact_rows_3d.h>
#include <pegsim/contact/disjunction_rows.h>
#include <pegsim/contact/peg_sites.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <stdexcept>
#include <string>
#include <tuple>

namespace pegsim {
namespace {

// Applicability is a minimum of cosines computed in floating point: a cube's edge along a face
// gives -1e-17, not 0.
constexpr double kSteadyApplicabilityRounding = 1e-9;

using FeatureKey = std::tuple<int, int, int, int, int>;

FeatureKey key_of(const Contact3d& c) { return {c.body_a, c.body_b, static_cast<int>(c.kind), c.feature_a, c.feature_b}; }

double start_gap(const Contact3d& c) { return c.gap + c.gap_correction; }

// The members whose planes separate the cones now (gap >= -kSiteTolerance; the gap the narrow
// phase measured, without the fixpoint's corrections, so the layout is the same in every re-solve
// of the step); empty when none does (the bodies overlap there, or only unsteady planes hold).
// A member behind its plane would have to be reached within the step: its row's psi / h < 0 then
// demands a push that Gauss's principle does not bound (the projection onto a cell that does not
// hold nu = 0 can add kinetic energy; measured: 4.4 J in one step of the icosahedron pour). A
// vertex turning round an edge passes through the edge, where both faces' members hold: the
// conservative rule delays the change of member to that step and never admits overlap.
std::vector<int> holding_members(const std::vector<int>& members, const ProximityResult3d& proximity) {
  auto gap = [&](int m) { return proximity.contacts.at(static_cast<std::size_t>(m)).gap; };
  std::vector<int> kept;
  for (int m : members)
    if (gap(m) >= -kSiteTolerance) kept.push_back(m);
  return kept;
}

// How far the pair can turn in the step (rad; ModelContext::rotation_bound): applicability, a
// minimum of cosines, changes by at most this much (peg_sites.h, applicability_thresholds).
double pair_turn(const Contact3d& c, const ModelContext& context) {
  if (context.rotation_bound == nullptr) return 0.0;
  return context.rotation_bound->at(static_cast<std::size_t>(c.body_a)) +
         context.rotation_bound->at(static_cast<std::size_t>(c.body_b));
}

// The members that stay applicable whatever the pair's turn within the step: their planes still
// support both cones at the end, so rho >= 0 there keeps the bodies apart.
std::vector<int> steady_members(const Site3d& site, const ProximityResult3d& proximity, const ModelContext& context) {
  std::vector<int> kept;
  for (int m : site.members) {
    const Contact3d& c = proximity.contacts.at(static_cast<std::size_t>(m));
    if (c.applicability >= pair_turn(c, context) - kSteadyApplicabilityRounding) kept.push_back(m);
  }
  return kept;
}

// The member the single-primary form loads: the active configuration's, else the largest gap
// (ties: larger applicability, then lower index).
int site_primary(int site_index, const std::vector<int>& members, const ProximityResult3d& proximity, const ModelContext& context) {
  if (context.active_configurations != nullptr && site_index < static_cast<int>(context.active_configurations->size())) {
    const std::vector<int>& active = (*context.active_configurations)[static_cast<std::size_t>(site_index)];
    for (int m : members)
      if (std::find(active.begin(), active.end(), m) != active.end()) return m;
  }
  int best = members.front();
  for (int m : members) {
    const Contact3d& c = proximity.contacts[static_cast<std::size_t>(m)];
    const Contact3d& b = proximity.contacts[static_cast<std::size_t>(best)];
    if (std::tuple(start_gap(c), c.applicability, -m) > std::tuple(start_gap(b), b.applicability, -best)) best = m;
  }
  return best;
}

}  // namespace

PegLayout3d peg_layout_3d(const ProximityResult& proximity, const ModelContext& context) {
  if (context.bodies3d == nullptr) throw std::invalid_argument("peg 3d: the context has no 3D bodies");
  const ProximityResult3d& p = proximity.three_d;
  PegLayout3d layout;
  std::set<FeatureKey> member_keys;
  // (body, vertex, other body) of the vertices at untrusted sites: the standard model's rows there
  // include every vertex–face contact of that vertex, applicable or not.
  std::set<std::tuple<int, int, int>> untrusted_vertices;
  for (const Site3d& site : p.sites) {
    if (site.hint < 0 || site.hint >= static_cast<int>(p.contacts.size())) {
      throw std::invalid_argument("peg 3d: site hint " + std::to_string(site.hint) + " out of range");
    }
    std::vector<int> members = holding_members(steady_members(site, p, context), p);
    if (members.empty()) {  // the corner model cannot be trusted this step: the standard model's rows
      layout.unilateral.push_back(site.hint);
      const Contact3d& hint = p.contacts[static_cast<std::size_t>(site.hint)];
      untrusted_vertices.insert({hint.body_a, hint.feature_a, hint.body_b});
      if (hint.kind == FeaturePair3d::vertex_vertex) untrusted_vertices.insert({hint.body_b, hint.feature_b, hint.body_a});
      layout.site_members.emplace_back();
      continue;
    }
    // Only the planes the site's disjunction keeps leave the U rows: a regular contact whose plane
    // is a member that is not steady or not holding stays a U row (measured: a vertex over a face,
    // held only by an edge pair's plane of applicability 0.07, ended 12 mm inside at h = 0.03).
    for (int m : members) member_keys.insert(key_of(p.contacts.at(static_cast<std::size_t>(m))));
    if (members.size() == 1) {  // one plane: a U-constraint
      layout.unilateral.push_back(members.front());
      members.clear();
    }
    layout.site_members.push_back(std::move(members));
  }
  for (int i = 0; i < static_cast<int>(p.contacts.size()); ++i) {
    const Contact3d& c = p.contacts[static_cast<std::size_t>(i)];
    if (c.site >= 0 || member_keys.count(key_of(c)) != 0) continue;
    if (c.kind == FeaturePair3d::edge_edge ||
        (c.kind == FeaturePair3d::vertex_face &&
         (c.applicability > context.options.applicability_threshold - pair_turn(c, context) ||
          untrusted_vertices.count({c.body_a, c.feature_a, c.body_b}) != 0))) {
      layout.unilateral.push_back(i);
    }
  }
  std::sort(layout.unilateral.begin(), layout.unilateral.end());
  layout.unilateral.erase(std::unique(layout.unilateral.begin(), layout.unilateral.end()), layout.unilateral.end());
  return layout;
}

FreeSpace peg_free_space_3d(const ProximityResult& proximity, const ModelContext& context) {
  const PegLayout3d layout = peg_layout_3d(proximity, context);
  FreeSpace space;
  space.always = layout.unilateral;
  for (std::size_t s = 0; s < layout.site_members.size(); ++s) {
    if (layout.site_members[s].empty()) continue;
    Disjunction d;
    d.source = static_cast<int>(s);
    for (int m : layout.site_members[s]) d.configurations.push_back({m});
    space.disjunctions.push_back(std::move(d));
  }
  return space;
}

void emit_peg_3d(const ProximityResult& proximity, const ModelContext& context, RowSystem& rows, bool accurate) {
  const PegLayout3d layout = peg_layout_3d(proximity, context);
  const ProximityResult3d& p = proximity.three_d;
  const ContactRows3dContext context3d = rows_context_3d(context);
  std::vector<std::pair<int, int>> forces;  // (variable, contact)
  for (int c : layout.unilateral) forces.emplace_back(add_unilateral_contact_3d(rows, c, p, context3d), c);

  int intercontact_id = 0;
  for (std::size_t s = 0; s < layout.site_members.size(); ++s) {
    const std::vector<int>& members = layout.site_members[s];
    if (members.empty()) continue;
    const int id = intercontact_id++;
    const SlackLabel label{ConstraintKind::Intercontact, id};
    std::vector<std::vector<Row>> groups;
    for (int m : members) groups.push_back({predicted_gap_row_3d(p.contacts[static_cast<std::size_t>(m)], context3d)});
    const MaxOfMins disjunction = add_max_of_mins(rows, groups, label);
    if (accurate) {
      for (std::size_t k = 0; k < members.size(); ++k) {
        const Row row = accurate_force_row(rows, disjunction, {static_cast<int>(k)}, groups[k].front(), label);
        const int v = add_normal_impulse_3d(rows, members[k], p, context3d, ConstraintKind::Intercontact, id);
        rows.set_row(v, row);
        forces.emplace_back(v, members[k]);
      }
    } else {
      const int primary = site_primary(static_cast<int>(s), members, p, context);
      const int v = add_normal_impulse_3d(rows, primary, p, context3d, ConstraintKind::Intercontact, id);
      rows.set_row(v, disjunction.value);
      forces.emplace_back(v, primary);
    }
    ++rows.intercontact_constraints;
    ++rows.traps;
    if (p.contacts[static_cast<std::size_t>(p.sites[s].hint)].kind == FeaturePair3d::vertex_vertex) ++rows.vv_sites;
  }
  // Friction rows are unchanged by the nonconvex formulations: the normal impulses keep their meaning.
  for (const auto& [variable, contact] : forces) add_friction_3d(rows, contact, variable, p, context3d);
}

}  // namespace pegsim
