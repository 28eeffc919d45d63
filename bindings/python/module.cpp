// pegsim._pegsim: the engine's C++ library as a Python extension. The public, documented API is
// the package pegsim (pegsim/__init__.py), which re-exports these names.
#include "bindings.h"

PYBIND11_MODULE(_pegsim, m) {
  m.doc() = "pegsim's C++ engine (use the package `pegsim`, which re-exports these names).";
  // The dimension of Scene() (2D); a scene's own is Scene.dimension (3D scenes: 3, same API with
  // 3-vectors and quaternions).
  m.attr("DIMENSION") = 2;
  pegsim::python::bind_errors(m);
  pegsim::python::bind_scene(m);
  pegsim::python::bind_simulation(m);
  pegsim::python::bind_lcp(m);
  pegsim::python::bind_sweep(m);
}
