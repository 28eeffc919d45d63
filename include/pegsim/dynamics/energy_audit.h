// Does a step's answer create energy? The test every accepted contact solution passes.
//
// For a solution of a convex Stewart–Trinkle LCP (Egan eqs 5-8), complementarity gives every
// normal impulse p_k (G_k^T nu+ + psi_k / h) = 0 and every friction impulse work <= 0, so the
// impulses' work on the end velocity is at most sum_k p_k max(0, -psi_k) / h, and
//     KE(nu+) = KE(nu_free) + nu+^T G z - 1/2 |nu+ - nu_free|_M^2
//            <= KE(nu_free) + sum_k p_k max(0, -psi_k) / h          (stabilisation work)
// with KE(nu) = 1/2 nu^T M nu and nu_free = nu^l + h M^-1 F_ext (gravity's work is in nu_free).
// A phantom solution of a nonconvex model's LCP (a primary pushing while another configuration
// holds the site open, Egan's p without a touching side) breaks this bound: that is how such
// answers are recognised and refused (measured: +0.88 J in one step of a frictional pour whose
// initial energy was 2 J).
#pragma once

#include <pegsim/assembly/assembly.h>
#include <pegsim/dynamics/body.h>
#include <pegsim/dynamics/body3d.h>
#include <pegsim/proximity/contact.h>

#include <vector>

namespace pegsim {

struct EnergyAudit {
  double kinetic_free = 0.0;     // KE(nu_free), J
  double kinetic_end = 0.0;      // KE(nu+), J
  double stabilisation = 0.0;    // sum_k p_k max(0, -psi_k) / h over normal impulses, J
  double gain = 0.0;             // kinetic_end - kinetic_free - stabilisation
  // kEnergyRelativeTolerance KE(nu_free) + kEnergyAbsoluteTolerance + sum_j |z_j w_j|: the last term
  // is the work the verified round-off of complementarity (verify.h) can account for.
  double tolerance = 0.0;
  bool ok() const { return gain <= tolerance; }
};

// Round-off of the LCP solution (verified to 1e-8 relative) moves KE by far less than this.
inline constexpr double kEnergyRelativeTolerance = 1e-6;
inline constexpr double kEnergyAbsoluteTolerance = 1e-9;  // J

// psi_k = gap + gap_correction of each normal impulse's contact (proximity.contacts); w = M z + q of
// the LCP z solves (empty: no round-off allowance).
EnergyAudit audit_step_energy(const RowSystem& rows, const InverseMass& inverse_mass, const Vec& nu_free,
                              const Vec& nu_end, const Vec& z, const Vec& w, const ProximityResult& proximity,
                              double h);

// The part of the stabilisation work that pushes true overlaps apart: each normal impulse's
// p_k max(0, -psi_k) / h with -psi_k capped at the true penetration depth of its body pair at the
// step's start (geometry/overlap.h). A vertex behind another body's edge line but outside that body
// (the standard model's SM trap) has psi < 0 and depth 0: its push is not an overlap's. The
// divergence guard credits only this work as an energy source (divergence_guard.h).
double overlap_push_out_work(const RowSystem& rows, const Vec& z, const ProximityResult& proximity,
                             const std::vector<Body>& bodies, double h);
// The same for a 3D scene's contacts (proximity.three_d), with penetration_depth_3d.
double overlap_push_out_work(const RowSystem& rows, const Vec& z, const ProximityResult& proximity,
                             const std::vector<Body3d>& bodies, double h);

// 1/2 nu^T M nu with M the inverse of inverse_mass's blocks (a zero inverse entry: no inertia there).
double kinetic_energy(const InverseMass& inverse_mass, const Vec& nu);

}  // namespace pegsim
