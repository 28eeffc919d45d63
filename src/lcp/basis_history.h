// Internal to src/lcp: the bases a Lemke path has visited, to notice the first repeat (a cycle).
// Both paths (lemke.cpp, sparse_lemke_path.cpp) break ratio-test ties by the larger pivot, which
// has no guarantee against cycling, and switch to the lexicographic rule once a basis repeats
// (PathTies in solver.h). The basic set is hashed as the XOR of one key per basic label, updated in
// O(1) per pivot; a hash collision only turns the lexicographic rule on early.
#pragma once

#include <cstdint>
#include <unordered_set>

namespace pegsim::detail {

class BasisHistory {
 public:
  void clear() {
    hash_ = 0;
    seen_.clear();
  }
  // A label entering or leaving the basic set (the same call for both).
  void toggle(int label) { hash_ ^= key(label); }
  // True when the current set was met before; it is remembered otherwise.
  bool repeated() { return !seen_.insert(hash_).second; }

 private:
  // splitmix64 of the label: independent bits per label, so a set's XOR rarely collides
  static std::uint64_t key(int label) {
    std::uint64_t z = static_cast<std::uint64_t>(label) + 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }

  std::uint64_t hash_ = 0;
  std::unordered_set<std::uint64_t> seen_;
};

}  // namespace pegsim::detail
