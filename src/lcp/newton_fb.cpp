// Semismooth Newton on the Fischer–Burmeister reformulation (PATH-like; the FB idea as used for
// contact in contact-ncp-fixpoint-excerpt.md sec. 2.1, eq. (5)).
//
//   phi(a, b) = sqrt(a^2 + b^2) - a - b = 0   <=>   a >= 0, b >= 0, a b = 0.
//   LCP:   Phi(z) = [phi(z_i, w_i)],  w = M z + q.
//   MLCP:  Phi(u, z) = [A u + C z + a ; phi(z_i, w_i)],  w = D u + B z + b  (equality rows plain).
//
// Choices, all deterministic:
// - Generalised Jacobian: row i of the FB block is  da_i e_i^T + db_i grad(w_i)^T  with
//   (da, db) = (a, b)/r - 1, r = |(a, b)|. At the kink (a, b) = (0, 0) we use the direction trick
//   of De Luca–Facchinei–Kanzow (1996): y = indicator of the kink set beta, g_i = grad(w_i)^T y,
//   (da, db) = (1, g_i)/|(1, g_i)| - 1, an element of the B-subdifferential.
// - Ruiz equilibration of [A C; D B] (rows and columns): complementarity is invariant under
//   positive scaling of z_i and w_i, and badly scaled data (entries over 12 decades) otherwise
//   lets a few rows dominate the merit. Residuals are always measured on the original data.
// - Merit Psi = 0.5 |Phi|^2 with Armijo backtracking (sigma = 1e-4, halving).
// - Direction: Newton (partial-pivot LU) when the Jacobian is well conditioned; otherwise, or when
//   the Newton step is not a sufficient descent direction (grad.d <= -rho |d|^2.1, DLFK's test),
//   the Levenberg–Marquardt step (J^T J + mu I) d = -J^T Phi with mu ~ |Phi|; if that fails too,
//   the steepest-descent step -J^T Phi. Zero columns of M (Egan's dummy p) make J singular only
//   where the column's variable is free to move, which LM handles.
// - Termination: the natural residual of verify.h <= tolerance / 10 (one more quadratic step is
//   cheap and keeps the independent check comfortably satisfied).
// - Active-set polish at the end of every start: with B = {i : z_i > w_i}, solve the square
//   system (free rows, w_B = 0) for (u, z_B), z_rest = 0; kept only if its residual is smaller.
// - Stagnation (Psi fell < 10% over 8 iterations) or a failed line search switches the start to
//   proximal point (Rockafellar): Newton on x -> Phi(F(x) + eps (x - x_k)), re-centred at each
//   answer, eps 0.1 -> 1e-8. For monotone (PSD) data every subproblem is strongly monotone, so
//   its Jacobian is regular even where the original one is singular (degenerate contact).
// - Restarts from z = 0, z = max(0, -b), the projected unconstrained solution, and a fixed
//   perturbation of max(0, -b); u starts at the least-squares fit of the free rows. Each start
//   has its own iteration budget (default 100, or options.max_iterations).
// - Newton cannot prove infeasibility: failures are IterationLimit (cap reached) or
//   NumericalBreakdown (every start stalled at a non-zero stationary point of the merit).
#include "newton_fb.h"

#include <pegsim/lcp/verify.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <sstream>
#include <vector>

namespace pegsim {
namespace {

constexpr int kDefaultIterationsPerStart = 100;
constexpr double kArmijoSigma = 1e-4;
constexpr double kDescentRho = 1e-10;
constexpr double kDescentPower = 2.1;
constexpr double kMinStep = 1e-12;
constexpr double kMinRcond = 1e-13;
constexpr double kProximalStart = 1e-1;    // scaled units: Ruiz makes the data O(1)
constexpr double kProximalShrink = 0.3;
constexpr double kProximalMin = 1e-8;
constexpr double kProximalInnerTol = 1e-3;  // subproblem |Phi|_inf, relative to eps
constexpr int kProximalInnerCap = 30;
constexpr int kStagnationWindow = 8;

// phi(a, b) without cancellation: for a + b > 0 use sqrt(a^2+b^2) - (a+b) = -2ab / (sqrt(.) + a + b).
double fischer_burmeister(double a, double b) {
  const double r = std::hypot(a, b);
  const double s = a + b;
  return s > 0.0 ? -2.0 * a * b / (r + s) : r - s;
}

bool all_finite(const Vec& v) { return v.allFinite(); }

// Ruiz equilibration: positive row and column scalings r, c with every non-zero row and column
// of diag(r) K diag(c) of max-norm ~1. Complementarity is invariant under positive scaling of
// z_i and w_i, so Newton runs on the scaled system; zero rows/columns keep scale 1.
void equilibrate(const Mat& K, Vec& r, Vec& c) {
  const Eigen::Index N = K.rows();
  r = Vec::Ones(N);
  c = Vec::Ones(N);
  for (int sweep = 0; sweep < 10; ++sweep) {
    const Mat S = r.asDiagonal() * K * c.asDiagonal();
    bool balanced = true;
    for (Eigen::Index i = 0; i < N; ++i) {
      const double row = S.row(i).cwiseAbs().maxCoeff(), col = S.col(i).cwiseAbs().maxCoeff();
      if (row > 0.0) r(i) /= std::sqrt(row);
      if (col > 0.0) c(i) /= std::sqrt(col);
      if ((row > 0.0 && std::abs(row - 1.0) > 0.1) || (col > 0.0 && std::abs(col - 1.0) > 0.1))
        balanced = false;
    }
    if (balanced) break;
  }
}

// The mixed system in one block: rows [0, n) are the free (equality) rows, rows [n, n+m) give w.
// Newton works on the equilibrated unknowns x' (x = c .* x'); residuals are always measured on
// the original data, as verify.h does.
class FbSystem {
 public:
  explicit FbSystem(const Mlcp& p)
      : n_(p.free_size()), m_(p.complementarity_size()), K_(n_ + m_, n_ + m_), k_(n_ + m_) {
    K_ << p.A, p.C, p.D, p.B;
    k_ << p.a, p.b;
    equilibrate(K_, r_, c_);
    Ks_ = r_.asDiagonal() * K_ * c_.asDiagonal();
    ks_ = r_.cwiseProduct(k_);
    eq_scale_ = std::max(1.0, n_ > 0 ? p.a.lpNorm<Eigen::Infinity>() : 0.0);
    cp_scale_ = std::max(1.0, m_ > 0 ? p.b.lpNorm<Eigen::Infinity>() : 0.0);
  }

  int free_size() const { return n_; }
  int comp_size() const { return m_; }
  int size() const { return n_ + m_; }
  const Mat& scaled_K() const { return Ks_; }
  const Vec& scaled_k() const { return ks_; }
  Vec to_original(const Vec& xs) const { return c_.cwiseProduct(xs); }
  Vec to_scaled(const Vec& x) const { return x.cwiseQuotient(c_); }

  // Proximal-point regularisation x -> x + eps (x - center) of the scaled map (0 switches it off).
  void set_proximal(double eps, const Vec& center) {
    eps_ = eps;
    center_ = center;
  }

  // y' = K' x' + k' (+ proximal term): scaled equality residual in rows [0, n), scaled w after.
  Vec affine(const Vec& xs) const {
    Vec y = Ks_ * xs + ks_;
    if (eps_ > 0.0) y += eps_ * (xs - center_);
    return y;
  }

  Vec phi(const Vec& xs, const Vec& ys) const {
    Vec f(size());
    for (int i = 0; i < n_; ++i) f(i) = ys(i);
    for (int i = n_; i < size(); ++i) f(i) = fischer_burmeister(xs(i), ys(i));
    return f;
  }

  // The residual of verify.h on the original data: max(max|min(z, w)| / s_b, |Au+Cz+a|_inf / s_a).
  double natural_residual(const Vec& xs) const {
    const Vec x = to_original(xs);
    const Vec y = K_ * x + k_;
    if (!all_finite(x) || !all_finite(y)) return std::numeric_limits<double>::infinity();
    double eq = 0.0, cp = 0.0;
    for (int i = 0; i < n_; ++i) eq = std::max(eq, std::abs(y(i)));
    for (int i = n_; i < size(); ++i) cp = std::max(cp, std::abs(std::min(x(i), y(i))));
    return std::max(eq / eq_scale_, cp / cp_scale_);
  }

  // An element of the generalised Jacobian of phi at x' (see the file comment for the kink).
  Mat jacobian(const Vec& xs, const Vec& ys) const {
    Mat J(size(), size());
    J.topRows(n_) = Ks_.topRows(n_);
    for (int i = 0; i < n_; ++i) J(i, i) += eps_;
    const double kink = 1e-14 * std::max(1.0, ks_.lpNorm<Eigen::Infinity>());
    Vec kink_set = Vec::Zero(size());
    for (int i = n_; i < size(); ++i)
      if (std::hypot(xs(i), ys(i)) <= kink) kink_set(i) = 1.0;
    const Vec g = kink_set.any() ? Vec(Ks_ * kink_set + eps_ * kink_set) : Vec::Zero(size());
    for (int i = n_; i < size(); ++i) {
      double da, db;
      if (kink_set(i) > 0.0) {
        const double r = std::hypot(1.0, g(i));
        da = 1.0 / r - 1.0;
        db = g(i) / r - 1.0;
      } else {
        const double r = std::hypot(xs(i), ys(i));
        da = xs(i) / r - 1.0;
        db = ys(i) / r - 1.0;
      }
      J.row(i) = db * Ks_.row(i);
      J(i, i) += da + db * eps_;
    }
    return J;
  }

 private:
  int n_, m_;
  Mat K_, Ks_;
  Vec k_, ks_, r_, c_;
  double eq_scale_ = 1.0, cp_scale_ = 1.0;
  double eps_ = 0.0;
  Vec center_;
};

struct Point {
  Vec x, y;
  double residual = std::numeric_limits<double>::infinity();
};

// x is in scaled unknowns.
Point evaluate(const FbSystem& sys, Vec x) {
  Point p;
  p.y = sys.affine(x);
  p.residual = sys.natural_residual(x);
  p.x = std::move(x);
  return p;
}

// Converged: the original problem is solved. SubproblemSolved: |Phi| of the (regularised) system
// is below the inner tolerance but the original residual is not (proximal stage only).
// Stagnated: the merit fell by less than 10% over kStagnationWindow iterations.
enum class StartEnd { Converged, SubproblemSolved, IterationCap, Stagnated, Stalled, NonFinite };

struct StartResult {
  Point best;  // smallest residual on the original problem
  Vec last;    // the final iterate (the next proximal centre)
  int iterations = 0;
  StartEnd end = StartEnd::IterationCap;
};

// Levenberg–Marquardt step: (J^T J + mu I) d = -J^T Phi, mu ~ |Phi| (Fan–Yuan), relative to J.
Vec levenberg_marquardt_step(const Mat& J, const Vec& f, const Vec& grad) {
  Mat normal = J.transpose() * J;
  const double diag_max = std::max(1.0, normal.diagonal().maxCoeff());
  const double mu = diag_max * std::max(1e-12, std::min(1.0, f.norm()) * 1e-3);
  normal.diagonal().array() += mu;
  return normal.ldlt().solve(-grad);
}

bool sufficient_descent(const Vec& d, const Vec& grad) {
  if (!all_finite(d)) return false;
  const double dn = d.norm();
  if (dn == 0.0) return false;
  return grad.dot(d) <= -kDescentRho * std::pow(dn, kDescentPower);
}

// Armijo backtracking on Psi = 0.5 |Phi|^2. Returns the accepted step length, or 0 on failure.
double armijo(const FbSystem& sys, const Vec& x, double psi, const Vec& d, double slope, Vec& x_new) {
  for (double t = 1.0; t >= kMinStep; t *= 0.5) {
    x_new = x + t * d;
    const Vec y = sys.affine(x_new);
    const Vec f = sys.phi(x_new, y);
    if (!all_finite(f)) continue;
    if (0.5 * f.squaredNorm() <= psi + kArmijoSigma * t * slope) return t;
  }
  return 0.0;
}

StartResult run_from(const FbSystem& sys, Vec x, int cap, double target, double inner_tol) {
  StartResult out;
  out.best = evaluate(sys, x);
  const auto finish = [&](StartEnd end) {
    out.end = end;
    out.last = std::move(x);
    return out;
  };
  std::vector<double> psi_history;
  for (int it = 0; it < cap; ++it) {
    const Vec y = sys.affine(x);
    const Vec f = sys.phi(x, y);
    const double r = sys.natural_residual(x);
    if (r < out.best.residual) out.best = Point{x, y, r};
    if (r <= target) return finish(StartEnd::Converged);
    if (!all_finite(f)) return finish(StartEnd::NonFinite);
    if (f.lpNorm<Eigen::Infinity>() <= inner_tol) return finish(StartEnd::SubproblemSolved);
    const Mat J = sys.jacobian(x, y);
    const Vec grad = J.transpose() * f;
    const double psi = 0.5 * f.squaredNorm();
    psi_history.push_back(psi);
    if (it >= kStagnationWindow && psi > 0.9 * psi_history[it - kStagnationWindow])
      return finish(StartEnd::Stagnated);

    // Newton, then Levenberg–Marquardt, then steepest descent: the first direction that passes
    // the descent test and the Armijo search gives the step (LM only computed when needed).
    Vec x_new;
    const auto try_step = [&](const Vec& d, bool require_descent) {
      if (!all_finite(d) || d.squaredNorm() == 0.0) return false;
      if (require_descent && !sufficient_descent(d, grad)) return false;
      return armijo(sys, x, psi, d, grad.dot(d), x_new) > 0.0;
    };
    bool moved = false;
    Eigen::PartialPivLU<Mat> lu(J);
    if (lu.rcond() > kMinRcond) moved = try_step(lu.solve(-f), true);
    if (!moved) moved = try_step(levenberg_marquardt_step(J, f, grad), true);
    if (!moved) moved = try_step(-grad, false);
    ++out.iterations;
    if (!moved) return finish(StartEnd::Stalled);
    x = std::move(x_new);
  }
  const Point last = evaluate(sys, x);
  if (last.residual < out.best.residual) out.best = last;
  return finish(out.best.residual <= target ? StartEnd::Converged : StartEnd::IterationCap);
}

// Proximal point (Rockafellar): solve the regularised problems x -> F(x) + eps (x - x_k) by
// Newton, re-centring at each answer, eps shrinking. Each subproblem of a monotone (PSD) problem
// is strongly monotone, so Newton is well posed there even where the original Jacobian is
// singular (degenerate contact LCPs, flat valleys of the merit). Stops within `budget` iterations.
StartResult proximal_point(FbSystem sys, const Vec& x0, int budget, double target) {
  StartResult out;
  out.best = evaluate(sys, x0);
  Vec center = x0;
  double eps = kProximalStart;
  while (out.iterations < budget) {
    sys.set_proximal(eps, center);
    StartResult inner = run_from(sys, center, std::min(kProximalInnerCap, budget - out.iterations),
                                 target, kProximalInnerTol * eps);
    out.iterations += std::max(1, inner.iterations);
    if (inner.best.residual < out.best.residual) out.best = inner.best;
    if (out.best.residual <= target || inner.end == StartEnd::NonFinite) break;
    center = std::move(inner.last);
    eps = std::max(kProximalMin, eps * kProximalShrink);
  }
  out.end = out.best.residual <= target ? StartEnd::Converged : StartEnd::IterationCap;
  return out;
}

// Active-set polish: B = {i : z_i > w_i}; solve the free rows and w_B = 0 for (u, z_B), z_rest = 0.
Point polish(const FbSystem& sys, const Point& p) {
  std::vector<int> idx;
  for (int i = 0; i < sys.free_size(); ++i) idx.push_back(i);
  for (int i = sys.free_size(); i < sys.size(); ++i)
    if (p.x(i) > p.y(i)) idx.push_back(i);
  Vec x = Vec::Zero(sys.size());
  if (!idx.empty()) {
    const Mat sub = sys.scaled_K()(idx, idx);
    const Vec rhs = -sys.scaled_k()(idx);
    const Vec sol = Eigen::FullPivLU<Mat>(sub).solve(rhs);
    if (!all_finite(sol)) return p;
    for (std::size_t j = 0; j < idx.size(); ++j) x(idx[j]) = sol(static_cast<Eigen::Index>(j));
  }
  Point q = evaluate(sys, std::move(x));
  return q.residual < p.residual ? q : p;
}

// Starting points (see the file comment), returned in scaled unknowns. u is fitted to the free
// rows in the least-squares sense.
std::vector<Vec> starting_points(const FbSystem& sys, const Mlcp& p) {
  const int n = sys.free_size(), m = sys.comp_size();
  const Vec z_shift = (-p.b).cwiseMax(0.0);
  const double scale = std::max(1.0, m > 0 ? p.b.lpNorm<Eigen::Infinity>() : 0.0);
  Vec z_perturbed = z_shift;
  for (int i = 0; i < m; ++i) z_perturbed(i) += 0.1 * scale * (1.0 + (7 * i) % 5) / 5.0;

  // Projected unconstrained solution of K x = -k (least squares on the scaled system).
  Vec x_free = Eigen::CompleteOrthogonalDecomposition<Mat>(sys.scaled_K()).solve(-sys.scaled_k());
  if (!all_finite(x_free)) x_free = Vec::Zero(sys.size());
  const Vec z_unconstrained = sys.to_original(x_free).tail(m).cwiseMax(0.0);

  std::vector<Vec> zs = {Vec::Zero(m), z_shift, z_unconstrained, z_perturbed};
  std::vector<Vec> starts;
  Eigen::CompleteOrthogonalDecomposition<Mat> free_fit;
  if (n > 0) free_fit.compute(p.A);
  for (const Vec& z : zs) {
    Vec x(n + m);
    if (n > 0) {
      Vec u = free_fit.solve(-(p.C * z + p.a));
      if (!all_finite(u)) u = Vec::Zero(n);
      x << u, z;
    } else {
      x = z;
    }
    starts.push_back(sys.to_scaled(x));
  }
  return starts;
}

}  // namespace

namespace detail {

NewtonFbOutcome newton_fb_mixed(const Mlcp& mlcp, const SolveOptions& options) {
  const FbSystem sys(mlcp);
  const int n = sys.free_size(), m = sys.comp_size();
  const int cap = options.max_iterations > 0 ? options.max_iterations : kDefaultIterationsPerStart;
  const double target = 0.1 * options.tolerance;

  NewtonFbOutcome out;
  Point best;
  int stalled = 0, starts_run = 0;
  for (const Vec& start : starting_points(sys, mlcp)) {
    // Plain Newton first; when it stagnates or stalls, proximal point for the rest of the budget.
    StartResult run = run_from(sys, start, cap, target, 0.0);
    ++starts_run;
    if (run.end == StartEnd::Stagnated || run.end == StartEnd::Stalled) {
      StartResult prox = proximal_point(sys, run.best.x, cap - run.iterations, target);
      run.iterations += prox.iterations;
      if (prox.best.residual < run.best.residual) {
        run.best = prox.best;
        run.end = prox.end;
      } else if (run.end == StartEnd::Stagnated) {
        run.end = StartEnd::IterationCap;
      }  // else: Stalled, and the proximal stage could not move away either
    }
    out.iterations += run.iterations;
    const Point polished = polish(sys, run.best);
    if (polished.residual < best.residual) best = polished;
    if (run.end == StartEnd::Stalled || run.end == StartEnd::NonFinite) ++stalled;
    if (best.residual <= target) break;
  }

  if (best.x.size() != n + m || !all_finite(best.x)) best = evaluate(sys, Vec::Zero(n + m));
  const Vec x = sys.to_original(best.x);
  out.u = x.head(n);
  out.z = x.tail(m);
  out.residual = best.residual;
  out.converged = best.residual <= options.tolerance;
  if (out.converged) {
    out.status = SolveStatus::Solved;
    return out;
  }
  std::ostringstream msg;
  msg << "newton-fb: no solution found from " << starts_run << " starting points (best residual "
      << best.residual << " after " << out.iterations << " iterations); ";
  if (stalled == starts_run) {
    out.status = SolveStatus::NumericalBreakdown;
    msg << "every start stalled at a stationary point of the merit function";
  } else {
    out.status = SolveStatus::IterationLimit;
    msg << "iteration cap " << cap << " per start reached";
  }
  msg << "; Newton cannot prove infeasibility";
  out.message = msg.str();
  return out;
}

}  // namespace detail

LcpResult solve_newton_fb(const Lcp& lcp, const SolveOptions& options) {
  const auto t0 = std::chrono::steady_clock::now();
  LcpResult result;
  result.solver = "newton";
  const std::string invalid = validate_lcp(lcp);
  if (!invalid.empty()) {
    result.status = SolveStatus::InvalidInput;
    result.message = invalid;
    result.z = Vec::Zero(std::max<Eigen::Index>(0, lcp.q.size()));
    // Sizes may be inconsistent: no finalize (it would recompute w on mismatched data).
    result.residual = std::numeric_limits<double>::infinity();
    return result;
  }
  const int n = lcp.size();
  if (n == 0 || (lcp.q.array() >= 0.0).all()) {
    result.z = Vec::Zero(n);  // w = q >= 0 complements z = 0
    result.status = SolveStatus::Solved;
  } else {
    Mlcp as_mixed;
    as_mixed.A.resize(0, 0);
    as_mixed.C.resize(0, n);
    as_mixed.D.resize(n, 0);
    as_mixed.B = lcp.M;
    as_mixed.a.resize(0);
    as_mixed.b = lcp.q;
    detail::NewtonFbOutcome run = detail::newton_fb_mixed(as_mixed, options);
    result.z = std::move(run.z);
    result.status = run.status;
    result.iterations = run.iterations;
    result.message = std::move(run.message);
  }
  for (int i = 0; i < n; ++i)
    if (result.z(i) > 0.0) result.basis.push_back(i);
  finalize_result(lcp, options.tolerance, result);
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return result;
}

}  // namespace pegsim
