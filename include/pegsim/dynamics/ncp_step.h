// The NCP stepper (contact-NCP excerpt §2.1): the step's complementarity problem with the TRUE
// end-of-step gaps in place of their linear prediction,
//     delta(sigma(z)) >= 0  compl. to  z >= 0                                    (excerpt eq. 4)
// solved as Phi(z) = [phi(z_i, w_i(z))] = 0 with the Fischer function phi(a, b) = sqrt(a^2 + b^2)
// - a - b (eq. 5) by semismooth Newton with an Armijo line search on 1/2 |Phi|^2.
//
// Unknowns are the step's LCP variables z (normal impulses, friction impulses, slip rates);
// w(z) = B z + q except on the rows whose constant is a contact's gap (psi / h), where
//     w_i(z) = delta_k(sigma(z)) / h,  sigma(z) = q^l + h S(q^l) (nu_free + M^-1 G z)   (eq. 2 in 1)
// with delta_k the true gap of the contact's feature pair at that end configuration (the
// fixpoint's evaluators, gap_fixpoint.h). Since the rows hold w_i = (psi_k + c_k)/h + G_k^T nu with
// c_k the gap correction, w_i(z) = (B z + q)_i + (c_k(z) - c_k)/h where c_k(z) is the correction
// the fixpoint would compute at z. The generalised Jacobian uses B for dw/dz (the fixpoint's own
// linearisation; the neglected term is the Jacobians' turn within the step, O(h |omega|)).
//
// The solution z* is a fixed point of the fixpoint iteration (§2.2): z* solves the LCP linearised
// around its own end configuration. The engine (simulation.cpp) checks exactly that: it rebuilds
// the rows with the corrections c(z*), verifies z* against their LCP and audits its energy.
#pragma once

#include <pegsim/assembly/assembly.h>
#include <pegsim/contact/model.h>
#include <pegsim/proximity/proximity.h>
#include <pegsim/scene/scene.h>

#include <string>
#include <vector>

namespace pegsim {

struct NcpStepOptions {
  int max_iterations = 20;   // Newton iterations (0: only check the starting point)
  double tolerance = 1e-8;   // max_i |min(z_i, w_i(z))| / max(1, |q(z)|_inf), as verify.h scales it
};

enum class NcpOutcome {
  Converged,    // residual <= tolerance
  Unsupported,  // the rows are not plain Stewart–Trinkle rows (nonconvex models' sites): not tried
  Failed,       // iteration limit, failed line search or a singular Newton system
};
const char* to_string(NcpOutcome outcome);

struct NcpStepResult {
  NcpOutcome outcome = NcpOutcome::Failed;
  int iterations = 0;
  double residual = 0.0;            // at z (true gaps)
  Vec z;                            // the last iterate (the start when nothing was accepted)
  Vec nu;                           // nu_free + M^-1 G z
  std::vector<double> corrections;  // every contact's gap_correction at z's end configuration
  std::string message;
};

// Which rows carry a contact's gap: per LCP row, the contact index (-1: a linear row). Empty when
// the rows are not all normal impulses with plain gap rows, friction impulses and slip rates.
std::vector<int> ncp_gap_rows(const RowSystem& rows);

// The end configuration sigma(z) and the contacts' corrections there: the start scene's bodies
// copied once, moved from their start poses for each nu.
class EndGapEvaluator {
 public:
  EndGapEvaluator(const Scene& start, const std::vector<int>& offsets, const ProximityResult& proximity,
                  const ModelContext& context);
  // gap_correction of every contact (gap_corrections order) at q^l + h S nu.
  const std::vector<double>& corrections_at(const Vec& nu);
  // The scene moved by the last corrections_at.
  const Scene& end_scene() const { return end_; }

 private:
  const Scene& start_;
  const std::vector<int>& offsets_;
  const ModelContext& context_;
  Scene end_;
  ProximityResult proximity_;
  std::vector<double> corrections_;
};

// Solves the NCP from z0 (the LCP or fixpoint answer). `lcp` is the LCP the rows assembled to with
// the proximity's current gap corrections; `start` the scene at the step's start.
NcpStepResult solve_ncp_step(const RowSystem& rows, const Lcp& lcp, const InverseMass& inverse_mass, const Vec& nu_free,
                             const Scene& start, const std::vector<int>& offsets, const ProximityResult& proximity,
                             const ModelContext& context, const Vec& z0, const NcpStepOptions& options);

}  // namespace pegsim
