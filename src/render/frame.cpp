// Frames: snapshots for drawing (see frame.h).
#include <pegsim/render/frame.h>

#include <cmath>

namespace pegsim {

Frame capture_initial_frame(const Simulation& simulation) {
  Frame frame;
  frame.bodies = simulation.bodies();
  frame.bodies3d = simulation.bodies3d();
  frame.active = simulation.active_bodies();
  frame.model = simulation.options().model;
  frame.time_step = simulation.options().time_step;
  frame.time = simulation.time();
  frame.step = simulation.steps_taken();
  frame.has_step = false;
  return frame;
}

Frame capture_frame(const Simulation& simulation, const StepMeasurement& measurement) {
  Frame frame = capture_initial_frame(simulation);
  frame.has_step = true;
  frame.step = measurement.record.step;
  frame.time = measurement.record.time;
  frame.proximity = simulation.last_proximity();
  frame.rows = simulation.last_rows();
  frame.impulses = simulation.last_impulses();
  frame.overlap_area = measurement.overlap.total_area;
  frame.solver_status = measurement.record.solver_status;
  frame.solver = measurement.record.solver;
  // Under FailurePolicy::Stop a failed step leaves last_impulses from the previous step: they do not
  // belong to these rows, so they are not drawn.
  if (frame.impulses.size() != frame.rows.size()) frame.impulses = Vec();
  return frame;
}

std::vector<double> normal_impulse_per_contact(const Frame& frame) {
  std::vector<double> impulse(frame.proximity.contacts.size(), 0.0);
  const auto& variables = frame.rows.variables();
  if (frame.impulses.size() != static_cast<Eigen::Index>(variables.size())) return impulse;
  for (std::size_t k = 0; k < variables.size(); ++k) {
    const Variable& v = variables[k];
    if (v.kind != VariableKind::NormalImpulse) continue;
    if (v.contact < 0 || v.contact >= static_cast<int>(impulse.size())) continue;
    const double z = frame.impulses[static_cast<Eigen::Index>(k)];
    if (std::isfinite(z) && z > 0.0) impulse[static_cast<std::size_t>(v.contact)] += z;
  }
  return impulse;
}

std::vector<unsigned> constraint_kinds_per_contact(const Frame& frame) {
  std::vector<unsigned> kinds(frame.proximity.contacts.size(), 0u);
  for (const Variable& v : frame.rows.variables()) {
    if (v.contact < 0 || v.contact >= static_cast<int>(kinds.size())) continue;
    kinds[static_cast<std::size_t>(v.contact)] |= 1u << static_cast<unsigned>(v.constraint);
  }
  return kinds;
}

}  // namespace pegsim
