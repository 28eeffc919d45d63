// Scenario/model pairs that fail their physical checks today, each with a diagnosis from the
// step's rows and impulses (Simulation::last_rows(), last_impulses()). The checks are not weakened
// for them: PEGSIM_SCENARIO_VERDICT (scenario_checks.h) skips such a test with the failed numbers,
// and prints a note when a listed pair passes again (then delete its entry).
//
// Names used below (hole_block; box_ledge is the same with the ledge for the near ground):
//   c0 = ground corner (0, 0) against the block's BOTTOM face;
//   c1 = ground corner (0, 0) against the block's RIGHT face (applicability -1: the corner can
//        only meet that face by passing under the bottom face, which is free space).
#pragma once

#include <string>
#include <vector>

namespace pegsim::scenario {

struct KnownIssue {
  std::string scenario;
  std::string model;
  std::string diagnosis;
};

namespace detail {

// (egan-sum at an exact tie, hole_block/on_grid and box_ledge/on_grid, was listed here: the sum
// rows' cap put a supported corner epsilon / 2 inside and the LCP solver's fallback stopped the block.
// Both are polygon–polygon vertex–vertex sites, which now get the crossing condition without the cap
// (src/contact/egan_sum.cpp), and both pass.)

// (Friction at seams, tiled_floor mu 0.1 / 0.5 for egan-max, egan-sum, lnc, peg-accurate and
// incline_seam mu 0.2 for egan-max, egan-sum, peg, peg-accurate, was listed here: the frictional
// search's answer failed the model-LCP check because idle members' slip rates were left at 0, and a
// seam's side face that tied at zero margin with the next tile's top was never left. Fixed in
// assembly/candidate.cpp (slip completion) and dynamics/configuration_search.cpp (ties explored);
// all pass.)

}  // namespace detail

inline const std::vector<KnownIssue>& known_issues() {
  static const std::vector<KnownIssue> issues = {
  };
  return issues;
}

inline const KnownIssue* find_known_issue(const std::string& scenario, const std::string& model) {
  for (const KnownIssue& issue : known_issues()) {
    if (issue.scenario == scenario && issue.model == model) return &issue;
  }
  return nullptr;
}

}  // namespace pegsim::scenario
