// Where a 3D frame's contacts are drawn. Contacts are found at the start of the step; the frame
// holds the bodies at its end, so each mark is rebuilt from the features on the drawn pose (A's
// vertex, or the nearest point of A's edge to B's edge; B's face normal, or the edges' cross
// product), which keeps the dots on the bodies as they are drawn.
#pragma once

#include <pegsim/render/frame.h>

#include <vector>

namespace pegsim {

struct ContactMark3d {
  Vec3 point = Vec3::Zero();   // on body A
  Vec3 normal = Vec3::Zero();  // unit, from A into B
  double gap = 0.0;            // at the start of the step
};

// One mark per contact of frame.proximity.three_d between active bodies.
std::vector<ContactMark3d> contact_marks_3d(const Frame& frame);

}  // namespace pegsim
