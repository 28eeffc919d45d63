// Malformed input: every case throws ParseError whose message names the file, the line and the
// problem; nothing else escapes and nothing large is allocated.
#include <pegsim/io/lcp_reader.h>

#include <gtest/gtest.h>

#include <string>

namespace pegsim {
namespace {

struct BadInput {
  const char* label;
  const char* name;   // file name (extension steers format detection)
  const char* text;
  int line;           // expected ParseError::line()
  const char* says;   // expected substring of the message
};

// Fresh name per case so gtest prints which one failed.
std::ostream& operator<<(std::ostream& os, const BadInput& c) { return os << c.label; }

class LcpReaderRejects : public testing::TestWithParam<BadInput> {};

TEST_P(LcpReaderRejects, WithFileLineAndReason) {
  const BadInput& c = GetParam();
  try {
    parse_lcp_text(c.text, c.name);
    FAIL() << "parsed without error";
  } catch (const ParseError& e) {
    const std::string what = e.what();
    EXPECT_EQ(e.file(), c.name);
    EXPECT_EQ(e.line(), c.line) << what;
    EXPECT_NE(what.find(c.says), std::string::npos) << what;
    EXPECT_EQ(what.rfind(std::string(c.name) + ": ", 0), 0u) << what;
    if (c.line > 0) {
      EXPECT_NE(what.find("line " + std::to_string(c.line) + ": "), std::string::npos) << what;
    }
  }
}

const BadInput kBadInputs[] = {
    // handbook (line oriented)
    {"short_row", "p.txt", "# c\n3\n1 2 3\n4 5\n7 8 9\n1 1 1\n", 4, "expected 3 numbers (row 2 of M), found 2"},
    {"long_q", "p.txt", "2\n1 0\n0 1\n1 2 3\n", 4, "expected 2 numbers (q), found 3"},
    {"nan_entry", "p.txt", "2\n1 nan\n0 1\n1 1\n", 2, "non-finite value 'nan'"},
    {"inf_entry", "p.txt", "2\n1 0\n0 1\n-inf 1\n", 4, "non-finite value '-inf'"},
    {"overflow_entry", "p.txt", "2\n1 0\n0 1e999\n1 1\n", 3, "non-finite value '1e999'"},
    {"zero_n", "p.txt", "0\n", 1, "n must be positive"},
    {"negative_n", "p.txt", "#x\n-3\n", 2, "n must be positive"},
    {"huge_n", "p.txt", "1000000000000\n1\n", 1, "exceeds the limit 100000"},
    {"n_beyond_long", "p.txt", "99999999999999999999999\n", 1, "exceeds the limit"},
    {"n_fits_cap_but_not_file", "p.txt", "99999\n1 2 3\n", 2, "unexpected end of file"},
    {"fractional_n", "p.txt", "2.5\n", 1, "expected an integer (n)"},
    {"two_numbers_for_n", "p.txt", "2 2\n", 1, "expected 1 number (n), found 2"},
    {"truncated", "p.txt", "2\n1 0\n0 1\n", 4, "unexpected end of file (expected q)"},
    {"empty", "p.txt", "", 1, "unexpected end of file (expected n)"},
    {"only_comments", "p.txt", "# a\n# b\n\n", 4, "unexpected end of file"},
    {"trailing", "p.txt", "1\n2\n3\n\n4\n", 5, "trailing data after q: '4'"},
    {"word", "p.txt", "2\n1 0\n0 x1\n1 1\n", 3, "expected a number (row 2 of M), found 'x1'"},
    {"binary", "p.txt", "2\n1 \x01\x02\n", 2, "found '\\x01\\x02'"},
    // Siconos LCP (token oriented; dense rows are lines of size1 numbers)
    {"sic_short_row", "p.dat", "2\n0\n2\n2\n2 2\n1 2\n3\n5 6\n", 7, "expected 2 numbers (line 2 of 2 of M), found 1"},
    {"sic_size_mismatch", "p.dat", "2\n0\n3\n3\n3 3\n", 4, "M is 3 x 3 but n = 2"},
    {"sic_dense_header", "p.dat", "2\n0\n2\n2\n2 3\n", 5, "dense header of M says 2 x 3"},
    {"sic_sparse_csc", "p.dat", "2\n2\n2\n2\n", 2, "storage type 2"},
    {"sic_bad_storage", "p.dat", "2\n7\n2\n2\n", 2, "storage type of M must be"},
    {"sic_huge_n", "p.dat", "100000\n0\n100000\n100000\n100000 100000\n1 2\n", 6, "unexpected end of file: M needs 10000000000 numbers"},
    {"sic_huge_sparse", "p.dat", "100000\n1\n100000\n100000\n1\n", 4, "more than the reader's limit"},
    {"sic_q_truncated", "p.dat", "2\n0\n2\n2\n2 2\n1 0\n0 1\n5", 8, "unexpected end of file (expected q(1))"},
    {"sic_q_nan", "p.dat", "1\n0\n1\n1\n1 1\n2\nNaN\n", 7, "non-finite value 'NaN' (q(0))"},
    {"sic_block_number", "p.dat", "1\n1\n1\n1\n1\n1\n1\n1\n1\n2\n1\n0 1\n0\n5\n2.0\n1\n", 14, "block number must be 0, found 5"},
    {"sic_block_bounds", "p.dat", "2\n1\n2\n2\n1\n1\n1\n3\n", 8, "cumulative block row size = 3 exceeds the limit 2"},
    // Siconos MLCP
    {"mlcp_no_storage", "p_mlcp.dat", "0\n0\n1\n1\n", 2, "neither storage type"},
    {"mlcp_zero_sizes", "p_mlcp.dat", "1\n1\n0\n0\n", 4, "n + m must be positive"},
    {"mlcp_blocks", "p_mlcp.dat", "1\n1\n1\n1\n1 2\n", 5, "blocksRows[0] must be 0, found 1"},
    {"mlcp_truncated_abcd", "p_mlcp.dat", "0\n1\n1\n1\n1\n2\n3\n", 8, "unexpected end of file (expected D(0,0))"},
    {"mlcp_disagree", "p_mlcp.dat", "1\n1\n1\n1\n0 1 2\n0 1\n0\n2\n2\n2 2\n1 2\n3 4\n5 6\n1\n4\n2\n3\n5\n6\n", 0,
     "disagree"},
};

INSTANTIATE_TEST_SUITE_P(Cases, LcpReaderRejects, testing::ValuesIn(kBadInputs),
                         [](const testing::TestParamInfo<BadInput>& info) { return std::string(info.param.label); });

TEST(LcpReaderRejects, MissingFileNamesTheFile) {
  try {
    read_lcp_file("/nonexistent/dir/problem.txt");
    FAIL();
  } catch (const ParseError& e) {
    EXPECT_EQ(std::string(e.what()), "/nonexistent/dir/problem.txt: cannot open file");
    EXPECT_EQ(e.line(), 0);
  }
}

TEST(LcpReaderRejects, DirectoryIsNotAProblemFile) {
  EXPECT_THROW(read_lcp_file(PEGSIM_SHARED_DIR), ParseError);
}

// Accepted variants, so the checks above are not simply "reject everything".
TEST(LcpReaderAccepts, CommentsBlankLinesPlusSignsAndCrLf) {
  const LcpFile f = parse_lcp_text("# a\r\n\r\n2 # n\r\n+1 0\r\n0 1e+0\r\n\r\n-1 +2 # q\r\n# end\r\n", "p.txt");
  ASSERT_TRUE(f.lcp);
  EXPECT_EQ(f.lcp->M, Mat::Identity(2, 2));
  EXPECT_EQ(f.lcp->q(0), -1.0);
  EXPECT_EQ(f.lcp->q(1), 2.0);
  EXPECT_EQ(f.comments.size(), 4u);
}

// Both storages of a square MLCP agree when M is read column-major (the case above is this one
// with C and D swapped, i.e. M read row-major).
TEST(LcpReaderAccepts, MlcpStoragesAgreeColumnMajor) {
  const LcpFile f = parse_lcp_text("1\n1\n1\n1\n0 1 2\n0 1\n0\n2\n2\n2 2\n1 2\n3 4\n5 6\n1\n4\n3\n2\n5\n6\n", "p_mlcp.dat");
  ASSERT_TRUE(f.mlcp);
  EXPECT_EQ(f.mlcp->C(0, 0), 3.0);
  EXPECT_EQ(f.mlcp->D(0, 0), 2.0);
}

TEST(LcpReaderAccepts, SiconosRemarksAfterQAndSubnormals) {
  const LcpFile f = parse_lcp_text("1\n0\n1\n1\n1\t1\n4.9e-324\n-1\n\nRemark: anything here\n", "p.dat");
  ASSERT_TRUE(f.lcp);
  EXPECT_GT(f.lcp->M(0, 0), 0.0);
  EXPECT_EQ(f.lcp->q(0), -1.0);
}

}  // namespace
}  // namespace pegsim
