// PEG §5.2's I-sites in 3D and their candidate separating planes (the contacts the PEG models'
// disjunctions are made of; contact/peg_sites_3d.h turns them into rows).
//
// Near a vertex–edge or vertex–vertex contact the two bodies are, locally, convex polyhedral cones:
// C_A with apex at A's vertex, and C_B, the wedge of B's edge or the cone at B's vertex. Two convex
// polyhedral sets are disjoint iff a separating plane exists among the face planes of either and
// the planes spanned by an edge of each (the separating axis theorem). A face plane of B at the site
// separates iff it supports C_A (no edge of A at the vertex heads behind it: vertex–face
// applicability >= 0, features_3d.h) and the vertex lies in front of it (gap >= 0); an edge pair's
// plane separates iff it supports both cones (edge–edge applicability >= 0) and its gap >= 0. So
// the site is free iff  OR_k gap_k >= 0  over its applicable candidates: the exact local condition,
// a disjunction of single half-spaces like 2D PEG's DNF (contact/peg_sites.h).
// Candidates ("members"):
//   vertex–edge (va of A, edge e of B): va against the planes of e's two faces, and each edge of A
//     at va against e. (A face plane of A would have to contain e's direction to support the
//     wedge: never in general position.)
//   vertex–vertex (va, vb): va against each face of B at vb, vb against each face of A at va, and
//     each edge at va against each edge at vb. The reconstructed reference (peg-reconstructed.md)
//     has the faces only; two cubes meeting corner to corner, turned 45 degrees about the line
//     between the corners, are separated by an edge pair's plane alone.
// Members below kSiteMemberApplicability are dropped (they cannot separate the cones); when none
// passes, the one with the largest applicability is kept (the site must stay constrained).
#pragma once

#include <pegsim/dynamics/body3d.h>
#include <pegsim/proximity/contact3d.h>
#include <pegsim/proximity/features_3d.h>
#include <pegsim/proximity/proximity.h>

#include <vector>

namespace pegsim {

// Classical applicability (>= 0) less about 3 degrees for nearly parallel facing sides, as in 2D
// (kMixedPairApplicability, peg_sites.h).
inline constexpr double kSiteMemberApplicability = -0.05;

// A vertex touching a face within this (relative to the pair's largest coordinate) of one of the
// face's edges or corners is at that edge or corner: add_sites_3d gives it the site (a box resting
// exactly across the seam of two tiles; the narrow phase reports its corners against both tiles'
// faces, not as vertex–edge pairs, since they are not strictly outside).
inline constexpr double kBoundaryTolerance = 1e-9;

// Appends the members of every vertex–edge and vertex–vertex contact of `proximity` as contacts
// with `site` set, fills proximity.sites (one per such contact, in contact order), and sets the
// applicability of every vertex–face contact (vertex_face_applicability). Members keep the narrow
// phase's conventions (contact3d.h): vertex–face with the vertex's body as A, edge–edge with the
// lower body index as A. Clears existing members first, so it can run again after a merge.
// `world`: the bodies' world-frame views when the caller has them (find_proximity_3d), indexed by
// body (an entry whose index differs is built here); null: built for the bodies the sites touch.
void add_sites_3d(const std::vector<Body3d>& bodies, const ProximityOptions& options, ProximityResult3d& proximity,
                  const std::vector<ProximityBody3d>* world = nullptr);

// Removes the members, boundary hints and sites (the contacts the narrow phase found stay, in order).
void remove_sites_3d(ProximityResult3d& proximity);

}  // namespace pegsim
