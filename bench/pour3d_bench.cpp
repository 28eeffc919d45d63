// Pour3d engine benchmark: the PEG authors' 3D pour (shared/data/reference-pour3d, `pegsim scene
// pour3d`): ten regular icosahedra arriving every 0.5 s into their five-slab box, 5 s simulated,
// the whole pipeline (no overlap metrics), the standard model and 3D PEG like for like.
//
//   build/pegsim_bench --benchmark_filter='^pour3d/' --benchmark_counters_tabular=true
//
//   pour3d/standard/h:0.01         500 steps, frictionless (as the authors ran it)
//   pour3d/standard/h:0.01/mu:0.3  the same with friction (k = 4 cone aligned with the slide)
//   pour3d/standard/h:0.001        5000 steps: the step the issue compares ODE, Bullet and MuJoCo at
//   pour3d/standard_linear/...     the same without the proximity corrector and the gap fixpoint
//   pour3d/peg/..., pour3d/peg-accurate/...   3D PEG on the same scenes, default step
// Counters as in pour_bench.cpp (pour_totals.h).
#include <pegsim/dynamics/simulation.h>
#include <pegsim/scene/pour3d.h>

#include <benchmark/benchmark.h>

#include "pour_totals.h"

#include <cmath>
#include <map>
#include <string>

namespace pegsim::bench {
namespace {

const Scene& pour3d_scene(double h, double mu) {
  static std::map<std::pair<double, double>, Scene> scenes;  // benchmarks run one at a time
  auto it = scenes.find({h, mu});
  if (it == scenes.end()) {
    const std::string path = std::string(PEGSIM_SHARED_DIR) + "/data/reference-pour3d/bodies_icosahedra.json";
    it = scenes.emplace(std::make_pair(h, mu), make_pour3d_from_reference(path, h, kPour3dDuration, mu)).first;
  }
  return it->second;
}

// refined: the engine's defaults (proximity corrector, end-of-step gap fixpoint); false: the plain
// linear Stewart–Trinkle step (--no-proximity-corrector --fixpoint-iterations 0).
void pour3d_run(benchmark::State& state, double h, double mu, bool refined, const std::string& model) {
  const Scene& scene = pour3d_scene(h, mu);  // loaded outside the timing
  SimulationOptions options;
  options.model = model;
  options.time_step = h;
  if (!refined) {
    options.proximity_corrector = false;
    options.fixpoint_iterations = 0;
  }
  PourTotals totals;
  for (auto _ : state) {
    totals = PourTotals{};
    Simulation simulation(scene, options);
    const long steps = std::lround(kPour3dDuration / h);
    for (long k = 0; k < steps; ++k) add_step(totals, simulation.step());
    benchmark::DoNotOptimize(totals.steps);
  }
  report(state, totals);
}

void register_pour3d_benchmarks() {
  struct Variant {
    const char* name;
    const char* model;
    bool refined;
  };
  for (const Variant& v : {Variant{"standard", "standard", true}, Variant{"standard_linear", "standard", false},
                           Variant{"peg", "peg", true}, Variant{"peg-accurate", "peg-accurate", true}}) {
    const std::string prefix = std::string("pour3d/") + v.name;
    benchmark::RegisterBenchmark((prefix + "/h:0.01").c_str(), pour3d_run, 0.01, 0.0, v.refined, std::string(v.model))
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark((prefix + "/h:0.01/mu:0.3").c_str(), pour3d_run, 0.01, 0.3, v.refined, std::string(v.model))
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark((prefix + "/h:0.001").c_str(), pour3d_run, 0.001, 0.0, v.refined, std::string(v.model))
        ->Unit(benchmark::kMillisecond);
  }
}

[[maybe_unused]] const bool registered = (register_pour3d_benchmarks(), true);

}  // namespace
}  // namespace pegsim::bench
