// The sweep's building blocks for pegsim.sweep (pegsim/sweep.py): the C++ sweep's CSV (same
// columns, header check, resume keys, atomic appends), its grid order and shards, and one run of
// the grid as a task: a RunSummary formatted as the CSV row `pegsim sweep` writes for it.
#include "bindings.h"
#include "json_bridge.h"
#include "simulation_options.h"

#include <pegsim/contact/model.h>
#include <pegsim/dynamics/run.h>
#include <pegsim/experiment/sweep.h>
#include <pegsim/experiment/sweep_csv.h>
#include <pegsim/experiment/sweep_grid.h>
#include <pegsim/io/metrics_writer.h>

#include <pybind11/stl.h>

#include <memory>
#include <optional>
#include <string>
#include <tuple>

namespace pegsim::python {
namespace {

struct TaskResult {
  std::string row;  // the CSV line, with its newline
  RunSummary summary;
  nlohmann::json summary_json;  // as `pegsim run` prints it, final states of either dimension included
};

// One (scene, model, h) run as sweep.cpp runs it; per_step_path: also write the per-step CSV there.
TaskResult run_task(const Scene& scene, const std::string& scene_name, const std::string& model, double h,
                    const std::optional<double>& duration, const py::object& options, const std::string& per_step_path) {
  const SimulationOptions sim_options = simulation_options(scene, model, h, to_json(options));
  const double run_duration = duration.value_or(scene.settings.duration);
  if (!(run_duration >= 0.0)) throw py::value_error("duration: must be a non-negative number");
  py::gil_scoped_release release;
  Simulation simulation(scene, sim_options);
  std::unique_ptr<MetricsCsvWriter> steps;
  if (!per_step_path.empty()) steps = std::make_unique<MetricsCsvWriter>(per_step_path);
  RunOptions run_options;
  run_options.duration = run_duration;
  TaskResult result;
  result.summary = run_simulation(simulation, run_options, [&](const Simulation&, const StepMeasurement& m) {
    if (steps) steps->write(m.record, m.overlap, m.energy);
  });
  if (steps) steps->close();
  result.row = SweepCsv::format_row(SweepKey{scene_name, model, h}, result.summary, run_duration);
  result.summary_json = summary_to_json(result.summary, simulation.scene());
  return result;
}

py::tuple shard_tuple(const std::string& text) {
  const Shard s = parse_shard(text);
  return py::make_tuple(s.index, s.count);
}

std::vector<py::tuple> grid(int scenes, const std::vector<std::string>& models, const std::vector<double>& steps) {
  std::vector<py::tuple> runs;
  for (const SweepRun& r : make_sweep_grid(scenes, models, steps)) {
    runs.push_back(py::make_tuple(r.index, r.scene, r.model, r.time_step));
  }
  return runs;
}

}  // namespace

void bind_sweep(py::module_& m) {
  py::class_<SweepCsv>(m, "SweepCsv", R"doc(The sweep's result file, shared with `pegsim sweep`: one row per
finished run, appended with one write(2) (O_APPEND), resumable by the (scene, model, h) key. Opening
an existing file checks its header and removes an incomplete last row (SweepCsvError otherwise).)doc")
      .def(py::init<std::string>(), py::arg("path"))
      .def_static("columns", &SweepCsv::columns)
      .def_static("header", &SweepCsv::header)
      .def("done", [](const SweepCsv& c, const std::string& scene, const std::string& model,
                      double h) { return c.done(SweepKey{scene, model, h}); },
           py::arg("scene"), py::arg("model"), py::arg("h"))
      .def("append", [](SweepCsv& c, const std::string& scene, const std::string& model, double h,
                        const std::string& row) { c.append(SweepKey{scene, model, h}, row); },
           py::arg("scene"), py::arg("model"), py::arg("h"), py::arg("row"))
      .def_property_readonly("rows", &SweepCsv::rows)
      .def_property_readonly("dropped_partial_row", &SweepCsv::dropped_partial_row)
      .def_property_readonly("path", &SweepCsv::path);
  m.def("_run_sweep_task", [](const Scene& scene, const std::string& name, const std::string& model, double h,
                              const std::optional<double>& duration, const py::object& options,
                              const std::string& per_step_path) {
          TaskResult r = run_task(scene, name, model, h, duration, options, per_step_path);
          return py::make_tuple(r.row, from_json(r.summary_json));
        },
        py::arg("scene"), py::arg("name"), py::arg("model"), py::arg("h"), py::arg("duration"), py::arg("options"),
        py::arg("per_step_path") = "");
  m.def("format_step_size", &format_step_size, py::arg("h"), "h as the sweep CSV writes it (shortest round-trip text).");
  m.def("parse_step_sizes", [](const std::string& text) { return parse_step_sizes(text); }, py::arg("text"),
        "\"0.001,0.002\" and/or ranges \"START:STOP:STEP\", as `pegsim sweep --dt` (raises SweepSpecError).");
  m.def("parse_shard", &shard_tuple, py::arg("text"), "\"i/N\" as (i, N), as `pegsim sweep --shard`.");
  m.def("parse_model_list", [](const std::vector<std::string>& texts) { return parse_model_list(texts, contact_model_names()); },
        py::arg("texts"));
  m.def("sweep_grid", &grid, py::arg("scenes"), py::arg("models"), py::arg("step_sizes"),
        "The grid in `pegsim sweep`'s order: (index, scene, model, h) tuples.");
  m.def("per_step_file_name", &per_step_file_name, py::arg("scene"), py::arg("model"), py::arg("h"));
  m.def("contact_model_names", &contact_model_names);
}

}  // namespace pegsim::python
