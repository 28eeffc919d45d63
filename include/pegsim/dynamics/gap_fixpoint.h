// End-of-step gap fixpoint (contact-NCP excerpt §2.2; Sauer and Schömer): the rows predict a
// contact's end gap linearly, psi + h G^T nu; rotation makes the true end gap differ (measured:
// two polygons spinning at 4 and 8 rad/s at h = 0.01 ended 1.4 mm deep although every row held).
// After a solve, the true gaps of the same feature pairs at q^l + h nu give every contact
//     gap_correction = gap_true(q^l + h nu) - h G^T nu - gap,
// so the next solve's rows are linearised around the previous iterate rather than around q^l:
// its predicted end gap is gap_true(nu_prev) + h G^T (nu - nu_prev). The engine iterates while
// the end configuration still overlaps (SimulationOptions::fixpoint_*).
#pragma once

#include <pegsim/contact/model.h>
#include <pegsim/lcp/problem.h>
#include <pegsim/scene/scene.h>

#include <vector>

namespace pegsim {

// Deepest penetration (penetration_depth, geometry/overlap.h) among the body pairs that have
// potential contacts, evaluated at `bodies`.
double contact_pairs_depth(const std::vector<Body>& bodies, const ProximityResult& proximity);

// Sets every contact's gap_correction from the end-of-step bodies; `context` is the step's (its
// bodies are the start states, for the Jacobians), `nu` the end-of-step velocity that produced them.
void update_gap_corrections(ProximityResult& proximity, const std::vector<Body>& end_bodies,
                            const ModelContext& context, const Vec& nu);

// 3D (gap_fixpoint_3d.cpp): the same on polyhedra. The true end gaps are those of the U kinds,
// whose geometry is exact: vertex_face (the moved vertex's signed distance from the moved face's
// plane) and edge_edge (the moved edges' lines along their common normal, signed as at the start).
// vertex_edge and vertex_vertex (PEG's I-sites, whose normal is only a direction hint) keep
// correction 0; parallel end edges keep 0 too.
double contact_pairs_depth_3d(const std::vector<Body3d>& bodies, const ProximityResult& proximity);
void update_gap_corrections_3d(ProximityResult& proximity, const std::vector<Body3d>& end_bodies,
                               const ModelContext& context, const Vec& nu);

// Either dimension, from the end-of-step scene.
double contact_pairs_depth(const Scene& end, const ProximityResult& proximity);
void update_gap_corrections(ProximityResult& proximity, const Scene& end, const ModelContext& context, const Vec& nu);

// Every contact's gap_correction, and setting them back (same contact list).
std::vector<double> gap_corrections(const ProximityResult& proximity);
void set_gap_corrections(ProximityResult& proximity, const std::vector<double>& corrections);
// Moves every contact's gap_correction to from + fraction * (gap_correction - from): a damped
// fixpoint iterate (the engine takes half the change when a full one ended deeper).
void blend_gap_corrections(ProximityResult& proximity, const std::vector<double>& from, double fraction);

}  // namespace pegsim
