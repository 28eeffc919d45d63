// The PEG authors' 3D bodies, as exported in ../shared/data/reference-pour3d (its README):
// bodies_icosahedra.json (the icosahedra every stored run used, plus the container's slabs and
// gravity) and random-hulls-bodies3D.json (500 random hulls no run used). Values are kept as
// stored: vertices in the stored body frame (not centred for the random hulls), nominal mass and
// inertia (not from the shape), spawn_time null read as 0.
#pragma once

#include <pegsim/dynamics/body3d.h>
#include <pegsim/geometry/polyhedron.h>

#include <string>
#include <vector>

namespace pegsim {

struct ReferenceBody3d {
  std::string name;
  Polyhedron shape;  // stored body frame
  double mass = 0.0;
  Mat3 inertia = Mat3::Zero();
  Vec3 position = Vec3::Zero();
  Eigen::Quaterniond orientation = Eigen::Quaterniond::Identity();
  Vec3 velocity = Vec3::Zero();
  Vec3 angular_velocity = Vec3::Zero();  // world frame
  double spawn_time = 0.0;
};

struct ReferenceSlab {
  std::string name;
  Vec3 min = Vec3::Zero(), max = Vec3::Zero();
};

struct ReferenceBodySet3d {
  std::string set;                            // "icosahedra" or "bodies3D"
  Vec3 gravity = Vec3(0.0, 0.0, -9.81);
  std::vector<ReferenceBody3d> bodies;
  std::vector<ReferenceSlab> container;       // empty for the random hulls
};

// Throws SceneError naming the file, the body and the field.
ReferenceBodySet3d load_reference_bodies_3d(const std::string& path);

// A simulation body from a stored one: the shape centred at its centroid (the stored position is
// moved by R * centroid so the world vertices are unchanged), stored mass and inertia kept.
Body3d body_from_reference(const ReferenceBody3d& stored);

}  // namespace pegsim
