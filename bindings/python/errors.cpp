// The library's exceptions as Python exceptions, with the library's messages unchanged (they name
// the file, the field and the reason, as the CLI prints them). std::invalid_argument (bad options,
// unknown model) is pybind11's ValueError already.
#include "bindings.h"

#include <pegsim/experiment/sweep_csv.h>
#include <pegsim/experiment/sweep_grid.h>
#include <pegsim/io/lcp_reader.h>
#include <pegsim/scene/scene.h>

namespace pegsim::python {

void bind_errors(py::module_& m) {
  py::register_exception<SceneError>(m, "SceneError", PyExc_ValueError);
  py::register_exception<ParseError>(m, "LcpFileError", PyExc_ValueError);
  // SweepSpecError derives from std::invalid_argument: registered before the generic translation.
  py::register_exception<SweepSpecError>(m, "SweepSpecError", PyExc_ValueError);
  py::register_exception<SweepCsvError>(m, "SweepCsvError", PyExc_OSError);
  py::register_exception<DivergedError>(m, "DivergenceError", PyExc_RuntimeError);
}

}  // namespace pegsim::python
