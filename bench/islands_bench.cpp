// Islands in threads (issue 11, lcp/components.h): one LCP made of K independent Stewart–Trinkle
// friction LCPs (tests/lcp/generators.h, friction_lcp of two bodies with c contacts each: islands of
// 4c rows), solved by solve_lcp with 1 and 2 threads.
//
//   build/pegsim_bench --benchmark_filter='^islands/' --benchmark_counters_tabular=true
//
// islands/K/c/threads: wall time per solve (UseRealTime). Counters: rows, islands, threads_used,
// solved (1 when the whole verifies), same_bits (1 when z equals the 1-thread z bit for bit).
// This file has no main(): bench/lcp_bench.cpp holds the executable's.
#include "../tests/lcp/generators.h"

#include <pegsim/lcp/components.h>
#include <pegsim/lcp/solver.h>
#include <pegsim/lcp/verify.h>

#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

namespace pegsim::bench {
namespace {

// K islands on the diagonal; an island is kept only when it solves on its own (the generator's
// random gaps can make a friction LCP infeasible) and is one component.
Lcp islands_problem(int islands, int contacts) {
  testgen::Rng rng(static_cast<std::uint64_t>(1000 * islands + contacts));
  std::vector<Lcp> blocks;
  while (static_cast<int>(blocks.size()) < islands) {
    Lcp block = testgen::friction_lcp(testgen::random_scene(2, contacts, rng));
    if (lcp_components(block.M).size() == 1 && solve_lcp_whole(block, SolverKind::Auto).status_ok())
      blocks.push_back(std::move(block));
  }
  const int n = islands * 4 * contacts;
  Lcp whole{Mat::Zero(n, n), Vec::Zero(n)};
  int at = 0;
  for (const Lcp& b : blocks) {
    whole.M.block(at, at, b.size(), b.size()) = b.M;
    whole.q.segment(at, b.size()) = b.q;
    at += b.size();
  }
  return whole;
}

void islands_in_threads(benchmark::State& state) {
  const int islands = static_cast<int>(state.range(0));
  const int contacts = static_cast<int>(state.range(1));
  const int threads = static_cast<int>(state.range(2));
  const Lcp lcp = islands_problem(islands, contacts);
  const LcpResult serial = solve_lcp(lcp, SolverKind::Auto);
  SolveOptions options;
  options.threads = threads;
  LcpResult r;
  for (auto _ : state) {
    r = solve_lcp(lcp, SolverKind::Auto, options);
    benchmark::DoNotOptimize(r.z.data());
  }
  state.counters["rows"] = lcp.size();
  state.counters["islands"] = r.islands;
  state.counters["threads_used"] = r.threads;
  state.counters["solved"] = r.status_ok() ? 1 : 0;
  state.counters["same_bits"] = testgen::bit_identical(r.z, serial.z) ? 1 : 0;
}

BENCHMARK(islands_in_threads)
    ->Name("islands")
    ->ArgNames({"K", "c", "threads"})
    ->ArgsProduct({{2, 4}, {50, 100}, {1, 2}})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace pegsim::bench
