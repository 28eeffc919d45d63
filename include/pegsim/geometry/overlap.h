// Exact overlap of convex polygons: the accuracy metric of the pouring experiments.
#pragma once

#include <pegsim/geometry/polygon.h>

namespace pegsim {

// Intersection polygon of two convex CCW polygons (Sutherland–Hodgman clipping); empty if none.
Polygon convex_intersection(const Polygon& a, const Polygon& b);
// Its area (0 when either has fewer than 3 vertices).
double convex_intersection_area(const Polygon& a, const Polygon& b);
// Penetration depth: the minimum translation distance that separates a and b (separating-axis
// over both polygons' edge normals); 0 when they do not overlap. A point inside a polygon gets
// its distance to the boundary.
double penetration_depth(const Polygon& a, const Polygon& b);

}  // namespace pegsim
