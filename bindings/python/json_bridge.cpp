#include "json_bridge.h"

#include <string>

namespace pegsim::python {

namespace py = pybind11;

namespace {

// json.dumps' fallback for NumPy arrays and scalars (vertices given as an array, a numpy.float64).
py::object plain_value(const py::object& value) {
  if (py::hasattr(value, "tolist")) return value.attr("tolist")();
  throw py::type_error("cannot convert a " + py::str(py::type::of(value).attr("__name__")).cast<std::string>() +
                       " to JSON");
}

}  // namespace

nlohmann::json to_json(const py::handle& object) {
  // allow_nan=False: NaN is not JSON; the scene reader would reject it with a less useful message.
  const std::string text = py::module_::import("json")
                               .attr("dumps")(object, py::arg("allow_nan") = false,
                                              py::arg("default") = py::cpp_function(&plain_value))
                               .cast<std::string>();
  return nlohmann::json::parse(text);
}

py::object from_json(const nlohmann::json& json) { return py::module_::import("json").attr("loads")(json.dump()); }

}  // namespace pegsim::python
