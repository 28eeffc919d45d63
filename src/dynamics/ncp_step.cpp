// The NCP stepper (ncp_step.h): semismooth Newton on the Fischer function of the true end gaps.
#include <pegsim/dynamics/ncp_step.h>

#include <pegsim/dynamics/gap_fixpoint.h>
#include <pegsim/dynamics/mechanics.h>

#include <Eigen/LU>
#include <Eigen/QR>

#include <algorithm>
#include <cmath>
#include <limits>

namespace pegsim {
namespace {

constexpr double kArmijoSigma = 1e-4;
constexpr double kMinStep = 1.0 / 1024.0;  // backtracking floor: below it the direction is no use
constexpr double kLuAccuracy = 1e-8;        // |J d + Phi| / |Phi| beyond which LU's answer is refused

// phi(a, b) = sqrt(a^2 + b^2) - a - b (eq. 5), without cancellation when a + b > 0.
double fischer(double a, double b) {
  const double r = std::hypot(a, b);
  const double s = a + b;
  return s > 0.0 ? -2.0 * a * b / (r + s) : r - s;
}

// One element of phi's generalised gradient at (a, b); at the kink (0, 0), the direction (1, 1).
void fischer_gradient(double a, double b, double& da, double& db) {
  const double r = std::hypot(a, b);
  if (r > 0.0) {
    da = a / r - 1.0;
    db = b / r - 1.0;
  } else {
    da = db = std::sqrt(0.5) - 1.0;
  }
}

// Everything the iteration needs at one z.
struct Point {
  Vec z, nu, w, q, phi;
  std::vector<double> corrections;
  double merit = 0.0;     // 1/2 |Phi|^2
  double residual = 0.0;  // max |min(z, w)| / max(1, |q|_inf)
};

class NcpProblem {
 public:
  NcpProblem(const RowSystem& rows, const Lcp& lcp, const InverseMass& inverse_mass, const Vec& nu_free,
             const std::vector<int>& gap_rows, std::vector<double> corrections, EndGapEvaluator& end, double h)
      : rows_(rows), lcp_(lcp), inverse_mass_(inverse_mass), nu_free_(nu_free), gap_rows_(gap_rows),
        corrections_(std::move(corrections)), end_(end), h_(h) {}

  // w(z) = B z + q + (c(z) - c) / h on the gap rows (ncp_step.h).
  Point evaluate(const Vec& z) const {
    Point p;
    p.z = z;
    p.nu = velocity_after_impulses(rows_, inverse_mass_, nu_free_, z);
    p.corrections = end_.corrections_at(p.nu);
    p.q = lcp_.q;
    for (std::size_t i = 0; i < gap_rows_.size(); ++i) {
      const int k = gap_rows_[i];
      if (k < 0) continue;
      const auto c = static_cast<std::size_t>(k);
      p.q[static_cast<Eigen::Index>(i)] += (p.corrections[c] - corrections_[c]) / h_;
    }
    p.w = lcp_.M * z + p.q;
    p.phi.resize(z.size());
    double worst = 0.0;
    for (Eigen::Index i = 0; i < z.size(); ++i) {
      p.phi[i] = fischer(z[i], p.w[i]);
      worst = std::max(worst, std::abs(std::min(z[i], p.w[i])));
    }
    p.merit = 0.5 * p.phi.squaredNorm();
    const double scale = std::max(1.0, p.q.size() > 0 ? p.q.lpNorm<Eigen::Infinity>() : 0.0);
    p.residual = p.phi.allFinite() ? worst / scale : std::numeric_limits<double>::infinity();
    return p;
  }

  // The Newton direction: (diag(da) + diag(db) B) d = -Phi, B standing in for dw/dz.
  bool direction(const Point& p, Vec& d) const {
    const Eigen::Index n = p.z.size();
    Vec da(n), db(n);
    for (Eigen::Index i = 0; i < n; ++i) fischer_gradient(p.z[i], p.w[i], da[i], db[i]);
    Mat jacobian = db.asDiagonal() * lcp_.M;
    jacobian.diagonal() += da;
    d = Eigen::PartialPivLU<Mat>(jacobian).solve(-p.phi);
    if (d.allFinite() && (jacobian * d + p.phi).norm() <= kLuAccuracy * std::max(1.0, p.phi.norm())) return true;
    d = Eigen::CompleteOrthogonalDecomposition<Mat>(jacobian).solve(-p.phi);  // singular: least squares
    return d.allFinite();
  }

 private:
  const RowSystem& rows_;
  const Lcp& lcp_;
  const InverseMass& inverse_mass_;
  const Vec& nu_free_;
  const std::vector<int>& gap_rows_;
  const std::vector<double> corrections_;  // those the LCP was assembled with
  EndGapEvaluator& end_;
  double h_;
};

NcpStepResult finish(const Point& p, NcpOutcome outcome, int iterations, std::string message) {
  NcpStepResult result;
  result.outcome = outcome;
  result.iterations = iterations;
  result.residual = p.residual;
  result.z = p.z;
  result.nu = p.nu;
  result.corrections = p.corrections;
  result.message = std::move(message);
  return result;
}

}  // namespace

const char* to_string(NcpOutcome outcome) {
  switch (outcome) {
    case NcpOutcome::Converged: return "converged";
    case NcpOutcome::Unsupported: return "unsupported";
    case NcpOutcome::Failed: return "failed";
  }
  return "unknown";
}

std::vector<int> ncp_gap_rows(const RowSystem& rows) {
  std::vector<int> gap_rows(static_cast<std::size_t>(rows.size()), -1);
  for (int i = 0; i < rows.size(); ++i) {
    const Variable& v = rows.variables()[static_cast<std::size_t>(i)];
    const bool plain_gap = v.kind == VariableKind::NormalImpulse && v.contact >= 0 &&
                           rows.rows()[static_cast<std::size_t>(i)].variables.empty();
    if (plain_gap) gap_rows[static_cast<std::size_t>(i)] = v.contact;
    else if (v.kind != VariableKind::FrictionImpulse && v.kind != VariableKind::SlipRate) return {};
  }
  return gap_rows;
}

EndGapEvaluator::EndGapEvaluator(const Scene& start, const std::vector<int>& offsets, const ProximityResult& proximity,
                                 const ModelContext& context)
    : start_(start), offsets_(offsets), context_(context), proximity_(proximity) {
  end_.dimension = start.dimension;  // the bodies only, copied once (shapes included)
  end_.bodies = start.bodies;
  end_.bodies3d = start.bodies3d;
}

const std::vector<double>& EndGapEvaluator::corrections_at(const Vec& nu) {
  for (std::size_t i = 0; i < end_.bodies.size(); ++i) {
    const Body& from = start_.bodies[i];
    Body& b = end_.bodies[i];
    b.position = from.position, b.angle = from.angle, b.velocity = from.velocity, b.angular_velocity = from.angular_velocity;
  }
  for (std::size_t i = 0; i < end_.bodies3d.size(); ++i) {
    const Body3d& from = start_.bodies3d[i];
    Body3d& b = end_.bodies3d[i];
    b.position = from.position, b.orientation = from.orientation;
    b.velocity = from.velocity, b.angular_velocity = from.angular_velocity;
  }
  integrate_positions(end_, offsets_, nu, context_.time_step);  // sigma (eq. 2 into eq. 1)
  update_gap_corrections(proximity_, end_, context_, nu);
  corrections_ = gap_corrections(proximity_);
  return corrections_;
}

NcpStepResult solve_ncp_step(const RowSystem& rows, const Lcp& lcp, const InverseMass& inverse_mass, const Vec& nu_free,
                             const Scene& start, const std::vector<int>& offsets, const ProximityResult& proximity,
                             const ModelContext& context, const Vec& z0, const NcpStepOptions& options) {
  NcpStepResult unsupported;
  unsupported.outcome = NcpOutcome::Unsupported;
  const std::vector<int> gap_rows = ncp_gap_rows(rows);
  std::vector<double> corrections = gap_corrections(proximity);
  const bool indices_ok = std::all_of(gap_rows.begin(), gap_rows.end(),
                                      [&](int k) { return k < static_cast<int>(corrections.size()); });
  if (gap_rows.empty() || !indices_ok || lcp.size() != rows.size() || z0.size() != lcp.size()) {
    unsupported.message = "the rows are not plain Stewart–Trinkle rows (gap, friction, slip)";
    return unsupported;
  }
  EndGapEvaluator end(start, offsets, proximity, context);
  const NcpProblem problem(rows, lcp, inverse_mass, nu_free, gap_rows, std::move(corrections), end, context.time_step);
  Point p = problem.evaluate(z0);
  for (int iteration = 0;; ++iteration) {
    if (p.residual <= options.tolerance) return finish(p, NcpOutcome::Converged, iteration, "");
    if (iteration >= options.max_iterations) return finish(p, NcpOutcome::Failed, iteration, "iteration limit");
    Vec d;
    if (!problem.direction(p, d)) return finish(p, NcpOutcome::Failed, iteration, "singular Newton system");
    // Armijo on 1/2 |Phi|^2 along the Newton direction (grad . d = -|Phi|^2 for the exact Jacobian)
    bool accepted = false;
    for (double t = 1.0; t >= kMinStep && !accepted; t *= 0.5) {
      Point trial = problem.evaluate(p.z + t * d);
      if (trial.merit <= (1.0 - 2.0 * kArmijoSigma * t) * p.merit) {
        p = std::move(trial);
        accepted = true;
      }
    }
    if (!accepted) return finish(p, NcpOutcome::Failed, iteration + 1, "line search failed");
  }
}

}  // namespace pegsim
