// Sparse LCPs (sparse_lcp.h).
#include <pegsim/lcp/block_pivoting.h>
#include <pegsim/lcp/components.h>
#include <pegsim/lcp/sparse_lcp.h>
#include <pegsim/lcp/union_find.h>

#include "friction_merge.h"
#include "regularized_polished.h"
#include "solve_memo.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <numeric>
#include <optional>
#include <vector>

namespace pegsim {
namespace {

// Rows `rows` of one island (no entry of M couples them to other rows), renumbered 0..k-1.
SparseLcp sub_sparse_lcp(const SparseLcp& lcp, const std::vector<int>& rows, const std::vector<int>& local) {
  SparseLcp sub;
  move_into(sub.M, principal_submatrix(lcp.M, rows, local));
  sub.q.resize(static_cast<Eigen::Index>(rows.size()));
  for (std::size_t a = 0; a < rows.size(); ++a) sub.q[static_cast<Eigen::Index>(a)] = lcp.q[rows[a]];
  return sub;
}

// The attempt line of an island too large for a dense copy (SolveOptions::dense_max_rows).
std::string dense_skipped(int rows, const SolveOptions& options) {
  return "dense attempts skipped: " + std::to_string(rows) + " rows > dense_max_rows " +
         std::to_string(options.dense_max_rows);
}

// A symmetric (monotone) LCP, M == M^T checked by the caller: block pivoting with a bounded number
// of exchanges, then, when that does not verify and dense_fallback, the dense attempts from its
// last guess (near the answer, Lemke's path is short), unless the island has more rows than
// options.dense_max_rows.
LcpResult solve_monotone(const SparseLcp& lcp, const SolveOptions& options, bool dense_fallback) {
  std::vector<std::string> attempts;
  SolveOptions bounded = options;
  bounded.max_iterations = block_pivoting_exchange_budget(lcp.size());
  LcpResult r = solve_block_pivoting_symmetric(lcp, bounded);
  attempts.push_back(std::string("block-pivoting (sparse): ") + to_string(r.status));
  attempts.insert(attempts.end(), r.attempts.begin(), r.attempts.end());
  if (r.status_ok() || !dense_fallback || lcp.size() > options.dense_max_rows) {
    if (!r.status_ok() && dense_fallback) attempts.push_back(dense_skipped(lcp.size(), options));
    r.attempts = std::move(attempts);
    return r;
  }
  const std::vector<int> warm = std::move(r.basis);
  SolveOptions dense_options = options;
  if (!warm.empty()) dense_options.warm_basis = &warm;
  LcpResult d = solve_split_or_whole(to_dense(lcp), SolverKind::Auto, dense_options, [&] { return lcp_components(lcp.M); });
  attempts.insert(attempts.end(), d.attempts.begin(), d.attempts.end());
  d.attempts = std::move(attempts);
  return d;
}

// components.h's split on the sparse path: each island, renumbered as its own sparse LCP, solved by
// solve_island concurrently with options.threads; merged, and the whole verified in O(nonzeros).
LcpResult solve_sparse_islands(const SparseLcp& lcp, const std::vector<std::vector<int>>& components,
                               const SolveOptions& options,
                               const std::function<LcpResult(const SparseLcp&, const SolveOptions&)>& solve_island) {
  const auto start = std::chrono::steady_clock::now();
  const int n = lcp.size();
  std::vector<int> local(static_cast<std::size_t>(n));
  for (const std::vector<int>& rows : components)
    for (std::size_t a = 0; a < rows.size(); ++a) local[static_cast<std::size_t>(rows[a])] = static_cast<int>(a);
  LcpResult result = solve_islands(n, components, options, [&](std::size_t c, const SolveOptions& o) {
    return solve_island(sub_sparse_lcp(lcp, components[c], local), o);
  });
  finalize_sparse_result(lcp, options.tolerance, result);
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

// A monotone LCP's islands: each by solve_monotone, whatever its size (as the whole would be).
LcpResult solve_monotone_islands(const SparseLcp& lcp, const std::vector<std::vector<int>>& components,
                                 const SolveOptions& options, bool dense_fallback) {
  return solve_sparse_islands(lcp, components, options, [&](const SparseLcp& island, const SolveOptions& o) {
    return solve_monotone(island, o, dense_fallback);
  });
}

// Lemke's path again, warm from the basis where the plain path stopped short of a verified answer
// (a solution basis whose z misses the check by a few 1e-8 after thousands of eta updates, a
// singular basis after a small pivot, the pivot cap, a ray): a fresh factorisation of that basis
// and a path from it, before the island is densified. Measured on 130 search cells of 1600-3000
// rows (frictional 200-body piles, seeds 1-4): 41 plain paths ended unverified; 17 were finished
// so (15 of 25 non-ray ends, 2 of 16 rays), in 0.002-0.4 s each, where the dense attempts had
// taken 0.3-3.5 s (24.7 s -> 9.8 s on those cells). A failed try took 5-7 ms (7 of 10; at most
// 0.17 s).
std::optional<LcpResult> from_end_basis(const SparseLcp& island, const SolveOptions& options, const LcpResult& plain) {
  if (plain.basis.empty() || plain.status == SolveStatus::InvalidInput) return std::nullopt;
  SolveOptions again = options;
  again.warm_basis = &plain.basis;
  again.warm_path_only = true;
  LcpResult r = solve_lemke_sparse(island, again);
  if (r.status != SolveStatus::Solved) return std::nullopt;
  r.attempts = {"lemke (sparse island): " + std::string(to_string(plain.status)) + " (" +
                    std::to_string(plain.iterations) + " pivots): " + plain.message,
                "lemke (sparse island, warm from that end basis): solved (" + std::to_string(r.iterations) + " pivots)"};
  r.iterations += plain.iterations;
  r.seconds += plain.seconds;
  return r;
}

// A search cell's island whose last solve needed a regularised path (SolveOptions::
// regularization_hint): Auto's hinted attempt, on the sparse island. Through the dense route it is
// the same path plus a dense copy, its validation and the dense checks and polish, O(n^2) each:
// islands of ~4000 rows of a frictional 500-body pile whose path took 0.07-0.15 s took 2-3 s so.
// The attempt line says whether it solved; when it did not, the caller goes on as without a hint.
std::optional<LcpResult> hinted_regularized(const SparseLcp& island, const SolveOptions& options,
                                            std::vector<std::string>& attempts) {
  const double level = detail::hinted_regularization(options.regularization_hint);
  if (level == 0.0) return std::nullopt;
  LcpResult r = detail::solve_regularized_polished(island, options, level);
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.2g s", r.seconds);
  attempts.push_back(r.solver + " (sparse island): " + to_string(r.status) + " (" + std::to_string(r.iterations) +
                     " pivots, " + seconds + ")");
  if (r.status != SolveStatus::Solved) return std::nullopt;
  r.attempts = attempts;
  return r;
}

// An island that is not monotone (friction), solved as Auto solves it. Auto's first attempt is
// Lemke's plain path, and from kSparseLemkeMinRows rows that path runs on a sparse basis anyway: it
// runs here first on the sparse island, and only when neither it nor a path from where it ended
// (from_end_basis) verifies is the island densified for the rest of Auto, which takes the plain
// path's result as its first attempt (a ray excepted: the dense solve_lemke looks for its
// certificate). The dense copy, its validation, its sparse view and its dense checks were ~27 % of
// a frictional 100-body pile's run, and the plain path solves 423 of 444 islands of 600 rows or
// more there. With a regularisation hint Auto starts elsewhere (at the hinted level; the dense
// route runs it again after a failed hinted_regularized).
LcpResult solve_not_monotone_as_auto(const SparseLcp& island, SolverKind kind, const SolveOptions& options) {
  const bool too_large = kind == SolverKind::Auto && island.size() > options.dense_max_rows;
  if (too_large || (kind == SolverKind::Auto && island.size() >= kSparseLemkeMinRows &&
                    options.regularization_hint == 0.0 && options.plain_lemke == nullptr)) {
    LcpResult r = solve_lemke_sparse(island, options);
    if (r.status == SolveStatus::Solved) {
      r.attempts = {"lemke (sparse island): solved (" + std::to_string(r.iterations) + " pivots)"};
      return r;
    }
    if (std::optional<LcpResult> again = from_end_basis(island, options, r)) return std::move(*again);
    if (too_large) {  // a ray's certificate is not looked for either: reported as a ray, not Infeasible
      r.attempts = {"lemke (sparse island): " + std::string(to_string(r.status)) + ": " + r.message,
                    dense_skipped(island.size(), options)};
      return r;
    }
    if (r.status != SolveStatus::RayTermination && r.status != SolveStatus::InvalidInput) {
      SolveOptions rest = options;
      rest.plain_lemke = &r;
      return solve_lcp_whole(to_dense(island), kind, rest);
    }
  }
  return solve_lcp_whole(to_dense(island), kind, options);
}

// A frictional island whose duplicate friction blocks are merged (friction_merge.h): the merged
// island's sparse attempts (the plain path, a path from where it ended unless at the pivot cap, the
// hinted level), the answer split back and checked on the island itself. The attempt line says how
// it went; nullopt when there was nothing to merge or the island's check refused the answer.
std::optional<LcpResult> merged_friction(const SparseLcp& island, const SolveOptions& options,
                                         std::vector<std::string>& attempts) {
  const auto start = std::chrono::steady_clock::now();
  const double scale = std::max(1.0, island.q.cwiseAbs().maxCoeff());  // verify_sparse_lcp's
  // q of merged friction rows may differ by a tenth of the check's tolerance: the split answer's
  // rows then stay within it
  const std::optional<detail::MergedFriction> merged =
      detail::merge_duplicate_friction(island, detail::kDuplicateFrictionTolerance, 0.1 * options.tolerance * scale);
  if (!merged) return std::nullopt;
  SolveOptions o = options;
  std::vector<int> warm;
  if (options.warm_basis != nullptr) {
    warm = detail::merged_basis(*merged, *options.warm_basis);
    o.warm_basis = &warm;
  }
  LcpResult r = solve_lemke_sparse(merged->lcp, o);
  // Not after the pivot cap: on a 4058-row merged island the path from that end took 62 s for
  // 8116 pivots (its plain path: 2 s for as many), and failed.
  if (r.status != SolveStatus::Solved && r.status != SolveStatus::IterationLimit) {
    if (std::optional<LcpResult> again = from_end_basis(merged->lcp, o, r)) r = std::move(*again);
  }
  if (r.status != SolveStatus::Solved && o.regularization_hint > 0.0) {
    std::vector<std::string> unused;
    if (std::optional<LcpResult> hinted = hinted_regularized(merged->lcp, o, unused)) r = std::move(*hinted);
  }
  const std::string head = "merged friction (" + std::to_string(merged->members.size()) + " duplicate blocks, " +
                           std::to_string(merged->lcp.size()) + " of " + std::to_string(island.size()) + " rows): ";
  const auto took = [&start] {
    char text[32];
    std::snprintf(text, sizeof text, "%.2g s", std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    return std::string(text);
  };
  if (r.status != SolveStatus::Solved) {
    attempts.push_back(head + r.solver + " " + to_string(r.status) + " (" + took() + ")");
    return std::nullopt;
  }
  Vec z = detail::split_merged_solution(*merged, island, r.z);
  Verification check = verify_sparse_lcp(island, z, options.tolerance);
  // near-duplicates leave the split answer off by their difference: polished on its support, then
  // each grouped block's slip rate taken from its own rows
  if (!check.ok && detail::polish_on_support(island, options.tolerance, z).improved)
    check = verify_sparse_lcp(island, z, options.tolerance);
  bool own_rates = false;
  if (!check.ok) {
    Vec own = z;
    detail::own_slip_rates(*merged, island, own);
    Verification again = verify_sparse_lcp(island, own, options.tolerance);
    if (again.ok) {
      z = std::move(own);
      check = std::move(again);
      own_rates = true;
    }
  }
  if (!check.ok) {
    char residual[32];
    std::snprintf(residual, sizeof residual, "%.3g", check.residual);
    attempts.push_back(head + "the split answer misses the check (residual " + residual + ", " + took() + ")");
    return std::nullopt;
  }
  LcpResult out;
  out.status = SolveStatus::Solved;
  out.solver = r.solver + " (merged friction)";
  out.z = std::move(z);
  out.w = std::move(check.w);
  out.residual = check.residual;
  out.iterations = r.iterations;
  out.regularization = r.regularization;
  for (int b : r.basis) out.basis.push_back(merged->kept[static_cast<std::size_t>(b)]);
  attempts.push_back(head + r.solver + " solved (" + std::to_string(r.iterations) + " pivots, " + took() +
                     (own_rates ? "; each block's slip rate from its own rows" : "") + ")");
  out.attempts = attempts;
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

// The merged-friction attempt and the hinted attempt on the sparse island (merged_friction,
// hinted_regularized), then solve_not_monotone_as_auto.
LcpResult solve_not_monotone_afresh(const SparseLcp& island, SolverKind kind, const SolveOptions& options) {
  std::vector<std::string> hinted;  // the merged and hinted attempts' lines
  if (kind == SolverKind::Auto && options.plain_lemke == nullptr && island.size() >= kSparseLemkeMinRows) {
    if (std::optional<LcpResult> r = merged_friction(island, options, hinted)) return std::move(*r);
  }
  if (kind == SolverKind::Auto && options.regularization_hint > 0.0 && options.plain_lemke == nullptr &&
      island.size() >= std::max(kSparseLemkeMinRows, kRegularizationHintMinRows)) {
    if (std::optional<LcpResult> r = hinted_regularized(island, options, hinted)) return std::move(*r);
  }
  LcpResult r = solve_not_monotone_as_auto(island, kind, options);
  r.attempts.insert(r.attempts.begin(), hinted.begin(), hinted.end());
  return r;
}

// solve_not_monotone_afresh, or its result for the same input earlier on this thread (solve_memo.h).
LcpResult solve_not_monotone(const SparseLcp& island, SolverKind kind, const SolveOptions& options) {
  thread_local detail::SolveMemo memo;
  const auto start = std::chrono::steady_clock::now();
  if (const LcpResult* known = memo.find(island, kind, options)) {
    LcpResult r = *known;
    r.attempts.insert(r.attempts.begin(), "repeated input (" + std::to_string(island.size()) +
                                              " rows): the result of its earlier solve, which follows");
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return r;
  }
  LcpResult r = solve_not_monotone_afresh(island, kind, options);
  memo.store(island, kind, options, r);
  return r;
}

// An LCP that is not monotone (friction): each island solved on its own by solve_not_monotone. The
// whole is never densified (n^2 entries: 4 bins of a frictional pile made ~4000-row cells, 128 MB
// to fill and validate per solve, 15 % of the run).
LcpResult solve_dense_islands(const SparseLcp& lcp, const std::vector<std::vector<int>>& components, SolverKind kind,
                              const SolveOptions& options) {
  return solve_sparse_islands(lcp, components, options, [&](const SparseLcp& island, const SolveOptions& o) {
    return solve_not_monotone(island, kind, o);
  });
}

}  // namespace

bool all_finite(const SparseLcp& lcp) {
  if (!lcp.q.allFinite()) return false;
  for (int j = 0; j < lcp.M.outerSize(); ++j)
    for (SparseMat::InnerIterator it(lcp.M, j); it; ++it)
      if (!std::isfinite(it.value())) return false;
  return true;
}

SparseLcp to_sparse(const Lcp& lcp) {
  std::vector<Eigen::Triplet<double>> entries;
  for (Eigen::Index j = 0; j < lcp.M.cols(); ++j)
    for (Eigen::Index i = 0; i < lcp.M.rows(); ++i)
      if (lcp.M(i, j) != 0.0) entries.emplace_back(static_cast<int>(i), static_cast<int>(j), lcp.M(i, j));
  SparseLcp out;
  out.M.resize(lcp.M.rows(), lcp.M.cols());
  out.M.setFromTriplets(entries.begin(), entries.end());
  out.q = lcp.q;
  return out;
}

Lcp to_dense(const SparseLcp& lcp) { return Lcp{Mat(lcp.M), lcp.q}; }

SparseMat principal_submatrix(const SparseMat& S, const std::vector<int>& columns, const std::vector<int>& position,
                              double shift) {
  const auto k = static_cast<Eigen::Index>(columns.size());
  Eigen::Index bound = shift > 0.0 ? k : 0;
  for (int j : columns) bound += S.col(j).nonZeros();
  SparseMat sub(k, k);  // compressed, every column empty
  sub.resizeNonZeros(bound);
  int* inner = sub.innerIndexPtr();
  double* values = sub.valuePtr();
  int entries = 0;
  std::vector<std::pair<int, double>> column;
  for (int b = 0; b < static_cast<int>(k); ++b) {
    const int begin = entries;
    bool sorted = true, has_diagonal = false;
    for (SparseMat::InnerIterator it(S, columns[static_cast<std::size_t>(b)]); it; ++it) {
      const int a = position[static_cast<std::size_t>(it.row())];
      if (a < 0) continue;
      sorted = sorted && (entries == begin || inner[entries - 1] < a);
      has_diagonal = has_diagonal || a == b;
      inner[entries] = a;
      values[entries++] = a == b && shift > 0.0 ? it.value() + shift : it.value();
    }
    if (shift > 0.0 && !has_diagonal) {
      sorted = sorted && (entries == begin || inner[entries - 1] < b);
      inner[entries] = b;
      values[entries++] = shift;
    }
    if (!sorted) {
      column.clear();
      for (int p = begin; p < entries; ++p) column.emplace_back(inner[p], values[p]);
      std::sort(column.begin(), column.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
      for (std::size_t c = 0; c < column.size(); ++c) {
        inner[begin + static_cast<int>(c)] = column[c].first;
        values[begin + static_cast<int>(c)] = column[c].second;
      }
    }
    sub.outerIndexPtr()[b + 1] = entries;
  }
  sub.resizeNonZeros(entries);
  return sub;
}

SparseMat ranked_lower_transposed(const SparseMat& S, const std::vector<int>& order) {
  const int n = static_cast<int>(order.size());
  std::vector<int> rank(static_cast<std::size_t>(n));
  for (int r = 0; r < n; ++r) rank[static_cast<std::size_t>(order[static_cast<std::size_t>(r)])] = r;
  SparseMat U(n, n);
  int* start = U.outerIndexPtr();  // counts of column r + 1, then their prefix sums
  for (int c = 0; c < n; ++c)
    for (SparseMat::InnerIterator it(S, order[static_cast<std::size_t>(c)]); it; ++it) {
      const int r = rank[static_cast<std::size_t>(it.row())];
      if (r >= c) ++start[r + 1];
    }
  std::partial_sum(start, start + n + 1, start);
  U.resizeNonZeros(start[n]);
  std::vector<int> next(start, start + n);
  for (int c = 0; c < n; ++c)  // ranks c in increasing order: each column's rows arrive sorted
    for (SparseMat::InnerIterator it(S, order[static_cast<std::size_t>(c)]); it; ++it) {
      const int r = rank[static_cast<std::size_t>(it.row())];
      if (r < c) continue;
      const int p = next[static_cast<std::size_t>(r)]++;
      U.innerIndexPtr()[p] = c;
      U.valuePtr()[p] = it.value();
    }
  return U;
}

Verification verify_sparse_lcp(const SparseLcp& lcp, const Vec& z, double tolerance) {
  Verification v;
  const Eigen::Index n = lcp.q.size();
  if (lcp.M.rows() != n || lcp.M.cols() != n || z.size() != n) {
    v.residual = std::numeric_limits<double>::infinity();
    return v;
  }
  v.w = lcp.M * z + lcp.q;
  const double scale = n == 0 ? 1.0 : std::max(1.0, lcp.q.cwiseAbs().maxCoeff());
  double worst = 0.0;
  bool finite = z.allFinite() && v.w.allFinite() && std::isfinite(scale);
  for (Eigen::Index i = 0; i < n && finite; ++i) worst = std::max(worst, std::abs(std::min(z[i], v.w[i])));
  v.residual = finite ? worst / scale : std::numeric_limits<double>::infinity();
  v.ok = std::isfinite(v.residual) && v.residual <= tolerance;
  return v;
}

void finalize_sparse_result(const SparseLcp& lcp, double tolerance, LcpResult& result) {
  finalize_result_with(lcp.q.size(), tolerance, result,
                       [&](const Vec& z) { return verify_sparse_lcp(lcp, z, tolerance); });
}

namespace {

// The test of is_symmetric, which also reports every coupling {i, j} (M_ij != 0 or M_ji != 0,
// i != j) to couple(i, j) once, reading each mirrored pair once: is_symmetric's scan and the
// island split of a symmetric M in one pass over the nonzeros (lcp_components reads both
// triangles, a second pass of 3 % of a 200-body pile's instructions).
//
// Columns are scanned in order j = 0, 1, ...; the mirror (j, i) of a lower entry (i, j), i > j, is
// the next unvisited upper entry of column i, whose rows are therefore asked for in increasing
// order: one cursor per column. An upper entry a cursor skips, or leaves behind at the end, has no
// lower mirror and must be ~0 (but couples when not exactly 0, as in lcp_components).
template <class Couple>
bool symmetric_scan(const SparseMat& M, Couple&& couple) {
  const int n = static_cast<int>(M.cols());
  const int* outer = M.outerIndexPtr();
  const int* inner = M.innerIndexPtr();
  const double* value = M.valuePtr();
  double scale = 1.0;
  for (Eigen::Index k = 0; k < M.nonZeros(); ++k) scale = std::max(scale, std::abs(value[k]));
  const double tolerance = 1e-12 * scale;
  auto near_zero = [&](int k) { return std::abs(value[k]) <= tolerance; };
  // an upper entry c of column `column` without a lower mirror
  auto unmatched_upper = [&](int c, int column) {
    if (!near_zero(c)) return false;
    if (value[c] != 0.0) couple(inner[c], column);
    return true;
  };
  std::vector<int> cursor(outer, outer + n);
  for (int j = 0; j < n; ++j) {
    for (int k = outer[j]; k < outer[j + 1]; ++k) {
      const int i = inner[k];
      if (i <= j) continue;
      int& c = cursor[static_cast<std::size_t>(i)];
      for (; c < outer[i + 1] && inner[c] < j; ++c)
        if (!unmatched_upper(c, i)) return false;
      if (c < outer[i + 1] && inner[c] == j) {
        if (!(std::abs(value[k] - value[c]) <= tolerance)) return false;
        if (value[k] != 0.0 || value[c] != 0.0) couple(i, j);
        ++c;
      } else if (!near_zero(k)) {
        return false;  // lower entry without a mirror
      } else if (value[k] != 0.0) {
        couple(i, j);
      }
    }
  }
  for (int i = 0; i < n; ++i)
    for (int c = cursor[static_cast<std::size_t>(i)]; c < outer[i + 1] && inner[c] < i; ++c)
      if (!unmatched_upper(c, i)) return false;
  return true;
}

}  // namespace

bool is_symmetric(const SparseMat& M) {
  // One pass over the nonzeros, no copy (building M - M^T, and later a binary search per entry,
  // were 8 % and 6 % of a 200-body pile's time).
  if (M.rows() != M.cols()) return false;
  if (!M.isCompressed()) return is_symmetric(SparseMat(M));
  return symmetric_scan(M, [](int, int) {});
}

std::optional<std::vector<std::vector<int>>> symmetric_lcp_components(const SparseMat& M) {
  if (M.rows() != M.cols()) return std::nullopt;
  if (!M.isCompressed()) return symmetric_lcp_components(SparseMat(M));
  UnionFind islands(static_cast<int>(M.rows()));
  // the scan couples a column's rows in a run, mostly to that column: its root found once per run
  int column = -1, column_root = -1;
  const auto couple = [&](int i, int j) {
    if (j != column) column = j, column_root = j;
    column_root = islands.unite_with_root(i, column_root);
  };
  if (!symmetric_scan(M, couple)) return std::nullopt;
  return islands.sets();
}

std::vector<std::vector<int>> lcp_components(const SparseMat& M) {
  UnionFind islands(static_cast<int>(M.rows()));
  for (int j = 0; j < M.outerSize(); ++j)
    for (SparseMat::InnerIterator it(M, j); it; ++it)
      if (it.value() != 0.0) islands.unite(static_cast<int>(it.row()), j);
  return islands.sets();
}

int largest_component(const SparseMat& M) {
  std::size_t largest = 0;
  for (const std::vector<int>& c : lcp_components(M)) largest = std::max(largest, c.size());
  return static_cast<int>(largest);
}

LcpResult solve_sparse_lcp(const SparseLcp& lcp, SolverKind kind, const SolveOptions& options, bool dense_fallback) {
  const int n = lcp.size();
  if (kind == SolverKind::Auto && n > 0 && (lcp.q.array() >= 0.0).all() && lcp.q.allFinite()) {
    LcpResult r;
    r.status = SolveStatus::Solved;
    r.solver = "trivial";
    r.z = Vec::Zero(n);
    const Verification check = verify_sparse_lcp(lcp, r.z, options.tolerance);
    r.w = check.w;
    r.residual = check.residual;
    r.attempts = {"trivial: solved (q >= 0, z = 0)"};
    return r;
  }
  if (kind == SolverKind::Auto && n >= kBlockPivotingMinSize) {
    if (const auto components = symmetric_lcp_components(lcp.M)) {
      if (lcp.q.allFinite() && components->size() > 1)
        return solve_monotone_islands(lcp, *components, options, dense_fallback);
      return solve_monotone(lcp, options, dense_fallback);
    }
  }
  // islands from the sparse pattern, O(nonzeros), each densified alone (solve_dense_islands)
  if (splits_into_components(n, kind) && lcp.M.rows() == n && lcp.M.cols() == n && all_finite(lcp)) {
    const std::vector<std::vector<int>> components = lcp_components(lcp.M);
    if (components.size() > 1) return solve_dense_islands(lcp, components, kind, options);
  }
  return solve_not_monotone(lcp, kind, options);
}

}  // namespace pegsim
