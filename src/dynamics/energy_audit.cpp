// Energy audit of a step's answer (energy_audit.h).
#include <pegsim/dynamics/energy_audit.h>

#include <pegsim/geometry/overlap.h>
#include <pegsim/geometry/penetration_3d.h>

#include <Eigen/QR>

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

namespace pegsim {
namespace {

// 1/2 v^T B^+ v for one inverse-mass block B (pseudo-inverse: a frozen DOF stores no energy).
double block_energy(const Mat& block, Eigen::Ref<const Vec> v) {  // Ref: a segment is not copied
  if (block.isDiagonal()) {
    double e = 0.0;
    for (Eigen::Index i = 0; i < v.size(); ++i)
      if (block(i, i) > 0.0) e += v[i] * v[i] / block(i, i);
    return 0.5 * e;
  }
  const Mat mass = block.completeOrthogonalDecomposition().pseudoInverse();
  return 0.5 * v.dot(mass * v);
}

// sum_k p_k min(-psi_k, depth of its body pair) / h over pushing normal impulses; depths computed
// once per pair, on demand.
template <class PairDepth>
double push_out_work(const RowSystem& rows, const Vec& z, const ProximityResult& proximity, double h,
                     const PairDepth& pair_depth) {
  std::map<std::pair<int, int>, double> depth;
  double work = 0.0;
  for (int j = 0; j < rows.size() && j < z.size(); ++j) {
    const Variable& v = rows.variables()[static_cast<std::size_t>(j)];
    if (v.kind != VariableKind::NormalImpulse || v.contact < 0 || !(z[j] > 0.0)) continue;
    const auto contact = static_cast<std::size_t>(v.contact);
    const double push = -proximity.psi(contact);
    if (!(push > 0.0)) continue;
    const auto [a, b] = proximity.bodies_of(contact);
    const auto pair = std::minmax(a, b);
    auto it = depth.find(pair);
    if (it == depth.end()) it = depth.emplace(pair, pair_depth(pair.first, pair.second)).first;
    work += z[j] * std::min(push, it->second) / h;
  }
  return work;
}

}  // namespace

double kinetic_energy(const InverseMass& inverse_mass, const Vec& nu) {
  double e = 0.0;
  for (std::size_t b = 0; b < inverse_mass.blocks.size(); ++b) {
    const Mat& block = inverse_mass.blocks[b];
    e += block_energy(block, nu.segment(inverse_mass.offsets[b], block.rows()));
  }
  return e;
}

EnergyAudit audit_step_energy(const RowSystem& rows, const InverseMass& inverse_mass, const Vec& nu_free,
                              const Vec& nu_end, const Vec& z, const Vec& w, const ProximityResult& proximity,
                              double h) {
  EnergyAudit audit;
  audit.kinetic_free = kinetic_energy(inverse_mass, nu_free);
  audit.kinetic_end = kinetic_energy(inverse_mass, nu_end);
  for (int j = 0; j < rows.size() && j < z.size(); ++j) {
    const Variable& v = rows.variables()[static_cast<std::size_t>(j)];
    if (v.kind != VariableKind::NormalImpulse || v.contact < 0 || !(z[j] > 0.0)) continue;
    audit.stabilisation += z[j] * std::max(0.0, -proximity.psi(static_cast<std::size_t>(v.contact))) / h;
  }
  audit.gain = audit.kinetic_end - audit.kinetic_free - audit.stabilisation;
  audit.tolerance = kEnergyRelativeTolerance * audit.kinetic_free + kEnergyAbsoluteTolerance;
  if (w.size() == z.size()) audit.tolerance += z.cwiseProduct(w).cwiseAbs().sum();
  return audit;
}

double overlap_push_out_work(const RowSystem& rows, const Vec& z, const ProximityResult& proximity,
                             const std::vector<Body>& bodies, double h) {
  return push_out_work(rows, z, proximity, h, [&](int a, int b) {
    return penetration_depth(bodies.at(static_cast<std::size_t>(a)).world_vertices(),
                             bodies.at(static_cast<std::size_t>(b)).world_vertices());
  });
}

double overlap_push_out_work(const RowSystem& rows, const Vec& z, const ProximityResult& proximity,
                             const std::vector<Body3d>& bodies, double h) {
  return push_out_work(rows, z, proximity, h, [&](int a, int b) {
    return penetration_depth_3d(bodies.at(static_cast<std::size_t>(a)).world_shape(),
                                bodies.at(static_cast<std::size_t>(b)).world_shape());
  });
}

}  // namespace pegsim
