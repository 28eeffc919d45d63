// pegsim._pegsim: the engine's C++ library as a Python extension. The public, documented API is
// the package pegsim (pegsim/__init__.py), which re-exports these names.
#include "bindings.h"

PYBIND11_MODULE(_pegsim, m) {
  m.doc() = "pegsim's C++ engine (use the package `pegsim`, which re-exports these names).";
  m.attr("DIMENSION") = 2;  // bodies are 2D; 3D scenes will use the same API with 3-vectors
  pegsim::python::bind_errors(m);
  pegsim::python::bind_scene(m);
  pegsim::python::bind_simulation(m);
  pegsim::python::bind_lcp(m);
  pegsim::python::bind_sweep(m);
}
