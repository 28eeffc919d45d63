// Mass properties of a convex polyhedron (mass_properties_3d.h): tetrahedra from the vertex mean
// (inside the convex shape, which keeps the signed terms small and of one sign) to each face's fan.
#include <pegsim/geometry/mass_properties_3d.h>

#include <cmath>
#include <stdexcept>
#include <string>

namespace pegsim {

SolidProperties solid_properties(const Polyhedron& shape) {
  Vec3 reference = Vec3::Zero();
  for (const Vec3& v : shape.vertices) reference += v;
  reference /= static_cast<double>(shape.vertices.size());

  double six_volume = 0.0;           // sum of det[a b c]
  Vec3 first_moment = Vec3::Zero();  // sum of det (a + b + c), /24 below
  Mat3 covariance = Mat3::Zero();    // second moment about `reference`, /120 below
  for (const PolyhedronFace& face : shape.faces) {
    const Vec3 a = shape.vertices[static_cast<std::size_t>(face.vertices[0])] - reference;
    for (std::size_t i = 1; i + 1 < face.vertices.size(); ++i) {
      const Vec3 b = shape.vertices[static_cast<std::size_t>(face.vertices[i])] - reference;
      const Vec3 c = shape.vertices[static_cast<std::size_t>(face.vertices[i + 1])] - reference;
      const double det = a.dot(b.cross(c));
      const Vec3 sum = a + b + c;
      six_volume += det;
      first_moment += det * sum;
      covariance += det * (sum * sum.transpose() + a * a.transpose() + b * b.transpose() + c * c.transpose());
    }
  }
  SolidProperties p;
  p.volume = six_volume / 6.0;
  const Vec3 offset = first_moment / (24.0 * p.volume);  // centroid relative to `reference`
  p.centroid = reference + offset;
  // Parallel-axis shift of the covariance to the centroid, then I = tr(C) 1 - C.
  const Mat3 c = covariance / 120.0 - p.volume * offset * offset.transpose();
  p.inertia_per_density = c.trace() * Mat3::Identity() - c;
  return p;
}

namespace {

RigidShape3d centred(const Polyhedron& shape, const SolidProperties& p, double mass) {
  RigidShape3d body;
  body.shape = transformed(shape, Eigen::Quaterniond::Identity(), -p.centroid);
  body.centroid = p.centroid;
  body.volume = p.volume;
  body.mass = mass;
  body.inertia = p.inertia_per_density * (mass / p.volume);
  return body;
}

void check_positive(double value, const char* what) {
  if (!(value > 0.0) || !std::isfinite(value)) {
    throw std::invalid_argument(std::string(what) + " must be positive and finite");
  }
}

}  // namespace

RigidShape3d rigid_shape_from_density(const Polyhedron& shape, double density) {
  check_positive(density, "density");
  const SolidProperties p = solid_properties(shape);
  return centred(shape, p, density * p.volume);
}

RigidShape3d rigid_shape_from_mass(const Polyhedron& shape, double mass) {
  check_positive(mass, "mass");
  return centred(shape, solid_properties(shape), mass);
}

Mat3 box_inertia(const Vec3& sides, double mass) {
  const Vec3 s2 = sides.cwiseProduct(sides);
  return (mass / 12.0) * Vec3(s2.y() + s2.z(), s2.x() + s2.z(), s2.x() + s2.y()).asDiagonal();
}

}  // namespace pegsim
