// Progress on stderr: a redrawn bar with ETA on a terminal, occasional lines otherwise.
#pragma once

#include <chrono>
#include <string>

namespace pegsim::cli {

class Progress {
 public:
  Progress(std::string label, long total, bool enabled);
  void update(long done, const std::string& detail = "");
  void finish();

 private:
  std::string label_;
  long total_;
  bool enabled_;
  bool terminal_;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_draw_;
  int last_percent_logged_ = -1;
};

}  // namespace pegsim::cli
