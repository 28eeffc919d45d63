// The Stewart–Trinkle structure of a step's LCP (stewart_trinkle_structure.h).
#include <pegsim/assembly/stewart_trinkle_structure.h>

#include <Eigen/Eigenvalues>

#include <algorithm>
#include <cmath>

namespace pegsim {
namespace {

// W^{1/2} of one symmetric positive semidefinite inverse-mass block (a particle's frozen rotation
// is a 0 on the diagonal: its square root is 0 too).
Mat block_sqrt(const Mat& block) {
  Eigen::SelfAdjointEigenSolver<Mat> eig(0.5 * (block + block.transpose()));
  const Vec root = eig.eigenvalues().cwiseMax(0.0).cwiseSqrt();
  return eig.eigenvectors() * root.asDiagonal() * eig.eigenvectors().transpose();
}

}  // namespace

StewartTrinkleStructure stewart_trinkle_structure(const RowSystem& rows, const InverseMass& inverse_mass) {
  StewartTrinkleStructure out;
  const int n = rows.size();
  const std::vector<Variable>& vars = rows.variables();
  // Friction attached to each normal impulse, read from the slip rows (contact_rows.cpp, add_friction).
  std::vector<int> slip_of(static_cast<std::size_t>(n), -1);
  for (int s = 0; s < n; ++s) {
    if (vars[static_cast<std::size_t>(s)].kind != VariableKind::SlipRate) continue;
    for (const auto& [j, a] : rows.rows()[static_cast<std::size_t>(s)].variables) {
      if (a > 0.0 && vars[static_cast<std::size_t>(j)].kind == VariableKind::NormalImpulse) slip_of[static_cast<std::size_t>(j)] = s;
    }
  }
  std::vector<int> impulses;
  for (int i = 0; i < n; ++i) {
    const Variable& v = vars[static_cast<std::size_t>(i)];
    if (v.kind != VariableKind::NormalImpulse || !rows.rows()[static_cast<std::size_t>(i)].variables.empty()) continue;
    FrictionContactRows contact;
    contact.normal = i;
    contact.id = v.contact;
    impulses.push_back(i);
    if (const int s = slip_of[static_cast<std::size_t>(i)]; s >= 0) {
      for (const auto& [j, a] : rows.rows()[static_cast<std::size_t>(s)].variables) {
        if (j == i) contact.mu = a;
        else if (a < 0.0 && vars[static_cast<std::size_t>(j)].kind == VariableKind::FrictionImpulse) {
          contact.friction.push_back(j);
          impulses.push_back(j);
        }
      }
      if (!contact.friction.empty()) contact.slip = s;
    }
    out.contacts.push_back(std::move(contact));
  }
  // factor = W^{1/2} J on the impulses' columns: block by block over bodies.
  std::vector<int> block_of(static_cast<std::size_t>(inverse_mass.dofs), -1);
  for (std::size_t b = 0; b < inverse_mass.blocks.size(); ++b)
    for (Eigen::Index k = 0; k < inverse_mass.blocks[b].rows(); ++k) block_of[static_cast<std::size_t>(inverse_mass.offsets[b] + k)] = static_cast<int>(b);
  std::vector<Mat> roots;
  roots.reserve(inverse_mass.blocks.size());
  for (const Mat& block : inverse_mass.blocks) roots.push_back(block_sqrt(block));
  out.factor = Mat::Zero(inverse_mass.dofs, n);
  for (int i : impulses) {
    for (const auto& [dof, g] : vars[static_cast<std::size_t>(i)].direction) {
      const int b = block_of[static_cast<std::size_t>(dof)];
      if (b < 0) continue;
      const int offset = inverse_mass.offsets[static_cast<std::size_t>(b)];
      const Mat& root = roots[static_cast<std::size_t>(b)];
      out.factor.col(i).segment(offset, root.rows()) += root.col(dof - offset) * g;
    }
  }
  return out;
}

}  // namespace pegsim
