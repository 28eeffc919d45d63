#include "step_history.h"

#include <pybind11/numpy.h>

namespace pegsim::python {
namespace {

namespace py = pybind11;

template <class T>
py::array_t<T> column(const std::vector<T>& values) {
  return py::array_t<T>(static_cast<py::ssize_t>(values.size()), values.data());
}

py::array_t<bool> column(const std::vector<bool>& values) {
  py::array_t<bool> a(static_cast<py::ssize_t>(values.size()));
  for (std::size_t i = 0; i < values.size(); ++i) a.mutable_at(static_cast<py::ssize_t>(i)) = values[i];
  return a;
}

}  // namespace

void StepHistory::record(const StepMeasurement& m) {
  const StepRecord& r = m.record;
  step_.push_back(r.step);
  time_.push_back(r.time);
  overlap_.push_back(m.overlap.total_area);
  depth_.push_back(m.overlap.max_depth);
  overlapping_pairs_.push_back(m.overlap.overlapping_pairs);
  energy_.push_back(m.energy);
  failed_.push_back(!r.solved());
  residual_.push_back(r.residual);
  lcp_size_.push_back(r.lcp_size);
  rows_.push_back(r.rows);
  contacts_.push_back(r.contacts);
  traps_.push_back(r.traps);
  iterations_.push_back(r.iterations);
  substeps_.push_back(r.substeps);
  degraded_.push_back(r.degraded != Degradation::None);
  step_seconds_.push_back(r.profile.total);
}

py::dict StepHistory::arrays() const {
  py::dict d;
  d["step"] = column(step_);
  d["time"] = column(time_);
  d["overlap"] = column(overlap_);
  d["depth"] = column(depth_);
  d["overlapping_pairs"] = column(overlapping_pairs_);
  d["energy"] = column(energy_);
  d["failed"] = column(failed_);
  d["residual"] = column(residual_);
  d["lcp_size"] = column(lcp_size_);
  d["rows"] = column(rows_);
  d["contacts"] = column(contacts_);
  d["traps"] = column(traps_);
  d["iterations"] = column(iterations_);
  d["substeps"] = column(substeps_);
  d["degraded"] = column(degraded_);
  d["step_seconds"] = column(step_seconds_);
  return d;
}

py::dict StepHistory::one(const StepMeasurement& m) {
  const StepRecord& r = m.record;
  py::dict d;
  d["step"] = r.step;
  d["time"] = r.time;
  d["overlap"] = m.overlap.total_area;
  d["depth"] = m.overlap.max_depth;
  d["overlapping_pairs"] = m.overlap.overlapping_pairs;
  d["energy"] = m.energy;
  d["failed"] = !r.solved();
  d["residual"] = r.residual;
  d["lcp_size"] = r.lcp_size;
  d["rows"] = r.rows;
  d["contacts"] = r.contacts;
  d["traps"] = r.traps;
  d["iterations"] = r.iterations;
  d["substeps"] = r.substeps;
  d["degraded"] = r.degraded != Degradation::None;
  d["step_seconds"] = r.profile.total;
  return d;
}

bool measured_step(Simulation& simulation, StepMeasurement& m) {
  const int steps_before = simulation.steps_taken();
  const std::vector<char> active = simulation.active_bodies();
  m.record = simulation.step();
  if (simulation.steps_taken() == steps_before) return false;
  // The Scene overloads, as run_simulation's: either dimension (3D: overlap volume, SAT depth).
  m.overlap = measure_overlap(simulation.scene(), simulation.active_bodies());
  m.energy = mechanical_energy(simulation.scene(), active);
  return true;
}

}  // namespace pegsim::python
