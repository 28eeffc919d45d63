// Loads a scene, steps it under a contact model, and prints each dynamic body's final state and
// the run's per-step metrics: what a C++ user of the installed library writes.
// Usage: step_scene SCENE.json [MODEL] [DT] [STEPS]
#include <pegsim/dynamics/simulation.h>
#include <pegsim/metrics/metrics.h>
#include <pegsim/scene/scene.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <string>

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: step_scene SCENE.json [MODEL] [DT] [STEPS]\n");
    return 2;
  }
  pegsim::SimulationOptions options;
  options.model = argc > 2 ? argv[2] : "peg";
  options.time_step = argc > 3 ? std::stod(argv[3]) : 0.01;
  const int steps = argc > 4 ? std::stoi(argv[4]) : 100;

  pegsim::Scene scene;
  try {
    scene = pegsim::load_scene(argv[1]);  // SceneError names the file, body and field
  } catch (const std::exception& e) {
    std::fprintf(stderr, "step_scene: %s\n", e.what());
    return 2;
  }
  pegsim::Simulation simulation(scene, options);

  double overlap_max = 0.0;
  int failures = 0, lcp_max = 0, contacts_max = 0;
  for (int k = 0; k < steps; ++k) {
    const pegsim::StepRecord record = simulation.step();
    const pegsim::OverlapStats overlap = pegsim::measure_overlap(simulation.bodies(), simulation.active_bodies());
    overlap_max = std::max(overlap_max, overlap.total_area);
    failures += record.solved() ? 0 : 1;
    lcp_max = std::max(lcp_max, record.lcp_size);
    contacts_max = std::max(contacts_max, record.contacts);
  }

  bool finite = true;
  for (const pegsim::Body& b : simulation.bodies()) {
    if (b.is_static) continue;
    std::printf("%s: position (%.6f, %.6f), angle %.6f, velocity (%.6f, %.6f), omega %.6f\n", b.name.c_str(),
                b.position.x(), b.position.y(), b.angle, b.velocity.x(), b.velocity.y(), b.angular_velocity);
    finite = finite && b.position.allFinite() && std::isfinite(b.angle);
  }
  const double energy = pegsim::mechanical_energy(simulation.bodies(), simulation.active_bodies(), scene.gravity);
  std::printf("t = %.3f s, %d steps (%s, h = %g): overlap max %.3g m^2, %d failed solves, LCP size max %d, "
              "contacts max %d, energy %.6f J\n",
              simulation.time(), simulation.steps_taken(), options.model.c_str(), options.time_step, overlap_max,
              failures, lcp_max, contacts_max, energy);
  return finite && simulation.steps_taken() == steps ? 0 : 1;
}
