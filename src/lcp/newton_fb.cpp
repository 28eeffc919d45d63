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
// - Work budget (newton_fb.h, NewtonBudget): every O(N^3) factorisation is charged to one meter
//   (Newton LU 1, Levenberg–Marquardt 2 more, polish 1, unconstrained start 1 or 3). With a total
//   (Auto) the solve stops when it is spent, and also on stagnation: a start that did not improve
//   the best residual by 10% ends the restarts, a proximal continuation ends after
//   kProximalPatience subproblems without a 1% improvement. Determinism: counts, never clocks.
// - Newton cannot prove infeasibility: failures are IterationLimit (cap reached) or
//   NumericalBreakdown (every start stalled at a non-zero stationary point of the merit).
#include "newton_fb.h"

#include <pegsim/lcp/verify.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <climits>
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
constexpr int kProximalPatience = 3;        // budgeted mode: subproblems without 1% progress
constexpr double kStartProgress = 0.9;      // budgeted mode: a start must reach 0.9 x best so far
constexpr int kLuWork = 1;                  // work units (newton_fb.h)
constexpr int kLmExtraWork = 2;
constexpr int kCodWork = 3;
constexpr int kSmallDense = 64;             // full-pivot / orthogonal factorisations are cheap

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

// Every O(N^3) factorisation of one solve is charged here (units: newton_fb.h). limit 0: none.
class WorkMeter {
 public:
  explicit WorkMeter(int limit) : limit_(limit) {}
  bool can_afford(int units) const { return limit_ <= 0 || spent_ + units <= limit_; }
  bool exhausted() const { return !can_afford(1); }
  void charge(int units) { spent_ += units; }
  int spent() const { return spent_; }
  int remaining() const { return limit_ <= 0 ? INT_MAX : std::max(0, limit_ - spent_); }

 private:
  int limit_;
  int spent_ = 0;
};

// Converged: the original problem is solved. SubproblemSolved: |Phi| of the (regularised) system
// is below the inner tolerance but the original residual is not (proximal stage only).
// Stagnated: the merit fell by less than 10% over kStagnationWindow iterations.
// OutOfWork: the solve's work meter is spent.
enum class StartEnd { Converged, SubproblemSolved, IterationCap, Stagnated, Stalled, NonFinite, OutOfWork };

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

// Armijo backtracking on Psi = 0.5 |Phi|^2 (at most 41 trial points, O(N^2) each). Returns the
// accepted step length, or 0 on failure.
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

// At most `cap` iterations, each paid for on `meter` before its factorisation.
StartResult run_from(const FbSystem& sys, Vec x, int cap, double target, double inner_tol, WorkMeter& meter) {
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
    if (!meter.can_afford(kLuWork)) return finish(StartEnd::OutOfWork);
    const Mat J = sys.jacobian(x, y);
    const Vec grad = J.transpose() * f;
    const double psi = 0.5 * f.squaredNorm();
    psi_history.push_back(psi);
    if (it >= kStagnationWindow && psi > 0.9 * psi_history[it - kStagnationWindow])
      return finish(StartEnd::Stagnated);

    // Newton, then Levenberg–Marquardt, then steepest descent: the first direction that passes
    // the descent test and the Armijo search gives the step (LM only computed when needed and
    // affordable).
    Vec x_new;
    const auto try_step = [&](const Vec& d, bool require_descent) {
      if (!all_finite(d) || d.squaredNorm() == 0.0) return false;
      if (require_descent && !sufficient_descent(d, grad)) return false;
      return armijo(sys, x, psi, d, grad.dot(d), x_new) > 0.0;
    };
    bool moved = false;
    meter.charge(kLuWork);
    Eigen::PartialPivLU<Mat> lu(J);
    if (lu.rcond() > kMinRcond) moved = try_step(lu.solve(-f), true);
    if (!moved && meter.can_afford(kLmExtraWork)) {
      meter.charge(kLmExtraWork);
      moved = try_step(levenberg_marquardt_step(J, f, grad), true);
    }
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
// singular (degenerate contact LCPs, flat valleys of the merit). Stops within `budget` iterations
// (every subproblem counts at least one, even one that ends before its first iteration), when the
// meter is spent, and, with `patient` false, after kProximalPatience subproblems in a row that
// did not improve the best residual by 1%.
StartResult proximal_point(FbSystem sys, const Vec& x0, int budget, double target, WorkMeter& meter, bool patient) {
  StartResult out;
  out.best = evaluate(sys, x0);
  Vec center = x0;
  double eps = kProximalStart;
  int without_progress = 0;
  while (out.iterations < budget && !meter.exhausted()) {
    sys.set_proximal(eps, center);
    const double before = out.best.residual;
    StartResult inner = run_from(sys, center, std::min(kProximalInnerCap, budget - out.iterations), target,
                                 kProximalInnerTol * eps, meter);
    out.iterations += std::max(1, inner.iterations);
    if (inner.best.residual < out.best.residual) out.best = inner.best;
    if (out.best.residual <= target || inner.end == StartEnd::NonFinite) break;
    without_progress = out.best.residual < 0.99 * before ? 0 : without_progress + 1;
    if (!patient && without_progress >= kProximalPatience) break;
    center = std::move(inner.last);
    eps = std::max(kProximalMin, eps * kProximalShrink);
  }
  out.end = out.best.residual <= target ? StartEnd::Converged
            : meter.exhausted()         ? StartEnd::OutOfWork
                                        : StartEnd::IterationCap;
  return out;
}

// Solves the square system K(idx, idx) x = rhs: partial-pivot LU (one work unit) when it is well
// conditioned, else, for small systems only, full-pivot LU (a particular solution when singular).
// Returns false when neither applies or the answer is not finite.
bool solve_square(const Mat& sub, const Vec& rhs, Vec& sol) {
  const Eigen::PartialPivLU<Mat> lu(sub);
  if (lu.rcond() > kMinRcond) {
    sol = lu.solve(rhs);
  } else if (sub.rows() <= kSmallDense) {
    sol = Eigen::FullPivLU<Mat>(sub).solve(rhs);
  } else {
    return false;
  }
  return all_finite(sol);
}

// Active-set polish: B = {i : z_i > w_i}; solve the free rows and w_B = 0 for (u, z_B), z_rest = 0.
Point polish(const FbSystem& sys, const Point& p) {
  std::vector<int> idx;
  for (int i = 0; i < sys.free_size(); ++i) idx.push_back(i);
  for (int i = sys.free_size(); i < sys.size(); ++i)
    if (p.x(i) > p.y(i)) idx.push_back(i);
  Vec x = Vec::Zero(sys.size());
  if (!idx.empty()) {
    Vec sol;
    if (!solve_square(sys.scaled_K()(idx, idx), -sys.scaled_k()(idx), sol)) return p;
    for (std::size_t j = 0; j < idx.size(); ++j) x(idx[j]) = sol(static_cast<Eigen::Index>(j));
  }
  Point q = evaluate(sys, std::move(x));
  return q.residual < p.residual ? q : p;
}

// The starting points (see the file comment), in scaled unknowns, built one at a time so that a
// solve that ends early never pays for the later ones. u is fitted to the free rows in the
// least-squares sense.
class StartingPoints {
 public:
  static constexpr int kCount = 4;

  StartingPoints(const FbSystem& sys, const Mlcp& p) : sys_(sys), p_(p) {
    if (sys.free_size() > 0) free_fit_.compute(p.A);  // the free block: small in practice
  }

  // Start k (0 <= k < kCount); the projected unconstrained solution (k = 2) is charged on meter.
  Vec get(int k, WorkMeter& meter) const {
    const int m = sys_.comp_size();
    const Vec z_shift = (-p_.b).cwiseMax(0.0);
    switch (k) {
      case 0: return lift(Vec::Zero(m));
      case 1: return lift(z_shift);
      case 2: return lift(unconstrained_z(meter));
      default: {
        const double scale = std::max(1.0, m > 0 ? p_.b.lpNorm<Eigen::Infinity>() : 0.0);
        Vec z = z_shift;
        for (int i = 0; i < m; ++i) z(i) += 0.1 * scale * (1.0 + (7 * i) % 5) / 5.0;
        return lift(z);
      }
    }
  }

 private:
  // max(0, z-part of the solution of K x = -k): LU when well conditioned, otherwise the
  // least-squares solution by complete orthogonal decomposition (charged kCodWork).
  Vec unconstrained_z(WorkMeter& meter) const {
    const int m = sys_.comp_size();
    meter.charge(kLuWork);
    const Eigen::PartialPivLU<Mat> lu(sys_.scaled_K());
    Vec x_free;
    if (lu.rcond() > kMinRcond) {
      x_free = lu.solve(-sys_.scaled_k());
    } else if (meter.can_afford(kCodWork)) {
      meter.charge(kCodWork);
      x_free = Eigen::CompleteOrthogonalDecomposition<Mat>(sys_.scaled_K()).solve(-sys_.scaled_k());
    }
    if (x_free.size() != sys_.size() || !all_finite(x_free)) return Vec::Zero(m);
    return sys_.to_original(x_free).tail(m).cwiseMax(0.0);
  }

  Vec lift(const Vec& z) const {
    const int n = sys_.free_size(), m = sys_.comp_size();
    Vec x(n + m);
    if (n > 0) {
      Vec u = free_fit_.solve(-(p_.C * z + p_.a));
      if (!all_finite(u)) u = Vec::Zero(n);
      x << u, z;
    } else {
      x = z;
    }
    return sys_.to_scaled(x);
  }

  const FbSystem& sys_;
  const Mlcp& p_;
  Eigen::CompleteOrthogonalDecomposition<Mat> free_fit_;
};

// Newton iterations for start k: the per-start cap, and in budgeted mode at most half of the
// remaining work (the last start may use all of it), but never fewer than one stagnation window.
int start_cap(const detail::NewtonBudget& budget, const WorkMeter& meter, int k) {
  if (budget.total_work <= 0) return budget.per_start;
  const int remaining = meter.remaining();
  const int share = k + 1 == StartingPoints::kCount ? remaining : remaining / 2;
  return std::min(budget.per_start, std::max(share, std::min(remaining, kStagnationWindow + 2)));
}

}  // namespace

namespace detail {

NewtonBudget default_newton_budget(const SolveOptions& options) {
  NewtonBudget budget;
  budget.per_start = options.max_iterations > 0 ? options.max_iterations : kDefaultIterationsPerStart;
  return budget;
}

NewtonFbOutcome newton_fb_mixed(const Mlcp& mlcp, const SolveOptions& options) {
  return newton_fb_mixed(mlcp, options, default_newton_budget(options));
}

NewtonFbOutcome newton_fb_mixed(const Mlcp& mlcp, const SolveOptions& options, const NewtonBudget& budget) {
  const FbSystem sys(mlcp);
  const int n = sys.free_size(), m = sys.comp_size();
  const double target = 0.1 * options.tolerance;
  WorkMeter meter(budget.total_work);
  const StartingPoints starts(sys, mlcp);

  NewtonFbOutcome out;
  Point best;
  int stalled = 0, starts_run = 0;
  bool stagnated = false;
  for (int k = 0; k < StartingPoints::kCount && !meter.exhausted(); ++k) {
    const int work_before = meter.spent();
    const double best_before = best.residual;
    const int cap = start_cap(budget, meter, k);
    // Plain Newton first; when it stagnates or stalls, proximal point for the rest of the budget.
    StartResult run = run_from(sys, starts.get(k, meter), cap, target, 0.0, meter);
    ++starts_run;
    if (run.end == StartEnd::Stagnated || run.end == StartEnd::Stalled) {
      StartResult prox = proximal_point(sys, run.best.x, cap - run.iterations, target, meter, !budget.stop_on_stagnation);
      run.iterations += prox.iterations;
      if (prox.best.residual < run.best.residual) {
        run.best = prox.best;
        run.end = prox.end;
      } else if (run.end == StartEnd::Stagnated) {
        run.end = StartEnd::IterationCap;
      }  // else: Stalled, and the proximal stage could not move away either
    }
    out.iterations += run.iterations;
    Point candidate = run.best;
    // Polish even a converged point: the active-set solve makes it exact to round-off.
    if (meter.can_afford(kLuWork)) {
      meter.charge(kLuWork);
      candidate = polish(sys, candidate);
    }
    if (candidate.residual < best.residual) best = candidate;
    if (run.end == StartEnd::Stalled || run.end == StartEnd::NonFinite) ++stalled;
    if (meter.spent() == work_before) meter.charge(1);  // a start never comes for free
    if (best.residual <= target) break;
    if (budget.stop_on_stagnation && k > 0 && !(best.residual < kStartProgress * best_before)) {
      stagnated = true;
      break;
    }
  }
  out.work = meter.spent();

  if (best.x.size() != n + m || !all_finite(best.x)) best = evaluate(sys, Vec::Zero(n + m));
  const Vec x = sys.to_original(best.x);
  out.u = x.head(n);
  // Never hand out a negative multiplier (a contact that pulls), even from a failed solve.
  out.z = x.tail(m).cwiseMax(0.0);
  out.residual = best.residual;
  out.converged = best.residual <= options.tolerance;
  if (out.converged) {
    out.status = SolveStatus::Solved;
    return out;
  }
  std::ostringstream msg;
  msg << "newton-fb: no solution found from " << starts_run << " starting points (best residual "
      << best.residual << " after " << out.iterations << " iterations, " << out.work << " work units); ";
  if (stalled == starts_run) {
    out.status = SolveStatus::NumericalBreakdown;
    msg << "every start stalled at a stationary point of the merit function";
  } else {
    out.status = SolveStatus::IterationLimit;
    if (stagnated)
      msg << "stopped: a restart did not improve the best residual by 10%";
    else if (budget.total_work > 0 && meter.exhausted())
      msg << "work budget " << budget.total_work << " spent";
    else
      msg << "iteration cap " << budget.per_start << " per start reached";
  }
  msg << "; Newton cannot prove infeasibility";
  out.message = msg.str();
  return out;
}

LcpResult solve_newton_fb_budgeted(const Lcp& lcp, const SolveOptions& options, const NewtonBudget& budget) {
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
    NewtonFbOutcome run = newton_fb_mixed(as_mixed, options, budget);
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

}  // namespace detail

LcpResult solve_newton_fb(const Lcp& lcp, const SolveOptions& options) {
  return detail::solve_newton_fb_budgeted(lcp, options, detail::default_newton_budget(options));
}

}  // namespace pegsim
