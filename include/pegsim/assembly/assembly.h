// Problem assembly: rows + bodies -> the step's LCP (Schur complement of the block-diagonal mass
// matrix), and the velocity update from the solved impulses.
#pragma once

#include <pegsim/assembly/row_system.h>
#include <pegsim/lcp/problem.h>
#include <pegsim/lcp/sparse_lcp.h>

#include <stdexcept>
#include <vector>

namespace pegsim {

// Block-diagonal inverse mass matrix over the generalized velocities.
// The memory bound of one step's LCP: assembly is dense (n x n doubles), so an LCP of more than
// kMaxDenseLcpRows rows (1.07 GiB per matrix; a solve holds a few copies) is refused with
// LcpTooLarge instead of ending in std::bad_alloc (300 bodies placed on top of each other: 4e6
// vertex-edge pairs). The message says what is too large and what to change.
inline constexpr int kMaxDenseLcpRows = 12000;
// The same memory for a sparse LCP: at most this many stored entries (12 bytes each, 1.07 GiB),
// checked on assembly's bound before anything is allocated. A pile of 500 polygons assembles
// fewer than 1e6; 300 copies of one polygon in one place would need more than 2^31.
inline constexpr long long kMaxSparseLcpEntries = 96'000'000;

class LcpTooLarge : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct InverseMass {
  std::vector<int> offsets;  // first DOF of each block
  std::vector<Mat> blocks;   // square, e.g. diag(1/m, 1/m, 1/I) in 2D
  int dofs = 0;
  Vec apply(const Vec& f) const;                          // M^{-1} f
  Vec apply_sparse(const SparseTerms& direction) const;   // M^{-1} g for a sparse g
};

// B = A + R M^{-1} G, b = R nu_free + constant (row_system.h). Throws std::logic_error when a
// row was never set (a contact-model bug).
Lcp assemble_lcp(const RowSystem& rows, const InverseMass& inverse_mass, const Vec& nu_free);

// The same LCP with M sparse (entries summed from the same block products): O(nonzeros) memory and
// time, for the large cells of piles (issue 11). No row bound: a dense fallback checks its own.
SparseLcp assemble_sparse_lcp(const RowSystem& rows, const InverseMass& inverse_mass, const Vec& nu_free);

// The largest island of the LCP the rows assemble to, in rows, without assembling it: rows join
// through the dynamic bodies their velocity or impulse terms touch and through their coupling
// terms (union-find, O(terms)). Equal to largest_component of the assembled M up to exact
// cancellation. The row guard's check (a blown-up pour: 1338 rows on 20 bodies, 47 ms per step
// to assemble even sparse).
int largest_row_island(const RowSystem& rows, const InverseMass& inverse_mass);

// Throws LcpTooLarge when an n-row dense LCP would pass kMaxDenseLcpRows.
void check_dense_size(int n);

// Throws LcpTooLarge when an n-row sparse LCP of up to `entries` stored entries would pass
// kMaxSparseLcpEntries.
void check_sparse_size(int n, long long entries);

// Throws LcpTooLarge when the sparse LCP's largest island passes kMaxDenseLcpRows rows: a sparse
// solve adds no dense copy past SolveOptions::dense_max_rows, but the factorisation of an island
// that large can fill in to a dense one (300 bodies in one place make one island). Islands, not
// the whole: a frictional 500-body pile's 13000-row model LCP is several islands.
void check_island_size(const SparseMat& M);

// nu^{l+1} = nu_free + M^{-1} G z.
Vec velocity_after_impulses(const RowSystem& rows, const InverseMass& inverse_mass, const Vec& nu_free,
                            const Vec& z);

// r . nu for a sparse r.
double dot_sparse(const SparseTerms& r, const Vec& nu);

}  // namespace pegsim
