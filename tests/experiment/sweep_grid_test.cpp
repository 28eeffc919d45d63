// Sweep grid: --dt / --models / --shard parsing, grid order, shards partitioning the grid.
#include <pegsim/experiment/sweep_grid.h>

#include <gtest/gtest.h>

#include <charconv>
#include <set>
#include <tuple>

namespace pegsim {
namespace {

const std::vector<std::string> kKnown = {"standard", "egan-max", "peg", "peg-accurate"};

TEST(SweepStepSizes, ListKeepsOrderAndValues) {
  EXPECT_EQ(parse_step_sizes("0.004,0.001, 0.002"), (std::vector<double>{0.004, 0.001, 0.002}));
  EXPECT_EQ(parse_step_sizes("1e-3"), (std::vector<double>{0.001}));
}

TEST(SweepStepSizes, RangeGivesTheSameDoublesAsTheDecimalLiterals) {
  // 0.001 + k * 0.001 drifts off the literals (0.0030000000000000001); the range must not.
  const auto steps = parse_step_sizes("0.001:0.016:0.001");
  ASSERT_EQ(steps.size(), 16u);
  const char* literals[] = {"0.001", "0.002", "0.003", "0.004", "0.005", "0.006", "0.007", "0.008",
                            "0.009", "0.010", "0.011", "0.012", "0.013", "0.014", "0.015", "0.016"};
  for (int k = 0; k < 16; ++k) EXPECT_EQ(steps[k], std::stod(literals[k])) << k;
}

TEST(SweepStepSizes, RangeStopIsInclusiveOnlyWhenReached) {
  EXPECT_EQ(parse_step_sizes("0.01:0.03:0.01").size(), 3u);
  EXPECT_EQ(parse_step_sizes("0.01:0.035:0.01").size(), 3u);
  EXPECT_EQ(parse_step_sizes("0.005:0.005:0.001"), (std::vector<double>{0.005}));
}

TEST(SweepStepSizes, MixedListAndRange) {
  EXPECT_EQ(parse_step_sizes("0.1,0.001:0.003:0.001,0.5"), (std::vector<double>{0.1, 0.001, 0.002, 0.003, 0.5}));
}

TEST(SweepStepSizes, BadListsNameTheFlagAndReason) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"", "empty entry"},           {"0.01,", "empty entry"},        {"abc", "not a number"},
      {"0.01x", "not a number"},     {"-0.01", "positive"},           {"0", "positive"},
      {"inf", "positive"},           {"nan", "positive"},             {"0.02:0.01:0.01", "STOP is below START"},
      {"0.01:0.02", "START:STOP:STEP"}, {"0.01:0.02:0", "positive"},  {"0.001:10:0.0000001", "more than"},
      {"0.01,0.02,0.01", "given twice"}, {"0.01:0.03:0.01,0.02", "given twice"}};
  for (const auto& [text, reason] : cases) {
    try {
      parse_step_sizes(text);
      ADD_FAILURE() << "\"" << text << "\" accepted";
    } catch (const SweepSpecError& e) {
      const std::string message = e.what();
      EXPECT_EQ(message.rfind("--dt:", 0), 0u) << message;
      EXPECT_NE(message.find(reason), std::string::npos) << "\"" << text << "\": " << message;
    }
  }
}

TEST(SweepModels, CommaListsAndRepeatedFlagsAreJoinedInOrder) {
  EXPECT_EQ(parse_model_list({"peg,standard"}, kKnown), (std::vector<std::string>{"peg", "standard"}));
  EXPECT_EQ(parse_model_list({"peg", "egan-max,standard"}, kKnown),
            (std::vector<std::string>{"peg", "egan-max", "standard"}));
}

TEST(SweepModels, UnknownDuplicateAndEmptyAreErrors) {
  try {
    parse_model_list({"standard,pegg"}, kKnown);
    ADD_FAILURE() << "unknown model accepted";
  } catch (const SweepSpecError& e) {
    EXPECT_NE(std::string(e.what()).find("unknown contact model \"pegg\""), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("peg-accurate"), std::string::npos) << "lists the valid names: " << e.what();
  }
  EXPECT_THROW(parse_model_list({"peg,peg"}, kKnown), SweepSpecError);
  EXPECT_THROW(parse_model_list({"peg", "peg"}, kKnown), SweepSpecError);
  EXPECT_THROW(parse_model_list({"peg,,standard"}, kKnown), SweepSpecError);
  EXPECT_THROW(parse_model_list({}, kKnown), SweepSpecError);
}

TEST(SweepShard, ParsesValidSpecs) {
  const Shard one = parse_shard("1/1");
  EXPECT_EQ(one.index, 1);
  EXPECT_EQ(one.count, 1);
  const Shard s = parse_shard("3/4");
  EXPECT_EQ(s.index, 3);
  EXPECT_EQ(s.count, 4);
}

TEST(SweepShard, RejectsBadSpecs) {
  for (const char* text : {"3/2", "0/2", "1/0", "-1/2", "1/-2", "a/b", "1/2/3", "", "2", "1.5/2", "1/ 2x"}) {
    try {
      parse_shard(text);
      ADD_FAILURE() << "\"" << text << "\" accepted";
    } catch (const SweepSpecError& e) {
      EXPECT_EQ(std::string(e.what()).rfind("--shard:", 0), 0u) << e.what();
    }
  }
}

TEST(SweepGrid, OrderIsSceneThenModelThenStep) {
  const std::vector<std::string> models = {"standard", "peg"};
  const std::vector<double> steps = {0.01, 0.02, 0.005};
  const auto grid = make_sweep_grid(2, models, steps);
  ASSERT_EQ(grid.size(), 12u);
  for (std::size_t k = 0; k < grid.size(); ++k) {
    EXPECT_EQ(grid[k].index, static_cast<int>(k));
    EXPECT_EQ(grid[k].scene, static_cast<int>(k / 6));
    EXPECT_EQ(grid[k].model, models[(k / 3) % 2]);
    EXPECT_EQ(grid[k].time_step, steps[k % 3]);
  }
}

TEST(SweepGrid, ShardsCoverTheGridExactlyOnce) {
  const auto grid = make_sweep_grid(3, {"standard", "peg", "peg-accurate"}, {0.001, 0.002, 0.004, 0.008, 0.016});
  for (int n = 1; n <= 50; ++n) {  // more shards than runs too: some shards are then empty
    std::multiset<std::tuple<int, std::string, double>> seen;
    std::size_t biggest = 0, smallest = grid.size();
    for (int i = 1; i <= n; ++i) {
      const auto part = select_shard(grid, Shard{i, n});
      biggest = std::max(biggest, part.size());
      smallest = std::min(smallest, part.size());
      for (std::size_t j = 0; j < part.size(); ++j) {
        EXPECT_EQ(part[j].index % n, i - 1) << "shard " << i << "/" << n << " takes k % N == i-1";
        if (j > 0) {
          EXPECT_LT(part[j - 1].index, part[j].index) << "grid order kept";
        }
        seen.insert({part[j].scene, part[j].model, part[j].time_step});
      }
    }
    EXPECT_EQ(seen.size(), grid.size()) << n << " shards";
    for (const auto& run : grid) EXPECT_EQ(seen.count({run.scene, run.model, run.time_step}), 1u) << n << " shards";
    EXPECT_LE(biggest - smallest, 1u) << "balanced: " << n << " shards";
  }
}

TEST(SweepStepText, ShortestTextRoundTrips) {
  for (double h : {0.001, 0.01, 0.016, 1.0 / 3.0, 1e-7, 0.1 + 0.2}) {
    const std::string text = format_step_size(h);
    double back = 0.0;
    std::from_chars(text.data(), text.data() + text.size(), back);
    EXPECT_EQ(back, h) << text;
  }
  EXPECT_EQ(format_step_size(0.001).size(), 5u) << "no %.17g noise in file names";
}

}  // namespace
}  // namespace pegsim
