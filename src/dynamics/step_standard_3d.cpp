// One 3D step with the standard model (step_standard_3d.h).
#include <pegsim/dynamics/step_standard_3d.h>

#include <pegsim/assembly/assembly.h>
#include <pegsim/contact/standard_3d.h>
#include <pegsim/dynamics/energy_audit.h>
#include <pegsim/dynamics/velocity_layout_3d.h>
#include <pegsim/lcp/verify.h>
#include <pegsim/proximity/proximity_3d.h>
#include <pegsim/scene/friction_rule.h>

#include <algorithm>
#include <cmath>

namespace pegsim {
namespace {

std::vector<double> contact_friction_3d(const std::vector<Body3d>& bodies, const ProximityResult3d& proximity,
                                        const std::string& rule) {
  std::vector<double> mu;
  mu.reserve(proximity.contacts.size());
  for (const Contact3d& c : proximity.contacts) {
    const Body3d& a = bodies[static_cast<std::size_t>(c.body_a)];
    const Body3d& b = bodies[static_cast<std::size_t>(c.body_b)];
    mu.push_back(combine_friction_coefficients(rule, a.friction, b.friction, a.name, b.name));
  }
  return mu;
}

double max_complementarity(const Vec& z, const Vec& w) {
  double worst = 0.0;
  for (Eigen::Index i = 0; i < z.size(); ++i) worst = std::max(worst, std::abs(std::min(z[i], w[i])));
  return worst;
}

// sum_k p_k max(0, -psi_k) / h over the normal impulses (energy_audit.h).
double stabilisation_work(const RowSystem& rows, const ProximityResult3d& proximity, const Vec& z, double h) {
  double work = 0.0;
  for (int k = 0; k < rows.size(); ++k) {
    const Variable& v = rows.variables()[static_cast<std::size_t>(k)];
    if (v.kind != VariableKind::NormalImpulse || v.contact < 0) continue;
    const Contact3d& c = proximity.contacts[static_cast<std::size_t>(v.contact)];
    work += z[k] * std::max(0.0, -(c.gap + c.gap_correction)) / h;
  }
  return work;
}

}  // namespace

Step3dRecord step_standard_3d(std::vector<Body3d>& bodies, const Step3dOptions& options) {
  const double h = options.time_step;
  Step3dRecord record;

  // 1. proximity
  ProximityOptions proximity_options;
  proximity_options.time_step = h;
  proximity_options.gravity = options.gravity.norm();
  proximity_options.base_margin = options.base_margin;
  proximity_options.safety = options.safety;
  const std::vector<char> active(bodies.size(), 1);
  record.proximity = find_proximity_3d(bodies, active, proximity_options);

  // 2. velocity layout, inverse mass, free velocities
  const std::vector<int> offsets = dof_offsets_3d(bodies);
  const InverseMass inv_mass = inverse_mass_3d(bodies, offsets);
  const Vec nu_free = free_velocities_3d(bodies, offsets, inv_mass.dofs, options.gravity, h, options.gyroscopic);

  // 3. rows
  const std::vector<double> mu = contact_friction_3d(bodies, record.proximity, options.friction_rule);
  ContactRows3dContext context;
  context.time_step = h;
  context.bodies = &bodies;
  context.dof_offset = &offsets;
  context.pair_friction = &mu;
  context.nu_free = &nu_free;
  context.cone = options.cone;
  RowSystem rows;
  emit_standard_rows_3d(record.proximity, context, rows);
  record.rows = rows.size();

  // 4-5. assembly, solve, the independent check
  Vec z = Vec::Zero(0);
  if (rows.size() > 0) {  // no contacts: nothing to solve, the bodies fly free
    const Lcp lcp = assemble_lcp(rows, inv_mass, nu_free);
    record.result = solve_lcp(lcp, options.solver, options.solve);
    z = record.result.z.size() == lcp.size() ? record.result.z : Vec::Zero(lcp.size());
    const Verification check = verify_lcp(lcp, z, options.solve.tolerance);
    record.solved = record.result.status_ok() && check.ok;
    record.residual = check.residual;
    if (check.w.size() == z.size()) record.complementarity = max_complementarity(z, check.w);
  } else {
    record.result.status = SolveStatus::Solved;
    record.solved = true;
  }
  if (!record.solved) return record;

  // 6. integrate
  const Vec nu_next = velocity_after_impulses(rows, inv_mass, nu_free, z);
  record.kinetic_free = kinetic_energy(inv_mass, nu_free);
  record.kinetic_end = kinetic_energy(inv_mass, nu_next);
  record.stabilisation = stabilisation_work(rows, record.proximity, z, h);
  integrate_3d(bodies, offsets, nu_next, h);
  return record;
}

}  // namespace pegsim
