// Narrow phase for one body pair: vertex–edge contacts with their chains (nonconvex groups) and
// vertex–vertex sites. The rule is stated in narrow_phase.h.
#include <pegsim/proximity/narrow_phase.h>

#include <algorithm>

namespace pegsim {

ContactKey key_of(const Contact& c) { return ContactKey{c.body_a, c.body_b, c.vertex_a, c.edge_b}; }

namespace {

int wrap(int i, int n) { return ((i % n) + n) % n; }

// Maximal runs of consecutive flagged edges around a closed polygon, each in CCW edge order.
// A fully flagged polygon is one run starting at edge 0.
std::vector<std::vector<int>> cyclic_runs(const std::vector<char>& flagged) {
  const int n = static_cast<int>(flagged.size());
  std::vector<std::vector<int>> runs;
  const auto first_clear = std::find(flagged.begin(), flagged.end(), 0);
  if (first_clear == flagged.end()) {
    runs.emplace_back();
    for (int e = 0; e < n; ++e) runs.back().push_back(e);
    return runs;
  }
  const int start = static_cast<int>(first_clear - flagged.begin());
  std::vector<int> current;
  for (int k = 1; k <= n; ++k) {
    const int e = wrap(start + k, n);
    if (flagged[static_cast<std::size_t>(e)]) {
      current.push_back(e);
    } else if (!current.empty()) {
      runs.push_back(std::move(current));
      current.clear();
    }
  }
  return runs;
}

void add_contact(PairProximity& out, const Contact& c) { out.contacts.emplace(key_of(c), c); }

// A's vertex against every edge of B (rules 1-5 of narrow_phase.h).
void vertex_against_body(const ProximityBody& a, int vertex_a, const ProximityBody& b, double threshold,
                         PairProximity& out) {
  const int n = b.edge_count();
  if (n == 0) return;
  const Vec2& p = a.vertices[static_cast<std::size_t>(vertex_a)];
  std::vector<PointEdgeGeometry> probe;
  probe.reserve(static_cast<std::size_t>(n));
  for (int e = 0; e < n; ++e) {
    probe.push_back(point_edge_geometry(p, b.vertices[static_cast<std::size_t>(e)],
                                        b.vertices[static_cast<std::size_t>(wrap(e + 1, n))]));
  }

  int exit_edge = 0;  // largest gap; lowest index on ties
  for (int e = 1; e < n; ++e) {
    if (probe[static_cast<std::size_t>(e)].gap > probe[static_cast<std::size_t>(exit_edge)].gap) exit_edge = e;
  }
  const bool inside = probe[static_cast<std::size_t>(exit_edge)].gap <= 0.0;

  // Rules 1 and 2.
  std::vector<char> near(static_cast<std::size_t>(n), 0);
  for (int e = 0; e < n; ++e) near[static_cast<std::size_t>(e)] = probe[static_cast<std::size_t>(e)].segment_distance <= threshold;
  if (inside) near[static_cast<std::size_t>(exit_edge)] = 1;

  // Rule 3 (Egan Fig. 8): a candidate edge's end vertex within reach brings in its other side.
  std::vector<char> candidate = near;
  for (int e = 0; e < n; ++e) {
    if (!near[static_cast<std::size_t>(e)]) continue;
    for (int k : {e, e + 1}) {
      const int shared = wrap(k, n);
      if ((p - b.vertices[static_cast<std::size_t>(shared)]).norm() <= threshold) {
        candidate[static_cast<std::size_t>(wrap(shared - 1, n))] = 1;
        candidate[static_cast<std::size_t>(shared)] = 1;
      }
    }
  }

  // Rules 4 and 5.
  for (const std::vector<int>& run : cyclic_runs(candidate)) {
    bool keep = false;
    for (int e : run) {
      keep = keep || (inside ? e == exit_edge : probe[static_cast<std::size_t>(e)].gap >= 0.0);
    }
    if (!keep) continue;
    std::vector<ContactKey> group;
    for (int e : run) {
      const Contact c = vertex_edge_contact(a, vertex_a, b, e);
      add_contact(out, c);
      group.push_back(key_of(c));
    }
    if (group.size() >= 2) out.groups.push_back(std::move(group));
  }
}

// A's vertices that can be near B: inside B's bounding box grown by D. Every vertex this skips is
// farther than D from all of B (so no rule of narrow_phase.h can include it): exact, not a heuristic.
std::vector<int> vertices_near_box(const ProximityBody& a, const ProximityBody& b, double threshold) {
  const double grow = threshold * (1.0 + 1e-9);  // never lose a tie to rounding
  const Aabb box{b.bounds.lo.array() - grow, b.bounds.hi.array() + grow};
  std::vector<int> near;
  for (int v = 0; v < static_cast<int>(a.vertices.size()); ++v) {
    const Vec2& p = a.vertices[static_cast<std::size_t>(v)];
    if (box.overlaps(Aabb{p, p})) near.push_back(v);
  }
  return near;
}

// Vertex–vertex sites between site body A and body B (PEG 2D vertex–vertex; contact.h).
void vertex_vertex_sites(const ProximityBody& a, const ProximityBody& b, double threshold, PairProximity& out) {
  const int na = static_cast<int>(a.vertices.size());
  const int nb = static_cast<int>(b.vertices.size());
  for (int va : vertices_near_box(a, b, threshold)) {
    for (int vb = 0; vb < nb; ++vb) {
      const Vec2 gap = a.vertices[static_cast<std::size_t>(va)] - b.vertices[static_cast<std::size_t>(vb)];
      if (gap.norm() > threshold) continue;
      PendingSite pending;
      pending.site.body_a = a.index;
      pending.site.vertex_a = va;
      pending.site.body_b = b.index;
      pending.site.vertex_b = vb;
      // c1, c2: va against B's edges ending / starting at vb.
      const int b_edges[2] = {wrap(vb - 1, nb), vb};
      for (int s = 0; s < 2; ++s) {
        const Contact c = vertex_edge_contact(a, va, b, b_edges[s]);
        add_contact(out, c);
        pending.keys[static_cast<std::size_t>(s)] = key_of(c);
      }
      // c3, c4: vb against A's edges ending / starting at va (none for a particle A).
      if (a.edge_count() > 0) {
        const int a_edges[2] = {wrap(va - 1, na), va};
        for (int s = 0; s < 2; ++s) {
          const Contact c = vertex_edge_contact(b, vb, a, a_edges[s]);
          add_contact(out, c);
          pending.keys[static_cast<std::size_t>(2 + s)] = key_of(c);
        }
      }
      out.sites.push_back(pending);
    }
  }
}

}  // namespace

PairProximity pair_proximity(const ProximityBody& a, const ProximityBody& b, double threshold) {
  PairProximity out;
  for (int v : vertices_near_box(a, b, threshold)) vertex_against_body(a, v, b, threshold, out);
  for (int v : vertices_near_box(b, a, threshold)) vertex_against_body(b, v, a, threshold, out);

  const bool a_particle = a.edge_count() == 0;
  const bool b_particle = b.edge_count() == 0;
  if (a_particle && b_particle) return out;
  // Site orientation: a particle is always A; otherwise the lower body index.
  const bool a_first = a_particle || (!b_particle && a.index < b.index);
  if (a_first) {
    vertex_vertex_sites(a, b, threshold, out);
  } else {
    vertex_vertex_sites(b, a, threshold, out);
  }
  return out;
}

}  // namespace pegsim
