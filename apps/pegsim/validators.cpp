#include "validators.h"

#include <cmath>
#include <cstdlib>
#include <string>

namespace pegsim::cli {

CLI::Validator finite_number(bool allow_zero) {
  return CLI::Validator(
      [allow_zero](std::string& text) -> std::string {
        char* end = nullptr;
        const double value = std::strtod(text.c_str(), &end);
        const bool ok = !text.empty() && end == text.c_str() + text.size() && std::isfinite(value) &&
                        (allow_zero ? value >= 0.0 : value > 0.0);
        return ok ? "" : "expected a " + std::string(allow_zero ? "non-negative" : "positive") +
                             " finite number, got \"" + text + "\"";
      },
      allow_zero ? "NON-NEGATIVE" : "POSITIVE");
}

CLI::Validator unsigned_integer() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        const bool digits = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
        return digits ? "" : "expected a non-negative integer, got \"" + text + "\"";
      },
      "UINT64");
}

}  // namespace pegsim::cli
