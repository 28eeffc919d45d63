// Sweep grid: parsing the --dt / --models / --shard specs, building and sharding the grid.
#include <pegsim/experiment/sweep_grid.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace pegsim {
namespace {

// A range that asks for more step sizes than this is certainly a typo (e.g. a missing digit).
constexpr long kMaxStepSizes = 10000;

std::string_view trim(std::string_view text) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  const auto last = text.find_last_not_of(" \t");
  return text.substr(first, last - first + 1);
}

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  while (true) {
    const auto end = text.find(separator, start);
    parts.push_back(trim(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start)));
    if (end == std::string_view::npos) return parts;
    start = end + 1;
  }
}

double parse_positive(std::string_view text, std::string_view whole) {
  double value = 0.0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size()) {
    throw SweepSpecError("--dt: \"" + std::string(text) + "\" in \"" + std::string(whole) + "\" is not a number");
  }
  if (!std::isfinite(value) || !(value > 0.0)) {
    throw SweepSpecError("--dt: \"" + std::string(text) + "\": step sizes must be positive and finite");
  }
  return value;
}

// Removes the rounding noise of start + k * step (0.001 + 2 * 0.001 = 0.0030000000000000001).
double round_to_12_digits(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.12g", value);
  return std::strtod(buffer, nullptr);
}

void append_range(std::string_view item, std::string_view whole, std::vector<double>& out) {
  const auto parts = split(item, ':');
  if (parts.size() != 3) {
    throw SweepSpecError("--dt: range \"" + std::string(item) + "\" must be START:STOP:STEP");
  }
  const double start = parse_positive(parts[0], whole);
  const double stop = parse_positive(parts[1], whole);
  const double step = parse_positive(parts[2], whole);
  if (stop < start) {
    throw SweepSpecError("--dt: range \"" + std::string(item) + "\": STOP is below START");
  }
  const double intervals = (stop - start) / step;
  if (intervals + 1.0 > static_cast<double>(kMaxStepSizes)) {
    throw SweepSpecError("--dt: range \"" + std::string(item) + "\" gives more than " +
                         std::to_string(kMaxStepSizes) + " step sizes");
  }
  const long count = static_cast<long>(std::floor(intervals + 1e-9)) + 1;
  for (long k = 0; k < count; ++k) out.push_back(round_to_12_digits(start + static_cast<double>(k) * step));
}

}  // namespace

std::vector<double> parse_step_sizes(std::string_view text) {
  std::vector<double> steps;
  for (std::string_view item : split(text, ',')) {
    if (item.empty()) throw SweepSpecError("--dt: empty entry in \"" + std::string(text) + "\"");
    if (item.find(':') != std::string_view::npos) {
      append_range(item, text, steps);
    } else {
      steps.push_back(parse_positive(item, text));
    }
  }
  for (std::size_t i = 0; i < steps.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      if (steps[i] == steps[j]) {
        throw SweepSpecError("--dt: step size " + format_step_size(steps[i]) + " is given twice");
      }
    }
  }
  return steps;
}

std::vector<std::string> parse_model_list(const std::vector<std::string>& texts, const std::vector<std::string>& known) {
  std::vector<std::string> models;
  for (const std::string& text : texts) {
    for (std::string_view item : split(text, ',')) {
      const std::string name(item);
      if (name.empty()) throw SweepSpecError("--models: empty entry in \"" + text + "\"");
      if (std::find(known.begin(), known.end(), name) == known.end()) {
        std::string valid;
        for (const auto& k : known) valid += (valid.empty() ? "" : ", ") + k;
        throw SweepSpecError("--models: unknown contact model \"" + name + "\" (valid: " + valid + ")");
      }
      if (std::find(models.begin(), models.end(), name) != models.end()) {
        throw SweepSpecError("--models: \"" + name + "\" is given twice");
      }
      models.push_back(name);
    }
  }
  if (models.empty()) throw SweepSpecError("--models: no model given");
  return models;
}

Shard parse_shard(std::string_view text) {
  const auto parts = split(text, '/');
  const auto bad = [&](const std::string& reason) {
    return SweepSpecError("--shard: \"" + std::string(text) + "\": " + reason);
  };
  if (parts.size() != 2) throw bad("expected i/N, e.g. 2/4");
  Shard shard;
  for (int p = 0; p < 2; ++p) {
    int value = 0;
    const auto [end, error] = std::from_chars(parts[p].data(), parts[p].data() + parts[p].size(), value);
    if (parts[p].empty() || error != std::errc() || end != parts[p].data() + parts[p].size()) {
      throw bad("expected i/N with whole numbers, e.g. 2/4");
    }
    (p == 0 ? shard.index : shard.count) = value;
  }
  if (shard.count < 1) throw bad("N must be at least 1");
  if (shard.index < 1 || shard.index > shard.count) throw bad("i must be between 1 and N");
  return shard;
}

std::vector<SweepRun> make_sweep_grid(int scene_count, const std::vector<std::string>& models,
                                      const std::vector<double>& step_sizes) {
  std::vector<SweepRun> grid;
  grid.reserve(static_cast<std::size_t>(scene_count) * models.size() * step_sizes.size());
  for (int scene = 0; scene < scene_count; ++scene) {
    for (const std::string& model : models) {
      for (double h : step_sizes) {
        grid.push_back({static_cast<int>(grid.size()), scene, model, h});
      }
    }
  }
  return grid;
}

std::vector<SweepRun> select_shard(const std::vector<SweepRun>& grid, const Shard& shard) {
  std::vector<SweepRun> selected;
  for (const SweepRun& run : grid) {
    if (shard.contains(run.index)) selected.push_back(run);
  }
  return selected;
}

std::string format_step_size(double h) {
  char buffer[64];
  const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, h);
  if (error != std::errc()) return "nan";
  return std::string(buffer, end);
}

}  // namespace pegsim
