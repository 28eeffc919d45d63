// Lemke's complementary pivoting method (Lemke 1965; Cottle–Pang–Stone 1992, sec. 4.4), revised
// form with a larger-pivot, then lexicographic, ratio test.
//
// Augmented system:   w = q + M z + d z0,   w, z, z0 >= 0,   w_i z_i = 0 for every i.
// Start (complementary basis S, normally S = {}: all w basic): z0 enters at the smallest value
// that makes every basic variable >= 0; each later pivot brings in the complement of the variable
// that just left, until z0 leaves (a solution) or the entering column has no blocking row (ray).
// Covering vector: d = e, the textbook choice (for which Murty's example needs 2^n pivots). For a
// start S != {} we use d = B_S e, i.e. Lemke with d = e on the principal pivot transform.
//
// Basis representation (why it is cheap): with C the basic z's (and z0) and R the rows whose w is
// nonbasic (|R| = |C| = k), the basic solution is fixed by the k x k system G x_C = -q_R with
// G = [M_{R,Z} d_R]; the basic w's follow as w = q + M_{:,C} x_C. We keep G^{-1} explicitly and
// update it by rank-one (Sherman–Morrison / bordering) formulas, one per pivot kind:
//   z enters, w leaves: G grows by a row and a column;  z enters, z leaves: a column changes;
//   w enters, w leaves: a row changes;                  w enters, z leaves: G shrinks.
// A pivot costs O(n k + k^2) instead of the O(n^2) of a full tableau and allocates nothing; G is
// refactorised from M (PartialPivLU) every max(50, k) pivots (amortised O(k^2)) and after any
// pivot that was small relative to its column, so update errors never accumulate. The final
// basis's z is refined against the original data with the path's G^{-1} (two O(k^2) sweeps), and
// re-solved from the original data (a k x k factorisation) only when that does not verify.
//
// Degeneracy: ties in the ratio test go to the larger pivot until a basis repeats, and from then
// on are broken lexicographically on the rows of B^{-1} (for a start S: of B^{-1} B_S), i.e. as if
// q were perturbed by (eps, eps^2, ..., eps^n), which excludes cycling (Cottle's cycling example);
// options.lemke_ties = Lexicographic applies that rule from the start (PathTies, solver.h). Why
// the larger pivot first: resting contacts make most bases degenerate, each tied row costs an
// O(k^2) lexicographic row, and the rule takes tiny pivots; measured in BENCHMARKS.md ("Ties to
// the larger pivot"). Ties are detected relative to the size of the basic values.
// z0 always wins a tie (termination), and a w_j whose column M_{:,j} is all zero always loses one:
// z_j then has nothing to do (it changes no w), so letting w_j leave would end the path in a ray.
//
// Ray termination. For copositive-plus M (contact LCPs) a ray proves infeasibility; we check the
// proof itself: the ray direction dz >= 0 with M^T dz <= 0 and q^T dz < 0 is a Farkas certificate
// that no z >= 0 has M z + q >= 0 (status Infeasible). When the certificate fails the ray proves
// nothing (status RayTermination): M is not copositive-plus, or, for copositive M such as
// Stewart–Trinkle's, q violates Lemke's sufficient condition (a jam, lcp/jam.h). Egan's max formulation is such a case: with d = e its second pivot brings in
// g2, whose column (zero diagonal, M >= 0) only raises w, a ray; no positive covering vector we
// tried reaches a solution, and its zero column p turns the needed active row d - gamma + 1 = 0
// into a ray too. Then, for n <= kRestartMaxSize, we restart Lemke from other complementary bases
// S (smallest first, nonsingular M_SS only, at most kMaxRestarts paths): a different start is a
// different covering ray and often reaches a solution (it does on both Egan examples).
// Every result still goes through finalize_result, so "Solved" means the independent check passed.
//
// Scaling: when row or column norms of M spread over more than a factor 16 we run the path on
// the power-of-two equilibrated problem (Dr M Dc, Dr q), which has the same solutions
// (z = Dc z~), so that the relative tolerances below mean the same thing on every row.
//
// Warm start: options.warm_basis (basic z indices) is accepted outright when that complementary
// basis gives a verified solution (0 pivots); otherwise a path starts from it (its start reuses
// the check's factorisation of M_SS), and when that path fails the textbook path follows (a path
// started from a wrong guess has no guarantee even for copositive-plus M).
//
// Large LCPs (kSparsePathMinSize rows and more): the warm check factorises M_SS sparsely and the
// paths run first on a sparse basis in product form (sparse_lemke_path.h), without the k x k
// inverse whose O(k^3) start dominated warm paths on frictional islands of thousands of rows. A ray
// there still goes to the dense search below (its certificate); other failures are reported.
#include <pegsim/lcp/solver.h>
#include <pegsim/lcp/sparse_lcp.h>

#include "basis_history.h"
#include "lemke_tolerances.h"
#include "sparse_lemke_path.h"

#include <Eigen/LU>
#include <Eigen/SparseLU>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
#include <limits>
#include <memory>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace pegsim {
namespace {

using lemke_tolerance::kPivot, lemke_tolerance::kSmallPivot, lemke_tolerance::kTie, lemke_tolerance::kLex;
constexpr int kRefactorMin = 50;           // refactorise every max(kRefactorMin, k) pivots
constexpr double kSingularRcond = 1e-13;
constexpr double kCertificateTolerance = 1e-9;
constexpr int kRestartMaxSize = 128;       // restarts only for small (designed) problems
constexpr int kMaxRestarts = 64;          // restart paths actually run
constexpr int kMaxStartTries = 4096;       // starting bases looked at (singular ones are skipped)
// From this size, the warm check and the paths run on a sparse basis first (sparse_lemke_path.h)
constexpr int kSparsePathMinSize = kSparseLemkeMinRows;
// ... and give up after this many pivots per row (a solved path takes under 1 per row; one that
// wandered on in a frictional 200-body pile ran to the 50 n cap: 87600 pivots, 104 s)
constexpr int kSparsePathPivotsPerRow = 4;
// ... of which one path (the warm one, or the textbook one) takes at most this many per row: the
// 1203 solved paths of 1279 replayed from frictional 100- and 200-body piles took at most 0.91
// per row, while a path that wandered to the 4 n cap took 9-32 s of a 90 s run (many tied rows,
// a transposed solve each), and a warm path that took the whole cap left the textbook path none.
constexpr int kSparsePathPivotsPerRowEach = 2;

// Power-of-two row/column scalings (Ruiz equilibration, rounded so that scaling is exact).
struct Scaling {
  Vec row, col;
  bool active = false;
  std::vector<char> zero_column;  // M_{:,j} == 0 (unchanged by scaling)
};

// Spread (max/min) of the nonzero entries of v; 1 when there are none.
double spread(const Vec& v) {
  double lo = std::numeric_limits<double>::infinity(), hi = 0.0;
  for (double x : v)
    if (x > 0.0) lo = std::min(lo, x), hi = std::max(hi, x);
  return hi > 0.0 ? hi / lo : 1.0;
}

// The nonzeros of M column by column. A contact LCP couples each row with few others (a frictional
// cell of 1200 rows: a few per cent nonzero), so the path's column sums y += a M_{:,j} and the
// equilibration's sweeps cost O(nonzeros of the column) instead of O(n). Skipping exact zeros
// changes no sum (x + 0 = x, up to the sign of a zero, which no comparison sees): the same path.
class SparseColumns {
 public:
  explicit SparseColumns(const Mat& M)
      : start_(static_cast<std::size_t>(M.cols()) + 1, 0),
        row_(new int[static_cast<std::size_t>(M.size())]),
        value_(new double[static_cast<std::size_t>(M.size())]) {
    std::size_t count = 0;
    for (Eigen::Index j = 0; j < M.cols(); ++j) {
      for (Eigen::Index i = 0; i < M.rows(); ++i) {  // written unconditionally, kept when nonzero: no branch
        row_[count] = static_cast<int>(i);
        value_[count] = M(i, j);
        count += M(i, j) != 0.0;
      }
      start_[static_cast<std::size_t>(j) + 1] = count;
    }
  }
  // f(i, M_ij) for the nonzeros of column j, by increasing i
  template <class F>
  void for_each(Eigen::Index j, F&& f) const {
    for (std::size_t e = start_[static_cast<std::size_t>(j)]; e < start_[static_cast<std::size_t>(j) + 1]; ++e)
      f(row_[e], value_[e]);
  }
  // y += a M_{:,j}
  void add_to(Vec& y, Eigen::Index j, double a) const {
    for_each(j, [&](int i, double m_ij) { y[i] += m_ij * a; });
  }
  // y = M_{:,j}
  void assign_to(Vec& y, Eigen::Index j) const {
    y.setZero();
    for_each(j, [&](int i, double m_ij) { y[i] = m_ij; });
  }
  // In place, M becomes diag(row) M diag(col) without a scan of the dense product: with
  // power-of-two factors every product is exact, so these are the scaled matrix's entries bit for bit.
  void scale(const Vec& row, const Vec& col) {
    for (std::size_t j = 0; j + 1 < start_.size(); ++j)
      for (std::size_t e = start_[j]; e < start_[j + 1]; ++e)
        value_[e] = row[row_[e]] * value_[e] * col[static_cast<Eigen::Index>(j)];
  }

 private:
  std::vector<std::size_t> start_;
  std::unique_ptr<int[]> row_;  // n^2 slots, the first start_.back() used
  std::unique_ptr<double[]> value_;
};

// The nonzeros of a sparse M, read as SparseColumns reads a dense one (exact zeros skipped, rows
// increasing): equilibrate gives the same scaling from either.
class SparseMatColumns {
 public:
  explicit SparseMatColumns(const SparseMat& M) : M_(M) {}
  template <class F>
  void for_each(Eigen::Index j, F&& f) const {
    for (SparseMat::InnerIterator it(M_, j); it; ++it)
      if (it.value() != 0.0) f(static_cast<int>(it.row()), it.value());
  }

 private:
  const SparseMat& M_;
};

// Reads the nonzeros only (a contact LCP couples each row with few others), the same ones the path
// uses: max and the power-of-two products are exact, so the result is the same as a dense sweep's.
template <class Columns>
Scaling equilibrate(const Columns& columns, Eigen::Index n) {
  Scaling s{Vec::Ones(n), Vec::Ones(n), false, std::vector<char>(n, 0)};
  Vec row_max = Vec::Zero(n), col_max = Vec::Zero(n);
  for (Eigen::Index j = 0; j < n; ++j) {
    columns.for_each(j, [&](int i, double m_ij) {
      row_max[i] = std::max(row_max[i], std::abs(m_ij));
      col_max[j] = std::max(col_max[j], std::abs(m_ij));
    });
    s.zero_column[j] = col_max[j] == 0.0;
  }
  if (spread(row_max) <= 16.0 && spread(col_max) <= 16.0) return s;  // well scaled: leave it
  for (int sweep = 0; sweep < 4; ++sweep) {  // powers of two are all we keep: a few sweeps do
    row_max.setZero();
    for (Eigen::Index j = 0; j < n; ++j)
      columns.for_each(j, [&](int i, double m_ij) { row_max[i] = std::max(row_max[i], std::abs(m_ij) * s.col[j]); });
    for (Eigen::Index i = 0; i < n; ++i)
      if (row_max[i] > 0.0) s.row[i] = std::sqrt(s.row[i] / row_max[i]);  // r_i / sqrt(max_j |r_i M_ij c_j|)
    for (Eigen::Index j = 0; j < n; ++j) {
      double m = 0.0;
      columns.for_each(j, [&](int i, double m_ij) { m = std::max(m, std::abs(m_ij) * s.row[i]); });
      if (m > 0.0) s.col[j] = std::sqrt(s.col[j] / m);
    }
  }
  auto round_pow2 = [](double x) { return std::exp2(std::round(std::log2(x))); };
  s.row = s.row.unaryExpr(round_pow2);
  s.col = s.col.unaryExpr(round_pow2);
  s.active = std::max(spread(s.row), spread(s.col)) > 1.0;
  return s;
}

enum class PathEnd { Solution, Ray, PivotCap, Breakdown, SingularStart };

// A^{-1} = U^{-1} L^{-1} P from PA = LU, into out (k x k). Eigen's inverse() solves LU X = P by two
// full triangular solves (2k^3 flops); L^{-1} is unit lower triangular, so its column block j
// needs only the trailing rows' solve (k^3/3 in all), then U^{-1} (k^3) and a column permutation.
template <typename Out>
void inverse_from_lu(const Eigen::PartialPivLU<Mat>& lu, Out&& out) {
  constexpr Eigen::Index kBlock = 32;
  const Eigen::Index k = lu.rows();
  const auto& LU = lu.matrixLU();
  Mat Linv = Mat::Identity(k, k);
  for (Eigen::Index j0 = 0; j0 < k; j0 += kBlock) {
    const Eigen::Index b = std::min(kBlock, k - j0), m = k - j0;
    LU.bottomRightCorner(m, m).template triangularView<Eigen::UnitLower>().solveInPlace(Linv.block(j0, j0, m, b));
  }
  LU.template triangularView<Eigen::Upper>().solveInPlace(Linv);
  out = Linv * lu.permutationP();
}

// A warm basis's M_SS factorised from the original data (the warm check's), reused by the path's start.
struct BasisFactor {
  Eigen::PartialPivLU<Mat> lu;
  const Scaling* scaling = nullptr;  // the path's scaling, set once it is known
};

// Lemke paths on one LCP(M, q) (already scaled). Labels: z_j -> j, z0 -> n; rows i.
class LemkePath {
 public:
  LemkePath(const Mat& M, SparseColumns columns, const Vec& q, std::vector<char> zero_column, PathTies ties)
      : M_(M), columns_(std::move(columns)), q_(q), n_(static_cast<int>(q.size())), d_(n_), Ginv_(n_, n_), xC_(n_), w_(n_), dxC_(n_),
        dw_(n_), y_(n_), h_(n_), tmp_(n_), b_(n_), lex_best_(n_), lex_cur_(n_), lex_tmp_(n_),
        col_pos_(n_ + 1, -1), row_pos_(n_, -1), in_start_(n_, 0), zero_column_(std::move(zero_column)), ties_(ties) {
    cols_.reserve(n_);
    rows_.reserve(n_);
  }

  // One path from the complementary basis `start` (basic z indices), at most max_pivots pivots.
  // seed (optional): M_SS's factorisation from the original data, S = start in that order (the
  // warm check's), so the start does not factorise M_SS a second time.
  PathEnd run(const std::vector<int>& start, int max_pivots, const BasisFactor* seed = nullptr);
  int pivots() const { return pivots_; }
  const std::string& detail() const { return detail_; }
  Vec z() const;                    // current z (z0 dropped)
  std::vector<int> basic_z() const; // basic z indices, increasing
  const Vec& ray() const { return ray_; }  // dz of the terminal ray (valid after PathEnd::Ray)
  // After PathEnd::Solution: z on the final basis, refined against the original data.
  Vec refined_z(const Lcp& lcp, const Scaling& scaling, int sweeps);

 private:
  struct Entering {
    bool is_z;  // z_j (index j, or n for z0) or w_i (index i)
    int index;
  };
  struct Leaving {
    bool is_z = false;
    int pos = -1;    // position in C (is_z)
    int row = -1;    // row of w (!is_z)
    double u = 0.0;  // -dx of the leaving variable (the pivot magnitude)
  };

  int k() const { return static_cast<int>(cols_.size()); }
  double column_entry(int row, int label) const { return label == n_ ? d_[row] : M_(row, label); }
  void reset();
  bool start(const std::vector<int>& basis, Leaving& first, double& step, const BasisFactor* seed);
  void direction(Entering e);
  bool ratio_test(Leaving& out, double& step, double& unorm);
  bool prefer(const Leaving& cand, const Leaving& best, bool& lex_ready, bool& lex_computed);
  void lex_row(const Leaving& c, Vec& out);
  void pivot(Entering e, const Leaving& l, double step);
  bool refactor();
  bool invert_from(const BasisFactor& seed);
  bool basic_values();
  void record_ray(Entering e);
  PathEnd follow(const std::vector<int>& start, int max_pivots, const BasisFactor* seed, bool lexicographic);
  void remember_basis();
  // labels of the basis history: z_j -> j (z0 -> n), a nonbasic w_i (a row of G) -> n + 1 + i
  int row_label(int row) const { return n_ + 1 + row; }

  const Mat& M_;
  const SparseColumns columns_;  // M_'s nonzeros: the column sums of direction() and refactor()
  const Vec& q_;
  const int n_;
  Vec d_;                     // covering vector (column of z0)
  Mat Ginv_;                  // top-left k x k block: G^{-1}, rows ~ C positions, cols ~ R positions
  Vec xC_, w_, dxC_, dw_;     // values and directions of basic z's (by C position) and of w's (by row)
  Vec y_, h_, tmp_, b_;       // work vectors for the updates
  Vec lex_best_, lex_cur_, lex_tmp_;
  Vec ray_;
  std::vector<int> cols_, rows_, col_pos_, row_pos_;
  std::vector<char> in_start_, zero_column_;
  bool start_empty_ = true;
  int pivots_ = 0;
  int since_refactor_ = 0;
  std::string detail_;
  // Ties go to the larger pivot until a basis repeats, then the path is run again with
  // lexicographic ties (PathTies).
  const PathTies ties_;
  bool lexicographic_ = false;
  bool cycled_ = false;
  detail::BasisHistory history_;
};

Vec LemkePath::z() const {
  Vec z = Vec::Zero(n_);
  for (int p = 0; p < k(); ++p)
    if (cols_[p] < n_) z[cols_[p]] = std::max(0.0, xC_[p]);
  return z;
}

std::vector<int> LemkePath::basic_z() const {
  std::vector<int> out;
  for (int c : cols_)
    if (c < n_) out.push_back(c);
  std::sort(out.begin(), out.end());
  return out;
}

void LemkePath::reset() {
  for (int c : cols_) col_pos_[c] = -1;
  for (int r : rows_) row_pos_[r] = -1;
  cols_.clear();
  rows_.clear();
  std::fill(in_start_.begin(), in_start_.end(), 0);
  pivots_ = 0;
  since_refactor_ = 0;
  detail_.clear();
  cycled_ = false;
  history_.clear();
}

// A basis met before means the larger-pivot ties cycle.
void LemkePath::remember_basis() {
  if (!lexicographic_ && history_.repeated()) cycled_ = true;
}

// Sets up the complementary basis S, the covering vector d = B_S e and the first pivot (z0 enters
// at -min x_B; ties go to the largest index, the lexicographic choice when B_S^{-1} B = I, except
// that a zero-column row loses ties).
// Returns false when M_SS is singular; `first.pos`/`first.row` < 0 when x_B >= 0 already.
bool LemkePath::start(const std::vector<int>& basis, Leaving& first, double& step, const BasisFactor* seed) {
  reset();
  start_empty_ = basis.empty();
  for (int j : basis) {
    in_start_[j] = 1;
    col_pos_[j] = k();
    row_pos_[j] = k();
    cols_.push_back(j);
    rows_.push_back(j);
  }
  // d_i = 1 - (M_{:,S} 1)_i off S, -(M_{S,S} 1)_i on S: every basic variable grows at rate 1.
  d_.setOnes();
  for (int j : basis) d_ -= M_.col(j);
  for (int j : basis) d_[j] -= 1.0;
  for (int j : basis) history_.toggle(j), history_.toggle(row_label(j));
  remember_basis();
  if (!(seed != nullptr && invert_from(*seed)) && !refactor()) return false;
  first = Leaving{};
  double lowest = 0.0;
  int best_index = -1;
  bool best_idle = false;
  auto consider = [&](double x, int index, const Leaving& l) {
    const bool idle = !l.is_z && zero_column_[index];
    const bool wins_tie = best_index >= 0 && (best_idle != idle ? best_idle : index > best_index);
    if (x < lowest || (x == lowest && wins_tie)) lowest = x, best_index = index, first = l, best_idle = idle;
  };
  for (int p = 0; p < k(); ++p) consider(xC_[p], cols_[p], Leaving{true, p, -1, 1.0});
  for (int i = 0; i < n_; ++i)
    if (row_pos_[i] < 0) consider(w_[i], i, Leaving{false, -1, i, 1.0});
  step = -lowest;
  return true;
}

// dx_C and dw for a unit increase of the entering variable (basic w rows only are meaningful).
void LemkePath::direction(Entering e) {
  const int kk = k();
  if (e.is_z) {
    for (int s = 0; s < kk; ++s) b_[s] = column_entry(rows_[s], e.index);
    dxC_.head(kk).noalias() = -Ginv_.topLeftCorner(kk, kk) * b_.head(kk);
    if (e.index == n_) dw_ = d_;
    else columns_.assign_to(dw_, e.index);
  } else {
    dxC_.head(kk) = Ginv_.col(row_pos_[e.index]).head(kk);
    dw_.setZero();
  }
  for (int p = 0; p < kk; ++p) {
    const double a = dxC_[p];
    if (a == 0.0) continue;
    if (cols_[p] == n_) dw_.noalias() += d_ * a;
    else columns_.add_to(dw_, cols_[p], a);
  }
}

// Row of the lexicographic matrix for a basic variable, divided by its pivot magnitude. With the
// tableau B x_B = q (columns e_i for w_i, -M_{:,j} for z_j, -d for z0), row of B^{-1}:
// -G^{-1}(p,:) for z's, e_l - M_{l,C} G^{-1} for w_l, both on the R columns; for a start S the
// lexicographic matrix is B^{-1} B_S, whose column j in S is -(row . M_{:,j}).
void LemkePath::lex_row(const Leaving& c, Vec& out) {
  const int kk = k();
  out.setZero();
  if (c.is_z) {
    for (int s = 0; s < kk; ++s) out[rows_[s]] = -Ginv_(c.pos, s) / c.u;
  } else {
    for (int p = 0; p < kk; ++p) tmp_[p] = column_entry(c.row, cols_[p]);
    h_.head(kk).noalias() = Ginv_.topLeftCorner(kk, kk).transpose() * tmp_.head(kk);
    for (int s = 0; s < kk; ++s) out[rows_[s]] = -h_[s] / c.u;
    out[c.row] += 1.0 / c.u;
  }
  if (start_empty_) return;
  for (int j = 0; j < n_; ++j)
    if (in_start_[j]) lex_tmp_[j] = -out.dot(M_.col(j));
  for (int j = 0; j < n_; ++j)
    if (in_start_[j]) out[j] = lex_tmp_[j];
}

// True when the tied candidate should replace the current best (see the header comment).
// lex_computed: lex_cur_ now holds the candidate's lexicographic row (lex_best_ the best's).
bool LemkePath::prefer(const Leaving& cand, const Leaving& best, bool& lex_ready, bool& lex_computed) {
  lex_computed = false;
  const bool best_z0 = best.is_z && cols_[best.pos] == n_;
  const bool cand_z0 = cand.is_z && cols_[cand.pos] == n_;
  if (best_z0 || cand_z0) return cand_z0 && !best_z0;
  const bool best_idle = !best.is_z && zero_column_[best.row];
  const bool cand_idle = !cand.is_z && zero_column_[cand.row];
  if (best_idle != cand_idle) return best_idle;
  if (!lexicographic_) return cand.u > best.u;
  if (!lex_ready) lex_row(best, lex_best_), lex_ready = true;
  lex_row(cand, lex_cur_);
  lex_computed = true;
  const double scale = std::max(lex_best_.cwiseAbs().maxCoeff(), lex_cur_.cwiseAbs().maxCoeff());
  const double tol = kLex * scale;
  for (int c = 0; c < n_; ++c) {
    const double diff = lex_cur_[c] - lex_best_[c];
    if (diff < -tol) return true;
    if (diff > tol) return false;
  }
  return cand.u > best.u;  // lexicographically equal within tolerance: the larger pivot
}

// Minimum ratio test with the tie rules above. Returns false when nothing blocks.
bool LemkePath::ratio_test(Leaving& out, double& step, double& unorm) {
  const int kk = k();
  unorm = 0.0;
  double xscale = 0.0;
  for (int p = 0; p < kk; ++p) unorm = std::max(unorm, std::abs(dxC_[p])), xscale = std::max(xscale, std::abs(xC_[p]));
  for (int i = 0; i < n_; ++i)
    if (row_pos_[i] < 0) unorm = std::max(unorm, std::abs(dw_[i])), xscale = std::max(xscale, std::abs(w_[i]));
  const double piv_tol = kPivot * unorm;
  const double x_tie = kTie * xscale;

  double tmin = std::numeric_limits<double>::infinity();
  for (int p = 0; p < kk; ++p)
    if (-dxC_[p] > piv_tol) tmin = std::min(tmin, std::max(xC_[p], 0.0) / -dxC_[p]);
  for (int i = 0; i < n_; ++i)
    if (row_pos_[i] < 0 && -dw_[i] > piv_tol) tmin = std::min(tmin, std::max(w_[i], 0.0) / -dw_[i]);
  if (!std::isfinite(tmin)) return false;
  step = tmin;

  bool found = false, lex_ready = false;
  auto consider = [&](const Leaving& cand) {
    if (!found) {
      out = cand, found = true;
    } else if (bool computed = false; prefer(cand, out, lex_ready, computed)) {
      out = cand;
      if (computed) std::swap(lex_best_, lex_cur_);
      else lex_ready = false;
    }
  };
  for (int p = 0; p < kk; ++p) {
    const double u = -dxC_[p];
    if (u > piv_tol && std::max(xC_[p], 0.0) - tmin * u <= x_tie) consider({true, p, -1, u});
  }
  for (int i = 0; i < n_; ++i) {
    if (row_pos_[i] >= 0) continue;
    const double u = -dw_[i];
    if (u > piv_tol && std::max(w_[i], 0.0) - tmin * u <= x_tie) consider({false, -1, i, u});
  }
  return true;
}

void LemkePath::pivot(Entering e, const Leaving& l, double t) {
  const int kk = k();
  // Values first (the directions are in the old basis).
  xC_.head(kk) += t * dxC_.head(kk);
  for (int i = 0; i < n_; ++i)
    if (row_pos_[i] < 0) w_[i] += t * dw_[i];

  auto G = Ginv_.topLeftCorner(kk, kk);
  if (e.is_z && !l.is_z) {
    // Bordering: G' = [G b; c^T delta], s = delta - c^T G^{-1} b = dw_r.
    const int r = l.row, j = e.index;
    const double s = dw_[r];
    y_.head(kk) = -dxC_.head(kk);  // G^{-1} b
    for (int p = 0; p < kk; ++p) tmp_[p] = column_entry(r, cols_[p]);
    h_.head(kk).noalias() = G.transpose() * tmp_.head(kk);  // (c^T G^{-1})^T
    G.noalias() += (y_.head(kk) / s) * h_.head(kk).transpose();
    Ginv_.col(kk).head(kk) = -y_.head(kk) / s;
    Ginv_.row(kk).head(kk) = -h_.head(kk).transpose() / s;
    Ginv_(kk, kk) = 1.0 / s;
    history_.toggle(j), history_.toggle(row_label(r));
    cols_.push_back(j);
    rows_.push_back(r);
    col_pos_[j] = kk;
    row_pos_[r] = kk;
    xC_[kk] = t;
    w_[r] = 0.0;
  } else if (e.is_z && l.is_z) {
    // Column replacement: G' = G + (b - G e_p) e_p^T, pivot y_p = (G^{-1} b)_p.
    const int p = l.pos, j = e.index;
    y_.head(kk) = -dxC_.head(kk);
    const double yp = y_[p];
    tmp_.head(kk) = G.row(p).transpose() / yp;
    G.noalias() -= y_.head(kk) * tmp_.head(kk).transpose();
    G.row(p) = tmp_.head(kk).transpose();
    history_.toggle(cols_[p]), history_.toggle(j);
    col_pos_[cols_[p]] = -1;
    cols_[p] = j;
    col_pos_[j] = p;
    xC_[p] = t;
  } else if (!e.is_z && !l.is_z) {
    // Row replacement: row s (old row i) of G becomes c^T = M_{r,C}; pivot h_s = dw_r.
    const int i = e.index, r = l.row, s = row_pos_[i];
    for (int p = 0; p < kk; ++p) tmp_[p] = column_entry(r, cols_[p]);
    h_.head(kk).noalias() = G.transpose() * tmp_.head(kk);
    const double hs = h_[s];
    y_.head(kk) = G.col(s) / hs;
    G.noalias() -= y_.head(kk) * h_.head(kk).transpose();
    G.col(s) = y_.head(kk);
    history_.toggle(row_label(i)), history_.toggle(row_label(r));
    rows_[s] = r;
    row_pos_[i] = -1;
    row_pos_[r] = s;
    w_[i] = t;
    w_[r] = 0.0;
  } else {
    // Shrink: drop row s (w_i becomes basic) and column p (z leaves); Schur complement on G^{-1}.
    const int i = e.index, p = l.pos, s = row_pos_[i];
    const double piv = G(p, s);
    y_.head(kk) = G.col(s) / piv;
    tmp_.head(kk) = G.row(p).transpose();
    G.noalias() -= y_.head(kk) * tmp_.head(kk).transpose();
    const int last = kk - 1;
    history_.toggle(cols_[p]), history_.toggle(row_label(i));
    // Move the last row into p and the last column into s (the order of C and R is arbitrary).
    Ginv_.row(p).head(kk) = Ginv_.row(last).head(kk);
    Ginv_.col(s).head(kk) = Ginv_.col(last).head(kk);
    xC_[p] = xC_[last];
    col_pos_[cols_[p]] = -1;
    cols_[p] = cols_[last];
    if (p != last) col_pos_[cols_[p]] = p;
    cols_.pop_back();
    row_pos_[i] = -1;
    rows_[s] = rows_[last];
    if (s != last) row_pos_[rows_[s]] = s;
    rows_.pop_back();
    w_[i] = t;
  }
  ++pivots_;
  ++since_refactor_;
  remember_basis();
}

// Rebuilds G^{-1} from M and the basic values from q (drops accumulated update errors).
bool LemkePath::refactor() {
  const int kk = k();
  since_refactor_ = 0;
  if (kk == 0) {
    w_ = q_;
    return true;
  }
  Mat G(kk, kk);
  for (int p = 0; p < kk; ++p)
    for (int s = 0; s < kk; ++s) G(s, p) = column_entry(rows_[s], cols_[p]);
  Eigen::PartialPivLU<Mat> lu(G);
  if (!(lu.rcond() > kSingularRcond)) return false;
  inverse_from_lu(lu, Ginv_.topLeftCorner(kk, kk));
  return basic_values();
}

// The start's G^{-1} from the warm check's factorisation of the unscaled M_SS: the path's G is
// Dr_S M_SS Dc_S, so G^{-1}(p, s) = M_SS^{-1}(p, s) / (c_p r_s), exact with power-of-two scales.
// Saves the start's own k x k factorisation. False (refactor() decides) when the seed is singular.
bool LemkePath::invert_from(const BasisFactor& seed) {
  const int kk = k();
  since_refactor_ = 0;
  if (kk == 0 || seed.lu.rows() != kk || !(seed.lu.rcond() > kSingularRcond)) return false;
  inverse_from_lu(seed.lu, Ginv_.topLeftCorner(kk, kk));
  if (seed.scaling->active)
    for (int s = 0; s < kk; ++s)
      for (int p = 0; p < kk; ++p) Ginv_(p, s) /= seed.scaling->col[cols_[p]] * seed.scaling->row[rows_[s]];
  return basic_values();
}

// x_C = -G^{-1} q_R and w = q + M_{:,C} x_C (basic w's only meaningful) from the current G^{-1};
// false when G^{-1} or x_C is not finite.
bool LemkePath::basic_values() {
  const int kk = k();
  for (int s = 0; s < kk; ++s) b_[s] = q_[rows_[s]];
  xC_.head(kk).noalias() = -Ginv_.topLeftCorner(kk, kk) * b_.head(kk);
  w_ = q_;
  for (int p = 0; p < kk; ++p) {
    if (cols_[p] == n_) w_.noalias() += d_ * xC_[p];
    else columns_.add_to(w_, cols_[p], xC_[p]);
  }
  for (int r : rows_) w_[r] = 0.0;
  return Ginv_.topLeftCorner(kk, kk).allFinite() && xC_.head(kk).allFinite();
}

// Iterative refinement on the final basis with the path's own G^{-1} (O(k^2) a sweep): the basic
// rows' residual r_R = q_R + M_{R,C} z_C of the original data, scaled, corrected by
// dx = -G^{-1} (Dr r)_R. Replaces a fresh k x k factorisation in the common case (best_on_basis
// still factorises when the refined z does not verify). NaN when z0 is basic (no solution basis).
Vec LemkePath::refined_z(const Lcp& lcp, const Scaling& scaling, int sweeps) {
  if (col_pos_[n_] >= 0) return Vec::Constant(n_, std::numeric_limits<double>::quiet_NaN());
  const int kk = k();
  Vec x = xC_.head(kk);
  auto col_scale = [&](int p) { return scaling.active ? scaling.col[cols_[p]] : 1.0; };
  auto row_scale = [&](int s) { return scaling.active ? scaling.row[rows_[s]] : 1.0; };
  for (int sweep = 0; sweep < sweeps; ++sweep) {
    for (int s = 0; s < kk; ++s) {
      const int r = rows_[s];
      double res = lcp.q[r];
      for (int p = 0; p < kk; ++p) res += lcp.M(r, cols_[p]) * (col_scale(p) * x[p]);
      b_[s] = row_scale(s) * res;
    }
    x.noalias() -= Ginv_.topLeftCorner(kk, kk) * b_.head(kk);
  }
  Vec z = Vec::Zero(n_);
  for (int p = 0; p < kk; ++p) z[cols_[p]] = col_scale(p) * x[p];
  return z;
}

// The z part of the unblocked direction: basic z's plus the entering z (if it is a z).
void LemkePath::record_ray(Entering e) {
  ray_ = Vec::Zero(n_);
  for (int p = 0; p < k(); ++p)
    if (cols_[p] < n_) ray_[cols_[p]] = dxC_[p];
  if (e.is_z && e.index < n_) ray_[e.index] += 1.0;
}

// The lexicographic rule excludes cycling only from the start, where B^{-1} B_S = I is
// lex-positive; switched on mid-path it cycled too (random degenerate LCPs of 5 rows). So a path
// whose larger-pivot ties repeat a basis is run again from its start, lexicographically.
PathEnd LemkePath::run(const std::vector<int>& basis, int max_pivots, const BasisFactor* seed) {
  const PathEnd end = follow(basis, max_pivots, seed, ties_ == PathTies::Lexicographic);
  if (!cycled_) return end;
  const int spent = pivots_;
  const PathEnd again = follow(basis, max_pivots - spent, seed, true);
  pivots_ += spent;
  return again;
}

PathEnd LemkePath::follow(const std::vector<int>& basis, int max_pivots, const BasisFactor* seed, bool lexicographic) {
  lexicographic_ = lexicographic;
  Leaving first;
  double step = 0.0;
  if (!start(basis, first, step, seed)) {
    detail_ = "singular starting basis";
    return PathEnd::SingularStart;
  }
  if (first.pos < 0 && first.row < 0) return PathEnd::Solution;  // the start basis solves it
  const Entering z0{true, n_};
  direction(z0);
  const int leaving_index = first.is_z ? cols_[first.pos] : first.row;
  pivot(z0, first, step);
  Entering e{!first.is_z, leaving_index};  // the complement of what left
  while (true) {
    if (pivots_ >= max_pivots) {
      detail_ = "pivot cap reached";
      return PathEnd::PivotCap;
    }
    if (since_refactor_ >= std::max(kRefactorMin, k()) && !refactor()) {
      detail_ = "singular basis at refactorisation";
      return PathEnd::Breakdown;
    }
    direction(e);
    Leaving l;
    double t = 0.0, unorm = 0.0;
    bool blocked = ratio_test(l, t, unorm);
    // A ray or a tiny pivot computed from an updated inverse is re-examined on a fresh one.
    if ((!blocked || l.u < kSmallPivot * unorm) && since_refactor_ > 0) {
      if (!refactor()) {
        detail_ = "singular basis at refactorisation";
        return PathEnd::Breakdown;
      }
      direction(e);
      blocked = ratio_test(l, t, unorm);
    }
    if (!blocked) {
      record_ray(e);
      std::ostringstream out;
      out << "ray termination (entering " << (e.is_z ? "z" : "w") << "_" << e.index;
      if (e.is_z && zero_column_[e.index]) out << ", whose column of M is all zero";
      out << ", after " << pivots_ << " pivots)";
      detail_ = out.str();
      return PathEnd::Ray;
    }
    if (!std::isfinite(t) || !std::isfinite(l.u) || l.u == 0.0) {
      detail_ = "non-finite pivot";
      return PathEnd::Breakdown;
    }
    const bool z0_leaves = l.is_z && cols_[l.pos] == n_;
    const int leaving = l.is_z ? cols_[l.pos] : l.row;
    const bool small = l.u < kSmallPivot * unorm;
    pivot(e, l, t);
    if (z0_leaves) return PathEnd::Solution;
    if (cycled_) {
      detail_ = "a basis repeated under larger-pivot ties";
      return PathEnd::Breakdown;
    }
    if (small && !refactor()) {
      detail_ = "singular basis after a small pivot";
      return PathEnd::Breakdown;
    }
    e = Entering{!l.is_z, leaving};
  }
}

// z = -M_SS^{-1} q_S on a complementary basis, from the original data. keep (optional): receives
// M_SS's factorisation.
Vec solve_on_basis(const Lcp& lcp, const std::vector<int>& basis, Eigen::PartialPivLU<Mat>* keep = nullptr) {
  const int n = lcp.size();
  const int k = static_cast<int>(basis.size());
  Vec z = Vec::Zero(n);
  if (k == 0) return z;
  Mat A(k, k);
  Vec rhs(k);
  for (int a = 0; a < k; ++a) {
    rhs[a] = -lcp.q[basis[a]];
    for (int b = 0; b < k; ++b) A(a, b) = lcp.M(basis[a], basis[b]);
  }
  Eigen::PartialPivLU<Mat> lu(A);
  const Vec zs = lu.solve(rhs);
  for (int a = 0; a < k; ++a) z[basis[a]] = zs[a];
  if (keep != nullptr) *keep = std::move(lu);
  return z;
}

// solve_on_basis on a sparse M: M_SS by a sparse LU. NaN when M_SS is singular (the check fails).
Vec sparse_solve_on_basis(const SparseMat& M, const Vec& q, const std::vector<int>& basis) {
  const int n = static_cast<int>(q.size());
  Vec z = Vec::Zero(n);
  if (basis.empty()) return z;
  std::vector<int> position(static_cast<std::size_t>(n), -1);
  for (std::size_t a = 0; a < basis.size(); ++a) position[static_cast<std::size_t>(basis[a])] = static_cast<int>(a);
  const SparseMat block = principal_submatrix(M, basis, position);
  Eigen::SparseLU<SparseMat, Eigen::COLAMDOrdering<int>> lu;
  lu.analyzePattern(block);
  lu.factorize(block);
  if (lu.info() != Eigen::Success) return Vec::Constant(n, std::numeric_limits<double>::quiet_NaN());
  Vec rhs(static_cast<Eigen::Index>(basis.size()));
  for (std::size_t a = 0; a < basis.size(); ++a) rhs[static_cast<Eigen::Index>(a)] = -q[basis[a]];
  const Vec zs = lu.solve(rhs);
  for (std::size_t a = 0; a < basis.size(); ++a) z[basis[a]] = zs[static_cast<Eigen::Index>(a)];
  return z;
}

// The final z: re-solved on the final basis from the original data (drops the rounding of the
// path), or the path's own iterate if that checks out better. ok: one of them passed the check.
Vec best_on_basis(const Lcp& lcp, const std::vector<int>& basis, const Vec& iterate, double tolerance, bool& ok) {
  Vec polished = solve_on_basis(lcp, basis);
  const Verification p = verify_lcp(lcp, polished, tolerance);
  ok = p.ok;
  if (p.ok) return polished;
  const Verification i = verify_lcp(lcp, iterate, tolerance);
  ok = i.ok;
  return i.residual <= p.residual ? iterate : polished;
}

// A warm basis is usable when its indices are distinct and in range.
bool valid_basis(const std::vector<int>& basis, int n) {
  std::vector<char> seen(n, 0);
  for (int i : basis) {
    if (i < 0 || i >= n || seen[i]) return false;
    seen[i] = 1;
  }
  return true;
}

// options.warm_basis sorted, or empty when there is none or it is not a valid basis.
std::vector<int> sorted_warm_basis(const SolveOptions& options, int n) {
  if (options.warm_basis == nullptr || !valid_basis(*options.warm_basis, n)) return {};
  std::vector<int> basis = *options.warm_basis;
  std::sort(basis.begin(), basis.end());
  return basis;
}

constexpr const char* kNoUsableWarmBasis =
    "warm_path_only: no usable warm basis (none, invalid, empty, or it solved nothing)";

// Farkas: dz >= 0, M^T dz <= 0, q^T dz < 0  =>  no z >= 0 with M z + q >= 0 (dz^T(Mz + q) < 0).
bool proves_infeasible(const Lcp& lcp, Vec dz) {
  const double top = dz.cwiseAbs().maxCoeff();
  if (!(top > 0.0) || !dz.allFinite()) return false;
  dz /= top;
  if (dz.minCoeff() < -kCertificateTolerance) return false;
  dz = dz.cwiseMax(0.0);
  const double mscale = std::max(lcp.M.cwiseAbs().maxCoeff(), std::numeric_limits<double>::min());
  const Vec mt = lcp.M.transpose() * dz;
  if (mt.maxCoeff() > kCertificateTolerance * mscale) return false;
  return lcp.q.dot(dz) < -kCertificateTolerance * std::max(1.0, lcp.q.cwiseAbs().maxCoeff());
}

// The next complementary basis to restart from: subsets of {0..n-1} by size, then
// lexicographically (combination successor); false when exhausted.
bool next_subset(std::vector<int>& s, int n) {
  int k = static_cast<int>(s.size());
  for (int i = k - 1; i >= 0; --i) {
    if (s[i] < n - k + i) {
      ++s[i];
      for (int j = i + 1; j < k; ++j) s[j] = s[j - 1] + 1;
      return true;
    }
  }
  if (k == n) return false;
  s.resize(k + 1);
  for (int j = 0; j <= k; ++j) s[j] = j;
  return true;
}

// Where the search over Lemke paths ended (z, basis and detail of the path that decides it).
struct SearchOutcome {
  PathEnd end = PathEnd::Breakdown;
  Vec z;
  std::vector<int> basis;
  std::string detail;
  int pivots = 0;
  int restarts = 0;
  bool certified = false;  // Ray with a verified Farkas certificate
};

// The textbook path first; after a ray that carries no infeasibility certificate, restarts from
// other complementary bases (small problems only). lcp: original data, for the checks.
// warm (may be empty): a guessed complementary basis, e.g. another solver's active set; its path
// is tried first (it starts near the answer, so it is short), then the textbook path.
SearchOutcome search_paths(const Lcp& lcp, const Mat& M, SparseColumns columns, const Vec& q, const Scaling& scaling,
                           int max_pivots, double tolerance, const std::vector<int>& warm, const BasisFactor* warm_factor,
                           bool warm_only, PathTies ties) {
  auto unscaled = [&](const Vec& v) { return scaling.active ? Vec(scaling.col.cwiseProduct(v)) : v; };
  const int n = lcp.size();
  LemkePath path(M, std::move(columns), q, scaling.zero_column, ties);
  // The final z: refined with the path's G^{-1}; when that does not verify, re-solved from the data.
  auto polished = [&](const std::vector<int>& basis, bool& ok) {
    Vec z = path.refined_z(lcp, scaling, 2);
    ok = z.allFinite() && verify_lcp(lcp, z, tolerance).ok;
    if (ok) return z;
    return best_on_basis(lcp, basis, unscaled(path.z()), tolerance, ok);
  };
  int warm_pivots = 0;
  if (!warm.empty()) {
    const PathEnd end = path.run(warm, max_pivots, warm_factor);
    warm_pivots = path.pivots();
    if (end == PathEnd::Solution) {
      bool ok = false;
      const std::vector<int> basis = path.basic_z();
      Vec z = polished(basis, ok);
      if (ok) return SearchOutcome{end, std::move(z), basis, "", warm_pivots, 0};
    }
    if (warm_only) {
      const PathEnd failed = end == PathEnd::Solution ? PathEnd::Breakdown : end;
      return SearchOutcome{failed, unscaled(path.z()), path.basic_z(), "path from the warm basis: " + path.detail(),
                           warm_pivots, 0};
    }
  }
  SearchOutcome first;  // the textbook path's failure, reported if nothing better turns up
  first.pivots = warm_pivots;
  std::vector<int> start;
  int tries = 0;
  while (true) {
    const PathEnd end = path.run(start, max_pivots - first.pivots);
    first.pivots += path.pivots();
    if (!start.empty() && end != PathEnd::SingularStart) ++first.restarts;
    if (end == PathEnd::Solution) {
      bool ok = false;
      const std::vector<int> basis = path.basic_z();
      Vec z = polished(basis, ok);
      // The first path reports even a bad end (finalize_result downgrades it); a restart that
      // ends badly is just another failed start.
      if (ok || start.empty()) return SearchOutcome{end, std::move(z), basis, "", first.pivots, first.restarts};
    }
    if (start.empty()) first.end = end, first.z = unscaled(path.z()), first.basis = path.basic_z(), first.detail = path.detail();
    if (end == PathEnd::PivotCap || first.pivots >= max_pivots) {
      first.end = PathEnd::PivotCap;
      return first;
    }
    if (end == PathEnd::Breakdown && start.empty()) return first;
    if (end == PathEnd::Ray && proves_infeasible(lcp, unscaled(path.ray()))) {
      SearchOutcome proof{end, unscaled(path.z()), path.basic_z(), path.detail(), first.pivots, first.restarts};
      proof.detail += "; the ray is an infeasibility certificate (dz >= 0, M^T dz <= 0, q^T dz < 0)";
      proof.certified = true;
      return proof;
    }
    if (n > kRestartMaxSize || first.restarts >= kMaxRestarts || ++tries > kMaxStartTries || !next_subset(start, n)) {
      first.end = PathEnd::Ray;
      first.detail += "; no infeasibility certificate (M is not copositive-plus along the ray)";
      if (n <= kRestartMaxSize)
        first.detail += "; " + std::to_string(first.restarts) + " restarts from other complementary bases found no solution";
      return first;
    }
  }
}

// Where the sparse paths ended (large LCPs).
struct SparseAttempt {
  bool solved = false;
  bool ray = false;  // the last path ended in a ray: the dense search looks for its certificate
  Vec z;
  std::vector<int> basis;
  int pivots = 0;
  bool capped = false;  // the last path stopped at its pivot cap
  std::string detail;
};

// Large LCPs: the warm path (when there is a warm basis), then the textbook path (unless
// warm_only), on a sparse basis (sparse_lemke_path.h), on the same scaled problem as the dense
// search. Solved only when z verifies on the original data (re-solved on its basis if need be).
// verifies(z): the independent check on the original LCP (M, q_original).
SparseAttempt sparse_paths(const Vec& q_original, const SparseMat& M, const Scaling& scaling, const std::vector<int>& warm,
                           bool warm_only, int max_pivots, PathTies ties, const std::function<bool(const Vec&)>& verifies) {
  const SparseMat scaled = scaling.active ? SparseMat(scaling.row.asDiagonal() * M * scaling.col.asDiagonal()) : M;
  const Vec q = scaling.active ? Vec(scaling.row.cwiseProduct(q_original)) : q_original;
  std::vector<std::vector<int>> starts;
  if (!warm.empty()) starts.push_back(warm);
  if (!warm_only) starts.emplace_back();
  SparseAttempt out;
  const int per_path = kSparsePathPivotsPerRowEach * static_cast<int>(q.size());
  for (const std::vector<int>& start : starts) {
    const int cap = std::min(max_pivots - out.pivots, per_path);
    const SparsePathEnd end = sparse_lemke_path(scaled, q, start, scaling.zero_column, cap, ties);
    out.pivots += end.pivots;
    out.ray = end.ray;
    out.capped = !end.solution && !end.ray && end.pivots >= cap;
    out.detail = (start.empty() ? "sparse path: " : "sparse path from the warm basis: ") + end.detail;
    out.basis = end.basis;
    out.z = scaling.active ? Vec(scaling.col.cwiseProduct(end.z)) : end.z;
    if (end.solution) {
      if (!verifies(out.z)) out.z = sparse_solve_on_basis(M, q_original, end.basis);
      out.solved = out.z.allFinite() && verifies(out.z);
      if (out.solved) return out;
      out.detail += "the solution basis does not verify";
      if (!out.z.allFinite()) out.z = Vec::Zero(q_original.size());
    }
    if (out.pivots >= max_pivots) break;
  }
  return out;
}

}  // namespace

LcpResult solve_lemke(const Lcp& lcp, const SolveOptions& options) {
  const auto t0 = std::chrono::steady_clock::now();
  LcpResult result;
  result.solver = "lemke";
  auto finish = [&](SolveStatus status) {
    result.status = status;
    finalize_result(lcp, options.tolerance, result);
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return result;
  };

  if (const std::string problem = validate_lcp(lcp); !problem.empty()) {
    result.message = problem;
    return finish(SolveStatus::InvalidInput);
  }
  const int n = lcp.size();
  if (n == 0 || lcp.q.minCoeff() >= 0.0) {  // z = 0 solves it: no pivots
    result.z = Vec::Zero(n);
    return finish(SolveStatus::Solved);
  }

  const bool large = n >= kSparsePathMinSize;
  SparseMat sparse_M;  // large: M's nonzeros, for the sparse check and paths
  if (large) sparse_M = lcp.M.sparseView();
  std::vector<int> warm;  // a warm basis that does not solve the LCP outright starts a path
  BasisFactor warm_factor;
  if (std::vector<int> basis = sorted_warm_basis(options, n); !basis.empty()) {
    const Vec z = large ? sparse_solve_on_basis(sparse_M, lcp.q, basis) : solve_on_basis(lcp, basis, &warm_factor.lu);
    if (verify_lcp(lcp, z, options.tolerance).ok) {
      result.z = z;
      result.basis = basis;
      return finish(SolveStatus::Solved);
    }
    warm = std::move(basis);
  }
  if (options.warm_path_only && warm.empty()) {
    result.z = Vec::Zero(n);
    result.message = kNoUsableWarmBasis;
    return finish(SolveStatus::NumericalBreakdown);
  }

  // M's nonzeros, read once: the scaling's sweeps and the path's column sums use them
  SparseColumns columns(lcp.M);
  const Scaling scaling = equilibrate(columns, n);
  const int max_pivots = options.max_iterations > 0 ? options.max_iterations : std::max(1000, 50 * n);
  int sparse_pivots = 0;
  if (large) {
    const bool warm_only = options.warm_path_only && !warm.empty();
    const int sparse_cap = std::min(max_pivots, kSparsePathPivotsPerRow * n);
    SparseAttempt s = sparse_paths(lcp.q, sparse_M, scaling, warm, warm_only, sparse_cap, options.lemke_ties,
                                   [&](const Vec& z) { return verify_lcp(lcp, z, options.tolerance).ok; });
    result.iterations = s.pivots;
    result.z = std::move(s.z);
    result.basis = std::move(s.basis);
    if (s.solved) return finish(SolveStatus::Solved);
    // A ray goes to the dense search, which checks its certificate; another end is reported.
    if (!s.ray) {
      result.message = s.detail;
      if (s.capped) result.message += " (" + std::to_string(s.pivots) + " pivots in all)";
      return finish(s.capped ? SolveStatus::IterationLimit : SolveStatus::NumericalBreakdown);
    }
    sparse_pivots = s.pivots;
    if (!warm_only) warm.clear();  // the sparse textbook path ended in the ray: the dense one follows it
  }
  Mat scaled_M;
  Vec scaled_q;
  if (scaling.active) {
    scaled_M = scaling.row.asDiagonal() * lcp.M * scaling.col.asDiagonal();
    scaled_q = scaling.row.cwiseProduct(lcp.q);
    columns.scale(scaling.row, scaling.col);
  }
  warm_factor.scaling = &scaling;
  SearchOutcome out = search_paths(lcp, scaling.active ? scaled_M : lcp.M, std::move(columns),
                                   scaling.active ? scaled_q : lcp.q, scaling, max_pivots, options.tolerance, warm,
                                   &warm_factor, options.warm_path_only && !warm.empty(), options.lemke_ties);
  result.iterations = sparse_pivots + out.pivots;
  result.z = std::move(out.z);
  result.basis = std::move(out.basis);
  switch (out.end) {
    case PathEnd::Solution: return finish(SolveStatus::Solved);
    case PathEnd::Ray:
      result.message = out.detail;
      result.certified_infeasible = out.certified;
      // Only a checked Farkas certificate is a proof; any other ray is undecided (issue 10 item 5:
      // jammed Stewart–Trinkle LCPs end here, lcp/jam.h).
      return finish(out.certified ? SolveStatus::Infeasible : SolveStatus::RayTermination);
    case PathEnd::PivotCap:
      result.message = "pivot cap reached (" + std::to_string(max_pivots) + " pivots";
      if (out.restarts > 0) result.message += ", " + std::to_string(out.restarts) + " restarts; first path: " + out.detail;
      result.message += ")";
      return finish(SolveStatus::IterationLimit);
    case PathEnd::Breakdown:
    case PathEnd::SingularStart:
      result.message = out.detail;
      return finish(SolveStatus::NumericalBreakdown);
  }
  return finish(SolveStatus::NumericalBreakdown);
}

LcpResult solve_lemke_sparse(const SparseLcp& lcp, const SolveOptions& options) {
  const auto t0 = std::chrono::steady_clock::now();
  LcpResult result;
  result.solver = "lemke";
  auto finish = [&](SolveStatus status) {
    result.status = status;
    finalize_sparse_result(lcp, options.tolerance, result);
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return result;
  };
  const int n = lcp.size();
  if (lcp.M.rows() != n || lcp.M.cols() != n || !all_finite(lcp)) {
    result.message = "lemke (sparse): M is not n x n or has non-finite entries, or q does";
    result.z = Vec::Zero(n);
    return finish(SolveStatus::InvalidInput);
  }
  if (n == 0 || lcp.q.minCoeff() >= 0.0) {  // z = 0 solves it: no pivots
    result.z = Vec::Zero(n);
    return finish(SolveStatus::Solved);
  }
  // M's nonzeros with sorted rows, as solve_lemke's sparseView of a dense copy holds them: the same
  // orderings, factorisations and path, bit for bit.
  SparseMat M = lcp.M;
  M.prune([](Eigen::Index, Eigen::Index, double value) { return value != 0.0; });
  M = SparseMat(SparseMat(M.transpose()).transpose());
  auto verifies = [&](const Vec& z) { return verify_sparse_lcp(lcp, z, options.tolerance).ok; };
  std::vector<int> warm;
  if (std::vector<int> basis = sorted_warm_basis(options, n); !basis.empty()) {
    Vec z = sparse_solve_on_basis(M, lcp.q, basis);
    if (verifies(z)) {
      result.z = std::move(z);
      result.basis = std::move(basis);
      return finish(SolveStatus::Solved);
    }
    warm = std::move(basis);
  }
  if (options.warm_path_only && warm.empty()) {
    result.z = Vec::Zero(n);
    result.message = kNoUsableWarmBasis;
    return finish(SolveStatus::NumericalBreakdown);
  }
  const Scaling scaling = equilibrate(SparseMatColumns(M), n);
  const int max_pivots = options.max_iterations > 0 ? options.max_iterations : std::max(1000, 50 * n);
  const int cap = std::min(max_pivots, kSparsePathPivotsPerRow * n);
  SparseAttempt s =
      sparse_paths(lcp.q, M, scaling, warm, options.warm_path_only && !warm.empty(), cap, options.lemke_ties, verifies);
  result.iterations = s.pivots;
  result.z = std::move(s.z);
  result.basis = std::move(s.basis);
  if (s.solved) return finish(SolveStatus::Solved);
  result.message = "lemke (sparse): " + s.detail;
  if (s.capped) result.message += " (" + std::to_string(s.pivots) + " pivots in all)";
  if (s.ray) return finish(SolveStatus::RayTermination);  // no certificate looked for here
  return finish(s.capped ? SolveStatus::IterationLimit : SolveStatus::NumericalBreakdown);
}

}  // namespace pegsim
