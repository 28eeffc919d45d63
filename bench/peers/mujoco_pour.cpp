// The 3D pour in MuJoCo (libmujoco-dev 2.2.2), measured with pegsim's exact overlap metric.
// Usage: pegsim_mujoco_pour SCENE.json [--dt H] [--duration T] [--metric-every N] [--multiccd 0|1]
// Settings a user would pick (bench/peers/README.md): an MJCF model generated in memory, MuJoCo's
// defaults for everything but what the scene fixes (timestep, gravity, friction): Newton solver,
// pyramidal cone, semi-implicit Euler, soft contacts with the default solref/solimp and zero margin.
// Each body is a mesh geom of the polyhedron's vertices (MuJoCo collides their convex hull, with one
// contact per pair unless --multiccd 1); dynamic bodies have a free joint and the scene's mass and
// full inertia tensor at the body origin (the centre of mass), static bodies have no joint.
// MuJoCo cannot add bodies to a compiled model, so every body is in the model from the start and
// parked far below the box until its spawn time.
#include "peer_pour.h"

#include <pegsim/scene/friction_rule.h>

#include <mujoco/mujoco.h>

#include <algorithm>
#include <cstring>
#include <limits>
#include <memory>
#include <sstream>
#include <string>

namespace {

// Frictionless pairs get condim 1 (normal force only), as ODE's mode 0; otherwise MuJoCo's default
// condim 3 with the pair's mu (torsional and rolling coefficients at MuJoCo's defaults, unused at 3).
std::string friction_attributes(double mu, bool pair) {
  std::ostringstream s;
  s.precision(17);
  s << " condim=\"" << (mu > 0.0 ? 3 : 1) << "\" friction=\"" << mu << ' ';
  if (pair) s << mu << " 0.005 0.0001 0.0001\"";  // a pair's friction has 5 values (two tangential)
  else s << "0.005 0.0001\"";
  return s.str();
}

// The scene as MJCF. When every pair combines to the same mu (every generated pour), geoms carry it
// and MuJoCo's dynamic pairs apply; otherwise MuJoCo's per-pair rule (the max) would differ from the
// scene's friction_rule, so every pair is listed explicitly with the scene's combined mu instead.
std::string scene_mjcf(const pegsim::Scene& scene, double h, bool multiccd) {
  const std::vector<pegsim::Body3d>& bodies = scene.bodies3d;
  const std::size_t n = bodies.size();
  struct Pair { std::size_t a, b; double mu; };
  std::vector<Pair> pairs;
  bool uniform = true;
  for (std::size_t a = 0; a < n; ++a) {
    for (std::size_t b = a + 1; b < n; ++b) {
      if (bodies[a].is_static && bodies[b].is_static) continue;
      const double mu = pegsim::combine_friction_coefficients(scene.friction_rule, bodies[a].friction,
                                                              bodies[b].friction, bodies[a].name, bodies[b].name);
      uniform = uniform && (pairs.empty() || mu == pairs.front().mu);
      pairs.push_back({a, b, mu});
    }
  }
  const double mu_all = pairs.empty() ? 0.0 : pairs.front().mu;

  std::ostringstream x;
  x.precision(17);
  const pegsim::Vec3& g = scene.gravity3d;
  x << "<mujoco model=\"pegsim_pour\">\n<option timestep=\"" << h << "\" gravity=\"" << g.x() << ' ' << g.y() << ' '
    << g.z() << "\">\n<flag multiccd=\"" << (multiccd ? "enable" : "disable") << "\"/>\n</option>\n<asset>\n";
  for (std::size_t i = 0; i < n; ++i) {
    x << "<mesh name=\"m" << i << "\" vertex=\"";
    for (const pegsim::Vec3& v : bodies[i].shape.vertices) x << v.x() << ' ' << v.y() << ' ' << v.z() << ' ';
    x << "\"/>\n";
  }
  x << "</asset>\n<worldbody>\n";
  for (std::size_t i = 0; i < n; ++i) {
    const pegsim::Body3d& b = bodies[i];
    std::ostringstream geom_stream;
    geom_stream << "<geom name=\"g" << i << "\" type=\"mesh\" mesh=\"m" << i << "\""
                << (uniform ? friction_attributes(mu_all, false) : " contype=\"0\" conaffinity=\"0\"") << "/>\n";
    const std::string geom = geom_stream.str();
    const Eigen::Quaterniond& q = b.orientation;
    if (b.is_static) {
      x << "<body name=\"b" << i << "\" pos=\"" << b.position.x() << ' ' << b.position.y() << ' ' << b.position.z()
        << "\" quat=\"" << q.w() << ' ' << q.x() << ' ' << q.y() << ' ' << q.z() << "\">\n" << geom << "</body>\n";
      continue;
    }
    // Parked 10 m apart, 1 km below the box: they fall alike and touch nothing until add().
    const pegsim::Mat3& I = b.inertia;
    x << "<body name=\"b" << i << "\" pos=\"" << 10.0 * static_cast<double>(i) << " 0 -1000\">\n<freejoint/>\n"
      << "<inertial pos=\"0 0 0\" mass=\"" << b.mass << "\" fullinertia=\"" << I(0, 0) << ' ' << I(1, 1) << ' '
      << I(2, 2) << ' ' << I(0, 1) << ' ' << I(0, 2) << ' ' << I(1, 2) << "\"/>\n"
      << geom << "</body>\n";
  }
  x << "</worldbody>\n";
  if (!uniform) {
    x << "<contact>\n";
    for (const Pair& p : pairs) {
      x << "<pair geom1=\"g" << p.a << "\" geom2=\"g" << p.b << "\"" << friction_attributes(p.mu, true) << "/>\n";
    }
    x << "</contact>\n";
  }
  x << "</mujoco>\n";
  return x.str();
}

// MuJoCo's default handler prints warnings on stdout (where the JSON line goes) and appends them to
// MUJOCO_LOG.TXT in the working directory; stderr only.
void warn_on_stderr(const char* message) { std::fprintf(stderr, "mujoco: %s\n", message); }

class MujocoEngine {
 public:
  MujocoEngine(const pegsim::Scene& scene, double h, bool multiccd) {
    mju_user_warning = warn_on_stderr;
    const std::string xml = scene_mjcf(scene, h, multiccd);
    auto vfs = std::make_unique<mjVFS>();  // about 2 MB of file-name slots: not on the stack
    mj_defaultVFS(vfs.get());
    const char* file = "pegsim_pour.xml";
    if (mj_makeEmptyFileVFS(vfs.get(), file, static_cast<int>(xml.size())) != 0) fail("cannot make the in-memory file");
    std::memcpy(vfs->filedata[mj_findFileVFS(vfs.get(), file)], xml.data(), xml.size());
    char error[1000] = "";
    model_ = mj_loadXML(file, vfs.get(), error, sizeof(error));
    mj_deleteVFS(vfs.get());
    if (!model_) fail(error);
    data_ = mj_makeData(model_);
    qpos_.assign(scene.bodies3d.size(), -1);
    qvel_.assign(scene.bodies3d.size(), -1);
    for (std::size_t i = 0; i < scene.bodies3d.size(); ++i) {
      std::string name = "b";  // not "b" + to_string: GCC 12's -Wrestrict misfires on it at -O3
      name += std::to_string(i);
      const int body = mj_name2id(model_, mjOBJ_BODY, name.c_str());
      if (scene.bodies3d[i].is_static || body < 0) continue;
      const int joint = model_->body_jntadr[body];
      qpos_[i] = model_->jnt_qposadr[joint];
      qvel_[i] = model_->jnt_dofadr[joint];
    }
  }
  ~MujocoEngine() {
    mj_deleteData(data_);
    mj_deleteModel(model_);
  }
  MujocoEngine(const MujocoEngine&) = delete;
  MujocoEngine& operator=(const MujocoEngine&) = delete;

  void add(std::size_t i, const pegsim::Body3d& b) {
    if (b.is_static) return;  // already in the world
    mjtNum* q = data_->qpos + qpos_[i];
    const Eigen::Quaterniond& r = b.orientation;
    const double pose[7] = {b.position.x(), b.position.y(), b.position.z(), r.w(), r.x(), r.y(), r.z()};
    std::copy(pose, pose + 7, q);
    // A free joint's angular velocity is in the body frame, its linear velocity in the world frame.
    const pegsim::Vec3 w = r.normalized().conjugate() * b.angular_velocity;
    const double vel[6] = {b.velocity.x(), b.velocity.y(), b.velocity.z(), w.x(), w.y(), w.z()};
    std::copy(vel, vel + 6, data_->qvel + qvel_[i]);
  }

  void step(double h) {
    model_->opt.timestep = h;
    const int bad_before = bad_state_warnings();
    mj_step(model_, data_);
    time_ += h;
    if (bad_state_warnings() > bad_before && unstable_time_ < 0.0) unstable_time_ = time_;
  }

  // From qpos, not xpos: after mj_step, xpos is still the pose the step started from. Once MuJoCo
  // found a bad state it resets mjData to the model's initial state (every body parked); that is a
  // divergence, not a pose, so from then on poses are NaN and the run reports finite = false.
  void pose(std::size_t i, pegsim::Vec3& position, Eigen::Quaterniond& orientation) const {
    if (unstable_time_ >= 0.0) {
      position.setConstant(std::numeric_limits<double>::quiet_NaN());
      orientation.coeffs().setConstant(std::numeric_limits<double>::quiet_NaN());
      return;
    }
    const mjtNum* q = data_->qpos + qpos_[i];
    position = pegsim::Vec3(q[0], q[1], q[2]);
    orientation = Eigen::Quaterniond(q[3], q[4], q[5], q[6]);
  }

  nlohmann::json settings() const {
    static const char* solvers[] = {"PGS", "CG", "Newton"};
    static const char* cones[] = {"pyramidal", "elliptic"};
    static const char* integrators[] = {"Euler", "RK4", "implicit"};
    const mjOption& o = model_->opt;
    const int g = model_->ngeom > 0 ? model_->ngeom - 1 : 0;  // a dynamic body's geom (the last body)
    return {{"version", std::string("mujoco ") + mj_versionString() + " (Debian libmujoco-dev)"},
            {"timestep", o.timestep},
            {"integrator", integrators[o.integrator]},
            {"solver", solvers[o.solver]},
            {"iterations", o.iterations},
            {"tolerance", o.tolerance},
            {"cone", cones[o.cone]},
            {"multiccd", (o.enableflags & mjENBL_MULTICCD) != 0},
            {"contact_pairs", model_->npair > 0 ? "explicit, scene's combined mu per pair" : "dynamic (contype/conaffinity)"},
            {"solref", {model_->geom_solref[2 * g], model_->geom_solref[2 * g + 1]}},
            {"solimp", {model_->geom_solimp[mjNIMP * g], model_->geom_solimp[mjNIMP * g + 1],
                        model_->geom_solimp[mjNIMP * g + 2]}},
            {"margin", model_->ngeom > 0 ? model_->geom_margin[g] : 0.0},
            {"nconmax", model_->nconmax},
            {"njmax", model_->njmax},
            {"warnings_contactfull", data_->warning[mjWARN_CONTACTFULL].number},
            {"warnings_cnstrfull", data_->warning[mjWARN_CNSTRFULL].number},
            {"warnings_bad_state", bad_state_warnings()},
            {"unstable_time", unstable_time_ >= 0.0 ? nlohmann::json(unstable_time_) : nlohmann::json(nullptr)},
            {"shape", "mesh geom of the polyhedron's vertices (MuJoCo's convex hull)"},
            {"parking", "unspawned bodies free-fall 1 km below the box, 10 m apart"}};
  }

 private:
  [[noreturn]] static void fail(const char* what) {
    std::fprintf(stderr, "pegsim_mujoco_pour: MJCF model: %s\n", what);
    std::exit(2);
  }

  int bad_state_warnings() const {
    return data_->warning[mjWARN_BADQPOS].number + data_->warning[mjWARN_BADQVEL].number +
           data_->warning[mjWARN_BADQACC].number;
  }

  mjModel* model_ = nullptr;
  mjData* data_ = nullptr;
  std::vector<int> qpos_, qvel_;  // each dynamic body's free joint addresses
  double time_ = 0.0;
  double unstable_time_ = -1.0;  // end of the step in which MuJoCo first reset a bad state
};

}  // namespace

int main(int argc, char** argv) {
  const peers::PeerArgs args = peers::parse_args(argc, argv, " [--multiccd 0|1 (multi-point convex contacts; default 0)]");
  bool multiccd = false;
  for (std::size_t k = 0; k + 1 < args.extra.size(); k += 2) {
    if (args.extra[k] == "--multiccd") multiccd = args.extra[k + 1] != "0";
    else {
      std::fprintf(stderr, "%s: unknown option %s\n", argv[0], args.extra[k].c_str());
      return 2;
    }
  }
  pegsim::Scene scene = peers::load_3d_scene(argv[0], args.scene_path);
  const double h = args.dt > 0.0 ? args.dt : scene.settings.time_step;
  MujocoEngine engine(scene, h, multiccd);
  return peers::run_peer_pour("mujoco", scene, args, engine);
}
