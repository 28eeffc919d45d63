// Optional overlays drawn over the bodies, chosen by name ("contacts,normals,impulses,...").
#pragma once

#include <string>
#include <vector>

namespace pegsim {

struct Overlays {
  bool contacts = false;     // potential contact points (the step's vertex–edge pairs)
  bool normals = false;      // unit normals at the contacts (from A into B), fixed pixel length
  bool impulses = false;     // normal impulses z of the step, arrow length proportional to z
  bool constraints = false;  // per contact: U / I / X rings (ConstraintKind of its variables)
  bool traps = false;        // vertex–vertex ("SM trap") sites
  bool overlap = false;      // intersection of overlapping bodies, filled red
  bool any() const { return contacts || normals || impulses || constraints || traps || overlap; }
};

// "contacts", "normals", "impulses", "constraints", "traps", "overlap" (also "all" and "none").
std::vector<std::string> overlay_names();

// Comma-separated names; spaces around names and empty items are ignored. Throws
// std::invalid_argument naming the unknown item and listing the valid names.
Overlays parse_overlays(const std::string& list);

}  // namespace pegsim
