// Volume, centroid and inertia tensor of a solid convex polyhedron of uniform density, by the
// divergence theorem: the solid is split into tetrahedra (reference point, fan triangle of a face),
// each contributing its signed volume and second moment (the canonical-tetrahedron covariance,
// C = det[a b c] / 120 ((a+b+c)(a+b+c)^T + a a^T + b b^T + c c^T), Blow & Binstock / Tonon 2004;
// the same integrals as Mirtich 1996 and Eberly's "Polyhedral mass properties").
#pragma once

#include <pegsim/geometry/polyhedron.h>

namespace pegsim {

struct SolidProperties {
  double volume = 0.0;
  Vec3 centroid = Vec3::Zero();
  Mat3 inertia_per_density = Mat3::Zero();  // about the centroid, the shape's axes (multiply by density)
};
SolidProperties solid_properties(const Polyhedron& shape);

// A body's shape in its own frame: origin at the centre of mass, axes those of the input.
struct RigidShape3d {
  Polyhedron shape;              // vertices relative to the centroid
  Vec3 centroid = Vec3::Zero();  // where the centroid was in the input's coordinates
  double volume = 0.0;
  double mass = 0.0;
  Mat3 inertia = Mat3::Zero();   // about the centre of mass, kg m^2
};
// Throws std::invalid_argument for a density or mass that is not positive and finite.
RigidShape3d rigid_shape_from_density(const Polyhedron& shape, double density);
RigidShape3d rigid_shape_from_mass(const Polyhedron& shape, double mass);

// The inertia of a solid box with side lengths `sides` and mass m about its centre (test reference).
Mat3 box_inertia(const Vec3& sides, double mass);

}  // namespace pegsim
