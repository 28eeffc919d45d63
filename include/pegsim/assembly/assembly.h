// Problem assembly: rows + bodies -> the step's LCP (Schur complement of the block-diagonal mass
// matrix), and the velocity update from the solved impulses.
#pragma once

#include <pegsim/assembly/row_system.h>
#include <pegsim/lcp/problem.h>

#include <vector>

namespace pegsim {

// Block-diagonal inverse mass matrix over the generalized velocities.
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

// nu^{l+1} = nu_free + M^{-1} G z.
Vec velocity_after_impulses(const RowSystem& rows, const InverseMass& inverse_mass, const Vec& nu_free,
                            const Vec& z);

// r . nu for a sparse r.
double dot_sparse(const SparseTerms& r, const Vec& nu);

}  // namespace pegsim
