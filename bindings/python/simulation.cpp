// pegsim.Simulation: the engine's Simulation with NumPy state in and out and per-step metrics.
// Stepping here calls the same Simulation::step as `pegsim run`, so trajectories are bit-identical
// to the CLI's for the same scene and options. The GIL is released while the engine works.
#include "bindings.h"
#include "json_bridge.h"
#include "simulation_options.h"
#include "step_history.h"

#include <pegsim/dynamics/run.h>

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <cmath>
#include <optional>
#include <string>

namespace pegsim::python {
namespace {

using Array = py::array_t<double, py::array::c_style | py::array::forcecast>;

// An (n, 2) or (n,) array of the given field, or an error naming it.
Array checked_array(const py::handle& value, const char* field, std::size_t bodies, int columns) {
  Array a = Array::ensure(value);
  const bool shape_ok = a && (columns == 0 ? a.ndim() == 1 && a.shape(0) == static_cast<py::ssize_t>(bodies)
                                           : a.ndim() == 2 && a.shape(0) == static_cast<py::ssize_t>(bodies) &&
                                                 a.shape(1) == columns);
  if (!shape_ok) {
    const std::string shape = columns == 0 ? "(" + std::to_string(bodies) + ",)"
                                           : "(" + std::to_string(bodies) + ", " + std::to_string(columns) + ")";
    throw py::value_error(std::string(field) + ": expected an array of shape " + shape);
  }
  for (py::ssize_t i = 0; i < a.size(); ++i) {
    if (!std::isfinite(a.data()[i])) throw py::value_error(std::string(field) + ": values must be finite");
  }
  return a;
}

class PySimulation {
 public:
  PySimulation(const Scene& scene, const std::optional<std::string>& model, const std::optional<double>& dt,
               const py::kwargs& options)
      : simulation_(scene, simulation_options(scene, model, dt, to_json(options))) {}

  int step(int n) {
    if (n < 0) throw py::value_error("n: must be non-negative");
    py::gil_scoped_release release;
    for (int k = 0; k < n; ++k) {
      StepMeasurement m;
      if (!measured_step(simulation_, m)) return k;  // FailurePolicy::Stop: not applied
      history_.record(m);
    }
    return n;
  }

  py::dict run(const py::object& self, double duration, const py::object& callback) {
    if (!(duration >= 0.0) || !std::isfinite(duration)) throw py::value_error("duration: must be a non-negative number");
    RunOptions options;
    options.duration = duration;
    RunSummary summary;
    {
      py::gil_scoped_release release;
      summary = run_simulation(simulation_, options, [&](const Simulation&, const StepMeasurement& m) {
        history_.record(m);
        if (callback.is_none()) return;
        py::gil_scoped_acquire acquire;
        callback(self, StepHistory::one(m));
      });
    }
    return from_json(summary_to_json(summary, simulation_.bodies()));
  }

  py::dict state() const {
    const auto& bodies = simulation_.bodies();
    const auto n = static_cast<py::ssize_t>(bodies.size());
    py::array_t<double> positions({n, py::ssize_t{2}}), velocities({n, py::ssize_t{2}});
    py::array_t<double> orientations(n), angular(n);
    auto p = positions.mutable_unchecked<2>();
    auto v = velocities.mutable_unchecked<2>();
    for (py::ssize_t i = 0; i < n; ++i) {
      const Body& b = bodies[static_cast<std::size_t>(i)];
      p(i, 0) = b.position.x();
      p(i, 1) = b.position.y();
      v(i, 0) = b.velocity.x();
      v(i, 1) = b.velocity.y();
      orientations.mutable_at(i) = b.angle;
      angular.mutable_at(i) = b.angular_velocity;
    }
    py::dict d;
    d["positions"] = positions;
    d["orientations"] = orientations;
    d["velocities"] = velocities;
    d["angular_velocities"] = angular;
    return d;
  }

  void set_state(const py::object& state, const py::object& positions, const py::object& orientations,
                 const py::object& velocities, const py::object& angular_velocities) {
    auto pick = [&](const py::object& given, const char* key) -> py::object {
      if (!given.is_none() || state.is_none()) return given;
      const py::dict d = state.cast<py::dict>();
      for (const auto& item : d) {
        const std::string k = item.first.cast<std::string>();
        if (k != "positions" && k != "orientations" && k != "velocities" && k != "angular_velocities") {
          throw py::value_error("state: unknown key \"" + k + "\" (valid: positions, orientations, velocities, angular_velocities)");
        }
      }
      return d.contains(key) ? py::object(d[key]) : py::none();
    };
    const py::object pos = pick(positions, "positions"), ori = pick(orientations, "orientations");
    const py::object vel = pick(velocities, "velocities"), ang = pick(angular_velocities, "angular_velocities");
    auto& bodies = simulation_.mutable_bodies();
    const std::size_t n = bodies.size();
    // Check everything before changing anything.
    std::optional<Array> P, O, V, W;
    if (!pos.is_none()) P = checked_array(pos, "positions", n, 2);
    if (!ori.is_none()) O = checked_array(ori, "orientations", n, 0);
    if (!vel.is_none()) V = checked_array(vel, "velocities", n, 2);
    if (!ang.is_none()) W = checked_array(ang, "angular_velocities", n, 0);
    for (std::size_t i = 0; i < n; ++i) {
      const auto k = static_cast<py::ssize_t>(i);
      const bool moving = (V && (V->at(k, 0) != 0.0 || V->at(k, 1) != 0.0)) || (W && W->at(k) != 0.0);
      if (bodies[i].is_static && moving) {
        throw py::value_error("velocities: body " + std::to_string(i) + " (\"" + bodies[i].name + "\") is static");
      }
    }
    for (std::size_t i = 0; i < n; ++i) {
      const auto k = static_cast<py::ssize_t>(i);
      Body& b = bodies[i];
      if (P) b.position = Vec2(P->at(k, 0), P->at(k, 1));
      if (O) b.angle = O->at(k);
      if (V) b.velocity = Vec2(V->at(k, 0), V->at(k, 1));
      if (W) b.angular_velocity = W->at(k);
    }
  }

  std::size_t body_index(const py::object& body) const {
    const auto& bodies = simulation_.bodies();
    if (py::isinstance<py::str>(body)) {
      const std::string name = body.cast<std::string>();
      for (std::size_t i = 0; i < bodies.size(); ++i) {
        if (bodies[i].name == name) return i;
      }
      throw py::key_error("body: no body named \"" + name + "\"");
    }
    const long index = body.cast<long>();
    if (index < 0 || index >= static_cast<long>(bodies.size())) {
      throw py::index_error("body: index " + std::to_string(index) + " out of range (" +
                            std::to_string(bodies.size()) + " bodies)");
    }
    return static_cast<std::size_t>(index);
  }

  // An impulse J (N s) at a world point (default: the centre of mass) changes v by J/m and omega
  // by (r x J)/I, r from the centre of mass to the point.
  void apply_impulse(const py::object& body, const py::handle& impulse, const py::object& point) {
    Body& b = simulation_.mutable_bodies()[body_index(body)];
    if (b.is_static) throw py::value_error("body: \"" + b.name + "\" is static");
    const Array J = checked_array(impulse, "impulse", 2, 0);
    const Vec2 j(J.at(0), J.at(1));
    Vec2 r = Vec2::Zero();
    if (!point.is_none()) {
      const Array P = checked_array(point, "point", 2, 0);
      r = Vec2(P.at(0), P.at(1)) - b.position;
    }
    b.velocity += j / b.mass;
    const double torque = r.x() * j.y() - r.y() * j.x();
    if (b.inertia > 0.0) b.angular_velocity += torque / b.inertia;
    else if (torque != 0.0) throw py::value_error("point: \"" + b.name + "\" has no inertia (a particle): push at its centre");
  }

  py::array_t<bool> active() const {
    const auto flags = simulation_.active_bodies();
    py::array_t<bool> a(static_cast<py::ssize_t>(flags.size()));
    for (std::size_t i = 0; i < flags.size(); ++i) a.mutable_at(static_cast<py::ssize_t>(i)) = flags[i] != 0;
    return a;
  }

  const Simulation& simulation() const { return simulation_; }
  const StepHistory& history() const { return history_; }

 private:
  Simulation simulation_;
  StepHistory history_;
};

}  // namespace

void bind_simulation(py::module_& m) {
  py::class_<PySimulation>(m, "Simulation", R"doc(Time-stepping of a Scene under a contact model.

Simulation(scene, model=None, dt=None, **options): model and dt default to the scene's settings
(model: standard, egan-max, egan-sum, lnc, lnc-accurate, peg, peg-accurate). Options (the CLI flag
in brackets): solver [--solver], gamma, epsilon, applicability_threshold [--applicability],
on_failure "continue"|"stop", dump_failed_dir, recovery_depth, max_lcp_size [--max-lcp],
configuration_search, proximity_corrector, force_spawns [--force-spawns], fixpoint_iterations, fixpoint_tolerance, tolerance.
The simulation works on its own copy of the scene. Same scene and options give bit-identical
trajectories, equal to `pegsim run`'s.)doc")
      .def(py::init<const Scene&, const std::optional<std::string>&, const std::optional<double>&, const py::kwargs&>(),
           py::arg("scene"), py::arg("model") = py::none(), py::arg("dt") = py::none())
      .def("step", &PySimulation::step, py::arg("n") = 1,
           "Takes n steps; returns how many were applied (fewer only under on_failure=\"stop\").")
      .def("run", [](const py::object& self, double duration, const py::object& callback) {
             return self.cast<PySimulation&>().run(self, duration, callback);
           }, py::arg("duration"), py::arg("callback") = py::none(),
           R"doc(Runs round(duration / dt) steps as `pegsim run` does, with its divergence guards, and
returns the run's summary (the CLI's JSON summary as a dict). callback(sim, step), if given, is
called after every step with that step's metrics (a dict of scalars, the keys of metrics()).)doc")
      .def("state", &PySimulation::state,
           R"doc(The bodies' state as a dict of arrays (one row per body, scene order):
positions (n, 2), orientations (n,) in rad, velocities (n, 2), angular_velocities (n,).
(3D bodies will use (n, 3) positions, (n, 4) quaternions and (n, 3) angular velocities.))doc")
      .def("set_state", &PySimulation::set_state, py::arg("state") = py::none(), py::kw_only(),
           py::arg("positions") = py::none(), py::arg("orientations") = py::none(), py::arg("velocities") = py::none(),
           py::arg("angular_velocities") = py::none(),
           "Sets any of the state's arrays (a dict as state() returns, or keywords; keywords win).")
      .def("apply_impulse", &PySimulation::apply_impulse, py::arg("body"), py::arg("impulse"),
           py::arg("point") = py::none(),
           "Applies an impulse (N s, shape (2,)) to a body (index or name) at a world point (default: its centre of mass).")
      .def("metrics", [](const PySimulation& s) { return s.history().arrays(); },
           R"doc(Per-step metrics of every step taken so far, a dict of NumPy arrays: step, time,
overlap (summed pairwise overlap area, m^2), depth (largest penetration, m), overlapping_pairs,
energy (J), failed (the step's LCP was not solved), residual, lcp_size, rows, contacts, traps,
iterations, substeps, degraded, step_seconds.)doc")
      .def("active", &PySimulation::active, "Which bodies take part at the current time (spawn_time <= time).")
      .def("body_index", &PySimulation::body_index, py::arg("body"), "The index of a body given by name or index.")
      .def_property_readonly("time", [](const PySimulation& s) { return s.simulation().time(); }, "Simulated time (s).")
      .def_property_readonly("steps_taken", [](const PySimulation& s) { return s.simulation().steps_taken(); })
      .def_property_readonly("model", [](const PySimulation& s) { return s.simulation().options().model; })
      .def_property_readonly("dt", [](const PySimulation& s) { return s.simulation().options().time_step; })
      .def_property_readonly("dimension", [](const PySimulation&) { return 2; })
      .def_property_readonly("body_names", [](const PySimulation& s) {
        std::vector<std::string> names;
        for (const Body& b : s.simulation().bodies()) names.push_back(b.name);
        return names;
      })
      .def_property_readonly("scene", [](const PySimulation& s) { return Scene(s.simulation().scene()); },
                             "A copy of the scene in its current state.");
  m.def("simulation_option_names", &simulation_option_names, "The keyword options Simulation accepts besides model and dt.");
}

}  // namespace pegsim::python
