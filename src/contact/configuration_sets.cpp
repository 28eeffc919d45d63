// Configuration sets of the nonconvex group models (configuration_sets.h).
#include "configuration_sets.h"

#include <pegsim/contact/peg_sites_3d.h>

#include <pegsim/contact/peg_sites.h>

#include <algorithm>
#include <numeric>

namespace pegsim {
namespace {

// Union-find over contact indices.
struct ContactClusters {
  std::vector<int> parent;
  explicit ContactClusters(std::size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0); }
  int root(int i) {
    while (parent[static_cast<std::size_t>(i)] != i) i = parent[static_cast<std::size_t>(i)] = parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(i)])];
    return i;
  }
  void join(int a, int b) { parent[static_cast<std::size_t>(root(a))] = root(b); }
};

std::vector<int> site_contacts(const VertexVertexSite& site) {
  std::vector<int> out;
  for (int c : {site.c1, site.c2, site.c3, site.c4}) {
    if (c >= 0) out.push_back(c);
  }
  return out;
}

// The crossing condition of a polygon–polygon site that fits PEG's corner model; empty otherwise.
std::vector<std::vector<int>> site_condition(const VertexVertexSite& site, const ProximityResult& proximity,
                                             const ModelContext& context) {
  if (site.c3 < 0 && site.c4 < 0) return {};  // particle: Egan's own group is the exact condition
  if (context.bodies == nullptr) return {};    // no bodies, no reach: the papers' groups
  std::vector<std::vector<int>> groups =
      reachable_groups(vertex_vertex_groups(site, proximity), proximity, site_reach(site, context));
  if (!site_fits_geometry(site, groups, proximity, context)) return {};
  return groups;
}

// AND of two DNFs: every pair of configurations, members merged (sorted, distinct).
std::vector<std::vector<int>> dnf_product(const std::vector<std::vector<int>>& x, const std::vector<std::vector<int>>& y) {
  if (x.empty()) return y;
  std::vector<std::vector<int>> out;
  for (const std::vector<int>& a : x) {
    for (const std::vector<int>& b : y) {
      std::vector<int> both = a;
      both.insert(both.end(), b.begin(), b.end());
      std::sort(both.begin(), both.end());
      both.erase(std::unique(both.begin(), both.end()), both.end());
      out.push_back(std::move(both));
    }
  }
  return out;
}

struct SiteCluster {
  int root = -1;
  std::vector<std::vector<int>> configurations;
  int sites = 0;
  bool too_large = false;  // product over kMaxSiteConfigurations
};

}  // namespace

namespace {

// 3D: every trusted PEG site (peg_sites_3d.h) is one plain group whose sides are its members, each
// a half-space (a candidate separating plane): Egan's "point against a union of half-spaces" with
// the point's role taken by the site's linearised gaps. The U contacts stand alone.
GroupedLayout grouped_layout_3d(const ProximityResult& proximity, const ModelContext& context) {
  const PegLayout3d peg = peg_layout_3d(proximity, context);
  GroupedLayout layout;
  layout.always = peg.unilateral;
  for (std::size_t s = 0; s < peg.site_members.size(); ++s) {
    const std::vector<int>& members = peg.site_members[s];
    if (members.empty()) continue;
    ConfigurationSet set;
    for (int m : members) set.configurations.push_back({m});
    set.members = members;
    set.source = static_cast<int>(s);
    set.group_index = static_cast<int>(layout.sets.size());
    layout.sets.push_back(std::move(set));
  }
  return layout;
}

}  // namespace

GroupedLayout grouped_layout(const ProximityResult& proximity, const ModelContext& context) {
  if (context.bodies3d != nullptr) return grouped_layout_3d(proximity, context);
  const std::size_t n = proximity.contacts.size();
  ContactClusters clusters(n);
  for (const NonconvexGroup& g : proximity.groups) {
    for (int c : g.contacts) {
      if (c >= 0 && c < static_cast<int>(n)) clusters.join(c, g.contacts.front());
    }
  }
  std::vector<std::vector<std::vector<int>>> conditions;
  for (const VertexVertexSite& site : proximity.vv_sites) {
    conditions.push_back(site_condition(site, proximity, context));
    if (conditions.back().empty()) continue;
    const std::vector<int> contacts = site_contacts(site);
    for (int c : contacts) clusters.join(c, contacts.front());
  }

  // One site set per cluster, in the order of its first site. Found by its root, not by a scan of
  // the sets: 300 polygons in one place (1e6 contacts) spent two minutes in scans before assembly
  // could refuse the step.
  std::vector<SiteCluster> site_sets;
  std::vector<int> set_of_root(n, -1);
  for (std::size_t s = 0; s < proximity.vv_sites.size(); ++s) {
    if (conditions[s].empty()) continue;
    const int root = clusters.root(site_contacts(proximity.vv_sites[s]).front());
    int& at = set_of_root[static_cast<std::size_t>(root)];
    if (at < 0) {
      at = static_cast<int>(site_sets.size());
      site_sets.push_back(SiteCluster{root, {}, 0, false});
    }
    SiteCluster* it = &site_sets[static_cast<std::size_t>(at)];
    // Past the limit the product is not formed (it grows as 4^sites: deep overlaps in a pour put dozens
    // of sites in one cluster and exhausted memory); the cluster keeps its vertex groups.
    if (!it->too_large && it->configurations.size() * conditions[s].size() > kMaxSiteConfigurations) {
      it->too_large = true;
      it->configurations.clear();
    }
    if (!it->too_large) it->configurations = dnf_product(it->configurations, conditions[s]);
    ++it->sites;
  }
  std::erase_if(site_sets, [](const SiteCluster& c) { return c.too_large; });

  std::vector<char> root_has_set(n, 0), in_site_set(n, 0);
  for (const SiteCluster& c : site_sets) root_has_set[static_cast<std::size_t>(c.root)] = 1;
  for (std::size_t i = 0; i < n; ++i) in_site_set[i] = root_has_set[static_cast<std::size_t>(clusters.root(static_cast<int>(i)))];

  GroupedLayout layout;
  for (int g = 0; g < static_cast<int>(proximity.groups.size()); ++g) {
    const std::vector<int>& sides = proximity.groups[static_cast<std::size_t>(g)].contacts;
    // Out-of-range groups stay plain: emit_grouped_model validates and names them.
    const bool replaced = std::all_of(sides.begin(), sides.end(), [&](int c) { return c >= 0 && c < static_cast<int>(n); }) &&
                          !sides.empty() && in_site_set[static_cast<std::size_t>(sides.front())];
    if (replaced) continue;
    ConfigurationSet set;
    for (int side : sides) set.configurations.push_back({side});
    set.members = sides;
    set.source = set.group_index = g;
    layout.sets.push_back(std::move(set));
  }
  int next = static_cast<int>(proximity.groups.size());
  for (SiteCluster& c : site_sets) {
    ConfigurationSet set;
    for (const std::vector<int>& conf : c.configurations) set.members.insert(set.members.end(), conf.begin(), conf.end());
    std::sort(set.members.begin(), set.members.end());
    set.members.erase(std::unique(set.members.begin(), set.members.end()), set.members.end());
    set.configurations = std::move(c.configurations);
    set.source = set.group_index = next++;
    set.vertex_sites = c.sites;
    layout.vertex_sites += c.sites;
    layout.sets.push_back(std::move(set));
  }
  for (int i : proximity.ungrouped) {
    if (i < 0 || i >= static_cast<int>(n) || !in_site_set[static_cast<std::size_t>(i)]) layout.always.push_back(i);
  }
  return layout;
}

FreeSpace grouped_layout_free_space(const GroupedLayout& layout) {
  FreeSpace space;
  for (const ConfigurationSet& set : layout.sets) {
    Disjunction d;
    d.source = set.source;
    d.configurations = set.configurations;
    space.disjunctions.push_back(std::move(d));
  }
  space.always = layout.always;
  return space;
}

}  // namespace pegsim
