#include "progress.h"

#include <unistd.h>

#include <cstdio>

namespace pegsim::cli {

Progress::Progress(std::string label, long total, bool enabled)
    : label_(std::move(label)),
      total_(total > 0 ? total : 1),
      enabled_(enabled),
      terminal_(isatty(STDERR_FILENO) != 0),
      start_(std::chrono::steady_clock::now()),
      last_draw_(start_) {}

void Progress::update(long done, const std::string& detail) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  const double fraction = static_cast<double>(done) / static_cast<double>(total_);
  const double eta = fraction > 0 ? elapsed * (1.0 - fraction) / fraction : 0.0;
  if (terminal_) {
    if (done < total_ && std::chrono::duration<double>(now - last_draw_).count() < 0.1) return;
    last_draw_ = now;
    constexpr int kWidth = 30;
    const int filled = static_cast<int>(fraction * kWidth);
    std::string bar(filled, '#');
    bar.resize(kWidth, '.');
    std::fprintf(stderr, "\r%s [%s] %3d%% %ld/%ld  %.1fs, eta %.1fs %s\033[K", label_.c_str(), bar.c_str(),
                 static_cast<int>(fraction * 100), done, total_, elapsed, eta, detail.c_str());
  } else {
    const int percent = static_cast<int>(fraction * 10) * 10;  // a line every 10 %
    if (percent == last_percent_logged_) return;
    last_percent_logged_ = percent;
    std::fprintf(stderr, "%s: %d%% (%ld/%ld) %.1fs, eta %.1fs %s\n", label_.c_str(), percent, done, total_,
                 elapsed, eta, detail.c_str());
  }
}

void Progress::finish() {
  if (enabled_ && terminal_) std::fprintf(stderr, "\n");
}

}  // namespace pegsim::cli
