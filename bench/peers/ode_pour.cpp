// The 3D pour in ODE (libode-dev, double precision), measured with pegsim's exact overlap metric.
// Usage: pegsim_ode_pour SCENE.json [--dt H] [--duration T] [--metric-every N] [--iterations N]
// Settings a user would pick (bench/peers/README.md): dWorldQuickStep with its default iterations
// (20), default ERP (0.2) and CFM (1e-5), a hash space, up to 16 contacts per pair from dCollide,
// contact joints with only mu set (dContactApprox1, i.e. friction bounded by mu times the normal
// force, when mu > 0; frictionless when mu = 0), no bounce, no soft ERP/CFM, no auto-disable.
// Each body is a dCreateConvex hull built from the polyhedron's faces (planes n.x = d, vertices,
// CCW loops); dynamic bodies get the scene's mass and full inertia tensor with the centre of mass
// at the body origin (the polyhedron's frame), static bodies are geoms without a body.
#include "peer_pour.h"

#include <pegsim/scene/friction_rule.h>

#include <ode/ode.h>

#include <deque>
#include <string>

namespace {

struct ConvexData {  // dCreateConvex keeps pointers to these
  std::vector<dReal> planes, points;
  std::vector<unsigned int> polygons;
};

class OdeEngine {
 public:
  OdeEngine(const pegsim::Scene& scene, int iterations) : scene_(scene) {
    dInitODE2(0);
    world_ = dWorldCreate();
    space_ = dHashSpaceCreate(nullptr);
    contacts_ = dJointGroupCreate(0);
    dWorldSetGravity(world_, scene.gravity3d.x(), scene.gravity3d.y(), scene.gravity3d.z());
    if (iterations > 0) dWorldSetQuickStepNumIterations(world_, iterations);
    geoms_.assign(scene.bodies3d.size(), nullptr);
    bodies_.assign(scene.bodies3d.size(), nullptr);
  }
  ~OdeEngine() {
    dJointGroupDestroy(contacts_);
    dSpaceDestroy(space_);
    dWorldDestroy(world_);
    dCloseODE();
  }
  OdeEngine(const OdeEngine&) = delete;
  OdeEngine& operator=(const OdeEngine&) = delete;

  void add(std::size_t i, const pegsim::Body3d& b) {
    ConvexData& c = data_.emplace_back();
    for (const pegsim::Vec3& v : b.shape.vertices) c.points.insert(c.points.end(), {v.x(), v.y(), v.z()});
    for (const pegsim::PolyhedronFace& f : b.shape.faces) {
      c.planes.insert(c.planes.end(), {f.normal.x(), f.normal.y(), f.normal.z(), f.offset});
      c.polygons.push_back(static_cast<unsigned int>(f.vertices.size()));
      for (int v : f.vertices) c.polygons.push_back(static_cast<unsigned int>(v));
    }
    dGeomID g = dCreateConvex(space_, c.planes.data(), static_cast<unsigned int>(b.shape.faces.size()),
                              c.points.data(), static_cast<unsigned int>(b.shape.vertices.size()), c.polygons.data());
    dGeomSetData(g, reinterpret_cast<void*>(i));
    geoms_[i] = g;
    const dQuaternion q = {b.orientation.w(), b.orientation.x(), b.orientation.y(), b.orientation.z()};
    if (b.is_static) {
      dGeomSetPosition(g, b.position.x(), b.position.y(), b.position.z());
      dGeomSetQuaternion(g, q);
      return;
    }
    dBodyID body = dBodyCreate(world_);
    dMass m;
    dMassSetZero(&m);
    const pegsim::Mat3& I = b.inertia;
    dMassSetParameters(&m, b.mass, 0.0, 0.0, 0.0, I(0, 0), I(1, 1), I(2, 2), I(0, 1), I(0, 2), I(1, 2));
    dBodySetMass(body, &m);
    dBodySetPosition(body, b.position.x(), b.position.y(), b.position.z());
    dBodySetQuaternion(body, q);
    dBodySetLinearVel(body, b.velocity.x(), b.velocity.y(), b.velocity.z());
    dBodySetAngularVel(body, b.angular_velocity.x(), b.angular_velocity.y(), b.angular_velocity.z());
    dGeomSetBody(g, body);
    bodies_[i] = body;
  }

  void step(double h) {
    dSpaceCollide(space_, this, &OdeEngine::near_callback);
    dWorldQuickStep(world_, h);
    dJointGroupEmpty(contacts_);
  }

  void pose(std::size_t i, pegsim::Vec3& position, Eigen::Quaterniond& orientation) const {
    const dReal* p = dBodyGetPosition(bodies_[i]);
    const dReal* q = dBodyGetQuaternion(bodies_[i]);
    position = pegsim::Vec3(p[0], p[1], p[2]);
    orientation = Eigen::Quaterniond(q[0], q[1], q[2], q[3]);
  }

  nlohmann::json settings() const {
    return {{"version", "ode 0.16 (Debian libode-dev), dDOUBLE"},
            {"stepper", "dWorldQuickStep"},
            {"iterations", dWorldGetQuickStepNumIterations(world_)},
            {"erp", dWorldGetERP(world_)},
            {"cfm", dWorldGetCFM(world_)},
            {"space", "dHashSpace"},
            {"max_contacts_per_pair", kMaxContacts},
            {"contact_mode", "mu only (dContactApprox1 when mu > 0), no bounce, no soft ERP/CFM"},
            {"shape", "dCreateConvex from the polyhedron's faces"}};
  }

 private:
  static constexpr int kMaxContacts = 16;

  static void near_callback(void* data, dGeomID o1, dGeomID o2) {
    auto* self = static_cast<OdeEngine*>(data);
    dBodyID b1 = dGeomGetBody(o1), b2 = dGeomGetBody(o2);
    if (!b1 && !b2) return;  // static against static
    dContact contact[kMaxContacts];
    const int count = dCollide(o1, o2, kMaxContacts, &contact[0].geom, sizeof(dContact));
    if (count <= 0) return;
    const auto i1 = reinterpret_cast<std::size_t>(dGeomGetData(o1));
    const auto i2 = reinterpret_cast<std::size_t>(dGeomGetData(o2));
    const pegsim::Body3d& a = self->scene_.bodies3d[i1];
    const pegsim::Body3d& b = self->scene_.bodies3d[i2];
    const double mu = pegsim::combine_friction_coefficients(self->scene_.friction_rule, a.friction, b.friction,
                                                            a.name, b.name);
    for (int k = 0; k < count; ++k) {
      dContact& c = contact[k];
      c.surface = dSurfaceParameters{};
      c.surface.mode = mu > 0.0 ? dContactApprox1 : 0;
      c.surface.mu = mu;
      dJointID joint = dJointCreateContact(self->world_, self->contacts_, &c);
      dJointAttach(joint, b1, b2);
    }
  }

  const pegsim::Scene& scene_;
  dWorldID world_;
  dSpaceID space_;
  dJointGroupID contacts_;
  std::deque<ConvexData> data_;
  std::vector<dGeomID> geoms_;
  std::vector<dBodyID> bodies_;
};

}  // namespace

int main(int argc, char** argv) {
  const peers::PeerArgs args = peers::parse_args(argc, argv, " [--iterations N (quickstep; default ODE's 20)]");
  int iterations = 0;
  for (std::size_t k = 0; k + 1 < args.extra.size(); k += 2) {
    if (args.extra[k] == "--iterations") iterations = std::stoi(args.extra[k + 1]);
    else {
      std::fprintf(stderr, "%s: unknown option %s\n", argv[0], args.extra[k].c_str());
      return 2;
    }
  }
  pegsim::Scene scene = peers::load_3d_scene(argv[0], args.scene_path);
  OdeEngine engine(scene, iterations);
  return peers::run_peer_pour("ode", scene, args, engine);
}
