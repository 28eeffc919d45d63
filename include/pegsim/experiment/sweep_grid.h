// The grid of a parameter sweep: scenes x contact models x step sizes, in a fixed order, and its
// split into shards so several machines (or processes) can share it.
//
// Order (deterministic, independent of --jobs): scene-major, then model, then step size, each in
// the order given on the command line:  k = (scene * models + model) * steps + step.
// Shard i/N (1-based i) takes the runs k with k % N == i - 1, so the N shards partition the grid
// and each gets a spread of scenes, models and step sizes (similar cost per shard).
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace pegsim {

struct SweepRun {
  int index = 0;      // k, position in the whole grid
  int scene = 0;      // index into the sweep's scene list
  std::string model;
  double time_step = 0.0;
};

struct Shard {
  int index = 1;  // 1-based
  int count = 1;
  bool contains(int run_index) const { return run_index % count == index - 1; }
};

// Grid bad input (a step list, a model list, a shard spec): the message names the flag and the reason.
class SweepSpecError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// "0.001,0.002,0.004" and/or ranges "START:STOP:STEP" (inclusive of STOP within 1e-9 of a step),
// comma-separated and mixed. Range values are rounded to 12 significant digits, so 0.001:0.016:0.001
// gives exactly the doubles of "0.001", "0.002", ..., "0.016". Every value must be positive and
// finite; duplicates are an error; the order given is kept. Throws SweepSpecError naming "--dt".
std::vector<double> parse_step_sizes(std::string_view text);

// Comma-separated names (each may also be given in several strings, e.g. from repeated flags),
// checked against `known`; duplicates and unknown names are errors (SweepSpecError naming "--models"
// and listing the valid names). The order given is kept.
std::vector<std::string> parse_model_list(const std::vector<std::string>& texts, const std::vector<std::string>& known);

// "i/N" with 1 <= i <= N; throws SweepSpecError naming "--shard" otherwise (e.g. "3/2", "0/4", "1/0").
Shard parse_shard(std::string_view text);

// The whole grid in the order above.
std::vector<SweepRun> make_sweep_grid(int scene_count, const std::vector<std::string>& models,
                                      const std::vector<double>& step_sizes);

// The runs of `grid` that belong to `shard`, in grid order.
std::vector<SweepRun> select_shard(const std::vector<SweepRun>& grid, const Shard& shard);

// The shortest text that parses back to the same double (std::to_chars), e.g. "0.001": used for
// the CSV's h column and the per-step file names, so a resumed sweep finds its rows again.
std::string format_step_size(double h);

}  // namespace pegsim
