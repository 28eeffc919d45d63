// The sweep result CSV (sweep_csv.h): header check, resume keys, atomic row appends.
#include <pegsim/experiment/sweep_csv.h>

#include <pegsim/experiment/sweep_grid.h>
#include <pegsim/io/csv.h>

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace pegsim {
namespace {

const std::vector<std::string> kColumns = {
    "model",          "h",              "scene",          "steps",        "solver_failures", "overlap_median",
    "overlap_q1",     "overlap_q3",     "overlap_mean",   "overlap_max",  "depth_max",       "escaped",
    "mean_lcp",       "max_lcp",        "mean_traps",     "wall_seconds", "solve_seconds",   "non_finite_steps",
    "stopped_early",  "mean_contacts",  "seconds_per_step", "duration",   "energy_max_increase",
    "recovered_steps", "diverged",      "first_failure_time", "search_steps", "search_fallbacks",
    "proximity_corrections", "fixpoint_solves", "depth_halved_steps", "energy_gain_steps"};

std::string system_error(const std::string& path, const std::string& what) {
  return path + ": " + what + " (" + std::strerror(errno) + ")";
}

std::string read_whole_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw SweepCsvError(system_error(path, "cannot open for reading"));
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void write_all(int fd, const std::string& text, const std::string& path) {
  std::size_t written = 0;
  while (written < text.size()) {
    const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw SweepCsvError(system_error(path, "write failed"));
    }
    written += static_cast<std::size_t>(n);
  }
}

SweepKey parse_key(const std::vector<std::string>& fields, const std::string& where) {
  SweepKey key;
  key.model = fields[0];
  key.scene = fields[2];
  const std::string& h = fields[1];
  const auto [end, error] = std::from_chars(h.data(), h.data() + h.size(), key.time_step);
  if (h.empty() || error != std::errc() || end != h.data() + h.size() || !(key.time_step > 0.0)) {
    throw SweepCsvError(where + ": column h: \"" + h + "\" is not a positive number");
  }
  return key;
}

// Why an existing file's first line is not ours. A strict prefix of our header is an older pegsim's
// sweep (columns are only appended): resuming into it would mix row widths, so it is named as such.
std::string header_mismatch(const std::string& line) {
  const std::string ours = SweepCsv::header();
  if (!line.empty() && ours.size() > line.size() && ours.compare(0, line.size(), line) == 0 &&
      ours[line.size()] == ',') {
    return "written by an older pegsim (its header lacks the columns \"" + ours.substr(line.size() + 1) +
           "\"); use another --out directory";
  }
  return "not a pegsim sweep header (expected \"" + ours + "\"); use another --out directory";
}

// Shortest text that parses back to the same double (nan / inf / -inf for non-finite values).
std::string exact_text(double value) { return format_step_size(value); }

}  // namespace

std::vector<std::string> split_csv_line(const std::string& line) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
        fields.back() += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        fields.back() += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      fields.emplace_back();
    } else if (c != '\r') {
      fields.back() += c;
    }
  }
  return fields;
}

std::vector<std::string> SweepCsv::columns() { return kColumns; }

std::string SweepCsv::header() {
  std::string line;
  for (const auto& c : kColumns) line += (line.empty() ? "" : ",") + c;
  return line;
}

std::string SweepCsv::format_row(const SweepKey& key, const RunSummary& s, double duration) {
  const double per_step = s.steps > 0 ? s.wall_seconds / s.steps : 0.0;
  const std::vector<std::string> fields = {
      csv_field(key.model),           format_step_size(key.time_step),  csv_field(key.scene),
      std::to_string(s.steps),        std::to_string(s.solver_failures), exact_text(s.overlap_median),
      exact_text(s.overlap_q1),    exact_text(s.overlap_q3),      exact_text(s.overlap_mean),
      exact_text(s.overlap_max),   exact_text(s.depth_max),       std::to_string(s.escaped_bodies),
      exact_text(s.mean_lcp_size), std::to_string(s.max_lcp_size),  exact_text(s.mean_traps),
      exact_text(s.wall_seconds),  exact_text(s.solve_seconds),   std::to_string(s.non_finite_steps),
      s.stopped_early ? "1" : "0",    exact_text(s.mean_contacts),   exact_text(per_step),
      exact_text(duration),        exact_text(s.energy_max_increase),
      std::to_string(s.recovered_steps), s.diverged ? "1" : "0", exact_text(s.first_failure_time),
      std::to_string(s.search_steps), std::to_string(s.search_fallbacks), std::to_string(s.proximity_corrections),
      std::to_string(s.fixpoint_solves), std::to_string(s.depth_halved_steps), std::to_string(s.energy_gain_steps)};
  std::string line;
  for (const auto& f : fields) line += (line.empty() ? "" : ",") + f;
  return line + "\n";
}

SweepCsv::SweepCsv(std::string path) : path_(std::move(path)) {
  // O_EXCL: exactly one of several processes starting together creates the file and its header.
  fd_ = ::open(path_.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd_ >= 0) {
    write_all(fd_, header() + "\n", path_);
    return;
  }
  if (errno != EEXIST) throw SweepCsvError(system_error(path_, "cannot create"));
  read_existing();
  fd_ = ::open(path_.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
  if (fd_ < 0) throw SweepCsvError(system_error(path_, "cannot open for appending"));
  if (std::filesystem::file_size(path_) == 0) write_all(fd_, header() + "\n", path_);
}

SweepCsv::~SweepCsv() {
  if (fd_ >= 0) ::close(fd_);
}

void SweepCsv::read_existing() {
  std::string text = read_whole_file(path_);
  if (!text.empty() && text.back() != '\n') {
    // A row cut short by a crash: drop it; its run has no complete row, so it is redone.
    const auto last_newline = text.rfind('\n');
    const std::size_t keep = last_newline == std::string::npos ? 0 : last_newline + 1;
    std::error_code error;
    std::filesystem::resize_file(path_, keep, error);
    if (error) throw SweepCsvError(path_ + ": cannot remove the incomplete last line (" + error.message() + ")");
    text.resize(keep);
    dropped_partial_row_ = true;
  }
  std::istringstream lines(text);
  std::string line;
  int number = 0;
  while (std::getline(lines, line)) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const std::string where = path_ + ": line " + std::to_string(number);
    if (number == 1) {
      if (line != header()) throw SweepCsvError(where + ": " + header_mismatch(line));
      continue;
    }
    if (line.empty()) continue;
    const auto fields = split_csv_line(line);
    if (fields.size() != kColumns.size()) {
      throw SweepCsvError(where + ": expected " + std::to_string(kColumns.size()) + " fields, found " +
                          std::to_string(fields.size()));
    }
    done_.push_back(parse_key(fields, where));
  }
}

bool SweepCsv::done(const SweepKey& key) const {
  std::lock_guard lock(mutex_);
  return std::find(done_.begin(), done_.end(), key) != done_.end();
}

int SweepCsv::rows() const {
  std::lock_guard lock(mutex_);
  return static_cast<int>(done_.size());
}

void SweepCsv::append(const SweepKey& key, const std::string& row) {
  std::lock_guard lock(mutex_);
  // One write(2) of the whole line: O_APPEND makes it land after every other process's rows.
  const ssize_t n = ::write(fd_, row.data(), row.size());
  if (n != static_cast<ssize_t>(row.size())) {
    throw SweepCsvError(system_error(path_, "could not append a row"));
  }
  done_.push_back(key);
}

}  // namespace pegsim
