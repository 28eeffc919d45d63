// Sweep CSV: the columns plot_sweep.py reads, row round trip, resume keys, crash-cut rows.
#include "sweep_test_util.h"

#include <pegsim/experiment/sweep_csv.h>
#include <pegsim/experiment/sweep_grid.h>

#include <gtest/gtest.h>

#include <algorithm>

namespace pegsim {
namespace {

using test::lines_of;
using test::read_sweep_rows;
using test::read_text;
using test::SweepScratch;
using test::write_text;

RunSummary sample_summary() {
  RunSummary s;
  s.model = "peg";
  s.time_step = 0.004;
  s.steps = 1250;
  s.solver_failures = 3;
  s.overlap_median = 1.5e-12;
  s.overlap_q1 = 1e-14;
  s.overlap_q3 = 2.25e-10;
  s.overlap_mean = 3.0e-9;
  s.overlap_max = 7.0e-6;
  s.depth_max = 0.0021;
  s.escaped_bodies = 1;
  s.mean_lcp_size = 42.5;
  s.max_lcp_size = 97;
  s.mean_traps = 0.75;
  s.wall_seconds = 12.5;
  s.solve_seconds = 10.0;
  s.mean_contacts = 31.25;
  s.energy_max_increase = 1e-3;
  s.depth_halved_steps = 4;
  s.energy_gain_steps = 2;
  return s;
}

TEST(SweepCsvColumns, StartWithThePlotScriptsColumnsInOrder) {
  // The contract with scripts/plot_sweep.py and the issue: these names, in this order, first.
  const std::vector<std::string> required = {
      "model",      "h",          "scene",      "steps",        "solver_failures", "overlap_median",
      "overlap_q1", "overlap_q3", "overlap_mean", "overlap_max", "depth_max",       "escaped",
      "mean_lcp",   "max_lcp",    "mean_traps", "wall_seconds", "solve_seconds"};
  const auto columns = SweepCsv::columns();
  ASSERT_GE(columns.size(), required.size());
  EXPECT_TRUE(std::equal(required.begin(), required.end(), columns.begin()));
  for (const char* extra : {"non_finite_steps", "stopped_early", "mean_contacts", "seconds_per_step"}) {
    EXPECT_NE(std::find(columns.begin(), columns.end(), extra), columns.end()) << extra;
  }
  auto sorted = columns;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(std::adjacent_find(sorted.begin(), sorted.end()), sorted.end()) << "no duplicate column";
}

TEST(SweepCsvRow, ParsesBackToTheSummary) {
  const RunSummary s = sample_summary();
  const SweepKey key{"set, \"a\"", "peg", 0.004};  // a scene name that needs quoting
  const std::string row = SweepCsv::format_row(key, s, 5.0);
  ASSERT_EQ(row.back(), '\n');
  const auto fields = split_csv_line(row.substr(0, row.size() - 1));
  const auto columns = SweepCsv::columns();
  ASSERT_EQ(fields.size(), columns.size());
  std::map<std::string, std::string> v;
  for (std::size_t i = 0; i < columns.size(); ++i) v[columns[i]] = fields[i];
  EXPECT_EQ(v["scene"], key.scene);
  EXPECT_EQ(v["model"], "peg");
  EXPECT_EQ(std::stod(v["h"]), 0.004);
  EXPECT_EQ(std::stoi(v["steps"]), s.steps);
  EXPECT_EQ(std::stoi(v["solver_failures"]), s.solver_failures);
  EXPECT_EQ(std::stod(v["overlap_median"]), s.overlap_median);
  EXPECT_EQ(std::stod(v["overlap_q1"]), s.overlap_q1);
  EXPECT_EQ(std::stod(v["overlap_q3"]), s.overlap_q3);
  EXPECT_EQ(std::stod(v["overlap_mean"]), s.overlap_mean);
  EXPECT_EQ(std::stod(v["overlap_max"]), s.overlap_max);
  EXPECT_EQ(std::stod(v["depth_max"]), s.depth_max);
  EXPECT_EQ(std::stoi(v["escaped"]), s.escaped_bodies);
  EXPECT_EQ(std::stod(v["mean_lcp"]), s.mean_lcp_size);
  EXPECT_EQ(std::stoi(v["max_lcp"]), s.max_lcp_size);
  EXPECT_EQ(std::stod(v["mean_traps"]), s.mean_traps);
  EXPECT_EQ(std::stod(v["wall_seconds"]), s.wall_seconds);
  EXPECT_EQ(std::stod(v["solve_seconds"]), s.solve_seconds);
  EXPECT_EQ(std::stod(v["mean_contacts"]), s.mean_contacts);
  EXPECT_EQ(std::stod(v["seconds_per_step"]), s.wall_seconds / s.steps);
  EXPECT_EQ(std::stod(v["duration"]), 5.0);
  EXPECT_EQ(v["stopped_early"], "0");
  EXPECT_EQ(std::stoi(v["depth_halved_steps"]), s.depth_halved_steps);
  EXPECT_EQ(std::stoi(v["energy_gain_steps"]), s.energy_gain_steps);
}

TEST(SweepCsvLine, SplitsQuotedFields) {
  EXPECT_EQ(split_csv_line("a,\"b,c\",\"d\"\"e\",,f"), (std::vector<std::string>{"a", "b,c", "d\"e", "", "f"}));
  EXPECT_EQ(split_csv_line(""), (std::vector<std::string>{""}));
}

TEST(SweepCsvFile, NewFileGetsTheHeaderAndRowsAreKeysOnReopen) {
  SweepScratch dir;
  const std::string path = dir.path("sweep.csv");
  const RunSummary s = sample_summary();
  {
    SweepCsv csv(path);
    EXPECT_EQ(csv.rows(), 0);
    csv.append({"a", "peg", 0.004}, SweepCsv::format_row({"a", "peg", 0.004}, s, 1.0));
    csv.append({"a", "standard", 0.001}, SweepCsv::format_row({"a", "standard", 0.001}, s, 1.0));
    EXPECT_TRUE(csv.done({"a", "peg", 0.004}));
  }
  EXPECT_EQ(lines_of(read_text(path)).front(), SweepCsv::header());
  SweepCsv again(path);
  EXPECT_EQ(again.rows(), 2);
  EXPECT_TRUE(again.done({"a", "peg", 0.004}));
  EXPECT_TRUE(again.done({"a", "standard", 0.001}));
  EXPECT_FALSE(again.done({"a", "standard", 0.004}));
  EXPECT_FALSE(again.done({"b", "peg", 0.004}));
  EXPECT_FALSE(again.dropped_partial_row());
}

TEST(SweepCsvFile, RowCutShortByACrashIsRemovedAndNotDone) {
  SweepScratch dir;
  const std::string path = dir.path("sweep.csv");
  const std::string full = SweepCsv::format_row({"a", "peg", 0.01}, sample_summary(), 1.0);
  const std::string cut = SweepCsv::format_row({"a", "peg", 0.02}, sample_summary(), 1.0);
  write_text(path, SweepCsv::header() + "\n" + full + cut.substr(0, cut.size() / 2));
  {
    SweepCsv csv(path);
    EXPECT_TRUE(csv.dropped_partial_row());
    EXPECT_TRUE(csv.done({"a", "peg", 0.01}));
    EXPECT_FALSE(csv.done({"a", "peg", 0.02}));
    csv.append({"a", "peg", 0.02}, cut);
  }
  const auto rows = read_sweep_rows(path);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[1].at("h"), "0.02");
  EXPECT_EQ(rows[1].at("steps"), "1250");
}

TEST(SweepCsvFile, ForeignOrMalformedFilesAreRefusedWithFileAndLine) {
  SweepScratch dir;
  const std::string foreign = dir.path("foreign.csv");
  write_text(foreign, "model,h,overlap_median\npeg,0.01,0\n");
  try {
    SweepCsv csv(foreign);
    ADD_FAILURE() << "foreign header accepted";
  } catch (const SweepCsvError& e) {
    EXPECT_NE(std::string(e.what()).find("foreign.csv: line 1"), std::string::npos) << e.what();
  }
  const std::string short_row = dir.path("short.csv");
  write_text(short_row, SweepCsv::header() + "\npeg,0.01,a,5\n");
  try {
    SweepCsv csv(short_row);
    ADD_FAILURE() << "short row accepted";
  } catch (const SweepCsvError& e) {
    EXPECT_NE(std::string(e.what()).find("short.csv: line 2"), std::string::npos) << e.what();
  }
  // An older pegsim's file: our header without its last two columns. Named as older, with what it lacks.
  const std::string older = dir.path("older.csv");
  const std::string header = SweepCsv::header();
  const std::string older_header = header.substr(0, header.rfind(",depth_halved_steps"));
  ASSERT_LT(older_header.size(), header.size());
  write_text(older, older_header + "\n");
  try {
    SweepCsv csv(older);
    ADD_FAILURE() << "older header accepted";
  } catch (const SweepCsvError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("older.csv: line 1: written by an older pegsim"), std::string::npos) << what;
    EXPECT_NE(what.find("depth_halved_steps,energy_gain_steps"), std::string::npos) << what;
  }
  const std::string bad_h = dir.path("bad_h.csv");
  const std::string row = SweepCsv::format_row({"a", "peg", 0.01}, sample_summary(), 1.0);
  write_text(bad_h, SweepCsv::header() + "\n" + "peg,x" + row.substr(row.find(',', 4)));
  try {
    SweepCsv csv(bad_h);
    ADD_FAILURE() << "bad h accepted";
  } catch (const SweepCsvError& e) {
    EXPECT_NE(std::string(e.what()).find("line 2: column h"), std::string::npos) << e.what();
  }
}

TEST(SweepCsvFile, UnwritablePathIsAnError) {
  SweepScratch dir;
  EXPECT_THROW(SweepCsv(dir.path("no_such_dir/sweep.csv")), SweepCsvError);
}

}  // namespace
}  // namespace pegsim
