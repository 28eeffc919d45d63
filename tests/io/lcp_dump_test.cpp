// Plain-format LCP dumps: exact round trip (our own parse and the project's handbook reader),
// comment lines, and refusal of malformed problems.
#include "io/io_test_util.h"

#include <pegsim/io/lcp_dump.h>
#include <pegsim/io/lcp_reader.h>

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <sstream>
#include <stdexcept>

namespace pegsim {
namespace {

// Awkward values: non-terminating binary fractions, extremes, negative zero.
Lcp awkward_lcp() {
  Lcp lcp;
  lcp.M.resize(3, 3);
  lcp.M << 1.0 / 3.0, -2.5e17, 0.1, 1e-300, 4.9e-324, -0.0, 123456789.123456789, std::nextafter(1.0, 2.0), 7;
  lcp.q.resize(3);
  lcp.q << -1.0 / 7.0, 0.0, 6.02214076e23;
  return lcp;
}

TEST(LcpDump, WritesTheHandbookLayoutWithCommentLines) {
  test::IoScratchDir dir;
  const std::string path = dir.file("dump.lcp");
  write_lcp_plain(awkward_lcp(), path, "failed step 12\nmodel peg");
  std::istringstream in(test::slurp(path));
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line, "# failed step 12");
  std::getline(in, line);
  EXPECT_EQ(line, "# model peg");
  int n = 0;
  in >> n;
  ASSERT_EQ(n, 3);
  const Lcp expected = awkward_lcp();
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      std::string token;
      in >> token;
      const double value = std::strtod(token.c_str(), nullptr);
      EXPECT_EQ(value, expected.M(i, j)) << token;  // bit-exact through text
      EXPECT_EQ(std::signbit(value), std::signbit(expected.M(i, j))) << token;
    }
  for (int i = 0; i < 3; ++i) {
    std::string token;
    in >> token;
    EXPECT_EQ(std::strtod(token.c_str(), nullptr), expected.q(i)) << token;
  }
  std::string rest;
  in >> rest;
  EXPECT_TRUE(rest.empty()) << rest;
}

TEST(LcpDump, ProjectReaderReadsDumpsBackExactly) {
  test::IoScratchDir dir;
  std::mt19937_64 rng(5);
  std::normal_distribution<double> normal(0.0, 1e3);
  for (int n : {1, 2, 7, 30}) {
    Lcp lcp;
    lcp.M.resize(n, n);
    lcp.q.resize(n);
    for (int i = 0; i < n; ++i) {
      lcp.q(i) = normal(rng);
      for (int j = 0; j < n; ++j) lcp.M(i, j) = normal(rng) / 7.0;
    }
    const std::string path = dir.file("n" + std::to_string(n) + ".txt");
    write_lcp_plain(lcp, path, "random n = " + std::to_string(n));
    std::vector<std::string> comments;
    const Lcp back = read_handbook_lcp(test::slurp(path), path, &comments);
    EXPECT_EQ(back.M, lcp.M);
    EXPECT_EQ(back.q, lcp.q);
    ASSERT_EQ(comments.size(), 1u);
    EXPECT_NE(comments[0].find("random n = " + std::to_string(n)), std::string::npos);
  }
}

TEST(LcpDump, EmptyCommentWritesNoCommentLine) {
  std::ostringstream out;
  Lcp lcp;
  lcp.M = Mat::Identity(1, 1);
  lcp.q = Vec::Constant(1, -1.0);
  write_lcp_plain(lcp, out);
  EXPECT_EQ(out.str(), "1\n1\n-1\n");
}

TEST(LcpDump, NonFiniteEntriesAreWrittenVisibly) {
  std::ostringstream out;
  Lcp lcp;
  lcp.M = Mat::Identity(2, 2);
  lcp.M(0, 1) = std::numeric_limits<double>::quiet_NaN();
  lcp.q = Vec::Constant(2, -std::numeric_limits<double>::infinity());
  write_lcp_plain(lcp, out);
  EXPECT_EQ(out.str(), "2\n1 nan\n0 1\n-inf -inf\n");
}

TEST(LcpDump, MismatchedSizesAndUnwritablePathsThrow) {
  test::IoScratchDir dir;
  Lcp lcp;
  lcp.M = Mat::Identity(2, 3);
  lcp.q = Vec::Zero(2);
  EXPECT_THROW(write_lcp_plain(lcp, dir.file("bad.lcp")), std::invalid_argument);
  EXPECT_FALSE(std::filesystem::exists(dir.file("bad.lcp")));  // nothing half-written
  lcp.M = Mat::Identity(2, 2);
  EXPECT_THROW(write_lcp_plain(lcp, dir.file("no/such/dir/x.lcp")), std::runtime_error);
}

}  // namespace
}  // namespace pegsim
