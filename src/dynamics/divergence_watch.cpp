// The step-by-step divergence watch (divergence_watch.h).
#include <pegsim/dynamics/divergence_watch.h>

#include <algorithm>

namespace pegsim {

bool DivergenceWatch::observe(const Simulation& simulation, const StepRecord& record, bool applied,
                              double clock_offset) {
  if (diverged()) return true;
  std::string what;
  if (record.diverged) {
    what = "the step's LCP island exceeds the row guard (--max-lcp; not applied)";
  } else if (applied) {
    push_out_total_ += std::max(0.0, record.overlap_push_out_work);
    what = guard_.check(simulation.scene(), simulation.active_bodies(), push_out_total_);
  }
  if (!what.empty()) reason_ = "t = " + std::to_string(clock_offset + simulation.time()) + " s: " + what;
  return diverged();
}

void DivergenceWatch::rearm(const Simulation& simulation) {
  guard_ = DivergenceGuard(simulation.scene());
  push_out_total_ = 0.0;
}

}  // namespace pegsim
