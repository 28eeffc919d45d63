// The solve memo of large frictional islands (solve_memo.h).
#include "solve_memo.h"

#include <algorithm>
#include <cstring>

namespace pegsim::detail {
namespace {

// Bitwise, as recent_by_matrix.h's same_bits: 0.0 and -0.0 are different inputs here.
bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

// Every field of SolveOptions but the two pointers (compared by what they point at, or refused).
// A field added to SolveOptions must join this test (the static_assert below counts its bytes).
bool same_values(const SolveOptions& a, const SolveOptions& b) {
  return same_bits(a.tolerance, b.tolerance) && a.max_iterations == b.max_iterations &&
         a.warm_path_only == b.warm_path_only && same_bits(a.pgs_relaxation, b.pgs_relaxation) &&
         a.copositive_plus == b.copositive_plus && a.pivoting_only == b.pivoting_only && a.threads == b.threads &&
         same_bits(a.regularization_hint, b.regularization_hint) && a.dense_max_rows == b.dense_max_rows &&
         a.lemke_ties == b.lemke_ties;
}
// SolveOptions' fields as same_values knows them, in order: the same size on every ABI (wasm32 too)
// while no field is added; an added field changes the size unless it fits in padding.
struct KnownSolveOptionFields {
  double tolerance;
  int max_iterations;
  const void* warm_basis;
  bool warm_path_only;
  double pgs_relaxation;
  bool copositive_plus, pivoting_only;
  int threads;
  double regularization_hint;
  const void* plain_lemke;
  int dense_max_rows;
  PathTies lemke_ties;
};
static_assert(sizeof(SolveOptions) == sizeof(KnownSolveOptionFields),
              "a new SolveOptions field must join same_values (solve_memo.cpp)");

}  // namespace

bool SolveMemo::keeps(const SparseLcp& lcp, const SolveOptions& options) {
  return lcp.size() >= kSolveMemoMinRows && options.plain_lemke == nullptr && lcp.M.isCompressed();
}

bool SolveMemo::same_input(const Entry& e, const SparseLcp& lcp, SolverKind kind, const SolveOptions& options) {
  const auto n = static_cast<std::size_t>(lcp.size());
  const auto nnz = static_cast<std::size_t>(lcp.M.nonZeros());
  if (e.kind != kind || !same_values(e.options, options)) return false;
  if (e.warm_basis.has_value() != (options.warm_basis != nullptr)) return false;
  if (options.warm_basis != nullptr && *e.warm_basis != *options.warm_basis) return false;
  return static_cast<std::size_t>(lcp.M.cols()) == n && same_bits(e.q, lcp.q.data(), n) && e.pattern.matches(lcp.M) &&
         same_bits(e.values, lcp.M.valuePtr(), nnz);
}

const LcpResult* SolveMemo::find(const SparseLcp& lcp, SolverKind kind, const SolveOptions& options) const {
  if (!keeps(lcp, options)) return nullptr;
  const Entry* e = entries_.find([&](const Entry& entry) { return same_input(entry, lcp, kind, options); });
  return e != nullptr ? &e->result : nullptr;
}

void SolveMemo::store(const SparseLcp& lcp, SolverKind kind, const SolveOptions& options, const LcpResult& result) {
  if (!keeps(lcp, options)) return;
  Entry& e = entries_.slot_for_next();
  const auto n = static_cast<std::size_t>(lcp.size());
  const auto nnz = static_cast<std::size_t>(lcp.M.nonZeros());
  e.pattern.assign(lcp.M);
  e.values.assign(lcp.M.valuePtr(), lcp.M.valuePtr() + nnz);
  e.q.assign(lcp.q.data(), lcp.q.data() + n);
  e.kind = kind;
  e.options = options;
  e.options.warm_basis = nullptr;
  e.options.plain_lemke = nullptr;
  e.warm_basis.reset();
  if (options.warm_basis != nullptr) e.warm_basis = *options.warm_basis;
  e.result = result;
}

}  // namespace pegsim::detail
