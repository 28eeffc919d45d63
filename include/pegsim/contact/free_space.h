// The free space a contact model enforces, stated as configurations (one per nonconvex site).
//
// Every nonconvex model in pegsim (Egan max/sum, LNC, PEG) enforces, at the end of the step,
//     rho_k >= 0 for every contact k in `always`                      (U-constraints, convex)
//     OR_{g in configurations(d)} AND_{k in g} rho_k >= 0  per site d  (I/X-constraints, Egan groups)
// with rho_k = G_k^T nu^{l+1} + psi_k / h (contact_rows.h). A configuration is one convex cell of
// the site's free space: for PEG 2D a DNF group of the vertex–vertex site (peg_sites.h), for the
// Egan/Nguyen models one side of the group (the union of half-spaces, Egan eq. 10).
// The models' LCPs encode the disjunctions with max/min chains and admit several solutions, some
// with force on a phantom side (tests/scenarios/known_issues.h). The configuration search
// (dynamics/configuration_search.h) uses this description to pick the physical one.
#pragma once

#include <vector>

namespace pegsim {

struct Disjunction {
  std::vector<std::vector<int>> configurations;  // contact indices; each configuration non-empty
  int source = -1;  // model-defined: the vertex–vertex site or group it describes
};

struct FreeSpace {
  std::vector<int> always;                // contacts enforced on their own (sorted, distinct)
  std::vector<Disjunction> disjunctions;  // nonconvex sites
};

// One configuration index per disjunction of a FreeSpace (the "active configuration").
using ConfigurationSelection = std::vector<int>;

}  // namespace pegsim
