// Follows a simulation step by step and says when it has blown up, so that `pegsim run`, Python's
// Simulation.step and the browser playground stop at the same step for the same reason: the LCP
// row guard's unapplied step (StepRecord::diverged), or DivergenceGuard's physical check after an
// applied step, crediting the push-out work of true overlaps as an energy source.
#pragma once

#include <pegsim/dynamics/divergence_guard.h>
#include <pegsim/dynamics/simulation.h>

#include <string>

namespace pegsim {

class DivergenceWatch {
 public:
  explicit DivergenceWatch(const Simulation& simulation) : guard_(simulation.scene()) {}

  // After simulation.step() returned `record`; `applied` is false when the step left the state as it
  // was. Returns true once the run has diverged; the reason then stays (a new watch starts afresh).
  // clock_offset is added to the simulation's time in the reason (the playground's clock runs on
  // across the engines it rebuilds).
  bool observe(const Simulation& simulation, const StepRecord& record, bool applied, double clock_offset = 0.0);

  // The guard's reference taken again from the simulation's current state (a body moved by hand
  // supplies energy that must not count as a blow-up). A stop stays.
  void rearm(const Simulation& simulation);

  bool diverged() const { return !reason_.empty(); }
  const std::string& reason() const { return reason_; }  // "t = … s: what the guard saw", or empty

 private:
  DivergenceGuard guard_;
  double push_out_total_ = 0.0;  // of true overlaps: the guard's credit (divergence_guard.h)
  std::string reason_;
};

}  // namespace pegsim
