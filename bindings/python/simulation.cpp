// pegsim.Simulation: the engine's Simulation with NumPy state in and out and per-step metrics, for
// 2D and 3D scenes alike (3D: (n, 3) positions, (n, 4) quaternions [w, x, y, z]). Stepping here
// calls the same Simulation::step as `pegsim run`, so trajectories are bit-identical to the CLI's
// for the same scene and options. The GIL is released while the engine works.
#include "bindings.h"
#include "json_bridge.h"
#include "scene_bodies.h"
#include "simulation_options.h"
#include "step_history.h"

#include <pegsim/dynamics/divergence_watch.h>
#include <pegsim/dynamics/quaternion.h>
#include <pegsim/dynamics/run.h>

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <cmath>
#include <optional>
#include <string>

namespace pegsim::python {
namespace {

using Array = py::array_t<double, py::array::c_style | py::array::forcecast>;

// A (bodies, columns) or, with columns 0, a (bodies,) array of the given field, or an error naming it.
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

// The given parts of a state, each checked for its shape: (n, d) positions and velocities, (n, q)
// orientations and (n, w) angular velocities (2D: d = 2, q = w = 0 meaning (n,); 3D: 3, 4, 3).
struct StateArrays {
  std::optional<Array> positions, orientations, velocities, angular;
};

StateArrays checked_state(const py::object& pos, const py::object& ori, const py::object& vel, const py::object& ang,
                          std::size_t n, int dimension) {
  const int d = dimension, q = dimension == 3 ? 4 : 0, w = dimension == 3 ? 3 : 0;
  StateArrays s;
  if (!pos.is_none()) s.positions = checked_array(pos, "positions", n, d);
  if (!ori.is_none()) s.orientations = checked_array(ori, "orientations", n, q);
  if (!vel.is_none()) s.velocities = checked_array(vel, "velocities", n, d);
  if (!ang.is_none()) s.angular = checked_array(ang, "angular_velocities", n, w);
  return s;
}

py::dict state_dict(const py::object& positions, const py::object& orientations, const py::object& velocities,
                    const py::object& angular) {
  py::dict d;
  d["positions"] = positions;
  d["orientations"] = orientations;
  d["velocities"] = velocities;
  d["angular_velocities"] = angular;
  return d;
}

// As the scene reader checks a 3D body's orientation (scene_json_3d.cpp): a quaternion further than
// this from unit is an error, not something to normalise.
constexpr double kUnitQuaternionTolerance = 1e-6;

std::string body_label(const Scene& scene, std::size_t i) {
  return "body " + std::to_string(i) + " (\"" + body_name(scene, i) + "\")";
}

Vec3 vec3_at(const Array& a, py::ssize_t row) { return Vec3(a.at(row, 0), a.at(row, 1), a.at(row, 2)); }
Vec3 vec3_of(const Array& a) { return Vec3(a.at(0), a.at(1), a.at(2)); }

class PySimulation {
 public:
  PySimulation(const Scene& scene, const std::optional<std::string>& model, const std::optional<double>& dt,
               const py::kwargs& options)
      : simulation_(scene, simulation_options(scene, model, dt, to_json(options))), watch_(simulation_) {}

  // Stops, as `pegsim run` does, at the divergence guard (divergence_watch.h): past it a blown-up
  // scene's steps cost seconds to minutes each and mean nothing. A further call raises, so a loop
  // on time cannot spin; set_state() starts afresh.
  int step(int n) {
    if (n < 0) throw py::value_error("n: must be non-negative");
    if (!stopped_.empty()) throw DivergedError("step: the simulation diverged at " + stopped_ + "; set_state() starts afresh");
    py::gil_scoped_release release;
    for (int k = 0; k < n; ++k) {
      StepMeasurement m;
      const bool applied = measured_step(simulation_, m);
      if (applied) history_.record(m);
      if (watch_.observe(simulation_, m.record, applied)) stopped_ = watch_.reason();
      if (!applied) return k;  // FailurePolicy::Stop or the row guard: not applied
      if (!stopped_.empty()) return k + 1;
    }
    return n;
  }

  py::dict run(const py::object& self, double duration, const py::object& callback) {
    if (!(duration >= 0.0) || !std::isfinite(duration)) throw py::value_error("duration: must be a non-negative number");
    if (!stopped_.empty()) throw DivergedError("run: the simulation diverged at " + stopped_ + "; set_state() starts afresh");
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
    if (summary.diverged) stopped_ = summary.divergence_reason;
    return from_json(summary_to_json(summary, simulation_.scene()));
  }

  py::dict state() const {
    if (simulation_.scene().is_3d()) return state_3d();
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
    return state_dict(positions, orientations, velocities, angular);
  }

  // A new start: the divergence guard takes its reference from the state set, and a stop is cleared.
  void set_state(const py::object& state, const py::object& positions, const py::object& orientations,
                 const py::object& velocities, const py::object& angular_velocities) {
    write_state(state, positions, orientations, velocities, angular_velocities);
    watch_ = DivergenceWatch(simulation_);
    stopped_.clear();
  }

  std::optional<std::string> divergence_reason() const {
    return stopped_.empty() ? std::nullopt : std::optional<std::string>(stopped_);
  }

  std::size_t body_index(const py::object& body) const {
    const Scene& scene = simulation_.scene();
    const std::size_t n = scene.body_count();
    if (py::isinstance<py::str>(body)) {
      const std::string name = body.cast<std::string>();
      for (std::size_t i = 0; i < n; ++i) {
        if (body_name(scene, i) == name) return i;
      }
      throw py::key_error("body: no body named \"" + name + "\"");
    }
    const long index = body.cast<long>();
    if (index < 0 || index >= static_cast<long>(n)) {
      throw py::index_error("body: index " + std::to_string(index) + " out of range (" + std::to_string(n) +
                            " bodies)");
    }
    return static_cast<std::size_t>(index);
  }

  // An impulse J (N s) at a world point (default: the centre of mass) changes v by J/m and omega
  // by (r x J)/I, r from the centre of mass to the point.
  // In 3D: v += J/m and omega += I_world^-1 (r x J).
  // The energy an impulse adds is a source, not a blow-up: the guard's reference is taken again.
  void apply_impulse(const py::object& body, const py::handle& impulse, const py::object& point) {
    impart_impulse(body, impulse, point);
    watch_.rearm(simulation_);
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
  // set_state without its new start of the divergence watch.
  void write_state(const py::object& state, const py::object& positions, const py::object& orientations,
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
    if (simulation_.scene().is_3d()) return set_state_3d(pos, ori, vel, ang);
    auto& bodies = simulation_.mutable_bodies();
    const std::size_t n = bodies.size();
    // Check everything before changing anything.
    auto [P, O, V, W] = checked_state(pos, ori, vel, ang, n, 2);
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

  // apply_impulse without re-arming the divergence watch.
  void impart_impulse(const py::object& body, const py::handle& impulse, const py::object& point) {
    if (simulation_.scene().is_3d()) return apply_impulse_3d(body_index(body), impulse, point);
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

  py::dict state_3d() const {
    const auto& bodies = simulation_.bodies3d();
    const auto n = static_cast<py::ssize_t>(bodies.size());
    py::array_t<double> positions({n, py::ssize_t{3}}), orientations({n, py::ssize_t{4}});
    py::array_t<double> velocities({n, py::ssize_t{3}}), angular({n, py::ssize_t{3}});
    auto p = positions.mutable_unchecked<2>();
    auto q = orientations.mutable_unchecked<2>();
    auto v = velocities.mutable_unchecked<2>();
    auto w = angular.mutable_unchecked<2>();
    for (py::ssize_t i = 0; i < n; ++i) {
      const Body3d& b = bodies[static_cast<std::size_t>(i)];
      const Vec4 quaternion = wxyz(b.orientation);
      for (int c = 0; c < 3; ++c) {
        p(i, c) = b.position[c];
        v(i, c) = b.velocity[c];
        w(i, c) = b.angular_velocity[c];
      }
      for (int c = 0; c < 4; ++c) q(i, c) = quaternion[c];
    }
    return state_dict(positions, orientations, velocities, angular);
  }

  void set_state_3d(const py::object& pos, const py::object& ori, const py::object& vel, const py::object& ang) {
    const Scene& scene = simulation_.scene();
    const std::size_t n = scene.body_count();
    // Check everything before changing anything.
    auto [P, O, V, W] = checked_state(pos, ori, vel, ang, n, 3);
    for (std::size_t i = 0; i < n; ++i) {
      const auto k = static_cast<py::ssize_t>(i);
      if (O) {
        const double norm = Vec4(O->at(k, 0), O->at(k, 1), O->at(k, 2), O->at(k, 3)).norm();
        if (!(std::abs(norm - 1.0) <= kUnitQuaternionTolerance)) {
          throw py::value_error("orientations: " + body_label(scene, i) + ": not a unit quaternion [w, x, y, z] " +
                                "(norm " + py::str(py::float_(norm)).cast<std::string>() + ", must be 1 within 1e-6)");
        }
      }
      const bool moving =
          (V && (vec3_at(*V, k).array() != 0.0).any()) || (W && (vec3_at(*W, k).array() != 0.0).any());
      if (body_is_static(scene, i) && moving) {
        throw py::value_error("velocities: " + body_label(scene, i) + " is static");
      }
    }
    auto& bodies = simulation_.mutable_bodies3d();
    for (std::size_t i = 0; i < n; ++i) {
      const auto k = static_cast<py::ssize_t>(i);
      Body3d& b = bodies[i];
      if (P) b.position = vec3_at(*P, k);
      // As given (within 1e-6 of unit), like a scene file's: set_state(state()) changes nothing.
      if (O) b.orientation = quaternion_from_wxyz(Vec4(O->at(k, 0), O->at(k, 1), O->at(k, 2), O->at(k, 3)));
      if (V) b.velocity = vec3_at(*V, k);
      if (W) b.angular_velocity = vec3_at(*W, k);
    }
  }

  void apply_impulse_3d(std::size_t index, const py::handle& impulse, const py::object& point) {
    Body3d& b = simulation_.mutable_bodies3d()[index];
    if (b.is_static) throw py::value_error("body: \"" + b.name + "\" is static");
    const Vec3 j = vec3_of(checked_array(impulse, "impulse", 3, 0));
    const Vec3 r = point.is_none() ? Vec3::Zero() : Vec3(vec3_of(checked_array(point, "point", 3, 0)) - b.position);
    b.velocity += j / b.mass;
    b.angular_velocity += b.world_inverse_inertia() * r.cross(j);
  }

  Simulation simulation_;
  DivergenceWatch watch_;
  std::string stopped_;  // the divergence guard's reason ("t = … s: …"), from step() or run(); empty while running
  StepHistory history_;
};

}  // namespace

void bind_simulation(py::module_& m) {
  py::class_<PySimulation>(m, "Simulation", R"doc(Time-stepping of a Scene (2D or 3D) under a contact model.

Simulation(scene, model=None, dt=None, **options): model and dt default to the scene's settings
(model: standard, egan-max, egan-sum, lnc, lnc-accurate, peg, peg-accurate; every model runs 2D and
3D scenes). Options (the CLI flag
in brackets): solver [--solver], gamma, epsilon, applicability_threshold [--applicability],
on_failure "continue"|"stop", dump_failed_dir, recovery_depth, deep_step_retry [--no-deep-step-retry], max_lcp_size [--max-lcp],
configuration_search, proximity_corrector, force_spawns [--force-spawns], fixpoint_iterations, fixpoint_tolerance, fixpoint_damping [--no-fixpoint-damping], tolerance, threads [--threads],
stepper "linear"|"fixpoint"|"ncp" [--stepper], ncp_iterations, ncp_tolerance [--ncp-iterations, --ncp-tolerance].
The simulation works on its own copy of the scene. Same scene and options give bit-identical
trajectories, equal to `pegsim run`'s.)doc")
      .def(py::init<const Scene&, const std::optional<std::string>&, const std::optional<double>&, const py::kwargs&>(),
           py::arg("scene"), py::arg("model") = py::none(), py::arg("dt") = py::none())
      .def("step", &PySimulation::step, py::arg("n") = 1,
           "Takes n steps; returns how many were applied: fewer under on_failure=\"stop\", or when the run "
           "diverges (divergence_reason then says why, and a further step() or run() raises DivergenceError "
           "until set_state()).")
      .def("run", [](const py::object& self, double duration, const py::object& callback) {
             return self.cast<PySimulation&>().run(self, duration, callback);
           }, py::arg("duration"), py::arg("callback") = py::none(),
           R"doc(Runs round(duration / dt) steps as `pegsim run` does, with its divergence guards, and
returns the run's summary (the CLI's JSON summary as a dict). callback(sim, step), if given, is
called after every step with that step's metrics (a dict of scalars, the keys of metrics()).
In 3D the summary has "dimension": 3 and its `final` entries carry position [x, y, z],
orientation [w, x, y, z], velocity and angular_velocity (world frame) instead of 2D's angle.)doc")
      .def("state", &PySimulation::state,
           R"doc(The bodies' state as a dict of arrays (one row per body, scene order).
2D: positions (n, 2), orientations (n,) in rad, velocities (n, 2), angular_velocities (n,).
3D: positions (n, 3), orientations (n, 4) unit quaternions [w, x, y, z] (body to world),
velocities (n, 3), angular_velocities (n, 3) in the world frame (rad/s).)doc")
      .def("set_state", &PySimulation::set_state, py::arg("state") = py::none(), py::kw_only(),
           py::arg("positions") = py::none(), py::arg("orientations") = py::none(), py::arg("velocities") = py::none(),
           py::arg("angular_velocities") = py::none(),
           R"doc(Sets any of the state's arrays (a dict as state() returns, or keywords; keywords win), with
state()'s shapes for the scene's dimension (else ValueError). Static bodies cannot be given a
velocity. 3D orientations must be unit quaternions [w, x, y, z] within 1e-6 (else ValueError
naming the body); they are stored as given, not normalised.)doc")
      .def("apply_impulse", &PySimulation::apply_impulse, py::arg("body"), py::arg("impulse"),
           py::arg("point") = py::none(),
           R"doc(Applies an impulse J (N s) to a body (index or name) at a world point (default: its centre of
mass): v += J / m and the angular velocity changes by (r x J) / I, r from the centre of mass to
the point. 2D: J and the point have shape (2,). 3D: shape (3,), and omega += I_world^-1 (r x J)
with I_world = R I R^T (world frame).)doc")
      .def("metrics", [](const PySimulation& s) { return s.history().arrays(); },
           R"doc(Per-step metrics of every step taken so far, a dict of NumPy arrays: step, time,
overlap (summed pairwise overlap area, m^2; in 3D volume, m^3), depth (largest penetration, m),
overlapping_pairs, energy (J), failed (the step's LCP was not solved), residual, lcp_size, rows,
contacts, traps, iterations, substeps, degraded, step_seconds.)doc")
      .def("active", &PySimulation::active, "Which bodies take part at the current time (spawn_time <= time).")
      .def("body_index", &PySimulation::body_index, py::arg("body"), "The index of a body given by name or index.")
      .def_property_readonly("divergence_reason", &PySimulation::divergence_reason,
                             "None, or why the run stopped at the divergence guard (as `pegsim run`'s "
                             "divergence_reason): energy without a source, a body far out of the scene, or the "
                             "LCP row guard.")
      .def_property_readonly("time", [](const PySimulation& s) { return s.simulation().time(); }, "Simulated time (s).")
      .def_property_readonly("steps_taken", [](const PySimulation& s) { return s.simulation().steps_taken(); })
      .def_property_readonly("model", [](const PySimulation& s) { return s.simulation().options().model; })
      .def_property_readonly("dt", [](const PySimulation& s) { return s.simulation().options().time_step; })
      .def_property_readonly("dimension", [](const PySimulation& s) { return s.simulation().scene().dimension; },
                             "2 or 3, the scene's.")
      .def_property_readonly("body_names", [](const PySimulation& s) { return body_names(s.simulation().scene()); })
      .def_property_readonly("scene", [](const PySimulation& s) { return Scene(s.simulation().scene()); },
                             "A copy of the scene in its current state.");
  m.def("simulation_option_names", &simulation_option_names, "The keyword options Simulation accepts besides model and dt.");
}

}  // namespace pegsim::python
