// Stacks at rest (issue 10): scenes/stack_column.json (four aligned boxes, every box's bottom
// corners on the top corners of the box below) and scenes/stack_pyramid.json (a 3-2-1 pyramid of
// abutting boxes). At rest nothing may move: every dynamic body stays within 1 mm of its start for
// 5 s, for every model, frictionless and at mu = 0.5, h = 0.01 and 0.05. Egan's and Nguyen's
// per-vertex groups alone let the column sink into itself (box k ended k x 0.2 m lower, each corner
// sliding down the other box's side line); the crossing condition at vertex–vertex sites
// (src/contact/configuration_sets.h) is what holds it. The checks are positions of every body and
// the overlap of every pair, measured each step.
#include "scenario_checks.h"
#include "scenario_run.h"

#include <gtest/gtest.h>

#include <tuple>

namespace pegsim::scenario {
namespace {

constexpr double kStackDuration = 5.0;  // s
constexpr double kMaxDrift = 1e-3;      // m: "nothing moves more than 1 mm"

struct StackCase {
  std::string scene;  // file in scenes/
  double mu = 0.0;
  double h = 0.01;
};

std::string case_name(const StackCase& c) {
  return c.scene.substr(0, c.scene.find('.')) + "/mu" + short_number(c.mu) + "/h" + short_number(c.h);
}

struct StackRun {
  double drift = 0.0;           // largest distance of any dynamic body from its start, any step (m)
  double overlap_area = 0.0;    // largest summed pair overlap, any step (m^2)
  double speed = 0.0;           // largest body speed, any step (m/s)
  int solver_failures = 0;
};

StackRun run_stack(const Scene& scene, const std::string& model) {
  Simulation simulation(scene, options_for(scene, model));
  const std::vector<Body> start = simulation.bodies();
  const int steps = static_cast<int>(std::lround(kStackDuration / scene.settings.time_step));
  StackRun run;
  for (int k = 0; k < steps; ++k) {
    if (!simulation.step().solved()) ++run.solver_failures;
    const std::vector<Body>& bodies = simulation.bodies();
    for (std::size_t i = 0; i < bodies.size(); ++i) {
      if (bodies[i].is_static) continue;
      run.drift = std::max(run.drift, (bodies[i].position - start[i].position).norm());
      run.speed = std::max(run.speed, bodies[i].velocity.norm());
    }
    run.overlap_area = std::max(run.overlap_area, measure_overlap(bodies, simulation.active_bodies()).total_area);
  }
  return run;
}

class Stack : public ::testing::TestWithParam<std::tuple<std::string, StackCase>> {};

TEST_P(Stack, NothingMoves) {
  const auto& [model, c] = GetParam();
  const Scene scene = with_time_step(with_friction(scene_file(c.scene), c.mu), c.h);
  const StackRun run = run_stack(scene, model);
  Checks checks;
  checks.that("solver failures = " + std::to_string(run.solver_failures) + ", expected 0", run.solver_failures == 0);
  checks.at_most("largest displacement of any box over 5 s", run.drift, kMaxDrift, "m");
  // A box may sink into the one below only by its own drift: overlap <= box width x drift.
  checks.at_most("largest summed overlap", run.overlap_area, 0.2 * kMaxDrift, "m^2");
  std::printf("%s %s: drift %.3g m, overlap %.3g m^2, speed %.3g m/s\n", model.c_str(), case_name(c).c_str(),
              run.drift, run.overlap_area, run.speed);
  PEGSIM_SCENARIO_VERDICT(checks, case_name(c), model);
}

std::vector<StackCase> stack_cases() {
  std::vector<StackCase> cases;
  for (const char* scene : {"stack_column.json", "stack_pyramid.json"}) {
    for (double mu : {0.0, 0.5}) {
      for (double h : {0.01, 0.05}) cases.push_back({scene, mu, h});
    }
  }
  return cases;
}

INSTANTIATE_TEST_SUITE_P(Models, Stack, ::testing::Combine(::testing::ValuesIn(kAllModels), ::testing::ValuesIn(stack_cases())),
                         [](const auto& info) {
                           return sanitized(std::get<0>(info.param) + "_" + case_name(std::get<1>(info.param)));
                         });

}  // namespace
}  // namespace pegsim::scenario
