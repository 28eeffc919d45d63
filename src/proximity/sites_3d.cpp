// PEG I-sites in 3D and their candidate separating planes (sites_3d.h).
#include <pegsim/proximity/sites_3d.h>

#include <pegsim/proximity/features_3d.h>
#include <pegsim/proximity/proximity_3d.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <map>
#include <set>
#include <tuple>

namespace pegsim {
namespace {

// World-frame views of the bodies the sites touch, built once each.
class Views {
 public:
  Views(const std::vector<Body3d>& bodies, const ProximityOptions& options, const std::vector<ProximityBody3d>* world)
      : bodies_(bodies), options_(options), world_(world) {}
  const ProximityBody3d& operator()(int i) {
    if (world_ != nullptr && world_->at(static_cast<std::size_t>(i)).index == i) return (*world_)[static_cast<std::size_t>(i)];
    auto it = views_.find(i);
    if (it == views_.end()) it = views_.emplace(i, proximity_body_3d(bodies_.at(static_cast<std::size_t>(i)), i, options_)).first;
    return it->second;
  }

 private:
  const std::vector<Body3d>& bodies_;
  const ProximityOptions& options_;
  const std::vector<ProximityBody3d>* world_;
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

// B's edge joining face-loop vertices u and w.
int edge_between(const Polyhedron& shape, int u, int w) {
  for (int e : shape.vertex_edges.at(static_cast<std::size_t>(u))) {
    const PolyhedronEdge& edge = shape.edges[static_cast<std::size_t>(e)];
    if ((edge.v0 == u && edge.v1 == w) || (edge.v0 == w && edge.v1 == u)) return e;
  }
  return -1;
}

Vec3 mean_normal(const Polyhedron& shape, const std::vector<int>& faces) {
  Vec3 n = Vec3::Zero();
  for (int f : faces) n += shape.faces[static_cast<std::size_t>(f)].normal;
  return n.normalized();
}

// The site a vertex touching B exactly on the boundary of one of B's faces is at. The narrow phase
// reports such a vertex against the faces it lies on (rule 1: it is not strictly outside B, so no
// vertex–edge pair); a box resting exactly across the seam of two tiles is one. Without the site,
// PEG would hold the corner against the next tile's side face: the ghost collision.
std::optional<Contact3d> boundary_hint(const Contact3d& c, Views& view) {
  const ProximityBody3d& a = view(c.body_a);
  const ProximityBody3d& b = view(c.body_b);
  const double tol = kBoundaryTolerance * pair_scale(a, b);
  if (std::abs(c.gap) > tol) return std::nullopt;
  const Vec3& p = a.shape.vertices[static_cast<std::size_t>(c.feature_a)];
  const std::vector<int>& loop = b.shape.faces[static_cast<std::size_t>(c.feature_b)].vertices;
  for (std::size_t i = 0; i < loop.size(); ++i) {
    const int u = loop[i], w = loop[(i + 1) % loop.size()];
    const Vec3& pu = b.shape.vertices[static_cast<std::size_t>(u)];
    const Vec3& pw = b.shape.vertices[static_cast<std::size_t>(w)];
    const double t = nearest_segment_parameter(p, pu, pw);
    const Vec3 q = pu + t * (pw - pu);
    if ((p - q).norm() > tol) continue;
    Contact3d hint = c;
    hint.point_b = q;
    hint.gap = (p - q).norm();
    if ((p - pu).norm() <= tol || (p - pw).norm() <= tol) {
      hint.kind = FeaturePair3d::vertex_vertex;
      hint.feature_b = (p - pu).norm() <= (p - pw).norm() ? u : w;
      hint.point_b = b.shape.vertices[static_cast<std::size_t>(hint.feature_b)];
      hint.normal = -mean_normal(b.shape, b.shape.vertex_faces[static_cast<std::size_t>(hint.feature_b)]);
    } else {
      hint.kind = FeaturePair3d::vertex_edge;
      hint.feature_b = edge_between(b.shape, u, w);
      if (hint.feature_b < 0) continue;
      const PolyhedronEdge& edge = b.shape.edges[static_cast<std::size_t>(hint.feature_b)];
      hint.normal = -mean_normal(b.shape, {edge.face_left, edge.face_right});
    }
    hint.applicability = 1.0;
    return hint;
  }
  return std::nullopt;
}

// Appends the boundary hints of the vertex–face contacts that lack a site of their own.
void add_boundary_hints(Views& view, ProximityResult3d& proximity) {
  using Key = std::tuple<int, int, int, int, int>;
  auto key = [](const Contact3d& c) { return Key{c.body_a, c.body_b, static_cast<int>(c.kind), c.feature_a, c.feature_b}; };
  std::set<Key> present;
  for (const Contact3d& c : proximity.contacts) present.insert(key(c));
  const std::size_t found = proximity.contacts.size();
  for (std::size_t i = 0; i < found; ++i) {
    if (proximity.contacts[i].kind != FeaturePair3d::vertex_face) continue;
    const std::optional<Contact3d> hint = boundary_hint(proximity.contacts[i], view);
    if (hint && present.insert(key(*hint)).second) {
      proximity.contacts.push_back(*hint);
      proximity.contacts.back().boundary_hint = true;
    }
  }
}

}  // namespace

void remove_sites_3d(ProximityResult3d& proximity) {
  std::erase_if(proximity.contacts, [](const Contact3d& c) { return c.site >= 0 || c.boundary_hint; });
  proximity.sites.clear();
}

void add_sites_3d(const std::vector<Body3d>& bodies, const ProximityOptions& options, ProximityResult3d& proximity,
                  const std::vector<ProximityBody3d>* world) {
  remove_sites_3d(proximity);
  Views view(bodies, options, world);
  add_boundary_hints(view, proximity);
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
