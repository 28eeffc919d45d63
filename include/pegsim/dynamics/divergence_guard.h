// What a blown-up scene is, physically (issue 11): the run stops when, after a step,
//   - a dynamic body's centre is far out of the scene: beyond the scene's box (static bodies'
//     vertices and every dynamic body's start, spawn included) grown by max(10 m, 10 x its diagonal);
//   - the kinetic energy exceeds twice what the scene's sources can supply plus 1 J: the dynamic
//     bodies' initial kinetic energy, the potential energy of their fall to the scene box's lowest
//     point (or of their fall so far, when a body without a floor has fallen further), and the
//     work the steps have done pushing true overlaps apart (overlap_push_out_work,
//     energy_audit.h). Push-out of phantom overlaps (a vertex behind an edge line, outside the
//     body: the standard model's SM trap) is not a source: crediting it let a standard-model pour
//     (set d, h = 0.008) go from 6 J to 9.2e4 J "explained", each later step 10 s in recovery.
// Non-finite states are counted by run_simulation (non_finite_steps). The LCP row guard
// (SimulationOptions::max_lcp_size) stays as a cheap early stop for interpenetrated scenes.
#pragma once

#include <pegsim/dynamics/body.h>
#include <pegsim/lcp/problem.h>
#include <pegsim/scene/scene.h>

#include <string>
#include <vector>

namespace pegsim {

class DivergenceGuard {
 public:
  DivergenceGuard(const std::vector<Body>& bodies, const Vec2& gravity);
  explicit DivergenceGuard(const Scene& scene);  // 2D or 3D

  // Empty when the state is plausible; otherwise what is wrong, naming the body or the energies.
  std::string check(const std::vector<Body>& bodies, const std::vector<char>& active, double push_out_work) const;
  std::string check(const Scene& scene, const std::vector<char>& active, double push_out_work) const;

  double energy_supply() const { return supply_; }

  // What the guard reads of a body, in either dimension (divergence_guard.cpp).
  struct BodyView {
    const std::string* name = nullptr;
    bool is_static = false;
    double mass = 0.0, kinetic = 0.0;
    Vec position;
  };

 private:
  void set_up(const std::vector<BodyView>& bodies, const std::vector<Vec>& static_vertices, const Vec& gravity);
  std::string check_views(const std::vector<BodyView>& bodies, const std::vector<char>& active,
                          double push_out_work) const;
  Vec lo_, hi_;
  Vec gravity_;
  double supply_ = 0.0;
  std::vector<Vec> start_;            // each body's start position (spawn pose)
  std::vector<double> fall_credit_;   // the fall to the box's lowest point credited in supply_
};

}  // namespace pegsim
