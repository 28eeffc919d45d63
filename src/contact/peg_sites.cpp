// PEG 2D site structure and the skeleton shared by peg and peg-accurate (peg_sites.h).
#include <pegsim/contact/peg_sites.h>

#include <pegsim/contact/contact_rows.h>
#include <pegsim/geometry/overlap.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <stdexcept>
#include <string>
#include <tuple>

namespace pegsim {
namespace {

std::string site_label(const VertexVertexSite& site) {
  return "vertex-vertex site (body " + std::to_string(site.body_a) + " vertex " + std::to_string(site.vertex_a) +
         ", body " + std::to_string(site.body_b) + " vertex " + std::to_string(site.vertex_b) + ")";
}

// c1..c4 in order, -1 for missing.
std::vector<int> site_slots(const VertexVertexSite& site) { return {site.c1, site.c2, site.c3, site.c4}; }

// A contact slot of the site must exist and join the site's vertex to the other body
// (slots 0, 1: va of A against B; slots 2, 3: vb of B against A).
void check_slot(const VertexVertexSite& site, int slot, int contact, const ProximityResult& proximity) {
  if (contact < 0) return;
  const std::string where = site_label(site) + " c" + std::to_string(slot + 1);
  if (contact >= static_cast<int>(proximity.contacts.size())) {
    throw std::invalid_argument(where + ": contact " + std::to_string(contact) + " out of range (" +
                                std::to_string(proximity.contacts.size()) + " contacts)");
  }
  const Contact& c = proximity.contacts[static_cast<std::size_t>(contact)];
  const bool a_side = slot < 2;
  const int vertex_body = a_side ? site.body_a : site.body_b;
  const int vertex = a_side ? site.vertex_a : site.vertex_b;
  const int edge_body = a_side ? site.body_b : site.body_a;
  if (c.body_a != vertex_body || c.vertex_a != vertex || c.body_b != edge_body) {
    throw std::invalid_argument(where + ": contact " + std::to_string(contact) + " joins body " +
                                std::to_string(c.body_a) + " vertex " + std::to_string(c.vertex_a) + " to body " +
                                std::to_string(c.body_b) + ", not the site's vertex and body");
  }
}

std::vector<int> present(std::initializer_list<int> contacts) {
  std::vector<int> out;
  for (int c : contacts) {
    if (c >= 0) out.push_back(c);
  }
  return out;
}

bool mixed_pair_member(const ProximityResult& proximity, int contact) {
  return proximity.contacts[static_cast<std::size_t>(contact)].applicability >= kMixedPairApplicability;
}

Row slack_free_gap(const ProximityResult& proximity, int contact, const ModelContext& context) {
  return predicted_gap_row(proximity.contacts[static_cast<std::size_t>(contact)], context);
}

}  // namespace

std::vector<std::vector<int>> vertex_vertex_groups(const VertexVertexSite& site, const ProximityResult& proximity) {
  const std::vector<int> slots = site_slots(site);
  for (int s = 0; s < 4; ++s) check_slot(site, s, slots[static_cast<std::size_t>(s)], proximity);
  if (site.c1 < 0 && site.c2 < 0 && site.c3 < 0 && site.c4 < 0) {
    throw std::invalid_argument(site_label(site) + ": no contacts");
  }
  std::vector<std::vector<int>> groups;
  for (std::vector<int> g : {present({site.c1, site.c3}), present({site.c2, site.c4})}) {
    if (!g.empty()) groups.push_back(std::move(g));
  }
  const bool full = site.c1 >= 0 && site.c2 >= 0 && site.c3 >= 0 && site.c4 >= 0;
  if (full) {
    // The mixed applicable pair bounds the cone C_A - C_B: its disjunction is exact (peg_sites.h).
    if (mixed_pair_member(proximity, site.c1) && mixed_pair_member(proximity, site.c4)) {
      groups.push_back({site.c1, site.c4});
    }
    if (mixed_pair_member(proximity, site.c2) && mixed_pair_member(proximity, site.c3)) {
      groups.push_back({site.c2, site.c3});
    }
  }
  return groups;
}

double site_reach(const VertexVertexSite& site, const ModelContext& context) {
  const std::vector<Body>& bodies = *context.bodies;
  for (int b : {site.body_a, site.body_b}) {
    if (b < 0 || b >= static_cast<int>(bodies.size())) {
      throw std::invalid_argument(site_label(site) + ": body " + std::to_string(b) + " out of range");
    }
  }
  auto velocity = [&](int i) { return bodies[static_cast<std::size_t>(i)].is_static ? Vec2(Vec2::Zero()) : bodies[static_cast<std::size_t>(i)].velocity; };
  auto spin = [&](int i) {
    const Body& b = bodies[static_cast<std::size_t>(i)];
    return b.is_static ? 0.0 : std::abs(b.angular_velocity) * b.bounding_radius();
  };
  const double speed = (velocity(site.body_a) - velocity(site.body_b)).norm() + spin(site.body_a) + spin(site.body_b);
  const double reach = kReachSafety * (context.time_step * speed + std::max(context.max_travel, 0.0)) + kReachMargin;
  if (!std::isfinite(reach)) throw std::invalid_argument(site_label(site) + ": reach is not finite (velocities?)");
  return reach;
}

std::vector<std::vector<int>> reachable_groups(const std::vector<std::vector<int>>& groups,
                                               const ProximityResult& proximity, double reach) {
  auto smallest_gap = [&](const std::vector<int>& g) {
    double m = std::numeric_limits<double>::infinity();
    for (int c : g) m = std::min(m, proximity.contacts[static_cast<std::size_t>(c)].gap);
    return m;
  };
  std::vector<std::vector<int>> out;
  for (const std::vector<int>& g : groups) {
    if (smallest_gap(g) >= -reach) out.push_back(g);
  }
  if (out.empty() && !groups.empty()) {
    out.push_back(*std::max_element(groups.begin(), groups.end(), [&](const auto& x, const auto& y) {
      return smallest_gap(x) < smallest_gap(y);
    }));
  }
  return out;
}

std::vector<std::vector<int>> intercontact_sets(const VertexVertexSite& site) {
  std::vector<std::vector<int>> sets;
  for (std::vector<int> s : {present({site.c1, site.c2}), present({site.c3, site.c4})}) {
    if (!s.empty()) sets.push_back(std::move(s));
  }
  return sets;
}

int choose_primary(const std::vector<int>& members, const ProximityResult& proximity, double applicability_threshold) {
  if (members.empty()) throw std::invalid_argument("choose_primary: no candidate contacts");
  // Lexicographic key, smaller is better.
  auto key = [&](int index) {
    const Contact& c = proximity.contacts[static_cast<std::size_t>(index)];
    const bool applicable = c.applicability > applicability_threshold;
    const bool behind = c.gap < -kBehindEdgeLine;
    return std::make_tuple(applicable ? 0 : 1, behind ? 1 : 0, behind ? -c.gap : c.gap, -c.applicability, index);
  };
  return *std::min_element(members.begin(), members.end(), [&](int x, int y) { return key(x) < key(y); });
}

double site_start_value(const std::vector<std::vector<int>>& groups, const ProximityResult& proximity) {
  double best = -std::numeric_limits<double>::infinity();
  for (const std::vector<int>& g : groups) {
    double smallest = std::numeric_limits<double>::infinity();
    for (int c : g) smallest = std::min(smallest, proximity.contacts[static_cast<std::size_t>(c)].gap);
    best = std::max(best, smallest);
  }
  return best;
}

bool site_fits_geometry(const VertexVertexSite& site, const std::vector<std::vector<int>>& groups,
                        const ProximityResult& proximity, const ModelContext& context) {
  const double value = site_start_value(groups, proximity);
  if (value >= -kSiteTolerance) return true;
  const std::vector<Body>& bodies = *context.bodies;
  const double depth = penetration_depth(bodies[static_cast<std::size_t>(site.body_a)].world_vertices(),
                                         bodies[static_cast<std::size_t>(site.body_b)].world_vertices());
  return value >= -(depth + kSiteTolerance);
}

std::vector<char> feasible_contacts(const ProximityResult& proximity, const std::vector<Body>& bodies) {
  std::vector<char> feasible(proximity.contacts.size(), 1);
  std::map<std::pair<int, int>, double> depth;  // per body pair, computed when first needed
  for (std::size_t i = 0; i < proximity.contacts.size(); ++i) {
    const Contact& c = proximity.contacts[i];
    if (c.gap >= -kFeasibleDepth) continue;
    const auto pair = std::minmax(c.body_a, c.body_b);
    auto it = depth.find(pair);
    if (it == depth.end()) {
      for (int b : {c.body_a, c.body_b}) {
        if (b < 0 || b >= static_cast<int>(bodies.size())) {
          throw std::invalid_argument("feasible_contacts: contact " + std::to_string(i) + " names body " +
                                      std::to_string(b) + " of " + std::to_string(bodies.size()));
        }
      }
      const double d = penetration_depth(bodies[static_cast<std::size_t>(pair.first)].world_vertices(),
                                         bodies[static_cast<std::size_t>(pair.second)].world_vertices());
      it = depth.emplace(pair, d).first;
    }
    feasible[i] = c.gap >= -(it->second + kFeasibleDepth) ? 1 : 0;
  }
  return feasible;
}

std::vector<double> applicability_thresholds(const ProximityResult& proximity, const ModelContext& context) {
  const double base = context.options.applicability_threshold;
  std::vector<double> thresholds(proximity.contacts.size(), base);
  const std::vector<double>* rotation = context.rotation_bound;
  if (rotation == nullptr) return thresholds;
  for (std::size_t i = 0; i < proximity.contacts.size(); ++i) {
    const Contact& c = proximity.contacts[i];
    for (int b : {c.body_a, c.body_b}) {
      if (b < 0 || b >= static_cast<int>(rotation->size())) {
        throw std::invalid_argument("applicability_thresholds: contact " + std::to_string(i) + " names body " +
                                    std::to_string(b) + ", rotation_bound has " + std::to_string(rotation->size()));
      }
    }
    const double turn = (*rotation)[static_cast<std::size_t>(c.body_a)] + (*rotation)[static_cast<std::size_t>(c.body_b)];
    if (!(turn >= 0.0) || !std::isfinite(turn)) {
      throw std::invalid_argument("applicability_thresholds: rotation bound must be finite and >= 0");
    }
    thresholds[i] = base - turn;
  }
  return thresholds;
}

std::vector<int> unilateral_contacts(const ProximityResult& proximity, const std::vector<char>& site_fits,
                                     const std::vector<char>& feasible, const std::vector<double>& thresholds) {
  if (site_fits.size() != proximity.vv_sites.size()) {
    throw std::invalid_argument("unilateral_contacts: site_fits has " + std::to_string(site_fits.size()) +
                                " entries for " + std::to_string(proximity.vv_sites.size()) + " sites");
  }
  if (thresholds.size() != proximity.contacts.size()) {
    throw std::invalid_argument("unilateral_contacts: thresholds has " + std::to_string(thresholds.size()) +
                                " entries for " + std::to_string(proximity.contacts.size()) + " contacts");
  }
  if (feasible.size() != proximity.contacts.size()) {
    throw std::invalid_argument("unilateral_contacts: feasible has " + std::to_string(feasible.size()) +
                                " entries for " + std::to_string(proximity.contacts.size()) + " contacts");
  }
  // 0: in no site, 1: only in sites that do not fit, 2: in a fitting site
  std::vector<char> membership(proximity.contacts.size(), 0);
  for (std::size_t s = 0; s < proximity.vv_sites.size(); ++s) {
    for (int c : site_slots(proximity.vv_sites[s])) {
      if (c < 0 || c >= static_cast<int>(membership.size())) continue;
      char& m = membership[static_cast<std::size_t>(c)];
      m = std::max<char>(m, site_fits[s] ? 2 : 1);
    }
  }
  std::vector<int> out;
  for (std::size_t i = 0; i < proximity.contacts.size(); ++i) {
    const Contact& c = proximity.contacts[i];
    if (membership[i] == 2 || !feasible[i] || !(c.applicability > thresholds[i])) continue;
    // A contact of a non-fitting site is a plain vertex–edge contact only when the vertex lies over
    // the edge segment (distance to the segment = distance to its line).
    if (membership[i] == 1 && c.segment_distance > std::abs(c.gap) + kSiteTolerance) continue;
    out.push_back(static_cast<int>(i));
  }
  return out;
}

PegLayout peg_layout(const ProximityResult& proximity, const ModelContext& context) {
  PegLayout layout;
  for (const VertexVertexSite& vv : proximity.vv_sites) {
    layout.site_groups.push_back(
        reachable_groups(vertex_vertex_groups(vv, proximity), proximity, site_reach(vv, context)));
    layout.fits.push_back(site_fits_geometry(vv, layout.site_groups.back(), proximity, context) ? 1 : 0);
  }
  layout.unilateral = unilateral_contacts(proximity, layout.fits, feasible_contacts(proximity, *context.bodies),
                                          applicability_thresholds(proximity, context));
  return layout;
}

namespace {

// Contacts of the reachable groups, in c1..c4 order.
std::vector<int> site_members(const VertexVertexSite& vv, const std::vector<std::vector<int>>& groups) {
  std::vector<int> members;
  for (int c : present({vv.c1, vv.c2, vv.c3, vv.c4})) {
    bool used = false;
    for (const std::vector<int>& g : groups) used = used || std::find(g.begin(), g.end(), c) != g.end();
    if (used) members.push_back(c);
  }
  return members;
}

}  // namespace

std::vector<int> site_primaries(const PegSite& site, const ProximityResult& proximity, const ModelContext& context) {
  const std::vector<std::vector<int>>* active = context.active_configurations;
  const bool has_active = active != nullptr && site.index >= 0 && site.index < static_cast<int>(active->size()) &&
                          !(*active)[static_cast<std::size_t>(site.index)].empty();
  std::vector<int> primaries;
  for (const std::vector<int>& set : site.intercontact) {
    std::vector<int> candidates, chosen;
    for (int c : set) {
      if (std::find(site.members.begin(), site.members.end(), c) == site.members.end()) continue;
      candidates.push_back(c);
      const std::vector<int>* a = has_active ? &(*active)[static_cast<std::size_t>(site.index)] : nullptr;
      if (a != nullptr && std::find(a->begin(), a->end(), c) != a->end()) chosen.push_back(c);
    }
    if (candidates.empty()) {
      primaries.push_back(-1);
    } else {
      primaries.push_back(choose_primary(chosen.empty() ? candidates : chosen, proximity,
                                         context.options.applicability_threshold));
    }
  }
  return primaries;
}

FreeSpace peg_free_space(const ProximityResult& proximity, const ModelContext& context) {
  const PegLayout layout = peg_layout(proximity, context);
  FreeSpace space;
  space.always = layout.unilateral;
  for (std::size_t s = 0; s < proximity.vv_sites.size(); ++s) {
    if (layout.fits[s]) space.disjunctions.push_back(Disjunction{layout.site_groups[s], static_cast<int>(s)});
  }
  return space;
}

void emit_peg(const ProximityResult& proximity, const ModelContext& context, RowSystem& rows,
              const SiteForceEmitter& emit_site_forces) {
  std::vector<SiteForce> forces;
  const PegLayout layout = peg_layout(proximity, context);

  int unilateral_id = 0;
  for (int c : layout.unilateral) {
    forces.push_back({add_unilateral_contact(rows, c, proximity, context, unilateral_id++), c});
  }

  int intercontact_id = 0;
  for (std::size_t s = 0; s < proximity.vv_sites.size(); ++s) {
    if (!layout.fits[s]) continue;
    const VertexVertexSite& vv = proximity.vv_sites[s];
    PegSite site;
    site.index = static_cast<int>(s);
    site.groups = layout.site_groups[s];
    site.intercontact = intercontact_sets(vv);
    for (std::size_t i = 0; i < site.intercontact.size(); ++i) site.intercontact_ids.push_back(intercontact_id++);
    // Force-carrying candidates: contacts of the reachable groups (c1..c4 order); peg-accurate uses all.
    site.members = site_members(vv, site.groups);

    std::vector<std::vector<Row>> group_rows;
    for (const std::vector<int>& g : site.groups) {
      std::vector<Row> rho;
      for (int c : g) rho.push_back(slack_free_gap(proximity, c, context));
      group_rows.push_back(std::move(rho));
    }
    const SlackLabel label{ConstraintKind::Intercontact, site.intercontact_ids.front()};
    const MaxOfMins disjunction = add_max_of_mins(rows, group_rows, label);
    for (const SiteForce& f : emit_site_forces(site, disjunction, rows)) forces.push_back(f);

    rows.intercontact_constraints += static_cast<int>(site.intercontact.size());
    if (site.intercontact.size() == 2) rows.cross_contact_constraints += 2;
    ++rows.traps;
    ++rows.vv_sites;
  }

  // Friction rows are unchanged by the nonconvex formulations: the normal impulses keep their meaning.
  for (const SiteForce& f : forces) add_friction(rows, f.contact, f.variable, proximity, context);
}

}  // namespace pegsim
