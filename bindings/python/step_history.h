// Per-step metrics of a Python Simulation, kept as columns so they come out as NumPy arrays.
// Measured after each step exactly as run_simulation (dynamics/run.h) measures them.
#pragma once

#include <pegsim/dynamics/run.h>

#include <pybind11/pybind11.h>

#include <vector>

namespace pegsim::python {

class StepHistory {
 public:
  void record(const StepMeasurement& m);
  std::size_t size() const { return step_.size(); }
  // {"step", "time", "overlap", "depth", "overlapping_pairs", "energy", "failed", "residual",
  //  "lcp_size", "rows", "contacts", "traps", "iterations", "substeps", "degraded", "step_seconds"}
  pybind11::dict arrays() const;
  static pybind11::dict one(const StepMeasurement& m);  // the same keys, scalars, for callbacks

 private:
  std::vector<int> step_, overlapping_pairs_, lcp_size_, rows_, contacts_, traps_, iterations_, substeps_;
  std::vector<double> time_, overlap_, depth_, energy_, residual_, step_seconds_;
  std::vector<bool> failed_, degraded_;
};

// One step as run_simulation takes it: the energy over the bodies active during the step, overlap
// after it (2D: area, 3D: volume). Returns false when the step was not applied (FailurePolicy::Stop).
bool measured_step(Simulation& simulation, StepMeasurement& m);

}  // namespace pegsim::python
