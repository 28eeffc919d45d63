// Seeded mutations of every shared problem file: parsing either succeeds with a well-formed,
// finite problem or throws ParseError. Nothing else may escape (no crash, no bad_alloc, no
// Eigen assertion), and the process never grows absurdly (peak RSS checked at the end).
#include "lcp_io/data_files.h"

#include <pegsim/io/lcp_reader.h>

#include <gtest/gtest.h>
#include <sys/resource.h>

#include <random>
#include <string>
#include <vector>

namespace pegsim {
namespace {

using Rng = std::mt19937_64;

std::size_t pick(Rng& rng, std::size_t size) { return std::uniform_int_distribution<std::size_t>(0, size - 1)(rng); }

// Token-level replacements aimed at the readers' checks.
const std::vector<std::string> kNastyTokens = {
    "nan", "NaN", "-inf", "inf", "1e999", "-1e999", "0", "-1", "-7", "2", "1000000000000", "99999", "100000",
    "100001", "4.5", "+", "-", "0x1p3", "1e-320", "", "#", "\t\t", "\n\n", std::string("\0\x01\xff", 3),
    "9223372036854775808", "-9223372036854775809", "3 3", "1 1 1"};

// Replace the token at a random position with a nasty one.
void replace_token(std::string& s, Rng& rng) {
  if (s.empty()) return;
  std::size_t at = pick(rng, s.size());
  while (at > 0 && !std::isspace(static_cast<unsigned char>(s[at - 1]))) --at;
  std::size_t end = at;
  while (end < s.size() && !std::isspace(static_cast<unsigned char>(s[end]))) ++end;
  s.replace(at, end - at, kNastyTokens[pick(rng, kNastyTokens.size())]);
}

std::string mutate(const std::string& original, Rng& rng) {
  std::string s = original;
  const int edits = 1 + static_cast<int>(pick(rng, 3));
  for (int e = 0; e < edits && !s.empty(); ++e) {
    switch (pick(rng, 7)) {
      case 0: s[pick(rng, s.size())] ^= static_cast<char>(1u << pick(rng, 8)); break;          // bit flip
      case 1: s[pick(rng, s.size())] = static_cast<char>(pick(rng, 256)); break;                 // random byte
      case 2: s.resize(pick(rng, s.size())); break;                                              // truncation
      case 3: { const std::size_t a = pick(rng, s.size()); s.erase(a, pick(rng, 64)); break; }   // deletion
      case 4: { const std::size_t a = pick(rng, s.size()); s.insert(a, s.substr(a, pick(rng, 64))); break; }  // dup
      case 5: replace_token(s, rng); break;
      default: {  // binary junk
        std::string junk(1 + pick(rng, 16), '\0');
        for (char& c : junk) c = static_cast<char>(pick(rng, 256));
        s.insert(pick(rng, s.size()), junk);
      }
    }
  }
  return s;
}

void expect_well_formed(const LcpFile& f) {
  ASSERT_NE(f.lcp.has_value(), f.mlcp.has_value());
  if (f.lcp) {
    const int n = f.lcp->size();
    ASSERT_GE(n, 1);
    ASSERT_LE(n, kMaxProblemSize);
    ASSERT_EQ(f.lcp->M.rows(), n);
    ASSERT_EQ(f.lcp->M.cols(), n);
    ASSERT_TRUE(f.lcp->M.allFinite() && f.lcp->q.allFinite());
  } else {
    const Mlcp& p = *f.mlcp;
    const int n = p.free_size(), m = p.complementarity_size();
    ASSERT_GE(n + m, 1);
    ASSERT_TRUE(p.A.rows() == n && p.A.cols() == n && p.B.rows() == m && p.B.cols() == m);
    ASSERT_TRUE(p.C.rows() == n && p.C.cols() == m && p.D.rows() == m && p.D.cols() == n);
    ASSERT_TRUE(p.A.allFinite() && p.B.allFinite() && p.C.allFinite() && p.D.allFinite() && p.a.allFinite() &&
                p.b.allFinite());
  }
}

struct FuzzTally {
  int parsed = 0, rejected = 0;
};

// One mutated text through detection and through every reader explicitly.
void fuzz_once(const std::string& text, const std::string& name, FuzzTally& tally) {
  const std::optional<LcpFileFormat> formats[] = {std::nullopt, LcpFileFormat::Handbook, LcpFileFormat::SiconosLcp,
                                                  LcpFileFormat::SiconosMlcp};
  for (const auto& format : formats) {
    try {
      expect_well_formed(parse_lcp_text(text, name, format));
      ++tally.parsed;
    } catch (const ParseError& e) {
      ASSERT_EQ(std::string(e.what()).rfind(name + ": ", 0), 0u) << e.what();
      ++tally.rejected;
    } catch (const std::exception& e) {
      FAIL() << "non-ParseError exception " << e.what() << " for a mutation of " << name;
    }
  }
}

void fuzz_folder(const std::string& folder, std::uint64_t seed, int mutations_per_file) {
  Rng rng(seed);
  FuzzTally tally;
  for (const std::string& path : test::lcp_data_files(folder)) {
    const std::string original = test::slurp(path);
    // The two 3 MB deltasigma files get a few mutations only (runtime).
    const int count = original.size() > 1'000'000 ? 3 : mutations_per_file;
    for (int i = 0; i < count; ++i) {
      fuzz_once(mutate(original, rng), path, tally);
      if (testing::Test::HasFatalFailure()) return;
    }
  }
  // Both outcomes occur, so the test exercises the accepting paths as well as the errors.
  EXPECT_GT(tally.parsed, 0);
  EXPECT_GT(tally.rejected, 0);
  testing::Test::RecordProperty("parsed", tally.parsed);
  testing::Test::RecordProperty("rejected", tally.rejected);
}

TEST(LcpReaderFuzz, HandbookMutations) { fuzz_folder("handbook", 0x5eed0001, 300); }
TEST(LcpReaderFuzz, SiconosLcpMutations) { fuzz_folder("siconos-lcp", 0x5eed0002, 150); }
TEST(LcpReaderFuzz, SiconosMlcpMutations) { fuzz_folder("siconos-mlcp", 0x5eed0003, 60); }

// Declared sizes far beyond the data: rejected before allocation.
TEST(LcpReaderFuzz, HugeDeclaredSizesAllocateNothing) {
  for (const std::string& text :
       {std::string("100000\n") + std::string(100, '1'), std::string("1000000000000\n1 2\n"),
        std::string("100000\n0\n100000\n100000\n100000\t100000\n1 2 3\n"),
        std::string("5000\n1\n5000\n5000\n1\n1\n1\n5000\n5000\n2\n1\n0 1\n0\n0\n"),
        std::string("1\n1\n50000\n50000\n0 50000 100000\n0 1\n0\n100000\n100000\n100000\t100000\n"),
        std::string("0\n1\n99999\n1\n1 2 3\n")}) {
    for (const char* name : {"x.txt", "x.dat", "x_mlcp.dat"}) {
      try {
        parse_lcp_text(text, name);
      } catch (const ParseError&) {
      }
    }
  }
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  EXPECT_LT(usage.ru_maxrss, 1'000'000) << "peak RSS in kB";  // < 1 GB for the whole process
}

}  // namespace
}  // namespace pegsim
