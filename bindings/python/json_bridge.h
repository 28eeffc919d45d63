// Python objects <-> nlohmann::json through Python's json module: dicts and lists of numbers and
// strings cross as JSON text, so a Python dict is read by exactly the code that reads scene files.
#pragma once

#include <pybind11/pybind11.h>

#include <nlohmann/json.hpp>

namespace pegsim::python {

nlohmann::json to_json(const pybind11::handle& object);
pybind11::object from_json(const nlohmann::json& json);

}  // namespace pegsim::python
