// Block principal pivoting on a sparse factorisation, in proximal-point iterations
// (block_pivoting.h).
#include <pegsim/lcp/block_pivoting.h>
#include <pegsim/lcp/sparse_lcp.h>
#include <pegsim/lcp/verify.h>

#include "projected_arc.h"
#include "recent_by_matrix.h"

#include <Eigen/SparseCholesky>
#include <Eigen/SparseLU>

#include <algorithm>
#include <chrono>
#include <limits>
#include <numeric>
#include <optional>
#include <string>
#include <vector>

namespace pegsim {
namespace {

constexpr int kMaxNonImproving = 3;    // block exchanges without progress before Murty's rule
constexpr double kProximalShift = 1e-6;  // epsilon relative to max|M_ii| (symmetric M only)
constexpr int kMaxProximalSteps = 100;  // 30 left 200-body pile cells at residual 1.7e-8
// Past kMaxProximalSteps, steps go on while each lowers the residual at one factorisation at most,
// up to this many in all (solve_sparse: a 2456-row cell of a 500-body pile verified at step 109).
constexpr int kMaxConvergingProximalSteps = 2000;
constexpr double kFlatResidual = 1.0 + 1e-6;  // a drifting z (F with no solution yet) keeps its residual
constexpr int kMaxProjectedNewtonSteps = 500;  // measured on the 200-body pile: at most 167
// Non-improving exchanges before projected Newton takes a positive definite LCP over (200-body
// pile, 1 s: 5, 12, 20, 30, 50 gave 6.8, 19.3, 6.1, 5.8, 7.0 s with the earlier stall rule n/2+20 9.5 s)
constexpr int kStallBeforeNewton = 30;
// Projected Newton's steps between full evaluations of the gradient (updated along each step's arc
// in between: rounding cannot build up past this many updates)
constexpr int kFullGradientEvery = 8;
constexpr double kUpdatedGradientSlack = 1e4;  // an updated w this close to solved is refreshed


// Is (i, j) stored exactly when (j, i) is? One pass over compressed, sorted columns: walking the
// columns in order, the entries of row i arrive in increasing j and must be column i's, in order.
bool has_symmetric_pattern(const SparseMat& S) {
  if (!S.isCompressed() || S.rows() != S.cols()) return false;
  const int* outer = S.outerIndexPtr();
  const int* inner = S.innerIndexPtr();
  std::vector<int> next(outer, outer + S.cols());
  for (int j = 0; j < static_cast<int>(S.cols()); ++j) {
    for (int p = outer[j]; p < outer[j + 1]; ++p) {
      const int i = inner[p];
      int& at = next[static_cast<std::size_t>(i)];
      if (at >= outer[i + 1] || inner[at] != j) return false;
      ++at;
    }
  }
  for (int i = 0; i < static_cast<int>(S.cols()); ++i)
    if (next[static_cast<std::size_t>(i)] != outer[i + 1]) return false;
  return true;
}

// The last few AMD orderings this thread computed, by sparsity pattern. A step solves the same
// island's pattern several times (configuration-search rounds, the corrector, the fixpoint's
// re-solves), and AMD was 5.5 % of a 200-body pile's samples. The ordering is a pure function of
// the pattern, so a hit returns exactly what a fresh AMD would: results do not depend on which
// thread solved what before (bit-identical trajectories, any thread count).
struct KnownOrdering {
  detail::KeptPattern pattern;
  std::vector<int> order;
};
using OrderingMemo = detail::RecentEntries<KnownOrdering, 4>;

// S's sparsity pattern (compressed S) with byte values: AMD's workspace.
Eigen::SparseMatrix<char> pattern_of(const SparseMat& S) {
  Eigen::SparseMatrix<char> pattern(S.rows(), S.cols());
  pattern.resizeNonZeros(S.nonZeros());
  std::copy(S.outerIndexPtr(), S.outerIndexPtr() + S.cols() + 1, pattern.outerIndexPtr());
  std::copy(S.innerIndexPtr(), S.innerIndexPtr() + S.nonZeros(), pattern.innerIndexPtr());
  std::fill_n(pattern.valuePtr(), S.nonZeros(), char{0});
  return pattern;
}

// Rows in the order the factorisations eliminate them: for symmetric M, approximate minimum degree
// of the whole matrix, computed once (every principal block inherits it; Eigen's per-block AMD was
// 17 % of a 100-body pile's time); otherwise natural (SparseLU orders its own columns).
std::vector<int> elimination_order(const SparseMat& S, bool is_symmetric) {
  const int n = static_cast<int>(S.rows());
  std::vector<int> order(static_cast<std::size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  if (!is_symmetric || n == 0) return order;
  // compressed: outer and inner are the whole pattern (AMD reads no values)
  thread_local OrderingMemo memo;
  if (S.isCompressed()) {
    const auto same_pattern = [&S](const KnownOrdering& k) { return k.pattern.matches(S); };
    if (const KnownOrdering* known = memo.find(same_pattern)) return known->order;
  }
  Eigen::PermutationMatrix<Eigen::Dynamic, Eigen::Dynamic, int> perm;
  if (has_symmetric_pattern(S)) {
    // AMD of the pattern of S^T + S, which is S's own: skip Eigen's transpose-and-add (5 % of a
    // 200-body pile's run). The same pattern in the same arrays, so the same ordering.
    // AMD works in (and grows) its own copy; it reads no values, so the copy holds bytes, not doubles.
    Eigen::SparseMatrix<char> pattern = pattern_of(S);
    Eigen::internal::minimum_degree_ordering(pattern, perm);
  } else {
    Eigen::AMDOrdering<int> amd;
    amd(S, perm);
  }
  // perm.indices()[k]: the row eliminated k-th (measured: the faster reading)
  for (int i = 0; i < n; ++i) order[static_cast<std::size_t>(i)] = perm.indices()[i];
  if (S.isCompressed()) {
    KnownOrdering& kept = memo.slot_for_next();
    kept.pattern.assign(S);
    kept.order = order;
  }
  return order;
}

// How a solve cuts its principal blocks: the elimination order and, for symmetric M, S's lower
// triangle relabelled in that order and transposed (sparse_lcp.h), which the LDLT blocks are cut
// from: a free set taken in rank order cuts its block with columns already sorted and no entries
// to skip, as the upper triangle UpperLdlt factorises in place. Cutting the lower triangle from S
// (a sort per column, half the entries skipped) was 16 % of a 200-body pile's samples, and Eigen's
// two copies of each block for the factorisation about 4 %.
struct Elimination {
  std::vector<int> order;  // order[r]: the row eliminated r-th
  bool symmetric = false;
  SparseMat ranked_upper;  // symmetric only (ranked_lower_transposed)
};

Elimination elimination_of(const SparseMat& S, bool is_symmetric) {
  Elimination e;
  e.order = elimination_order(S, is_symmetric);
  e.symmetric = is_symmetric;
  if (is_symmetric) move_into(e.ranked_upper, ranked_lower_transposed(S, e.order));
  return e;
}

// SimplicialLDLT of a block that already is the upper triangle in elimination order, factorised in
// place. Eigen 3.4's compute() copies it twice even under a natural ordering (its test for one
// compares against NaturalOrdering<Eigen::Index>, which does not compile with int indices): a full
// symmetric copy for the ordering, then an upper copy to factorise. Its preordered stages (the
// elimination tree and column counts, then the numeric factorisation) read the block as it is.
class UpperLdlt : public Eigen::SimplicialLDLT<SparseMat, Eigen::Upper, Eigen::NaturalOrdering<int>> {
 public:
  void compute_upper(const SparseMat& upper) {
    analyzePattern_preordered(upper, true);
    factorize_preordered<true>(upper);
  }
};

// The factorisation of the last principal block, kept while F does not change: successive
// proximal steps usually end on the same F, and then each is one forward/back substitution.
struct BlockFactor {
  std::vector<int> F;  // columns of the block's source (ranks when symmetric), in elimination order
  bool valid = false;
  int factorisations = 0;
  // the block's rows come in the whole matrix's fill-reducing order: no ordering per block
  UpperLdlt ldlt;
  Eigen::SparseLU<SparseMat> lu;
};

// z_F = (M + shift I)_FF^{-1} rhs, factorising only when F changed; false on a failed factorisation.
// columns: F as columns of the block's source (ranks into ranked_upper, or rows of S).
bool solve_principal(const SparseMat& S, double shift, const Elimination& elimination, const std::vector<int>& columns,
                     const Vec& rhs, BlockFactor& factor, Vec& zF) {
  const bool is_symmetric = elimination.symmetric;
  if (!factor.valid || factor.F != columns) {
    factor.valid = false;
    std::vector<int> position(static_cast<std::size_t>(S.rows()), -1);  // each column's place in F
    for (std::size_t b = 0; b < columns.size(); ++b) position[static_cast<std::size_t>(columns[b])] = static_cast<int>(b);
    const SparseMat block = principal_submatrix(is_symmetric ? elimination.ranked_upper : S, columns, position, shift);
    if (is_symmetric) {
      factor.ldlt.compute_upper(block);
      if (factor.ldlt.info() != Eigen::Success) return false;
    } else {
      factor.lu.compute(block);
      if (factor.lu.info() != Eigen::Success) return false;
    }
    factor.F = columns;
    factor.valid = true;
    ++factor.factorisations;
  }
  zF = is_symmetric ? Vec(factor.ldlt.solve(rhs)) : Vec(factor.lu.solve(rhs));
  return zF.allFinite();
}

// x = -(M + shift I)_FF^{-1} v_F on F = {i : in_F[i]} (taken in elimination order), 0 off F;
// false on a failed factorisation. The step both pivoting and projected Newton take.
bool solve_on_free_set(const SparseMat& S, double shift, const Elimination& elimination, const std::vector<char>& in_F,
                       const Vec& v, BlockFactor& factor, Vec& x) {
  const bool ranked = elimination.symmetric;
  std::vector<int> F, columns;
  for (int r = 0; r < static_cast<int>(elimination.order.size()); ++r) {
    const int i = elimination.order[static_cast<std::size_t>(r)];
    if (!in_F[static_cast<std::size_t>(i)]) continue;
    columns.push_back(ranked ? r : i);
    F.push_back(i);
  }
  Vec rhs(static_cast<Eigen::Index>(F.size())), xF;
  for (std::size_t a = 0; a < F.size(); ++a) rhs[static_cast<Eigen::Index>(a)] = -v[F[a]];
  if (!F.empty() && !solve_principal(S, shift, elimination, columns, rhs, factor, xF)) return false;
  x = Vec::Zero(v.size());
  for (std::size_t a = 0; a < F.size(); ++a) x[F[a]] = xF[static_cast<Eigen::Index>(a)];
  return true;
}

// The gradient w = (M + shift I) z + q of f(z) = z^T (M + shift I) z / 2 + q^T z.
Vec gradient(const SparseMat& S, double shift, const Vec& q, const Vec& z) {
  return detail::shifted_product(S, shift, z) + q;
}

// One LCP(M + shift I, q) by block principal pivoting from in_F (updated to the final guess).
// Returns the number of exchanges, or -1 when the bounded exchanges or a factorisation failed.
// w: (M + shift I) z + q at the last exchange.
int pivot_blocks(const SparseMat& S, double shift, const Elimination& elimination, const Vec& q,
                 std::vector<char>& in_F, int max_exchanges, BlockFactor& factor, Vec& z, Vec& w) {
  const int n = static_cast<int>(q.size());
  const double tol = 1e-13 * std::max(1.0, q.cwiseAbs().maxCoeff());
  int best_infeasible = n + 1, non_improving = 0;
  // An infeasible LCP (the interpenetrated cells of a blown-up pour) never reaches 0 infeasible
  // indices: give up when the best count has not improved for this many exchanges.
  // With shift > 0 (positive definite) projected Newton takes over after kStallBeforeNewton.
  const int stagnation_limit = shift > 0.0 ? kStallBeforeNewton : n / 2 + 20;
  for (int exchange = 0; exchange <= max_exchanges && non_improving <= stagnation_limit; ++exchange) {
    if (!solve_on_free_set(S, shift, elimination, in_F, q, factor, z)) return -1;
    w = gradient(S, shift, q, z);
    std::vector<int> infeasible;
    for (int i = 0; i < n; ++i)
      if (in_F[static_cast<std::size_t>(i)] ? z[i] < -tol : w[i] < -tol) infeasible.push_back(i);
    if (infeasible.empty()) return exchange;
    const int count = static_cast<int>(infeasible.size());
    non_improving = count < best_infeasible ? 0 : non_improving + 1;
    best_infeasible = std::min(best_infeasible, count);
    if (non_improving < kMaxNonImproving) {
      for (int i : infeasible) in_F[static_cast<std::size_t>(i)] ^= 1;
    } else {
      in_F[static_cast<std::size_t>(infeasible.back())] ^= 1;  // Murty's rule (largest index)
    }
  }
  return -1;
}

// Moves z to max(0, z + a d) for the largest a in a0, a0/2, ... that decreases f by Armijo's
// rule along that projected arc; false when none does. Trials are priced by ProjectedArc without
// a product by S (measured on the 200-body pile: 9 trials per accepted step, each a product by S,
// had made the line search 13 % of the run), and so is the accepted point's gradient w (updated
// along the arc: a full evaluation there was 8.5 % of the run). The caller refreshes w in full
// before it trusts it (projected_newton).
bool projected_search(const SparseMat& S, double shift, const Vec& q, const Vec& d, double a0, Vec& z, Vec& w) {
  constexpr double kArmijo = 1e-4;
  // A decrease must exceed the rounding of f(z) = z.(w - q) / 2 + q.z to count: below it the
  // closed form's sign is noise, and accepting noise ran some solves to the step limit.
  const double noise = 64.0 * std::numeric_limits<double>::epsilon() *
                       (z.cwiseAbs().dot((w - q).cwiseAbs()) + z.cwiseAbs().dot(q.cwiseAbs()));
  detail::ProjectedArc arc(S, shift, z, w, d);
  for (double a = a0; a > 1e-6 * a0; a *= 0.5) {  // at most 20 trials
    const detail::ProjectedArc::Change change = arc.at(a);
    if (!(change.f <= kArmijo * change.w_delta && change.f < -noise)) continue;
    Vec w_trial;
    arc.gradient_at(a, w_trial);
    z = (z + a * d).cwiseMax(0.0);
    w.swap(w_trial);
    return true;
  }
  return false;
}

// LCP(M + shift I, q) for symmetric positive definite M + shift I, as the convex QP
// min f(z), z >= 0, by projected Newton (Bertsekas, "Projected Newton methods for optimization
// problems with simple constraints", 1982): the eps-active indices (z_i <= eps, w_i > 0) stay at
// 0; on the others the Newton step solves (M + shift I)_FF d_F = -w_F (one sparse factorisation),
// and z moves along max(0, z + a d) by Armijo's rule (a projected gradient step where that finds
// no descent). f decreases at every step, so it cannot cycle as block exchanges can (measured on
// the 200-body pile: 32 cells of 750-1260 rows where the exchanges stalled after 430-1290
// factorisations), and once F is the solution's, a full step lands on it. Starts from max(0, z);
// same contract as pivot_blocks.
int projected_newton(const SparseMat& S, double shift, const Elimination& elimination, const Vec& q,
                     std::vector<char>& in_F, int max_steps, BlockFactor& factor, Vec& z, Vec& w) {
  const int n = static_cast<int>(q.size());
  const double tol = 1e-13 * std::max(1.0, q.cwiseAbs().maxCoeff());
  const double step_scale = 1.0 / (Vec(S.diagonal()).cwiseAbs().maxCoeff() + shift);
  z = z.cwiseMax(0.0);
  w = gradient(S, shift, q, z);
  int updates = 0;  // steps since w was evaluated in full (the line search updates it)
  auto refresh = [&] {
    if (updates > 0) w = gradient(S, shift, q, z);
    updates = 0;
  };
  auto solved = [&](double within) {
    for (int i = 0; i < n; ++i)
      if (!(z[i] > 0.0 ? std::abs(w[i]) <= within : w[i] >= -within)) return false;
    return true;
  };
  for (int step = 0; step <= max_steps; ++step) {
    // The answer is decided on a w evaluated in full, never on an updated one; an updated w near
    // a solution (its rounding can exceed tol) is refreshed first, else each step past the
    // solution would be one more factorisation.
    if (updates >= kFullGradientEvery || (updates > 0 && solved(kUpdatedGradientSlack * tol))) refresh();
    if (updates == 0 && solved(tol)) {
      for (int i = 0; i < n; ++i) in_F[static_cast<std::size_t>(i)] = z[i] > 0.0;
      return step;
    }
    const double eps = std::min(1e-3, (z - (z - w).cwiseMax(0.0)).cwiseAbs().maxCoeff());
    for (int i = 0; i < n; ++i) in_F[static_cast<std::size_t>(i)] = !(z[i] <= eps && w[i] > 0.0);
    const bool any_free = std::find(in_F.begin(), in_F.end(), 1) != in_F.end();
    Vec d;
    if (any_free && solve_on_free_set(S, shift, elimination, in_F, w, factor, d) &&
        projected_search(S, shift, q, d, 1.0, z, w)) {
      ++updates;
      continue;
    }
    // No descent left: z is the minimiser up to rounding (measured: residuals 1e-11-1e-8 against
    // the 1e-13 target); the caller's check on the original LCP decides.
    const Vec descent = -w;
    if (projected_search(S, shift, q, descent, step_scale, z, w)) {
      ++updates;
    } else if (updates > 0) {
      refresh();  // decided on an updated w: look again on the full one
    } else {
      for (int i = 0; i < n; ++i) in_F[static_cast<std::size_t>(i)] = z[i] > 0.0;
      return step;
    }
  }
  return -1;
}

// max |min(z_i, w_i)| of a proximal step's z = max(0, next), estimated without a product by M:
// w = M z + q is (M + shift I) next + q - shift z_prev = w_step - shift (next - z_prev) up to
// rounding, and clipping next's round-off negatives moves it by far less than the tolerance.
double estimated_residual(const Vec& z, const Vec& next, const Vec& z_prev, const Vec& w_step, double shift) {
  double residual = 0.0;
  for (Eigen::Index i = 0; i < z.size(); ++i) {
    const double w = w_step[i] - shift * (next[i] - z_prev[i]);
    residual = std::max(residual, std::abs(std::min(z[i], w)));
  }
  return residual;
}

// One LCP by block pivoting, the symmetry of M given (it selects LDLT and the proximal steps).
LcpResult solve_sparse(const SparseLcp& lcp, const SolveOptions& options, bool is_symmetric) {
  const auto t0 = std::chrono::steady_clock::now();
  LcpResult result;
  result.solver = "block-pivoting";
  const int n = lcp.size();
  if (lcp.M.rows() != n || lcp.M.cols() != n || !lcp.q.allFinite()) {
    result.status = SolveStatus::InvalidInput;
    result.message = "block pivoting: M is not n x n or q is not finite";
    result.z = Vec::Zero(n);
    result.residual = std::numeric_limits<double>::infinity();
    return result;
  }
  const SparseMat& S = lcp.M;
  const Elimination elimination = elimination_of(S, is_symmetric);
  // Symmetric PSD M (J W J^T with more contacts than DOFs) has singular principal blocks; the
  // proximal point method solves LCP(M + eps I, q - eps z_k) instead, each positive definite, and
  // z_k converges to a solution of LCP(M, q) (Rockafellar's proximal point algorithm on a
  // monotone problem). Each proximal step starts from the last guess, so it takes few exchanges.
  const double shift = is_symmetric ? kProximalShift * Vec(S.diagonal()).cwiseAbs().maxCoeff() : 0.0;

  std::vector<char> in_F(static_cast<std::size_t>(n), 0);
  if (options.warm_basis != nullptr) {
    for (int i : *options.warm_basis)
      if (i >= 0 && i < n) in_F[static_cast<std::size_t>(i)] = 1;
  } else {
    for (int i = 0; i < n; ++i) in_F[static_cast<std::size_t>(i)] = lcp.q[i] < 0.0;
  }
  const int max_exchanges = options.max_iterations > 0 ? options.max_iterations : 10 * n + 50;
  Vec z = Vec::Zero(n), next(n), w_step, z_prev;
  BlockFactor factor;
  int exchanges_total = 0, newton_steps = 0;
  result.status = SolveStatus::IterationLimit;
  result.message = "block pivoting: exchange limit";
  const double scale = std::max(1.0, lcp.q.cwiseAbs().maxCoeff());  // verify_sparse_lcp's
  std::optional<Verification> check;  // of z, when verified
  double last_estimate = std::numeric_limits<double>::infinity();
  for (int step = 0; step < (shift > 0.0 ? kMaxConvergingProximalSteps : 1); ++step) {
    const int factorisations_before = factor.factorisations;
    const Vec q_step = lcp.q - shift * z;
    int exchanges =
        pivot_blocks(S, shift, elimination, q_step, in_F, max_exchanges - exchanges_total, factor, next, w_step);
    if (exchanges < 0 && shift > 0.0) {  // stalled exchanges: descent on the same (convex) problem
      next = z;
      exchanges = projected_newton(S, shift, elimination, q_step, in_F, kMaxProjectedNewtonSteps, factor, next, w_step);
      newton_steps += std::max(0, exchanges);
    }
    if (exchanges < 0) break;
    exchanges_total += exchanges;
    z_prev.swap(z);
    z = next.cwiseMax(0.0);
    check.reset();
    // Two in three proximal steps of a 200-body pile did not verify, each check a product by M:
    // a step whose estimate misses the tolerance by 2x is not checked.
    const double estimate = estimated_residual(z, next, z_prev, w_step, shift);
    if (estimate <= 2.0 * options.tolerance * scale) {
      check = verify_sparse_lcp(lcp, z, options.tolerance);
      if (check->ok) {
        result.status = SolveStatus::Solved;
        result.message.clear();
        break;
      }
    }
    // Past the usual count, steps go on while they are cheap and not losing ground. On a fixed F
    // z_k nears the answer geometrically, slowly along M_FF's eigenvalues near eps, or, where F
    // holds no answer, drifts at a constant residual until an index leaves F. Where 100 steps ran
    // out so (a 2456-row cell of a 500-body pile, 9 steps short), the dense fallback took 54 s and failed.
    const bool converging =
        factor.factorisations - factorisations_before <= 1 && estimate <= kFlatResidual * last_estimate;
    last_estimate = estimate;
    if (step + 1 >= kMaxProximalSteps && (!converging || exchanges_total >= max_exchanges)) break;
  }
  result.z = z;
  if (newton_steps > 0) result.attempts.push_back("projected Newton after stalled exchanges: " + std::to_string(newton_steps) + " steps");
  result.iterations = factor.factorisations;  // the work: one sparse factorisation per distinct F
  for (int i = 0; i < n; ++i)
    if (in_F[static_cast<std::size_t>(i)]) result.basis.push_back(i);
  if (!check) check = verify_sparse_lcp(lcp, result.z, options.tolerance);
  result.w = std::move(check->w);
  result.residual = check->residual;
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return result;
}

}  // namespace

LcpResult solve_block_pivoting(const Lcp& lcp, const SolveOptions& options) {
  const std::string invalid = validate_lcp(lcp);
  if (!invalid.empty()) {
    LcpResult result;
    result.solver = "block-pivoting";
    result.status = SolveStatus::InvalidInput;
    result.message = invalid;
    result.z = Vec::Zero(std::max<Eigen::Index>(0, lcp.q.size()));
    result.residual = std::numeric_limits<double>::infinity();
    return result;
  }
  LcpResult result = solve_block_pivoting(to_sparse(lcp), options);
  finalize_result(lcp, options.tolerance, result);  // the dense original decides
  return result;
}

LcpResult solve_block_pivoting(const SparseLcp& lcp, const SolveOptions& options) {
  return solve_sparse(lcp, options, pegsim::is_symmetric(lcp.M));
}

LcpResult solve_block_pivoting_symmetric(const SparseLcp& lcp, const SolveOptions& options) {
  return solve_sparse(lcp, options, true);
}

}  // namespace pegsim
