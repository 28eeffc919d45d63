// Physical checks of a scenario, collected instead of asserted one by one, so that a model on the
// known-issue list (known_issues.h) can be skipped with every measured number in the message,
// and any other model fails with the same numbers.
#pragma once

#include "known_issues.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace pegsim::scenario {

class Checks {
 public:
  // |actual - expected| <= tolerance.
  void near(const std::string& what, double actual, double expected, double tolerance, const std::string& unit) {
    const bool ok = std::abs(actual - expected) <= tolerance;  // false for NaN
    record(ok, what + " = " + number(actual) + " " + unit + ", expected " + number(expected) + " +- " +
                   number(tolerance));
  }
  void at_most(const std::string& what, double actual, double bound, const std::string& unit) {
    record(actual <= bound, what + " = " + number(actual) + " " + unit + ", expected <= " + number(bound));
  }
  void at_least(const std::string& what, double actual, double bound, const std::string& unit) {
    record(actual >= bound, what + " = " + number(actual) + " " + unit + ", expected >= " + number(bound));
  }
  void that(const std::string& what, bool ok) { record(ok, what); }

  bool ok() const { return failed_.empty(); }
  std::string failures() const { return join(failed_); }
  std::string measured() const { return join(all_); }

 private:
  static std::string number(double v) {
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%.9g", v);
    return buffer;
  }
  static std::string join(const std::vector<std::string>& lines) {
    std::string out;
    for (const auto& line : lines) out += "\n    " + line;
    return out;
  }
  void record(bool ok, const std::string& line) {
    all_.push_back((ok ? "ok:   " : "FAIL: ") + line);
    if (!ok) failed_.push_back(line);
  }
  std::vector<std::string> failed_;
  std::vector<std::string> all_;
};

}  // namespace pegsim::scenario

// Ends a scenario test: passes when every check passed; when some failed, fails the test, unless
// (scenario, model) is on the known-issue list, in which case the test is skipped with the
// diagnosis and the failed checks. A listed case that passes is reported on stdout so that its
// entry can be removed.
#define PEGSIM_SCENARIO_VERDICT(checks_, scenario_, model_)                                                      \
  do {                                                                                                        \
    const ::pegsim::scenario::KnownIssue* known_ = ::pegsim::scenario::find_known_issue((scenario_), (model_)); \
    if ((checks_).ok()) {                                                                                      \
      if (known_ != nullptr)                                                                                  \
        std::printf("NOTE: known issue no longer reproduces, remove it from known_issues.h: %s / %s\n",       \
                    std::string(scenario_).c_str(), std::string(model_).c_str());                               \
      break;                                                                                                  \
    }                                                                                                         \
    if (known_ != nullptr) {                                                                                  \
      GTEST_SKIP() << "known issue (" << (scenario_) << ", " << (model_) << "): " << known_->diagnosis          \
                   << "\n  failed checks:" << (checks_).failures();                                            \
    }                                                                                                         \
    ADD_FAILURE() << (scenario_) << " / " << (model_) << ": physical checks failed:" << (checks_).failures()     \
                  << "\n  all checks:" << (checks_).measured();                                                \
  } while (false)
