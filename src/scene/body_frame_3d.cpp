// Re-centring 3D body frames on the centre of mass (see body_frame_3d.h).
#include <pegsim/geometry/mass_properties_3d.h>
#include <pegsim/scene/body_frame_3d.h>

#include <stdexcept>
#include <vector>

namespace pegsim {
namespace {

// As in 2D (body_frame.cpp): the centroid formula's own rounding, of order 1e-16 * size, must not
// move an already centred body.
constexpr double kCentredTolerance = 1e-10;

Polyhedron shifted(const Polyhedron& shape, const Vec3& offset) {
  std::vector<Vec3> vertices = shape.vertices;
  for (Vec3& v : vertices) v += offset;
  std::vector<std::vector<int>> loops;
  for (const PolyhedronFace& face : shape.faces) loops.push_back(face.vertices);
  return polyhedron_from_faces(vertices, loops);
}

}  // namespace

Vec3 recentre_at_centroid(Body3d& body) {
  const Vec3 c = solid_properties(body.shape).centroid;
  if (!c.allFinite()) throw std::invalid_argument("recentre_at_centroid: non-finite centroid");
  if (c.norm() <= kCentredTolerance * body.shape.bounding_radius()) return Vec3::Zero();
  body.shape = shifted(body.shape, -c);
  const Vec3 arm = body.orientation * c;  // old origin -> centre of mass, world frame
  body.position += arm;
  // Rigid motion: the new origin moves with v + omega x r.
  body.velocity += body.angular_velocity.cross(arm);
  return c;
}

}  // namespace pegsim
