// What the pour benchmarks count per simulated run (pour_bench.cpp, pour3d_bench.cpp): steps,
// failures, LCP sizes and Simulation's per-stage times, reported as Google Benchmark counters.
#pragma once

#include <pegsim/dynamics/simulation.h>

#include <benchmark/benchmark.h>

#include <algorithm>

namespace pegsim::bench {

struct PourTotals {
  int steps = 0;
  int failures = 0;
  long lcp_sum = 0;
  int max_lcp = 0;
  StepProfile profile;  // summed over steps
};

inline void add_step(PourTotals& totals, const StepRecord& r) {
  ++totals.steps;
  if (!r.solved()) ++totals.failures;
  totals.lcp_sum += r.lcp_size;
  totals.max_lcp = std::max(totals.max_lcp, r.lcp_size);
  totals.profile.proximity += r.profile.proximity;
  totals.profile.model += r.profile.model;
  totals.profile.search += r.profile.search;
  totals.profile.assembly += r.profile.assembly;
  totals.profile.solve += r.profile.solve;
  totals.profile.fixpoint += r.profile.fixpoint;
  totals.profile.integrate += r.profile.integrate;
  totals.profile.total += r.profile.total;
}

inline void report(benchmark::State& state, const PourTotals& t) {
  using benchmark::Counter;
  const auto per_run = Counter::kAvgIterations;
  state.counters["steps"] = t.steps;
  state.counters["failures"] = t.failures;
  state.counters["mean_lcp"] = t.steps > 0 ? static_cast<double>(t.lcp_sum) / t.steps : 0.0;
  state.counters["max_lcp"] = t.max_lcp;
  // The LCP work: the configuration search's cell solves, the model's solve or check, the fixpoint.
  const double lcp_work = t.profile.search + t.profile.solve + t.profile.fixpoint;
  state.counters["solve_share"] = t.profile.total > 0 ? lcp_work / t.profile.total : 0.0;
  const StepProfile& p = t.profile;
  const double iterations = static_cast<double>(state.iterations());
  state.counters["proximity_s"] = Counter(p.proximity * iterations, per_run);
  state.counters["model_s"] = Counter(p.model * iterations, per_run);
  state.counters["search_s"] = Counter(p.search * iterations, per_run);
  state.counters["assembly_s"] = Counter(p.assembly * iterations, per_run);
  state.counters["solve_s"] = Counter(p.solve * iterations, per_run);
  state.counters["fixpoint_s"] = Counter(p.fixpoint * iterations, per_run);
  state.counters["integrate_s"] = Counter(p.integrate * iterations, per_run);
  state.counters["other_s"] = Counter(
      (p.total - p.proximity - p.model - p.search - p.assembly - p.solve - p.fixpoint - p.integrate) * iterations,
      per_run);
}

}  // namespace pegsim::bench
