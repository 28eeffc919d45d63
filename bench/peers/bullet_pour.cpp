// The 3D pour in Bullet (libbullet-dev 3.24, its default single-precision build, the one
// pkg-config's `bullet` and CMake's FindBullet give), measured with pegsim's exact overlap metric.
// Usage: pegsim_bullet_pour SCENE.json [--dt H] [--duration T] [--metric-every N] [--margin M]
// Settings a user would pick (bench/peers/README.md): btDiscreteDynamicsWorld with
// btDefaultCollisionConfiguration, btCollisionDispatcher, btDbvtBroadphase and the default
// btSequentialImpulseConstraintSolver (10 iterations, split impulse on, ERP 0.2), exactly one
// step of h per call (stepSimulation(h, 0)), no CCD, default sleeping, zero damping and
// restitution. Each body is a btConvexHullShape of the polyhedron's vertices with Bullet's default
// collision margin (0.04 m, unless --margin), static bodies have mass 0. Bullet takes a diagonal
// inertia: the hull is expressed in the principal axes of the scene's inertia tensor and the
// rotation to them is composed into the pose (and taken out again when the pose is read back).
// Friction: Bullet multiplies the two bodies' coefficients; each body gets sqrt(mu), so a pair gets
// the geometric mean of the scene's mu (the scene's default rule; other rules are noted on stderr).
#include "peer_pour.h"

#include <btBulletDynamicsCommon.h>

#include <memory>
#include <string>

namespace {

btVector3 bt(const pegsim::Vec3& v) { return btVector3(btScalar(v.x()), btScalar(v.y()), btScalar(v.z())); }
btQuaternion bt(const Eigen::Quaterniond& q) {
  return btQuaternion(btScalar(q.x()), btScalar(q.y()), btScalar(q.z()), btScalar(q.w()));
}

class BulletEngine {
 public:
  BulletEngine(const pegsim::Scene& scene, double margin) : margin_(margin) {
    configuration_ = std::make_unique<btDefaultCollisionConfiguration>();
    dispatcher_ = std::make_unique<btCollisionDispatcher>(configuration_.get());
    broadphase_ = std::make_unique<btDbvtBroadphase>();
    solver_ = std::make_unique<btSequentialImpulseConstraintSolver>();
    world_ = std::make_unique<btDiscreteDynamicsWorld>(dispatcher_.get(), broadphase_.get(), solver_.get(),
                                                       configuration_.get());
    world_->setGravity(bt(scene.gravity3d));
    if (scene.friction_rule != "geometric") {
      std::fprintf(stderr, "bullet_pour: friction rule %s: Bullet multiplies sqrt(mu) of the two bodies, i.e. "
                   "uses the geometric mean\n", scene.friction_rule.c_str());
    }
    const std::size_t n = scene.bodies3d.size();
    bodies_.resize(n);
    principal_.assign(n, Eigen::Quaterniond::Identity());
  }
  ~BulletEngine() {
    for (auto& body : bodies_) {
      if (body) world_->removeRigidBody(body.get());
    }
  }
  BulletEngine(const BulletEngine&) = delete;
  BulletEngine& operator=(const BulletEngine&) = delete;

  void add(std::size_t i, const pegsim::Body3d& b) {
    // Principal frame: x_body = V x_principal with V a rotation; inertia = V diag(d) V^T.
    pegsim::Mat3 V = pegsim::Mat3::Identity();
    pegsim::Vec3 d = pegsim::Vec3::Zero();
    if (!b.is_static) {
      Eigen::SelfAdjointEigenSolver<pegsim::Mat3> eig(b.inertia);
      V = eig.eigenvectors();
      if (V.determinant() < 0.0) V.col(2) = -V.col(2);
      d = eig.eigenvalues();
      principal_[i] = Eigen::Quaterniond(V);
    }
    auto shape = std::make_unique<btConvexHullShape>();
    for (const pegsim::Vec3& v : b.shape.vertices) shape->addPoint(bt(V.transpose() * v), false);
    shape->recalcLocalAabb();
    if (margin_ >= 0.0) shape->setMargin(btScalar(margin_));
    margin_used_ = double(shape->getMargin());

    const double mass = b.is_static ? 0.0 : b.mass;
    btRigidBody::btRigidBodyConstructionInfo info(btScalar(mass), nullptr, shape.get(), bt(d));
    info.m_startWorldTransform = btTransform(bt(b.orientation * principal_[i]), bt(b.position));
    info.m_friction = btScalar(std::sqrt(b.friction));
    info.m_restitution = 0;
    auto body = std::make_unique<btRigidBody>(info);
    if (!b.is_static) {
      body->setLinearVelocity(bt(b.velocity));
      body->setAngularVelocity(bt(b.angular_velocity));
    }
    world_->addRigidBody(body.get());
    shapes_.push_back(std::move(shape));
    bodies_[i] = std::move(body);
  }

  void step(double h) { world_->stepSimulation(btScalar(h), 0); }

  void pose(std::size_t i, pegsim::Vec3& position, Eigen::Quaterniond& orientation) const {
    const btTransform& t = bodies_[i]->getWorldTransform();
    const btVector3& p = t.getOrigin();
    const btQuaternion q = t.getRotation();
    position = pegsim::Vec3(p.x(), p.y(), p.z());
    orientation = Eigen::Quaterniond(q.w(), q.x(), q.y(), q.z()) * principal_[i].conjugate();
  }

  nlohmann::json settings() const {
    const btContactSolverInfo& s = world_->getSolverInfo();
    return {{"version", "bullet " + std::to_string(btGetVersion()) + " (Debian libbullet-dev)"},
            {"precision", sizeof(btScalar) == 8 ? "double" : "single"},
            {"world", "btDiscreteDynamicsWorld, btDbvtBroadphase, btSequentialImpulseConstraintSolver"},
            {"step", "stepSimulation(h, 0): one step of h"},
            {"solver_iterations", s.m_numIterations},
            {"erp", s.m_erp},
            {"erp2", s.m_erp2},
            {"split_impulse", s.m_splitImpulse != 0},
            {"collision_margin", margin_used_},
            {"shape", "btConvexHullShape of the polyhedron's vertices (principal axes)"},
            {"friction", "sqrt(mu) per body; Bullet multiplies"}};
  }

 private:
  double margin_;
  double margin_used_ = 0.0;
  std::unique_ptr<btDefaultCollisionConfiguration> configuration_;
  std::unique_ptr<btCollisionDispatcher> dispatcher_;
  std::unique_ptr<btDbvtBroadphase> broadphase_;
  std::unique_ptr<btSequentialImpulseConstraintSolver> solver_;
  std::unique_ptr<btDiscreteDynamicsWorld> world_;
  std::vector<std::unique_ptr<btConvexHullShape>> shapes_;
  std::vector<std::unique_ptr<btRigidBody>> bodies_;
  std::vector<Eigen::Quaterniond> principal_;  // body frame to principal frame
};

}  // namespace

int main(int argc, char** argv) {
  const peers::PeerArgs args = peers::parse_args(argc, argv, " [--margin M (collision margin; default Bullet's 0.04)]");
  double margin = -1.0;
  for (std::size_t k = 0; k + 1 < args.extra.size(); k += 2) {
    if (args.extra[k] == "--margin") margin = std::stod(args.extra[k + 1]);
    else {
      std::fprintf(stderr, "%s: unknown option %s\n", argv[0], args.extra[k].c_str());
      return 2;
    }
  }
  pegsim::Scene scene = peers::load_3d_scene(argv[0], args.scene_path);
  BulletEngine engine(scene, margin);
  return peers::run_peer_pour("bullet", scene, args, engine);
}
