// The --camera option's text: "ex,ey,ez[,tx,ty,tz[,fov_deg]]" (camera3d.h).
#include <pegsim/render/camera3d.h>

#include <cmath>
#include <sstream>
#include <stdexcept>

namespace pegsim {
namespace {

double parse_number(const std::string& item, const char* what) {
  std::size_t used = 0;
  double value = 0.0;
  try {
    value = std::stod(item, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  while (used < item.size() && std::isspace(static_cast<unsigned char>(item[used]))) ++used;
  if (item.empty() || used != item.size() || !std::isfinite(value)) {
    throw std::invalid_argument(std::string(what) + ": \"" + item + "\" is not a finite number");
  }
  return value;
}

}  // namespace

CameraSpec3d parse_camera_spec(const std::string& text) {
  std::vector<std::string> items;
  std::stringstream stream(text);
  std::string item;
  while (std::getline(stream, item, ',')) items.push_back(item);
  if (!text.empty() && text.back() == ',') items.push_back("");
  if (items.size() != 3 && items.size() != 6 && items.size() != 7) {
    throw std::invalid_argument("expected EYE_X,EYE_Y,EYE_Z[,TARGET_X,TARGET_Y,TARGET_Z[,FOV_DEG]] (3, 6 or 7 numbers), got " +
                                std::to_string(items.size()) + " in \"" + text + "\"");
  }
  static const char* const names[] = {"eye x", "eye y", "eye z", "target x", "target y", "target z", "field of view"};
  double v[7] = {};
  for (std::size_t i = 0; i < items.size(); ++i) v[i] = parse_number(items[i], names[i]);
  CameraSpec3d spec;
  spec.eye = Vec3(v[0], v[1], v[2]);
  if (items.size() >= 6) {
    spec.target = Vec3(v[3], v[4], v[5]);
    if ((*spec.target - spec.eye).norm() == 0.0) throw std::invalid_argument("the eye is on the target (no view direction)");
  }
  if (items.size() == 7) {
    if (!(v[6] > 0.0 && v[6] < 180.0)) {
      throw std::invalid_argument("field of view: " + items[6] + " degrees is not between 0 and 180");
    }
    spec.fov_deg = v[6];
  }
  return spec;
}

}  // namespace pegsim
