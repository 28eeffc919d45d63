// A downstream program that uses pegsim through find_package(pegsim CONFIG).
#include <pegsim/lcp/solver.h>

#include <iostream>

int main() {
  pegsim::Lcp lcp;
  lcp.M = Eigen::MatrixXd::Identity(2, 2);
  lcp.q = Eigen::VectorXd::Constant(2, -1.0);
  const pegsim::LcpResult r = pegsim::solve_lcp(lcp, pegsim::SolverKind::Auto);
  std::cout << pegsim::to_string(r.status) << " " << r.z.transpose() << "\n";
  return r.status == pegsim::SolveStatus::Solved && std::abs(r.z[0] - 1.0) < 1e-12 ? 0 : 1;
}
