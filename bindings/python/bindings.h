// The pieces of the pegsim Python module (module.cpp), one concept per file.
#pragma once

#include <pybind11/pybind11.h>

#include <stdexcept>

namespace pegsim::python {

namespace py = pybind11;

// Simulation.step on a simulation that has diverged (pegsim.DivergenceError, a RuntimeError).
struct DivergedError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

void bind_errors(py::module_& m);      // errors.cpp: C++ exceptions -> Python exceptions
void bind_scene(py::module_& m);       // scene.cpp: pegsim.Scene
void bind_simulation(py::module_& m);  // simulation.cpp: pegsim.Simulation
void bind_lcp(py::module_& m);         // lcp.cpp: solve_lcp, read_lcp, LcpResult
void bind_sweep(py::module_& m);       // sweep.cpp: the sweep CSV, grid helpers, one run as a task

}  // namespace pegsim::python
