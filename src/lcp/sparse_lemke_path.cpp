// Lemke's path on a sparse basis in product form (sparse_lemke_path.h).
//
// Tableau: w - M z - d z0 = q, basis matrix B (n x n), one basic variable per slot; the basic
// values are x = B^{-1} q. A variable with column a entering at value t moves x to x - t B^{-1} a;
// the slot r that reaches 0 first takes it, and B's column r becomes a: B' = B E with E the
// identity whose column r is alpha = B^{-1} a, so B'^{-1} = E^{-1} B^{-1} (an eta factor).
#include "sparse_lemke_path.h"

#include "basis_history.h"
#include "basis_lu.h"
#include "lemke_tolerances.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <utility>

namespace pegsim {
namespace {

using lemke_tolerance::kPivot, lemke_tolerance::kSmallPivot, lemke_tolerance::kTie, lemke_tolerance::kLex;
constexpr int kEtaLimit = 50;              // eta factors kept before B is factorised afresh
constexpr double kSolveTolerance = 1e-9;   // a factorised basis must reproduce q this well (relative)

class SparsePath {
 public:
  SparsePath(const SparseMat& M, const Vec& q, const std::vector<char>& zero_column, PathTies ties)
      : M_(M), q_(q), zero_column_(zero_column), n_(static_cast<int>(q.size())), d_(Vec::Zero(n_)),
        label_(static_cast<std::size_t>(n_)), slot_(static_cast<std::size_t>(2 * n_ + 1), -1),
        in_start_(static_cast<std::size_t>(n_), 0), lexicographic_(ties == PathTies::Lexicographic) {}

  SparsePathEnd run(const std::vector<int>& start, int max_pivots);

 private:
  struct Candidate {
    int slot = -1;
    double u = 0.0;  // alpha at the slot: the rate at which the basic variable falls
  };

  int z0() const { return 2 * n_; }
  bool is_z(int label) const { return label >= n_; }
  int complement(int label) const { return label < n_ ? label + n_ : label - n_; }
  bool idle(int slot) const { return label_[slot] < n_ && zero_column_[static_cast<std::size_t>(label_[slot])]; }
  void column(int label, Vec& a) const;
  bool refactor();
  void ftran(Vec& v) const;
  Vec btran_row(int slot) const;
  Vec lex_row(const Candidate& c) const;
  bool prefer(const Candidate& cand, const Candidate& best, Vec& best_row, bool& best_ready) const;
  bool ratio_test(Candidate& out, double& step, double& unorm);
  void pivot(int entering, const Candidate& leaving, double step);
  SparsePathEnd end(bool solution, std::string detail) const;
  void remember_basis();

  const SparseMat& M_;
  const Vec& q_;
  const std::vector<char>& zero_column_;
  const int n_;
  Vec d_;                         // covering vector: the column of z0 is -d
  std::vector<int> label_;        // basic variable of each slot: w_i -> i, z_j -> n + j, z0 -> 2n
  std::vector<int> slot_;         // slot of each label, -1 when nonbasic
  std::vector<char> in_start_;    // j in S
  bool start_empty_ = true;
  SparseMat B_;                   // the basis matrix at the last factorisation
  detail::BasisLu lu_;            // B's factors (basis_lu.h)
  std::vector<int> eta_slot_;     // eta factors since then: slot r and alpha = B^{-1} a
  std::vector<Vec> eta_;
  Vec x_, alpha_, a_;
  int pivots_ = 0;
  // Ties go to the largest pivot until a basis repeats (a cycle): then the path stops, and
  // sparse_lemke_path runs it again with lexicographic ties.
  const bool lexicographic_;
  bool cycled_ = false;
  detail::BasisHistory history_;  // the basic labels' sets met so far
};

// Column of a variable in the tableau: e_i for w_i, -M_{:,j} for z_j, -d for z0.
void SparsePath::column(int label, Vec& a) const {
  a.setZero(n_);
  if (label < n_) {
    a[label] = 1.0;
  } else if (label < z0()) {
    for (SparseMat::InnerIterator it(M_, label - n_); it; ++it) a[it.row()] = -it.value();
  } else {
    a = -d_;
  }
}

// B from the basic labels, factorised; x = B^{-1} q from the original q (drops the etas' drift).
// False when B is singular or its solve does not reproduce q.
bool SparsePath::refactor() {
  eta_slot_.clear();
  eta_.clear();
  std::vector<Eigen::Triplet<double>> entries;
  entries.reserve(static_cast<std::size_t>(n_) + static_cast<std::size_t>(M_.nonZeros()));
  for (int s = 0; s < n_; ++s) {
    const int label = label_[s];
    if (label < n_) {
      entries.emplace_back(label, s, 1.0);
    } else if (label < z0()) {
      for (SparseMat::InnerIterator it(M_, label - n_); it; ++it)
        entries.emplace_back(static_cast<int>(it.row()), s, -it.value());
    } else {
      for (int i = 0; i < n_; ++i)
        if (d_[i] != 0.0) entries.emplace_back(i, s, -d_[i]);
    }
  }
  B_.resize(n_, n_);
  B_.setFromTriplets(entries.begin(), entries.end());  // compressed
  if (!lu_.factorize(B_)) return false;
  x_ = q_;
  lu_.solve(x_);
  if (!x_.allFinite()) return false;
  const double scale = std::max({1.0, q_.cwiseAbs().maxCoeff(), x_.cwiseAbs().maxCoeff()});
  return (B_ * x_ - q_).cwiseAbs().maxCoeff() <= kSolveTolerance * scale;
}

// v <- B^{-1} v: the factorised basis, then the etas in order (E^{-1} v: v_r /= alpha_r, then
// v_i -= alpha_i v_r for i != r).
void SparsePath::ftran(Vec& v) const {
  lu_.solve(v);
  for (std::size_t k = 0; k < eta_.size(); ++k) {
    const int r = eta_slot_[k];
    const Vec& alpha = eta_[k];
    const double vr = v[r] / alpha[r];
    if (vr != 0.0) v.noalias() -= vr * alpha;
    v[r] = vr;
  }
}

// Row `slot` of B^{-1}: e_r^T E_k^{-1} ... E_1^{-1} (LU)^{-1}, i.e. the etas transposed in reverse
// (each changes only entry r: u_r <- (u_r - sum_{i != r} alpha_i u_i) / alpha_r), then a
// transposed solve.
Vec SparsePath::btran_row(int slot) const {
  Vec u = Vec::Zero(n_);
  u[slot] = 1.0;
  for (std::size_t k = eta_.size(); k-- > 0;) {
    const int r = eta_slot_[k];
    const Vec& alpha = eta_[k];
    const double others = alpha.dot(u) - alpha[r] * u[r];
    u[r] = (u[r] - others) / alpha[r];
  }
  lu_.solve_transposed(u);
  return u;
}

// Row of the lexicographic matrix B^{-1} B_S for a candidate, divided by its pivot (lemke.cpp's
// rule): B_S's column j is e_j off S and -M_{:,j} on S.
Vec SparsePath::lex_row(const Candidate& c) const {
  Vec row = btran_row(c.slot);
  if (!start_empty_) {
    Vec y = row;
    for (int j = 0; j < n_; ++j) {
      if (!in_start_[static_cast<std::size_t>(j)]) continue;
      double dot = 0.0;
      for (SparseMat::InnerIterator it(M_, j); it; ++it) dot -= y[it.row()] * it.value();
      row[j] = dot;
    }
  }
  return row / c.u;
}

// True when the tied candidate should replace the best: z0 wins, a w of an all-zero column loses,
// then the larger pivot, or once the path has cycled the lexicographic rule, then the larger pivot.
// Why the larger pivot first: on 1014 paths of a frictional 200-body pile, lexicographic ties
// throughout verified 846 and ended 103 in (false) rays after tiny pivots on degenerate ties;
// the larger pivot with the lexicographic rule only after a repeat verified 965 in less time
// (BENCHMARKS.md, "Ties to the larger pivot"). Tied rows cost a transposed solve each.
bool SparsePath::prefer(const Candidate& cand, const Candidate& best, Vec& best_row, bool& best_ready) const {
  const bool best_z0 = label_[best.slot] == z0(), cand_z0 = label_[cand.slot] == z0();
  if (best_z0 || cand_z0) return cand_z0 && !best_z0;
  if (idle(best.slot) != idle(cand.slot)) return idle(best.slot);
  if (!lexicographic_) return cand.u > best.u;
  if (!best_ready) best_row = lex_row(best), best_ready = true;
  const Vec row = lex_row(cand);
  const double tol = kLex * std::max(best_row.cwiseAbs().maxCoeff(), row.cwiseAbs().maxCoeff());
  for (int c = 0; c < n_; ++c) {
    const double diff = row[c] - best_row[c];
    if (diff < -tol) return best_row = row, true;
    if (diff > tol) return false;
  }
  if (cand.u > best.u) return best_row = row, true;
  return false;
}

// Minimum ratio test on alpha_ (lemke.cpp's tolerances and ties). False when nothing blocks.
bool SparsePath::ratio_test(Candidate& out, double& step, double& unorm) {
  unorm = alpha_.cwiseAbs().maxCoeff();
  const double xscale = x_.cwiseAbs().maxCoeff();
  const double piv_tol = kPivot * unorm, x_tie = kTie * xscale;
  double tmin = std::numeric_limits<double>::infinity();
  for (int s = 0; s < n_; ++s)
    if (alpha_[s] > piv_tol) tmin = std::min(tmin, std::max(x_[s], 0.0) / alpha_[s]);
  if (!std::isfinite(tmin)) return false;
  step = tmin;
  bool found = false, best_ready = false;
  Vec best_row;
  for (int s = 0; s < n_; ++s) {
    const double u = alpha_[s];
    if (!(u > piv_tol && std::max(x_[s], 0.0) - tmin * u <= x_tie)) continue;
    const Candidate cand{s, u};
    if (!found) {
      out = cand, found = true;
    } else if (prefer(cand, out, best_row, best_ready)) {
      out = cand;
    }
  }
  return found;
}

void SparsePath::pivot(int entering, const Candidate& leaving, double step) {
  x_.noalias() -= step * alpha_;
  x_[leaving.slot] = step;
  slot_[static_cast<std::size_t>(label_[leaving.slot])] = -1;
  history_.toggle(label_[leaving.slot]);
  history_.toggle(entering);
  label_[leaving.slot] = entering;
  slot_[static_cast<std::size_t>(entering)] = leaving.slot;
  eta_slot_.push_back(leaving.slot);
  eta_.push_back(alpha_);
  ++pivots_;
  remember_basis();
}

// A basis met before means the larger-pivot ties cycle.
void SparsePath::remember_basis() {
  if (!lexicographic_ && history_.repeated()) cycled_ = true;
}

SparsePathEnd SparsePath::end(bool solution, std::string detail) const {
  SparsePathEnd out;
  out.solution = solution;
  out.pivots = pivots_;
  out.lexicographic_from = lexicographic_ ? 0 : -1;
  out.cycled = cycled_;
  out.detail = std::move(detail);
  out.z = Vec::Zero(n_);
  for (int j = 0; j < n_; ++j) {
    const int s = slot_[static_cast<std::size_t>(n_ + j)];
    if (s < 0) continue;
    if (x_.size() == n_) out.z[j] = std::max(0.0, x_[s]);  // no values when the start was singular
    out.basis.push_back(j);
  }
  return out;
}

SparsePathEnd SparsePath::run(const std::vector<int>& start, int max_pivots) {
  start_empty_ = start.empty();
  for (int s = 0; s < n_; ++s) label_[s] = s;
  for (int j : start) in_start_[static_cast<std::size_t>(j)] = 1, label_[j] = n_ + j;
  for (int s = 0; s < n_; ++s) slot_[static_cast<std::size_t>(label_[s])] = s;
  for (int s = 0; s < n_; ++s) history_.toggle(label_[s]);
  remember_basis();
  // d = B_S e: every basic variable grows at rate 1 as z0 enters (lemke.cpp's covering vector)
  for (int i = 0; i < n_; ++i)
    if (!in_start_[static_cast<std::size_t>(i)]) d_[i] = 1.0;
  for (int j : start)
    for (SparseMat::InnerIterator it(M_, j); it; ++it) d_[it.row()] -= it.value();
  if (!refactor()) return end(false, "singular starting basis");

  // z0 enters at -min x; ties go to the largest index, a w of an all-zero column losing them
  double lowest = 0.0;
  int first = -1;
  for (int s = 0; s < n_; ++s) {
    const bool wins_tie = first >= 0 && (idle(first) != idle(s) ? idle(first) : s > first);
    if (x_[s] < lowest || (x_[s] == lowest && first >= 0 && wins_tie)) lowest = x_[s], first = s;
  }
  if (first < 0) return end(true, "");
  alpha_ = Vec::Constant(n_, -1.0);  // B^{-1}(-d) = -e exactly
  const int left_first = label_[first];
  pivot(z0(), Candidate{first, -1.0}, -lowest);
  int entering = complement(left_first);
  while (true) {
    if (pivots_ >= max_pivots) return end(false, "pivot cap reached");
    if (eta_.size() >= static_cast<std::size_t>(kEtaLimit) && !refactor())
      return end(false, "singular basis at refactorisation");
    column(entering, a_);
    alpha_ = a_;
    ftran(alpha_);
    Candidate l;
    double step = 0.0, unorm = 0.0;
    bool blocked = ratio_test(l, step, unorm);
    // A ray or a tiny pivot computed through etas is re-examined on a fresh factorisation.
    if ((!blocked || l.u < kSmallPivot * unorm) && !eta_.empty()) {
      if (!refactor()) return end(false, "singular basis at refactorisation");
      alpha_ = a_;
      ftran(alpha_);
      blocked = ratio_test(l, step, unorm);
    }
    if (!blocked) {
      std::ostringstream out;
      out << "ray termination (entering " << (is_z(entering) ? "z_" : "w_") << (entering % n_) << ", after "
          << pivots_ << " pivots)";
      SparsePathEnd ray = end(false, out.str());
      ray.ray = true;
      return ray;
    }
    if (!std::isfinite(step) || !std::isfinite(l.u)) return end(false, "non-finite pivot");
    const int leaving = label_[l.slot];
    const bool small = l.u < kSmallPivot * unorm;
    pivot(entering, l, step);
    if (leaving == z0()) return end(true, "");
    if (cycled_) return end(false, "a basis repeated under larger-pivot ties");
    if (small && !refactor()) return end(false, "singular basis after a small pivot");
    entering = complement(leaving);
  }
}

}  // namespace

SparsePathEnd sparse_lemke_path(const SparseMat& M, const Vec& q, const std::vector<int>& start,
                                const std::vector<char>& zero_column, int max_pivots, PathTies ties) {
  SparsePathEnd first = SparsePath(M, q, zero_column, ties).run(start, max_pivots);
  if (!first.cycled) return first;
  // The lexicographic rule excludes cycling only from the start, where B^{-1} B_S = I is
  // lex-positive; switched on mid-path it cycled too (random degenerate LCPs of 5 rows). So the
  // path is run again from the start.
  SparsePathEnd again = SparsePath(M, q, zero_column, PathTies::Lexicographic).run(start, max_pivots - first.pivots);
  again.pivots += first.pivots;
  again.lexicographic_from = first.pivots;
  return again;
}

}  // namespace pegsim
