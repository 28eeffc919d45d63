// Internal to src/lcp: what SolveMemo (solve_memo.h) and the AMD ordering memo (block_pivoting.cpp)
// share: a ring of the last few entries a thread stored, each found again by the arrays of a
// compressed sparse matrix it was made from.
//
// Why one helper: both remember a pure function of a sparse matrix (a solve's result, an
// elimination order) for the repeats one step makes, and both must return exactly what a fresh
// computation would: the match is on the arrays themselves, bit for bit, never on a hash.
#pragma once

#include <pegsim/lcp/sparse_lcp.h>

#include <cstddef>
#include <cstring>
#include <vector>

namespace pegsim::detail {

// Bitwise equality of a kept array and count values at data (0.0 and -0.0 differ: a computation
// may not treat them alike).
template <typename T>
bool same_bits(const std::vector<T>& kept, const T* data, std::size_t count) {
  return kept.size() == count && (count == 0 || std::memcmp(kept.data(), data, count * sizeof(T)) == 0);
}

// A compressed square matrix's sparsity pattern, kept to recognise the matrix again.
struct KeptPattern {
  std::vector<int> outer, inner;

  void assign(const SparseMat& S) {
    outer.assign(S.outerIndexPtr(), S.outerIndexPtr() + S.cols() + 1);
    inner.assign(S.innerIndexPtr(), S.innerIndexPtr() + S.nonZeros());
  }
  // S must be compressed (its inner array is then the whole pattern).
  bool matches(const SparseMat& S) const {
    return S.rows() == S.cols() && same_bits(outer, S.outerIndexPtr(), static_cast<std::size_t>(S.cols()) + 1) &&
           same_bits(inner, S.innerIndexPtr(), static_cast<std::size_t>(S.nonZeros()));
  }
};

// The last Capacity entries stored, the oldest replaced first.
template <typename Entry, std::size_t Capacity>
class RecentEntries {
 public:
  static_assert(Capacity > 0);
  static constexpr std::size_t kCapacity = Capacity;

  template <typename Match>
  const Entry* find(const Match& match) const {
    for (const Entry& e : entries_)
      if (match(e)) return &e;
    return nullptr;
  }
  // The slot to overwrite with a new entry (an empty one while the ring is filling).
  Entry& slot_for_next() {
    Entry& e = entries_.size() < Capacity ? entries_.emplace_back() : entries_[next_];
    next_ = (next_ + 1) % Capacity;
    return e;
  }
  std::size_t size() const { return entries_.size(); }

 private:
  std::vector<Entry> entries_;
  std::size_t next_ = 0;
};

}  // namespace pegsim::detail
