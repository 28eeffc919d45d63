// The independent check (verify.h): every solver's answer passes through here before anyone
// believes it. Nothing in this file knows how the answer was produced.
#include <pegsim/lcp/verify.h>

#include <cmath>
#include <limits>
#include <sstream>
#include <string>

namespace pegsim {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

bool all_finite(const Vec& v) { return v.size() == 0 || v.allFinite(); }

// max(1, ||v||_inf): relative tolerance for large data, absolute for small (verify.h).
double residual_scale(const Vec& v) {
  return v.size() == 0 ? 1.0 : std::max(1.0, v.cwiseAbs().maxCoeff());
}

// max_i |min(z_i, w_i)| / scale, or +inf when anything is not finite.
double complementarity_residual(const Vec& z, const Vec& w, double scale) {
  if (!all_finite(z) || !all_finite(w) || !std::isfinite(scale)) return kInf;
  double worst = 0.0;
  for (Eigen::Index i = 0; i < z.size(); ++i) worst = std::max(worst, std::abs(std::min(z[i], w[i])));
  return worst / scale;
}

// The first non-finite entry of a matrix, named for an error message ("" when all finite).
std::string first_non_finite(const Mat& m, const char* name) {
  // The common case first: a NaN or an infinity makes the sum non-finite (one vectorised add per
  // entry, ~10x cheaper than allFinite's compare; solvers validate at every layer). A finite sum
  // proves it; a sum that overflowed falls through to the exact test.
  if (std::isfinite(m.sum()) || m.allFinite()) return {};  // the loop only names the entry
  for (Eigen::Index j = 0; j < m.cols(); ++j)
    for (Eigen::Index i = 0; i < m.rows(); ++i)
      if (!std::isfinite(m(i, j))) {
        std::ostringstream out;
        out << name << "(" << i << "," << j << ") is not finite (" << m(i, j) << ")";
        return out.str();
      }
  return {};
}

std::string first_non_finite(const Vec& v, const char* name) {
  for (Eigen::Index i = 0; i < v.size(); ++i)
    if (!std::isfinite(v[i])) {
      std::ostringstream out;
      out << name << "(" << i << ") is not finite (" << v[i] << ")";
      return out.str();
    }
  return {};
}

std::string shape_mismatch(const Mat& m, const char* name, Eigen::Index rows, Eigen::Index cols,
                           const char* why) {
  if (m.rows() == rows && m.cols() == cols) return {};
  std::ostringstream out;
  out << name << " is " << m.rows() << "x" << m.cols() << ", expected " << rows << "x" << cols << " ("
      << why << ")";
  return out.str();
}

}  // namespace

Verification verify_lcp(const Lcp& lcp, const Vec& z, double tolerance) {
  Verification v;
  const Eigen::Index n = lcp.q.size();
  if (lcp.M.rows() != n || lcp.M.cols() != n || z.size() != n) {
    v.residual = kInf;
    return v;
  }
  if (n == 0) {
    v.ok = true;
    v.w = Vec(0);
    return v;
  }
  v.w.noalias() = lcp.M * z;
  v.w += lcp.q;
  v.residual = complementarity_residual(z, v.w, residual_scale(lcp.q));
  v.ok = std::isfinite(v.residual) && v.residual <= tolerance;
  return v;
}

Verification verify_mlcp(const Mlcp& mlcp, const Vec& u, const Vec& z, double tolerance) {
  Verification v;
  const Eigen::Index n = mlcp.a.size();
  const Eigen::Index m = mlcp.b.size();
  const bool shapes_ok = mlcp.A.rows() == n && mlcp.A.cols() == n && mlcp.C.rows() == n &&
                         mlcp.C.cols() == m && mlcp.D.rows() == m && mlcp.D.cols() == n &&
                         mlcp.B.rows() == m && mlcp.B.cols() == m;
  if (!shapes_ok) {
    v.residual = kInf;
    return v;
  }
  if (u.size() != n || z.size() != m) {
    v.residual = kInf;
    return v;
  }
  v.w = mlcp.b;
  if (m > 0) {
    if (n > 0) v.w.noalias() += mlcp.D * u;
    v.w.noalias() += mlcp.B * z;
  }
  const double comp = complementarity_residual(z, v.w, residual_scale(mlcp.b));
  double equality = 0.0;
  if (n > 0) {
    Vec r = mlcp.a;
    r.noalias() += mlcp.A * u;
    if (m > 0) r.noalias() += mlcp.C * z;
    equality = all_finite(r) && all_finite(u) ? r.cwiseAbs().maxCoeff() / residual_scale(mlcp.a) : kInf;
  }
  v.residual = std::max(comp, equality);
  v.ok = std::isfinite(v.residual) && v.residual <= tolerance;
  return v;
}

std::string validate_lcp(const Lcp& lcp) {
  const Eigen::Index n = lcp.q.size();
  if (auto e = shape_mismatch(lcp.M, "M", n, n, "q has that many entries"); !e.empty()) return e;
  if (auto e = first_non_finite(lcp.M, "M"); !e.empty()) return e;
  if (auto e = first_non_finite(lcp.q, "q"); !e.empty()) return e;
  return {};
}

std::string validate_mlcp(const Mlcp& mlcp) {
  const Eigen::Index n = mlcp.a.size();
  const Eigen::Index m = mlcp.b.size();
  const char* why_n = "a has that many entries";
  if (auto e = shape_mismatch(mlcp.A, "A", n, n, why_n); !e.empty()) return e;
  if (auto e = shape_mismatch(mlcp.C, "C", n, m, "rows: size of a, columns: size of b"); !e.empty()) return e;
  if (auto e = shape_mismatch(mlcp.D, "D", m, n, "rows: size of b, columns: size of a"); !e.empty()) return e;
  if (auto e = shape_mismatch(mlcp.B, "B", m, m, "b has that many entries"); !e.empty()) return e;
  for (const auto& [mat, name] : {std::pair{&mlcp.A, "A"}, {&mlcp.C, "C"}, {&mlcp.D, "D"}, {&mlcp.B, "B"}})
    if (auto e = first_non_finite(*mat, name); !e.empty()) return e;
  if (auto e = first_non_finite(mlcp.a, "a"); !e.empty()) return e;
  if (auto e = first_non_finite(mlcp.b, "b"); !e.empty()) return e;
  return {};
}

void finalize_result(const Lcp& lcp, double tolerance, LcpResult& result) {
  finalize_result_with(lcp.q.size(), tolerance, result, [&](const Vec& z) { return verify_lcp(lcp, z, tolerance); });
}

void finalize_result_with(Eigen::Index n, double tolerance, LcpResult& result,
                          const std::function<Verification(const Vec&)>& verify) {
  std::string note;
  if (result.z.size() != n || !all_finite(result.z)) {
    note = result.z.size() != n ? "solver returned z of the wrong size; zero-filled"
                                : "solver produced a non-finite z; zero-filled";
    result.z = Vec::Zero(n);
  }
  const Verification check = verify(result.z);
  result.w = check.w.size() == n ? check.w : Vec::Zero(n);
  if (!all_finite(result.w)) {  // non-finite data (InvalidInput): keep NaN out of the result
    result.w = Vec::Zero(n);
    note += std::string(note.empty() ? "" : "; ") + "w = M z + q is not finite; zero-filled";
  }
  result.residual = check.residual;
  if (result.status == SolveStatus::Solved && (!check.ok || !note.empty())) {
    std::ostringstream out;
    out << "independent check failed: residual " << check.residual << " > tolerance " << tolerance;
    if (!note.empty()) out << " (" << note << ")";
    result.status = SolveStatus::NumericalBreakdown;
    result.message = result.message.empty() ? out.str() : result.message + "; " + out.str();
  } else if (!note.empty()) {
    result.message = result.message.empty() ? note : result.message + "; " + note;
  }
}

}  // namespace pegsim
