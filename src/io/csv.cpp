// CSV helpers (csv.h).
#include <pegsim/io/csv.h>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <stdexcept>

namespace pegsim {

std::string csv_field(std::string_view text) {
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(text);
  std::string out = "\"";
  for (char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

std::string format_double(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.17g", value);
  return buffer;
}

std::unique_ptr<std::ofstream> open_output_file(const std::string& path) {
  auto file = std::make_unique<std::ofstream>(path, std::ios::binary | std::ios::trunc);
  if (!*file) throw std::runtime_error(path + ": cannot open file for writing (" + std::strerror(errno) + ")");
  return file;
}

void check_stream(const std::ostream& out, const std::string& name) {
  if (!out) throw std::runtime_error(name + ": write failed");
}

}  // namespace pegsim
