// THE 3D PATH'S CURRENT ENTRY POINT (issue 12 item 4): one time step of 3D bodies with the
// standard model, through the shared stages:
//   proximity (proximity_3d.h) -> rows (standard_3d.h) -> assemble_lcp -> solve_lcp -> verify_lcp
//   -> integrate (velocity_layout_3d.h, integrate3d.h).
// Semi-implicit Stewart–Trinkle (Egan et al. eqs 3-7): nu^{l+1} = nu_free + M^-1 G z, then the
// configuration from nu^{l+1}. Simulation (2D) is not forked: when it becomes dimension-generic
// (docs/engine3d.md, "2D-only" table) it calls the same row emitter and layout helpers, and this
// function goes away.
#pragma once

#include <pegsim/contact/friction_cone_3d.h>
#include <pegsim/dynamics/body3d.h>
#include <pegsim/dynamics/gyroscopic.h>
#include <pegsim/lcp/solver.h>
#include <pegsim/proximity/contact3d.h>

#include <string>
#include <vector>

namespace pegsim {

struct Step3dOptions {
  double time_step = 0.01;
  Vec3 gravity = Vec3(0.0, 0.0, -9.81);
  std::string friction_rule = "geometric";  // pair mu from Body3d::friction (scene/friction_rule.h)
  FrictionCone3d cone;
  double base_margin = 1e-3;  // proximity (ProximityOptions)
  double safety = 1.5;
  SolverKind solver = SolverKind::Auto;
  SolveOptions solve;
  GyroscopicScheme gyroscopic = GyroscopicScheme::implicit_midpoint;
};

struct Step3dRecord {
  ProximityResult3d proximity;
  int rows = 0;
  LcpResult result;
  bool solved = false;             // verify_lcp passed; only then were the bodies moved
  double residual = 0.0;           // verify.h's scaled residual
  double complementarity = 0.0;    // max_i |min(z_i, w_i)|, unscaled
  double kinetic_free = 0.0;       // KE(nu_free), J
  double kinetic_end = 0.0;        // KE(nu^{l+1}), J
  // sum_k p_k max(0, -gap_k) / h: the most the impulses may add (energy_audit.h's bound)
  double stabilisation = 0.0;
};

// Advances `bodies` by one step. When the LCP fails verification the bodies are left unchanged and
// record.solved is false (the caller decides: this entry point has no recovery policy).
Step3dRecord step_standard_3d(std::vector<Body3d>& bodies, const Step3dOptions& options);

}  // namespace pegsim
