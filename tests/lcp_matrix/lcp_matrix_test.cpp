// Every solver on every shared problem file, against the expectation table
// tests/data/lcp_expected.csv (one test per row). A case whose outcome changes fails EITHER way:
// a regression, or an unexpected success (then update the table so it stays true).
//
// "solved" means the solver returned Solved AND our independent check (verify_lcp / verify_mlcp)
// passes; a Solved status with a failing check is a false claim and always fails.
// Small problems (n <= 12) are also checked against the enumeration oracle: a no_solution row
// must have no solution at all, and a known_limitation row must have one.
#include "lcp_io/data_files.h"
#include "lcp_matrix/expectation_table.h"

#include <pegsim/io/lcp_reader.h>
#include <pegsim/lcp/solver.h>
#include <pegsim/lcp/verify.h>

#include <gtest/gtest.h>

#include <map>
#include <set>

namespace pegsim {
namespace {

using test::Expectation;

constexpr int kOracleMaxSize = 12;
const char* const kSolvers[] = {"lemke", "newton", "pgs", "enumerate", "auto"};
const char* const kFolders[] = {"handbook", "siconos-lcp", "siconos-mlcp"};

struct Outcome {
  bool claimed_solved = false;  // the solver's status
  bool verified = false;        // our independent check on its answer
  bool finite = true;           // no NaN/Inf in what it returned
  std::string status, message, used_solver;
};

Outcome run_case(const LcpFile& file, SolverKind kind) {
  Outcome o;
  if (file.lcp) {
    const LcpResult r = solve_lcp(*file.lcp, kind);
    o.claimed_solved = r.status == SolveStatus::Solved;
    o.verified = verify_lcp(*file.lcp, r.z).ok;
    o.finite = r.z.allFinite() && r.w.allFinite();
    o.status = to_string(r.status);
    o.message = r.message;
    o.used_solver = r.solver;
  } else {
    const MlcpResult r = solve_mlcp(*file.mlcp, kind);
    o.claimed_solved = r.status == SolveStatus::Solved;
    o.verified = verify_mlcp(*file.mlcp, r.u, r.z).ok;
    o.finite = r.u.allFinite() && r.z.allFinite() && r.w.allFinite();
    o.status = to_string(r.status);
    o.message = r.message;
    o.used_solver = r.solver;
  }
  return o;
}

class LcpMatrix : public testing::TestWithParam<Expectation> {};

TEST_P(LcpMatrix, OutcomeMatchesTable) {
  const Expectation& e = GetParam();
  const std::string where = test::expectation_table_path() + ":" + std::to_string(e.line);
  ASSERT_TRUE(e.expected == "solved" || e.expected == "no_solution" || e.expected == "known_limitation")
      << where << ": bad row (expected must be solved, no_solution or known_limitation)";
  if (e.expected != "solved") {
    ASSERT_FALSE(e.reason.empty()) << where << ": a reason is mandatory unless solved";
  }
  const std::optional<SolverKind> kind = parse_solver_kind(e.solver);
  ASSERT_TRUE(kind) << where << ": unknown solver " << e.solver;
  const LcpFile file = read_lcp_file(test::lcp_data_dir() + "/" + e.file);

  const Outcome o = run_case(file, *kind);
  const std::string got = o.status + " via " + o.used_solver + (o.message.empty() ? "" : " (" + o.message + ")");
  EXPECT_TRUE(o.finite) << "non-finite numbers returned: " << got;
  if (o.claimed_solved) {
    EXPECT_TRUE(o.verified) << "FALSE solved: the status says solved, the independent check fails";
  }
  const bool solved = o.claimed_solved && o.verified;
  if (e.expected == "solved") {
    EXPECT_TRUE(solved) << "REGRESSION on " << e.file << " with " << e.solver << ": now " << got
                        << "\n(fix the solver, or record the change in " << where << ")";
  } else {
    EXPECT_FALSE(solved) << "UNEXPECTED SUCCESS on " << e.file << " with " << e.solver << " (table says "
                         << e.expected << ": " << e.reason << ")\nupdate " << where << " to solved";
  }

  if (file.lcp && file.lcp->size() <= kOracleMaxSize && e.expected != "solved") {
    const bool has_solution = !enumerate_all_solutions(*file.lcp).empty();
    if (e.expected == "no_solution") {
      EXPECT_FALSE(has_solution) << "the oracle finds a solution: not no_solution";
    }
    if (e.expected == "known_limitation") {
      EXPECT_TRUE(has_solution) << "the oracle finds no solution: no_solution?";
    }
  }
}

std::string case_name(const testing::TestParamInfo<Expectation>& info) {
  std::string name = info.param.file + "__" + info.param.solver;
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  // A duplicated row (which CoversEveryFileAndSolverExactlyOnce reports) still gets a unique name.
  static std::set<std::string> seen;
  if (!seen.insert(name).second) name += "_line" + std::to_string(info.param.line);
  return name;
}

INSTANTIATE_TEST_SUITE_P(Table, LcpMatrix, testing::ValuesIn(test::load_expectations()), case_name);

// The table covers every (file, solver) pair exactly once, so a new data file cannot go untested.
TEST(LcpMatrixTable, CoversEveryFileAndSolverExactlyOnce) {
  std::multiset<std::pair<std::string, std::string>> in_table;
  for (const Expectation& e : test::load_expectations()) in_table.emplace(e.file, e.solver);
  std::set<std::pair<std::string, std::string>> wanted;
  for (const char* folder : kFolders)
    for (const std::string& path : test::lcp_data_files(folder))
      for (const char* solver : kSolvers)
        wanted.emplace(std::string(folder) + "/" + std::filesystem::path(path).filename().string(), solver);
  ASSERT_FALSE(wanted.empty());
  for (const auto& pair : wanted) EXPECT_EQ(in_table.count(pair), 1u) << pair.first << " with " << pair.second;
  for (const auto& pair : in_table) EXPECT_TRUE(wanted.count(pair)) << "row for a missing file: " << pair.first;
}

// Per file, the rows tell one story: no_solution is all-or-nothing, and a known_limitation on a
// file too large for the oracle needs another solver that solves it (so a solution exists).
TEST(LcpMatrixTable, RowsOfAFileAreConsistent) {
  std::map<std::string, std::set<std::string>> outcomes;
  for (const Expectation& e : test::load_expectations()) outcomes[e.file].insert(e.expected);
  for (const auto& [file, kinds] : outcomes) {
    if (kinds.count("no_solution")) {
      EXPECT_EQ(kinds.size(), 1u) << file << ": no_solution mixed with other outcomes";
    }
    if (kinds.count("known_limitation")) {
      const LcpFile f = read_lcp_file(test::lcp_data_dir() + "/" + file);
      const bool oracle_applies = f.lcp && f.lcp->size() <= kOracleMaxSize;
      if (!oracle_applies) {
        EXPECT_TRUE(kinds.count("solved")) << file << ": known_limitation but nothing solves it";
      }
    }
  }
}

}  // namespace
}  // namespace pegsim
