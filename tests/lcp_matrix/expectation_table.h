// tests/data/lcp_expected.csv: the expected outcome of every solver on every shared problem file.
//   file,solver,expected,reason
//   file      path under /work/shared/data/lcp (e.g. handbook/cottle_cycling3.txt)
//   solver    auto | lemke | newton | pgs | enumerate
//   expected  solved | no_solution | known_limitation   (reason mandatory unless solved)
// Fields may be double-quoted (reasons contain commas); "" inside quotes is a quote.
#pragma once

#include <fstream>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

namespace pegsim::test {

struct Expectation {
  std::string file, solver, expected, reason;
  int line = 0;  // in the CSV, for messages
};

// How gtest shows a row (instead of a byte dump).
inline void PrintTo(const Expectation& e, std::ostream* os) {
  *os << e.file << " with " << e.solver << ": " << e.expected << " (line " << e.line << ")";
}

inline std::vector<std::string> split_csv_line(const std::string& line) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
        fields.back() += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        fields.back() += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      fields.emplace_back();
    } else if (c != '\r') {
      fields.back() += c;
    }
  }
  return fields;
}

inline std::string expectation_table_path() { return std::string(PEGSIM_SOURCE_DIR) + "/tests/data/lcp_expected.csv"; }

// Malformed rows are kept with expected = "" so that a test reports them (never silently dropped).
inline std::vector<Expectation> load_expectations() {
  std::vector<Expectation> rows;
  std::ifstream in(expectation_table_path());
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (number == 1 || line.empty() || line == "\r") continue;  // header
    const std::vector<std::string> f = split_csv_line(line);
    Expectation e;
    e.line = number;
    if (f.size() == 4) {
      e.file = f[0];
      e.solver = f[1];
      e.expected = f[2];
      e.reason = f[3];
    } else {
      e.file = line;
    }
    rows.push_back(e);
  }
  return rows;
}

}  // namespace pegsim::test
