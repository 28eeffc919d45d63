// PEG I-sites in 3D and their candidate separating planes (sites_3d.h).
#include <pegsim/proximity/sites_3d.h>

#include <pegsim/proximity/features_3d.h>
#include <pegsim/proximity/proximity_3d.h>

#include <algorithm>
#include <map>

namespace pegsim {
namespace {

// World-frame views of the bodies the sites touch, built once each.
class Views {
 public:
  Views(const std::vector<Body3d>& bodies, const ProximityOptions& options) : bodies_(bodies), options_(options) {}
  const ProximityBody3d& operator()(int i) {
    auto it = views_.find(i);
    if (it == views_.end()) it = views_.emplace(i, proximity_body_3d(bodies_.at(static_cast<std::size_t>(i)), i, options_)).first;
    return it->second;
  }

 private:
  const std::vector<Body3d>& bodies_;
  const ProximityOptions& options_;
  std::map<int, ProximityBody3d> views_;
};

// Vertex v of P against the plane of face f of Q (P = the contact's A).
std::optional<Contact3d> vertex_plane(const ProximityBody3d& p, int v, const ProximityBody3d& q, int f) {
  std::optional<Contact3d> c = contact_for_features_3d(FeaturePair3d::vertex_face, p, v, q, f, Vec3::Zero());
  if (c) c->applicability = vertex_face_applicability(p.shape, v, q.shape.faces[static_cast<std::size_t>(f)].normal);
  return c;
}

// Edge ea of P against edge eb of Q, the lower body index as A, the normal's sign the one with the
// larger applicability (as the narrow phase signs it).
std::optional<Contact3d> edge_plane(const ProximityBody3d& p, int ea, const ProximityBody3d& q, int eb) {
  const bool p_first = p.index <= q.index;
  const ProximityBody3d& a = p_first ? p : q;
  const ProximityBody3d& b = p_first ? q : p;
  const int fa = p_first ? ea : eb, fb = p_first ? eb : ea;
  const PolyhedronEdge& edge_a = a.shape.edges[static_cast<std::size_t>(fa)];
  const PolyhedronEdge& edge_b = b.shape.edges[static_cast<std::size_t>(fb)];
  const Vec3 da = a.shape.vertices[static_cast<std::size_t>(edge_a.v1)] - a.shape.vertices[static_cast<std::size_t>(edge_a.v0)];
  const Vec3 db = b.shape.vertices[static_cast<std::size_t>(edge_b.v1)] - b.shape.vertices[static_cast<std::size_t>(edge_b.v0)];
  Vec3 n = da.cross(db);
  if (!(n.norm() > 1e-9 * da.norm() * db.norm())) return std::nullopt;  // parallel: no plane of their own
  n.normalize();
  if (edge_edge_applicability(a.shape, fa, b.shape, fb, -n) > edge_edge_applicability(a.shape, fa, b.shape, fb, n)) n = -n;
  std::optional<Contact3d> c = contact_for_features_3d(FeaturePair3d::edge_edge, a, fa, b, fb, n);
  if (c) c->applicability = edge_edge_applicability(a.shape, fa, b.shape, fb, c->normal);
  return c;
}

std::vector<Contact3d> candidates(const Contact3d& hint, Views& view) {
  const ProximityBody3d& a = view(hint.body_a);
  const ProximityBody3d& b = view(hint.body_b);
  const int va = hint.feature_a;
  std::vector<Contact3d> out;
  auto keep = [&](std::optional<Contact3d> c) {
    if (c) out.push_back(*c);
  };
  const std::vector<int>& edges_at_va = a.shape.vertex_edges.at(static_cast<std::size_t>(va));
  if (hint.kind == FeaturePair3d::vertex_edge) {
    const int e = hint.feature_b;
    const PolyhedronEdge& edge = b.shape.edges.at(static_cast<std::size_t>(e));
    keep(vertex_plane(a, va, b, std::min(edge.face_left, edge.face_right)));
    keep(vertex_plane(a, va, b, std::max(edge.face_left, edge.face_right)));
    for (int ea : edges_at_va) keep(edge_plane(a, ea, b, e));
    return out;
  }
  const int vb = hint.feature_b;
  for (int f : b.shape.vertex_faces.at(static_cast<std::size_t>(vb))) keep(vertex_plane(a, va, b, f));
  for (int f : a.shape.vertex_faces.at(static_cast<std::size_t>(va))) keep(vertex_plane(b, vb, a, f));
  for (int ea : edges_at_va)
    for (int eb : b.shape.vertex_edges.at(static_cast<std::size_t>(vb))) keep(edge_plane(a, ea, b, eb));
  return out;
}

// The applicable candidates, or the most nearly applicable one when none is.
std::vector<Contact3d> applicable(std::vector<Contact3d> all) {
  std::vector<Contact3d> kept;
  for (const Contact3d& c : all)
    if (c.applicability >= kSiteMemberApplicability) kept.push_back(c);
  if (kept.empty() && !all.empty()) {
    kept.push_back(*std::max_element(all.begin(), all.end(), [](const Contact3d& x, const Contact3d& y) {
      return x.applicability < y.applicability;
    }));
  }
  return kept;
}

}  // namespace

void remove_sites_3d(ProximityResult3d& proximity) {
  std::erase_if(proximity.contacts, [](const Contact3d& c) { return c.site >= 0; });
  proximity.sites.clear();
}

void add_sites_3d(const std::vector<Body3d>& bodies, const ProximityOptions& options, ProximityResult3d& proximity) {
  remove_sites_3d(proximity);
  Views view(bodies, options);
  const std::size_t found = proximity.contacts.size();
  for (std::size_t i = 0; i < found; ++i) {
    Contact3d& c = proximity.contacts[i];
    if (c.kind == FeaturePair3d::vertex_face) {
      const ProximityBody3d& b = view(c.body_b);
      c.applicability =
          vertex_face_applicability(view(c.body_a).shape, c.feature_a, b.shape.faces[static_cast<std::size_t>(c.feature_b)].normal);
    }
  }
  for (std::size_t i = 0; i < found; ++i) {
    const Contact3d hint = proximity.contacts[i];
    if (hint.kind != FeaturePair3d::vertex_edge && hint.kind != FeaturePair3d::vertex_vertex) continue;
    Site3d site{static_cast<int>(i), {}};
    const int index = static_cast<int>(proximity.sites.size());
    for (Contact3d member : applicable(candidates(hint, view))) {
      member.site = index;
      site.members.push_back(static_cast<int>(proximity.contacts.size()));
      proximity.contacts.push_back(member);
    }
    proximity.sites.push_back(std::move(site));
  }
}

}  // namespace pegsim
