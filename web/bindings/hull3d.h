// Faces for 3D scene bodies given by vertices alone. The native library takes their convex hull with
// qhull, which the WebAssembly build does not have (convex_hull_3d.h: have_qhull() is false there), so
// the page fills in the faces before the scene reaches the engine: every plane through three of the
// points with all points on one side is a face; its loop is the 2D hull of the points on it,
// counter-clockwise seen from outside (what polyhedron_from_faces expects). O(n^4) in the vertex count:
// meant for the small polyhedra of scenes (a cube, an icosahedron, a few dozen points).
#pragma once

#include <nlohmann/json.hpp>

#include <array>
#include <vector>

namespace pegsim::web {

// Face loops of the convex hull of `points` (indices into points). Throws std::invalid_argument for
// fewer than 4 points, non-finite or flat input, or more than kMaxHullPoints points.
inline constexpr int kMaxHullPoints = 100;
std::vector<std::vector<int>> hull_faces(const std::vector<std::array<double, 3>>& points);

// In a 3D scene's JSON (gravity with 3 components), adds "faces" to every body that has "vertices"
// but neither "faces" nor "mesh". Leaves 2D scenes and everything else as they are; malformed
// entries are left for the scene reader to report.
void add_missing_faces(nlohmann::json& scene);

}  // namespace pegsim::web
