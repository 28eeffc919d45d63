// Warm starts across proximities: which contacts pushed in a solve, by feature identity, so that a
// solve on another contact list (the next step's, or the proximity corrector's) starts block
// pivoting from them instead of from q < 0. A hint only: every answer is still verified, so a
// wrong or stale hint costs exchanges, never correctness.
#pragma once

#include <pegsim/assembly/row_system.h>
#include <pegsim/lcp/problem.h>
#include <pegsim/proximity/contact.h>

#include <array>
#include <vector>

namespace pegsim {

// A contact's feature pair: dimension and kind, both bodies, both features, site membership.
using ContactKey = std::array<int, 6>;
ContactKey contact_key(const ProximityResult& proximity, std::size_t contact);

// The keys of the contacts whose normal impulse in z is positive (sorted); empty when z does not
// belong to rows.
std::vector<ContactKey> pushing_contacts(const RowSystem& rows, const Vec& z, const ProximityResult& proximity);

// Per contact of `proximity`: 1 when its key is among `pushing` (sorted).
std::vector<char> pushing_hint(const std::vector<ContactKey>& pushing, const ProximityResult& proximity);

}  // namespace pegsim
