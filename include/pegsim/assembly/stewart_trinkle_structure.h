// The Stewart–Trinkle structure of a step's LCP (lcp/jam.h), read off the model's rows: what the
// jam certificate needs to know about which rows are contacts and how they couple.
#pragma once

#include <pegsim/assembly/assembly.h>
#include <pegsim/lcp/jam.h>

namespace pegsim {

// One entry per normal impulse whose row is a plain predicted gap (no variable terms: the
// unilateral rows of contact_rows.h), with the friction impulses and slip rate that
// add_friction attached to it (found through the slip row mu p_n - p_f1 - p_f2). Entry ids are
// proximity contact indices (Variable::contact). factor = W^{1/2} J over those impulses'
// generalized directions (W = M^{-1}, block by block), so factor^T factor is their block of
// B = A + R M^{-1} G. Rows of other models' auxiliary variables are left out: a certificate that
// leans on them fails verify_jam_certificate, which is the judge.
StewartTrinkleStructure stewart_trinkle_structure(const RowSystem& rows, const InverseMass& inverse_mass);

}  // namespace pegsim
