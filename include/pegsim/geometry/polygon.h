// Convex polygons in 2D: mass properties, validity checks, transforms.
#pragma once

#include <Eigen/Dense>

#include <string>
#include <vector>

namespace pegsim {

using Vec2 = Eigen::Vector2d;
using Polygon = std::vector<Vec2>;  // counter-clockwise; a single vertex is a point particle

inline double cross2(const Vec2& a, const Vec2& b) { return a.x() * b.y() - a.y() * b.x(); }
inline Vec2 perp(const Vec2& v) { return Vec2(-v.y(), v.x()); }  // +90 degrees

double signed_area(const Polygon& p);           // > 0 for counter-clockwise
Vec2 area_centroid(const Polygon& p);
// Polar moment of area about the centroid (multiply by density for the moment of inertia).
double polar_moment_about_centroid(const Polygon& p);

// Empty string when p is a valid body shape (1 vertex, or >= 3 vertices, CCW, strictly convex,
// no repeated vertices, finite); otherwise the reason, for error messages.
std::string polygon_problem(const Polygon& p);

// World coordinates of body-frame vertices under rotation `angle` and translation `position`.
Polygon transform_polygon(const Polygon& local, const Vec2& position, double angle);

}  // namespace pegsim
