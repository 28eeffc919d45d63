// The sweep's result file: one CSV row per finished run, appended and flushed as each run ends, so
// an interrupted sweep resumes by skipping the (scene, model, h) keys already present.
//
// Columns (in this order; scripts/plot_sweep.py reads them by name; new columns are only appended):
//   model, h, scene        the run's key; h in the shortest text that round-trips (format_step_size)
//   steps, solver_failures RunSummary::steps, ::solver_failures
//   overlap_median, overlap_q1, overlap_q3, overlap_mean, overlap_max
//                          statistics over steps of the total pairwise overlap area (m^2)
//   depth_max              largest penetration depth of any step (m)
//   escaped                dynamic bodies outside the box at the end (RunSummary::escaped_bodies)
//   mean_lcp, max_lcp      LCP size per step
//   mean_traps             SM-trap sites per step
//   wall_seconds, solve_seconds   the run's wall time and its LCP work (configuration search,
//                          solve or check, fixpoint re-solves; RunSummary::solve_seconds)
//   non_finite_steps, stopped_early (0/1), mean_contacts, seconds_per_step (wall / steps),
//   duration (simulated seconds asked for), energy_max_increase (J, largest one-step gain)
//   recovered_steps, diverged (0/1), first_failure_time (s, -1: none)
//   search_steps, search_fallbacks, proximity_corrections, fixpoint_solves   RunSummary's counts
//                          of the engine's refinements (dynamics/run.h)
//   depth_halved_steps, energy_gain_steps   RunSummary's steps retried as halves for depth, and
//                          steps that gained energy (counted in solver_failures too)
// An existing file whose header is an older, shorter one is refused with a message naming the
// missing columns (resuming into it would mix row widths).
// Numbers use the shortest text that parses back to the same double (std::to_chars; nan, inf if
// ever non-finite); text fields are CSV-quoted when needed.
//
// Writes: each row is one write(2) on a file opened with O_APPEND, so several processes (shards)
// appending to the same local file do not interleave rows. A row cut short by a crash (no final
// newline) is removed when the file is opened again, and that run is redone.
#pragma once

#include <pegsim/dynamics/run.h>

#include <mutex>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

namespace pegsim {

// Unreadable/unwritable file, a header that is not ours, a malformed row: names the file and line.
class SweepCsvError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct SweepKey {
  std::string scene;
  std::string model;
  double time_step = 0.0;
  bool operator==(const SweepKey&) const = default;
};

class SweepCsv {
 public:
  // Opens `path` for appending, creating it with the header line when missing or empty. An
  // existing file must start with exactly header(); its rows' keys become done(). Throws SweepCsvError.
  explicit SweepCsv(std::string path);
  ~SweepCsv();
  SweepCsv(const SweepCsv&) = delete;
  SweepCsv& operator=(const SweepCsv&) = delete;

  static std::vector<std::string> columns();
  static std::string header();  // columns joined by commas, no newline
  // One data line (with the trailing newline) for a finished run.
  static std::string format_row(const SweepKey& key, const RunSummary& summary, double duration);

  bool done(const SweepKey& key) const;
  int rows() const;
  // True when opening removed an incomplete last line.
  bool dropped_partial_row() const { return dropped_partial_row_; }
  const std::string& path() const { return path_; }

  // Appends one formatted row (format_row) and records its key; thread-safe. Throws SweepCsvError.
  void append(const SweepKey& key, const std::string& row);

 private:
  void read_existing();
  std::string path_;
  int fd_ = -1;
  mutable std::mutex mutex_;
  std::vector<SweepKey> done_;
  bool dropped_partial_row_ = false;
};

// Splits one CSV line (RFC 4180 quoting, no embedded line breaks) into fields.
std::vector<std::string> split_csv_line(const std::string& line);

}  // namespace pegsim
