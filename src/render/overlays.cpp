// Overlay names (see overlays.h).
#include <pegsim/render/overlays.h>

#include <sstream>
#include <stdexcept>

namespace pegsim {
namespace {

std::string trimmed(const std::string& s) {
  const auto first = s.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  const auto last = s.find_last_not_of(" \t");
  return s.substr(first, last - first + 1);
}

// Sets the flag named `name`; false when there is no such overlay.
bool set_overlay(Overlays& overlays, const std::string& name) {
  if (name == "contacts") overlays.contacts = true;
  else if (name == "normals") overlays.normals = true;
  else if (name == "impulses") overlays.impulses = true;
  else if (name == "constraints") overlays.constraints = true;
  else if (name == "traps") overlays.traps = true;
  else if (name == "overlap") overlays.overlap = true;
  else if (name == "all") overlays = Overlays{true, true, true, true, true, true};
  else if (name == "none") overlays = Overlays{};
  else return false;
  return true;
}

}  // namespace

std::vector<std::string> overlay_names() {
  return {"contacts", "normals", "impulses", "constraints", "traps", "overlap", "all", "none"};
}

Overlays parse_overlays(const std::string& list) {
  Overlays overlays;
  std::stringstream stream(list);
  std::string item;
  while (std::getline(stream, item, ',')) {
    const std::string name = trimmed(item);
    if (name.empty()) continue;
    if (!set_overlay(overlays, name)) {
      std::string valid;
      for (const std::string& n : overlay_names()) valid += (valid.empty() ? "" : ", ") + n;
      throw std::invalid_argument("unknown overlay \"" + name + "\" (valid: " + valid + ")");
    }
  }
  return overlays;
}

}  // namespace pegsim
