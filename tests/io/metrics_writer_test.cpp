// Metrics CSV: the required column order, one row per step, exact numbers, quoted text.
#include "io/io_test_util.h"

#include <pegsim/io/metrics_writer.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <sstream>

namespace pegsim {
namespace {

StepRecord record(int step) {
  StepRecord r;
  r.step = step;
  r.time = 0.01 * step;
  r.contacts = 10 + step;
  r.rows = 20 + step;
  r.lcp_size = 30 + step;
  r.unilateral = 4;
  r.intercontact = 3;
  r.cross_contact = 2;
  r.groups = 1;
  r.traps = 5;
  r.solver_status = step % 2 ? SolveStatus::IterationLimit : SolveStatus::Solved;
  r.solver = step % 2 ? "pgs, then lemke" : "lemke";  // a comma must survive
  r.residual = 1.0 / (3.0 + step);
  r.iterations = 17 * step;
  r.profile.solve = 1e-4 * step;
  r.profile.total = 3e-4 * step;
  r.fixpoint_damped = step % 3;
  return r;
}

double number(const std::string& text) { return std::strtod(text.c_str(), nullptr); }

TEST(MetricsCsvWriter, HeaderStartsWithTheRequiredColumns) {
  const std::string required =
      "step,time,overlap,max_depth,contacts,rows,lcp_size,solver_status,residual,solve_seconds,energy";
  EXPECT_EQ(MetricsCsvWriter::header().rfind(required + ",", 0), 0u) << MetricsCsvWriter::header();
}

TEST(MetricsCsvWriter, RowsReadBackExactly) {
  test::IoScratchDir dir;
  const std::string path = dir.file("metrics.csv");
  {
    MetricsCsvWriter writer(path);
    for (int step = 1; step <= 4; ++step) {
      OverlapStats overlap;
      overlap.total_area = 1e-9 / step;
      overlap.max_depth = 2.5e-4 * step;
      overlap.overlapping_pairs = step;
      writer.write(record(step), overlap, -9.81 / step);
    }
    writer.close();
  }
  const auto rows = test::parse_csv(test::slurp(path));
  ASSERT_EQ(rows.size(), 5u);
  const auto& header = rows[0];
  auto column = [&](const std::string& name) {
    const auto at = std::find(header.begin(), header.end(), name);
    EXPECT_NE(at, header.end()) << name;
    return static_cast<std::size_t>(at - header.begin());
  };
  for (int step = 1; step <= 4; ++step) {
    const auto& row = rows[step];
    ASSERT_EQ(row.size(), header.size());
    const StepRecord r = record(step);
    EXPECT_EQ(row[column("step")], std::to_string(step));
    EXPECT_EQ(number(row[column("time")]), r.time);
    EXPECT_EQ(number(row[column("overlap")]), 1e-9 / step);
    EXPECT_EQ(number(row[column("max_depth")]), 2.5e-4 * step);
    EXPECT_EQ(row[column("contacts")], std::to_string(r.contacts));
    EXPECT_EQ(row[column("rows")], std::to_string(r.rows));
    EXPECT_EQ(row[column("lcp_size")], std::to_string(r.lcp_size));
    EXPECT_EQ(row[column("solver_status")], to_string(r.solver_status));
    EXPECT_EQ(number(row[column("residual")]), r.residual);
    EXPECT_EQ(number(row[column("solve_seconds")]), r.profile.solve);
    EXPECT_EQ(number(row[column("energy")]), -9.81 / step);
    EXPECT_EQ(row[column("unilateral")], "4");
    EXPECT_EQ(row[column("intercontact")], "3");
    EXPECT_EQ(row[column("cross_contact")], "2");
    EXPECT_EQ(row[column("traps")], "5");
    EXPECT_EQ(row[column("solver")], r.solver);
    EXPECT_EQ(row[column("iterations")], std::to_string(r.iterations));
    EXPECT_EQ(row[column("overlapping_pairs")], std::to_string(step));
    EXPECT_EQ(row[column("fixpoint_damped")], std::to_string(step % 3));
  }
}

TEST(MetricsCsvWriter, StreamTargetAndUnopenablePath) {
  std::ostringstream out;
  MetricsCsvWriter writer(out);
  writer.write(record(2), OverlapStats{}, 0.0);
  const auto rows = test::parse_csv(out.str());
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[1][0], "2");
  test::IoScratchDir dir;
  EXPECT_THROW(MetricsCsvWriter(dir.file("missing/dir/m.csv")), std::runtime_error);
}

}  // namespace
}  // namespace pegsim
