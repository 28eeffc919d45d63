// Jammed friction LCPs (issue 10 item 5, lcp/jam.h): time to decide a generated Stewart–Trinkle
// LCP (tests/lcp/generators.h, jam_scene: gaps in [-2 mm, 10 mm], mu = 0.5) at n = 80 ... 320.
//
//   build/pegsim_bench --benchmark_filter='^jam/' --benchmark_counters_tabular=true
//
// Benchmarks, per size (contacts c, bodies 3c/8, n = 4c):
//   jam/decide/solved/n:N      solve_stewart_trinkle (auto, then the certificate only on failure)
//                              on instances that solve: the common case, no LP
//   jam/decide/jammed/n:N      the same on jammed instances: auto fails (Newton's budget), then
//                              the LP and the independent check
//   jam/lp/jammed/n:N          find_jam_certificate + verify_jam_certificate alone
//   jam/lp/solved/n:N          the LP alone where there is no jam (what a non-jam failure pays)
// Each iteration decides the next instance of a fixed pool (up to 4 of each verdict, from at most
// 80 draws of one seeded generator). Counters: pool size, generated draws, jam_rate = jammed /
// generated, undecided draws (must be 0), decided (1: every decision as expected), certified (lp/:
// pool instances with a checked certificate; on solved instances it need not be 0).
// This file has no main(): bench/lcp_bench.cpp holds the executable's.
#include "../tests/lcp/generators.h"

#include <pegsim/lcp/jam.h>

#include <benchmark/benchmark.h>

#include <map>
#include <string>
#include <vector>

namespace pegsim::bench {
namespace {

constexpr int kPoolSize = 4;
constexpr int kMaxGenerated = 80;

struct Instance {
  Lcp lcp;
  StewartTrinkleStructure structure;
};

struct Pool {
  std::vector<Instance> solved, jammed;
  int generated = 0, undecided = 0;
};

const Pool& pool_for(int contacts) {
  static std::map<int, Pool> pools;
  auto it = pools.find(contacts);
  if (it != pools.end()) return it->second;
  Pool pool;
  testgen::Rng rng(5000 + contacts);
  const int bodies = std::max(2, 3 * contacts / 8);
  while (pool.generated < kMaxGenerated && (pool.solved.size() < kPoolSize || pool.jammed.size() < kPoolSize)) {
    const testgen::Scene2D scene = testgen::jam_scene(bodies, contacts, rng);
    ++pool.generated;
    Instance instance{testgen::friction_lcp(scene), testgen::friction_structure(scene)};
    const LcpResult r = solve_stewart_trinkle(instance.lcp, instance.structure, SolverKind::Auto);
    if (r.status == SolveStatus::Solved && pool.solved.size() < kPoolSize) pool.solved.push_back(std::move(instance));
    else if (r.status == SolveStatus::Jammed && pool.jammed.size() < kPoolSize) pool.jammed.push_back(std::move(instance));
    else if (r.status != SolveStatus::Solved && r.status != SolveStatus::Jammed) ++pool.undecided;
  }
  return pools.emplace(contacts, std::move(pool)).first->second;
}

void counters(benchmark::State& state, const Pool& pool, std::size_t instances, int contacts, int decided) {
  state.counters["n"] = 4 * contacts;
  state.counters["pool"] = static_cast<double>(instances);
  state.counters["generated"] = pool.generated;
  state.counters["jam_rate"] = static_cast<double>(pool.jammed.size()) / std::max(1, pool.generated);
  state.counters["undecided"] = pool.undecided;
  state.counters["decided"] = decided;
}

void decide(benchmark::State& state, int contacts, bool jammed) {
  const Pool& pool = pool_for(contacts);
  const std::vector<Instance>& instances = jammed ? pool.jammed : pool.solved;
  if (instances.empty()) {
    state.SkipWithError("no instance of this verdict generated");
    return;
  }
  std::size_t next = 0;
  int decided = 1;
  for (auto _ : state) {
    const Instance& instance = instances[next++ % instances.size()];
    const LcpResult r = solve_stewart_trinkle(instance.lcp, instance.structure, SolverKind::Auto);
    decided &= r.status == (jammed ? SolveStatus::Jammed : SolveStatus::Solved);
    benchmark::DoNotOptimize(r);
  }
  counters(state, pool, instances.size(), contacts, decided);
}

void certificate_only(benchmark::State& state, int contacts, bool jammed) {
  const Pool& pool = pool_for(contacts);
  const std::vector<Instance>& instances = jammed ? pool.jammed : pool.solved;
  if (instances.empty()) {
    state.SkipWithError("no instance of this verdict generated");
    return;
  }
  std::size_t next = 0;
  std::vector<char> certified(instances.size(), 0);
  for (auto _ : state) {
    const std::size_t i = next++ % instances.size();
    const JamCertificate certificate = find_jam_certificate(instances[i].lcp, instances[i].structure);
    const bool checked = certificate.found && verify_jam_certificate(instances[i].lcp, certificate.d).ok;
    certified[i] = checked;
    benchmark::DoNotOptimize(checked);
  }
  // jammed pool: every instance must be certified; solved pool: a certificate is possible there
  // too (Lemke's condition fails but a solution exists), which is why the engine asks only after
  // a failure.
  int count = 0;
  for (char c : certified) count += c;
  counters(state, pool, instances.size(), contacts, !jammed || count == static_cast<int>(instances.size()));
  state.counters["certified"] = count;
}

const bool kRegistered = [] {
  for (int contacts : {20, 40, 60, 80}) {
    const std::string n = "/n:" + std::to_string(4 * contacts);
    for (bool jammed : {false, true}) {
      const std::string verdict = jammed ? "jammed" : "solved";
      benchmark::RegisterBenchmark(("jam/decide/" + verdict + n).c_str(), [contacts, jammed](benchmark::State& s) {
        decide(s, contacts, jammed);
      })->Unit(benchmark::kMillisecond)->MinTime(0.5);
      benchmark::RegisterBenchmark(("jam/lp/" + verdict + n).c_str(), [contacts, jammed](benchmark::State& s) {
        certificate_only(s, contacts, jammed);
      })->Unit(benchmark::kMillisecond)->MinTime(0.2);
    }
  }
  return true;
}();

}  // namespace
}  // namespace pegsim::bench
