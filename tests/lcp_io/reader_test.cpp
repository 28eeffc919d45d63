// The readers on the shared data: every file parses, formats are detected, the handbook's
// stated solutions verify on what we read, and the Siconos files mean the same problems as the
// handbook (which checks Siconos's column-major orientation without trusting Siconos).
#include "lcp_io/data_files.h"

#include <pegsim/io/lcp_reader.h>
#include <pegsim/lcp/verify.h>

#include <gtest/gtest.h>

namespace pegsim {
namespace {

using test::lcp_data_dir;
using test::lcp_data_files;

Lcp read_lcp(const std::string& relative) {
  const LcpFile f = read_lcp_file(lcp_data_dir() + "/" + relative);
  EXPECT_TRUE(f.lcp.has_value()) << relative;
  return f.lcp.value_or(Lcp{});
}

Mlcp read_mlcp(const std::string& relative) {
  const LcpFile f = read_lcp_file(lcp_data_dir() + "/" + relative);
  EXPECT_TRUE(f.mlcp.has_value()) << relative;
  return f.mlcp.value_or(Mlcp{});
}

bool verifies(const Lcp& lcp, std::initializer_list<double> z) {
  Vec v(static_cast<int>(z.size()));
  int i = 0;
  for (double x : z) v(i++) = x;
  return verify_lcp(lcp, v, 1e-12).ok;
}

TEST(LcpReader, DataFoldersAreNotEmpty) {
  EXPECT_GE(lcp_data_files("handbook").size(), 9u);
  EXPECT_GE(lcp_data_files("siconos-lcp").size(), 20u);
  EXPECT_GE(lcp_data_files("siconos-mlcp").size(), 18u);
}

void expect_all_parse(const std::string& folder, LcpFileFormat format) {
  for (const std::string& path : lcp_data_files(folder)) {
    SCOPED_TRACE(path);
    LcpFile f;
    ASSERT_NO_THROW(f = read_lcp_file(path));
    EXPECT_EQ(f.format, format);
    EXPECT_EQ(detect_lcp_format(path, test::slurp(path)), format);
    if (format == LcpFileFormat::SiconosMlcp) {
      ASSERT_TRUE(f.mlcp && !f.lcp);
      const Mlcp& p = *f.mlcp;
      EXPECT_GT(p.free_size() + p.complementarity_size(), 0);
      EXPECT_EQ(validate_mlcp(p), "");
    } else {
      ASSERT_TRUE(f.lcp && !f.mlcp);
      EXPECT_GT(f.lcp->size(), 0);
      EXPECT_EQ(validate_lcp(*f.lcp), "");
    }
  }
}

TEST(LcpReader, EveryHandbookFileParses) { expect_all_parse("handbook", LcpFileFormat::Handbook); }
TEST(LcpReader, EverySiconosLcpFileParses) { expect_all_parse("siconos-lcp", LcpFileFormat::SiconosLcp); }
TEST(LcpReader, EverySiconosMlcpFileParses) { expect_all_parse("siconos-mlcp", LcpFileFormat::SiconosMlcp); }

TEST(LcpReader, HandbookCommentsAreKept) {
  const LcpFile f = read_lcp_file(lcp_data_dir() + "/handbook/infeasible_1x1.txt");
  ASSERT_EQ(f.comments.size(), 1u);
  EXPECT_NE(f.comments[0].find("no solution"), std::string::npos);
  ASSERT_TRUE(f.lcp);
  EXPECT_EQ(f.lcp->M(0, 0), -1.0);
  EXPECT_EQ(f.lcp->q(0), -1.0);
}

// Solutions stated in the handbook files' comment lines verify on the matrices we read.
TEST(LcpReader, HandbookStatedSolutionsVerify) {
  EXPECT_TRUE(verifies(read_lcp("handbook/cottle_cycling3.txt"), {1.0 / 3, 1.0 / 3, 1.0 / 3}));
  EXPECT_TRUE(verifies(read_lcp("handbook/handbook_10_2_3.txt"), {0, 1, 3}));
  const Lcp two = read_lcp("handbook/handbook_10_2_2.txt");
  EXPECT_TRUE(verifies(two, {1, 0}));
  EXPECT_TRUE(verifies(two, {0, 1}));
  EXPECT_TRUE(verifies(two, {0.5, 0.5}));
  EXPECT_TRUE(verifies(read_lcp("handbook/handbook_10_2_4_bimatrix.txt"), {1.0 / 90, 2.0 / 45, 1.0 / 90, 2.0 / 45}));
  // 10.2.9: z = ((l+16)/13, (l+16)/13, 2(23-l)/13, (1286-9l)/13) for l in [0, 23]; l = 100: (3,3,0,83).
  for (int l : {1, 16}) {
    const Lcp p = read_lcp("handbook/handbook_10_2_9_l" + std::to_string(l) + ".txt");
    EXPECT_TRUE(verifies(p, {(l + 16) / 13.0, (l + 16) / 13.0, 2 * (23 - l) / 13.0, (1286 - 9 * l) / 13.0})) << l;
  }
  EXPECT_TRUE(verifies(read_lcp("handbook/handbook_10_2_9_l100.txt"), {3, 3, 0, 83}));
  Vec e16 = Vec::Zero(16);
  e16(15) = 1.0;
  EXPECT_TRUE(verify_lcp(read_lcp("handbook/handbook_10_2_1_n16.txt"), e16, 1e-12).ok);
  // And a wrong answer does not (the checks above can fail).
  EXPECT_FALSE(verifies(read_lcp("handbook/handbook_10_2_3.txt"), {1, 0, 3}));
}

// Siconos dense files are column-major: lcp_CPS_2's printed "rows" are the columns of the
// handbook's example 10.2.3, so reading them as columns gives the same problem.
TEST(LcpReader, SiconosDenseMatricesAreColumnMajor) {
  const Lcp cps2 = read_lcp("siconos-lcp/lcp_CPS_2.dat");
  const Lcp hb = read_lcp("handbook/handbook_10_2_3.txt");
  EXPECT_EQ(cps2.M, hb.M);
  EXPECT_EQ(cps2.q, hb.q);
  EXPECT_TRUE(verifies(cps2, {0, 1, 3}));
  const Lcp cps1 = read_lcp("siconos-lcp/lcp_CPS_1.dat");
  EXPECT_EQ(cps1.M, read_lcp("handbook/handbook_10_2_2.txt").M);
  const Lcp cps3 = read_lcp("siconos-lcp/lcp_CPS_3.dat");
  EXPECT_EQ(cps3.M, read_lcp("handbook/handbook_10_2_4_bimatrix.txt").M);
  EXPECT_EQ(cps2.M(1, 0), 2.0);  // printed first "row" is 0 2 -1: column 0
  EXPECT_EQ(cps2.M(0, 1), -1.0);
}

// The sparse-block copies hold the same matrices as the dense files.
TEST(LcpReader, SparseBlockFilesMatchTheirDenseTwins) {
  for (const std::string name : {"deudeu", "ortiz", "trivial"}) {
    SCOPED_TRACE(name);
    const Lcp dense = read_lcp("siconos-lcp/lcp_" + name + ".dat");
    const Lcp block = read_lcp("siconos-lcp/lcp_" + name + "_block.dat");
    EXPECT_EQ(dense.M, block.M);
    EXPECT_EQ(dense.q, block.q);
  }
  const Lcp ortiz = read_lcp("siconos-lcp/lcp_ortiz.dat");
  EXPECT_EQ(ortiz.M(0, 1), 1.0);  // not symmetric: the orientation matters
  EXPECT_EQ(ortiz.M(1, 0), -1.0);
}

// m2n1 read by hand following mixedLinearComplementarity_newFromFile: A, B, C, D row by row.
TEST(LcpReader, SiconosMlcpBlocksAndSigns) {
  const Mlcp p = read_mlcp("siconos-mlcp/m2n1_mlcp.dat");
  ASSERT_EQ(p.free_size(), 1);
  ASSERT_EQ(p.complementarity_size(), 2);
  EXPECT_EQ(p.A(0, 0), 1.0);
  EXPECT_EQ(p.C(0, 0), 2.0);
  EXPECT_EQ(p.C(0, 1), 0.0);
  EXPECT_EQ(p.D(0, 0), 0.0);
  EXPECT_EQ(p.B(0, 0), 1.0);
  EXPECT_EQ(p.B(0, 1), 1.3333);
  EXPECT_EQ(p.B(1, 0), 0.0);
  EXPECT_EQ(p.a(0), -1.0);
  EXPECT_EQ(p.b(0), 1.0);
  EXPECT_EQ(p.b(1), -3.0);
  // A u + C z + a = 0 gives u = 1 - 2 z0; w = D u + B z + b: z = (0, 3) gives u = 1 and
  // w = (1.3333 * 3 + 1, 3 - 3) = (4.9999, 0): complementary (the file's tail lists z = (0, 3), w = (5, 0)).
  Vec u(1), z(2);
  z << 0.0, 3.0;
  u << 1.0;
  EXPECT_TRUE(verify_mlcp(p, u, z, 1e-12).ok);
}

// Rectangular_mlcp has a 3 x 2 storage-1 matrix; the square ABCD storage is what we read.
TEST(LcpReader, RectangularMlcpUsesTheAbcdStorage) {
  const Mlcp p = read_mlcp("siconos-mlcp/Rectangular_mlcp.dat");
  ASSERT_EQ(p.free_size(), 1);
  ASSERT_EQ(p.complementarity_size(), 1);
  EXPECT_EQ(p.A(0, 0), 1.0);
  EXPECT_EQ(p.B(0, 0), 1.0);
  EXPECT_EQ(p.C(0, 0), -1.0);
  EXPECT_EQ(p.D(0, 0), 1.0);
  EXPECT_EQ(p.a(0), 0.0);
  EXPECT_EQ(p.b(0), -1.0);
}

TEST(LcpReader, DetectsFormatByContentWithoutExtension) {
  for (const auto& [folder, format] : {std::pair{"handbook", LcpFileFormat::Handbook},
                                       std::pair{"siconos-lcp", LcpFileFormat::SiconosLcp},
                                       std::pair{"siconos-mlcp", LcpFileFormat::SiconosMlcp}}) {
    for (const std::string& path : lcp_data_files(folder)) {
      SCOPED_TRACE(path);
      EXPECT_EQ(detect_lcp_format("problem", test::slurp(path)), format);
    }
  }
  EXPECT_EQ(detect_lcp_format("p", "2\n1 1\n1 1\n-1 -1\n"), LcpFileFormat::Handbook);
}

}  // namespace
}  // namespace pegsim
