// Exact overlap volume of two convex polyhedra: the accuracy metric of the 3D pour (issue 12 item 6;
// the PEG reference measures it by the hull of edge–triangle crossings, README of
// reference-pour3d). Here: one solid's boundary polygons are clipped by each face plane of the
// other (Sutherland–Hodgman per polygon, plus the cap polygon the plane cuts), and the volume of
// the closed result comes from the divergence theorem, V = 1/3 sum_faces (p . n) A.
#pragma once

#include <pegsim/geometry/polyhedron.h>

#include <vector>

namespace pegsim {

// A closed convex surface as loose polygons, each CCW seen from outside.
using PolygonSoup = std::vector<std::vector<Vec3>>;

PolygonSoup boundary_polygons(const Polyhedron& shape);

// The part of `solid` with normal . x <= offset (the cut adds the cap polygon on the plane).
// Points within `tolerance` (absolute, metres) of the plane count as on it.
PolygonSoup clip_by_plane(const PolygonSoup& solid, const Vec3& normal, double offset, double tolerance);

// Volume enclosed by a closed surface of outward CCW polygons (divergence theorem).
double enclosed_volume(const PolygonSoup& solid);

// The intersection of a and b (both in the same frame) as a closed surface; empty when they do not
// overlap. And its volume, 0 when they only touch.
PolygonSoup convex_intersection_3d(const Polyhedron& a, const Polyhedron& b);
double convex_overlap_volume(const Polyhedron& a, const Polyhedron& b);

}  // namespace pegsim
