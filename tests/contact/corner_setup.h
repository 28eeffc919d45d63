// The Egan–Berard–Trinkle worked example (paper §IV, Fig. 3), built from the physical setup: a point
// particle of mass 1 at (1, 1), no gravity, h = 2, outside the corner of a static square occupying
// [-10, 0] x [-10, 0]. Contacts are built from the geometry by hand (vertex of A = the particle
// against edges of B = the square; normal from A into B = minus the edge's outward normal).
#pragma once

#include <pegsim/assembly/assembly.h>
#include <pegsim/contact/model.h>
#include <pegsim/dynamics/body.h>
#include <pegsim/proximity/contact.h>

#include <vector>

namespace pegsim::test {

struct CornerSetup {
  std::vector<Body> bodies;
  std::vector<int> dof_offset;
  std::vector<double> friction;
  ProximityResult proximity;
  InverseMass inverse_mass;
  Vec nu_free;
  double h = 2.0;

  ModelContext context(double gamma = 0.0, double epsilon = 0.0) const {
    ModelContext c;
    c.time_step = h;
    c.bodies = &bodies;
    c.dof_offset = &dof_offset;
    c.pair_friction = &friction;
    c.options.gamma = gamma;
    c.options.epsilon = epsilon;
    return c;
  }
  // End position of the particle for solution z of the LCP assembled from `rows`.
  Vec2 end_position(const RowSystem& rows, const Vec& z) const {
    const Vec nu = velocity_after_impulses(rows, inverse_mass, nu_free, z);
    return bodies[0].position + h * Vec2(nu[0], nu[1]);
  }
};

// World vertex i of the (unrotated) square.
inline Vec2 square_vertex(const Body& square, int i) {
  const std::size_t n = square.local_vertices.size();
  return square.position + square.local_vertices[static_cast<std::size_t>(i) % n];
}

// Vertex of body 0 (the particle) against edge `edge` of body 1 (the square), from geometry.
inline Contact particle_edge_contact(const std::vector<Body>& bodies, int edge) {
  const Body& square = bodies[1];
  const Vec2 p0 = square_vertex(square, edge), p1 = square_vertex(square, edge + 1);
  const Vec2 along = (p1 - p0).normalized();
  const Vec2 outward(along.y(), -along.x());  // CCW polygon: outward = direction rotated by -90 deg
  Contact contact;
  contact.body_a = 0;
  contact.body_b = 1;
  contact.vertex_a = 0;
  contact.edge_b = edge;
  contact.point = bodies[0].position;
  contact.normal = -outward;
  contact.gap = outward.dot(contact.point - p0);
  contact.segment_distance = contact.gap;
  return contact;
}

// `edges`: the square's edges used as contacts (1 = side x = 0, 2 = side y = 0, 3 = side x = -10);
// all of them form one nonconvex group when `grouped`.
inline CornerSetup make_corner(const Vec2& velocity, std::vector<int> edges = {1, 2}, bool grouped = true,
                               double mu = 0.0) {
  CornerSetup s;
  Body particle;
  particle.name = "particle";
  particle.local_vertices = {Vec2(0, 0)};
  particle.mass = 1.0;
  particle.position = Vec2(1, 1);
  particle.velocity = velocity;
  Body square;
  square.name = "corner";
  square.is_static = true;
  square.position = Vec2(-5, -5);
  square.local_vertices = {Vec2(-5, -5), Vec2(5, -5), Vec2(5, 5), Vec2(-5, 5)};  // [-10,0] x [-10,0], CCW
  s.bodies = {particle, square};
  s.dof_offset = {0, -1};
  s.inverse_mass.dofs = 3;
  s.inverse_mass.offsets = {0};
  Mat block = Mat::Identity(3, 3);  // mass 1; a particle's rotation is frozen
  block(2, 2) = 0.0;
  s.inverse_mass.blocks = {block};
  s.nu_free = Vec::Zero(3);
  s.nu_free << velocity.x(), velocity.y(), 0.0;  // no gravity
  NonconvexGroup group;
  for (int edge : edges) {
    group.contacts.push_back(static_cast<int>(s.proximity.contacts.size()));
    s.proximity.contacts.push_back(particle_edge_contact(s.bodies, edge));
  }
  if (grouped) {
    s.proximity.groups.push_back(group);
  } else {
    s.proximity.ungrouped = group.contacts;
  }
  s.friction.assign(s.proximity.contacts.size(), mu);
  return s;
}

}  // namespace pegsim::test
