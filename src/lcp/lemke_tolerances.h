// The ratio-test tolerances of Lemke's paths, shared by the dense path (lemke.cpp) and the sparse
// one (sparse_lemke_path.cpp) so that both take the same decisions on the same data.
#pragma once

namespace pegsim::lemke_tolerance {

constexpr double kPivot = 1e-11;       // |u_i| below this times ||u||_inf is not a pivot
constexpr double kSmallPivot = 1e-7;   // a chosen pivot this small forces a refactorisation
constexpr double kTie = 1e-11;         // relative tie in the ratio test
constexpr double kLex = 1e-9;          // relative tie in the lexicographic comparison

}  // namespace pegsim::lemke_tolerance
