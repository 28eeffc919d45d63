// The measured run loop (see run.h).
#include <pegsim/dynamics/run.h>

#include <pegsim/dynamics/divergence_watch.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <numeric>

namespace pegsim {
namespace {

bool state_is_finite(const Scene& scene) {
  for (const Body& b : scene.bodies) {
    if (!b.position.allFinite() || !b.velocity.allFinite() || !std::isfinite(b.angle) ||
        !std::isfinite(b.angular_velocity)) {
      return false;
    }
  }
  for (const Body3d& b : scene.bodies3d) {
    if (!b.position.allFinite() || !b.velocity.allFinite() || !b.orientation.coeffs().allFinite() ||
        !b.angular_velocity.allFinite()) {
      return false;
    }
  }
  return true;
}

// Dynamic bodies whose centre is outside the box of the static points grown by half a metre.
template <class Point>
int count_outside(const std::vector<Point>& static_points, const std::vector<Point>& centres) {
  if (static_points.empty()) return 0;
  Point lo = static_points.front(), hi = static_points.front();
  for (const Point& v : static_points) lo = lo.cwiseMin(v), hi = hi.cwiseMax(v);
  lo.array() -= 0.5;
  hi.array() += 0.5;
  int escaped = 0;
  for (const Point& c : centres) escaped += !((c.array() >= lo.array()).all() && (c.array() <= hi.array()).all());
  return escaped;
}

// A dynamic body "escaped" when its centre is outside the static bodies' bounding box grown by
// half a metre (in the pour experiment: it left the box). Scenes without static bodies: none.
int count_escaped(const Scene& scene) {
  if (scene.is_3d()) {
    std::vector<Vec3> points, centres;
    for (const Body3d& b : scene.bodies3d) {
      if (!b.is_static) centres.push_back(b.position);
      else for (const Vec3& v : b.world_vertices()) points.push_back(v);
    }
    return count_outside(points, centres);
  }
  std::vector<Vec2> points, centres;
  for (const Body& b : scene.bodies) {
    if (!b.is_static) centres.push_back(b.position);
    else for (const Vec2& v : b.world_vertices()) points.push_back(v);
  }
  return count_outside(points, centres);
}

}  // namespace

double quantile(std::vector<double> values, double q) {
  if (values.empty()) return 0.0;
  std::sort(values.begin(), values.end());
  const double pos = q * static_cast<double>(values.size() - 1);
  const auto lo = static_cast<std::size_t>(std::floor(pos));
  const std::size_t hi = std::min(lo + 1, values.size() - 1);
  const double frac = pos - static_cast<double>(lo);
  return values[lo] + frac * (values[hi] - values[lo]);
}

RunSummary run_simulation(Simulation& simulation, const RunOptions& options, const StepObserver& observer) {
  const auto start = std::chrono::steady_clock::now();
  RunSummary s;
  s.model = simulation.options().model;
  s.time_step = simulation.options().time_step;
  s.stepper = to_string(simulation.options().stepper);
  const Scene& scene = simulation.scene();
  s.energy_initial = mechanical_energy(scene, simulation.active_bodies());
  s.energy_final = s.energy_initial;

  DivergenceWatch watch(simulation);
  std::vector<double> overlaps;
  double lcp_sum = 0, contact_sum = 0, trap_sum = 0, vv_site_sum = 0;
  const double h = simulation.options().time_step;
  const int total_steps = static_cast<int>(std::llround(options.duration / h));
  for (int k = 0; k < total_steps; ++k) {
    StepMeasurement m;
    const int steps_before = simulation.steps_taken();
    // Energy before the step over the bodies active during it, so spawning is not counted as a gain.
    const std::vector<char> active = simulation.active_bodies();
    const double energy_before = mechanical_energy(scene, active);
    m.record = simulation.step();
    if (!m.record.solved()) {
      ++s.solver_failures;
      if (s.first_failure_time < 0.0) s.first_failure_time = (steps_before + 1) * h;
    } else if (m.record.depth_halved) {
      ++s.depth_halved_steps;
    } else if (m.record.substeps > 1) {
      ++s.recovered_steps;
    }
    if (simulation.steps_taken() == steps_before) {  // FailurePolicy::Stop: the step was not applied
      s.stopped_early = true;
      s.diverged = watch.observe(simulation, m.record, false);
      s.divergence_reason = watch.reason();
      if (observer) observer(simulation, m);
      break;
    }
    if (!state_is_finite(scene)) ++s.non_finite_steps;
    const std::vector<char> active_after = simulation.active_bodies();
    if (options.measure_overlap) m.overlap = measure_overlap(scene, active_after);
    m.energy = mechanical_energy(scene, active);
    s.energy_max_increase = std::max(s.energy_max_increase, m.energy - energy_before);
    const double unexplained = m.energy - energy_before - m.record.stabilisation_work - m.record.gravity_lag;
    s.energy_max_unexplained = std::max(s.energy_max_unexplained, unexplained);
    s.stabilisation_work_max = std::max(s.stabilisation_work_max, m.record.stabilisation_work);
    if (unexplained > kEnergyStepTolerance + kEnergyStepRelativeTolerance * std::abs(energy_before) &&
        m.record.solved()) {
      ++s.energy_gain_steps;
      ++s.solver_failures;  // a step that creates energy is never a success
      if (s.first_failure_time < 0.0) s.first_failure_time = (steps_before + 1) * h;
    }
    if (m.record.degraded != Degradation::None) ++s.degraded_steps;
    if (m.record.degraded == Degradation::Held) ++s.held_steps;
    if (m.record.jammed_contacts > 0) ++s.jammed_steps;
    s.energy_rejections += m.record.energy_rejections;
    s.alternative_cells += m.record.alternative_cells;
    s.energy_final = m.energy;
    overlaps.push_back(m.overlap.total_area);
    s.overlap_max = std::max(s.overlap_max, m.overlap.total_area);
    s.depth_max = std::max(s.depth_max, m.overlap.max_depth);
    lcp_sum += m.record.lcp_size;
    contact_sum += m.record.contacts;
    trap_sum += m.record.traps;
    vv_site_sum += m.record.vv_sites;
    s.max_lcp_size = std::max(s.max_lcp_size, m.record.lcp_size);
    s.solve_seconds += m.record.profile.search + m.record.profile.solve + m.record.profile.fixpoint + m.record.profile.ncp;
    s.ncp_seconds += m.record.profile.ncp;
    s.ncp_solves += m.record.ncp_solves;
    s.ncp_newton_iterations += m.record.ncp_iterations;
    s.ncp_fallbacks += m.record.ncp_fallbacks;
    s.ncp_unsupported_steps += m.record.ncp_unsupported > 0;
    if (m.record.search_rounds > 0) {
      ++s.search_steps;
      if (!m.record.search_accepted) ++s.search_fallbacks;
    }
    if (m.record.proximity_corrected) ++s.proximity_corrections;
    s.fixpoint_solves += m.record.fixpoint_solves;
    s.fixpoint_damped += m.record.fixpoint_damped;
    ++s.steps;
    if (observer) observer(simulation, m);
    if (watch.observe(simulation, m.record, true)) {
      s.stopped_early = s.diverged = true;
      s.divergence_reason = watch.reason();
      break;
    }
  }
  if (s.steps > 0) {
    s.overlap_median = quantile(overlaps, 0.5);
    s.overlap_q1 = quantile(overlaps, 0.25);
    s.overlap_q3 = quantile(overlaps, 0.75);
    s.overlap_mean = std::accumulate(overlaps.begin(), overlaps.end(), 0.0) / s.steps;
    s.mean_lcp_size = lcp_sum / s.steps;
    s.mean_contacts = contact_sum / s.steps;
    s.mean_traps = trap_sum / s.steps;
    s.mean_vv_sites = vv_site_sum / s.steps;
  }
  s.escaped_bodies = count_escaped(scene);
  s.deferred_spawns = simulation.deferred_spawns();
  s.max_spawn_delay = simulation.max_spawn_delay();
  s.waiting_bodies = simulation.waiting_bodies();
  s.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return s;
}

nlohmann::json summary_to_json(const RunSummary& s, const std::vector<Body>& final_bodies) {
  nlohmann::json j;
  j["model"] = s.model;
  j["time_step"] = s.time_step;
  j["steps"] = s.steps;
  j["solver_failures"] = s.solver_failures;
  j["recovered_steps"] = s.recovered_steps;
  j["depth_halved_steps"] = s.depth_halved_steps;
  j["first_failure_time"] = s.first_failure_time;
  j["stopped_early"] = s.stopped_early;
  j["diverged"] = s.diverged;
  j["non_finite_steps"] = s.non_finite_steps;
  j["overlap_median"] = s.overlap_median;
  j["overlap_q1"] = s.overlap_q1;
  j["overlap_q3"] = s.overlap_q3;
  j["overlap_mean"] = s.overlap_mean;
  j["overlap_max"] = s.overlap_max;
  j["depth_max"] = s.depth_max;
  j["escaped_bodies"] = s.escaped_bodies;
  j["mean_lcp_size"] = s.mean_lcp_size;
  j["max_lcp_size"] = s.max_lcp_size;
  j["mean_contacts"] = s.mean_contacts;
  j["mean_traps"] = s.mean_traps;
  j["wall_seconds"] = s.wall_seconds;
  j["solve_seconds"] = s.solve_seconds;
  j["energy_initial"] = s.energy_initial;
  j["energy_final"] = s.energy_final;
  j["energy_max_increase"] = s.energy_max_increase;
  j["search_steps"] = s.search_steps;
  j["search_fallbacks"] = s.search_fallbacks;
  j["proximity_corrections"] = s.proximity_corrections;
  j["fixpoint_solves"] = s.fixpoint_solves;
  j["fixpoint_damped"] = s.fixpoint_damped;
  j["degraded_steps"] = s.degraded_steps;
  j["held_steps"] = s.held_steps;
  j["energy_rejections"] = s.energy_rejections;
  j["alternative_cells"] = s.alternative_cells;
  j["energy_max_unexplained"] = s.energy_max_unexplained;
  j["energy_gain_steps"] = s.energy_gain_steps;
  j["stabilisation_work_max"] = s.stabilisation_work_max;
  j["mean_vv_sites"] = s.mean_vv_sites;
  j["divergence_reason"] = s.divergence_reason;
  j["jammed_steps"] = s.jammed_steps;
  j["deferred_spawns"] = s.deferred_spawns;
  j["max_spawn_delay"] = s.max_spawn_delay;
  j["waiting_bodies"] = s.waiting_bodies;
  j["stepper"] = s.stepper;
  j["ncp_solves"] = s.ncp_solves;
  j["ncp_newton_iterations"] = s.ncp_newton_iterations;
  j["ncp_fallbacks"] = s.ncp_fallbacks;
  j["ncp_unsupported_steps"] = s.ncp_unsupported_steps;
  j["ncp_seconds"] = s.ncp_seconds;
  nlohmann::json bodies = nlohmann::json::array();
  for (const Body& b : final_bodies) {
    bodies.push_back({{"name", b.name},
                      {"position", {b.position.x(), b.position.y()}},
                      {"angle", b.angle},
                      {"velocity", {b.velocity.x(), b.velocity.y()}},
                      {"angular_velocity", b.angular_velocity}});
  }
  j["final"] = bodies;
  return j;
}

nlohmann::json summary_to_json(const RunSummary& summary, const Scene& final_scene) {
  if (!final_scene.is_3d()) return summary_to_json(summary, final_scene.bodies);
  nlohmann::json j = summary_to_json(summary, std::vector<Body>{});
  auto vec3 = [](const Vec3& v) { return nlohmann::json::array({v.x(), v.y(), v.z()}); };
  nlohmann::json bodies = nlohmann::json::array();
  for (const Body3d& b : final_scene.bodies3d) {
    const Eigen::Quaterniond& q = b.orientation;
    bodies.push_back({{"name", b.name},
                      {"position", vec3(b.position)},
                      {"orientation", {q.w(), q.x(), q.y(), q.z()}},
                      {"velocity", vec3(b.velocity)},
                      {"angular_velocity", vec3(b.angular_velocity)}});
  }
  j["final"] = bodies;
  j["dimension"] = 3;
  return j;
}

}  // namespace pegsim
