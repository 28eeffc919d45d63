// Reading LCP and MLCP problem files: the handbook plain format and Siconos numerics' .dat files.
//
// Handbook (plain, line oriented; `#` starts a comment anywhere on a line):
//     n                      one integer, 1 <= n <= kMaxProblemSize
//     M(0,0) ... M(0,n-1)    n lines of n numbers: the rows of M
//     ...
//     q(0) ... q(n-1)        one line of n numbers
//   Nothing but comments and blank lines may follow ("trailing data").
//
// Siconos LCP (.dat, token oriented, as read by linearComplementarity_newFromFile):
//     n
//     NumericsMatrix: storage type (0 dense, 1 sparse block), size0, size1, then
//       dense:        "size0 size1" again, then size0*size1 numbers in COLUMN-MAJOR order (the
//                     writer prints the column-major array with a newline every size1 entries,
//                     so each printed "row" of a square matrix is a column of M);
//       sparse block: nbblocks, block counts, cumulative block sizes, CSR block indices, then
//                     each block as its number followed by its entries in column-major order.
//     q: n numbers. Anything after q is ignored: Siconos files carry free-text remarks there.
//
// Siconos MLCP (.dat, mixedLinearComplementarity_newFromFile), same orientation conventions:
//     isStorageType1 (M,q), isStorageType2 (A,B,C,D,a,b), n (free), m (complementarity),
//     if type 1: blocksRows up to n+m, blocksIsComp, NumericsMatrix M, q (size1(M) numbers);
//     if type 2: A (n x n), B (m x m), C (n x m), D (m x n) row by row, then a (n), b (m).
//   Siconos's MLCP is  M [u; v] + q = [w1; w2], w1 = 0, 0 <= v ⟂ w2 >= 0  with
//   M = [A C; D B], q = [a; b]: exactly pegsim::Mlcp (A u + C z + a = 0, w = D u + B z + b).
//   When both storages are present the ABCD blocks are used (they are pegsim's layout); a square
//   M that disagrees with them is an error. Anything after b is ignored (old solution tails).
//
// Every problem in the input throws ParseError naming the file, the line and the problem; no
// input makes the reader crash or allocate more than the file can fill (sizes are capped and
// checked against the bytes that remain before any matrix is allocated).
#pragma once

#include <pegsim/lcp/problem.h>

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace pegsim {

// Largest n (or n + m) a problem file may declare.
inline constexpr int kMaxProblemSize = 100000;

// A malformed or unreadable problem file. what() is "<file>: line <L>: <problem>" (without the
// line part when the problem concerns the whole file, e.g. it cannot be opened).
class ParseError : public std::runtime_error {
 public:
  ParseError(std::string file, int line, std::string problem);
  const std::string& file() const { return file_; }
  int line() const { return line_; }  // 1-based; 0 when no line applies
  const std::string& problem() const { return problem_; }

 private:
  std::string file_;
  int line_;
  std::string problem_;
};

enum class LcpFileFormat { Handbook, SiconosLcp, SiconosMlcp };

const char* to_string(LcpFileFormat format);

// What a problem file holds: exactly one of lcp / mlcp is set.
struct LcpFile {
  std::string path;
  LcpFileFormat format = LcpFileFormat::Handbook;
  std::optional<Lcp> lcp;
  std::optional<Mlcp> mlcp;
  std::vector<std::string> comments;  // handbook `#` comments (text after '#', trimmed), in order
};

// Reads a file, detects its format and parses it. Throws ParseError (also when it cannot be read).
LcpFile read_lcp_file(const std::string& path);

// Parses text already in memory; `name` is used in error messages and for format detection.
// With no format given it is detected by detect_lcp_format.
LcpFile parse_lcp_text(std::string_view text, const std::string& name,
                       std::optional<LcpFileFormat> format = std::nullopt);

// Format by name: .txt is handbook, a file name containing "mlcp" is Siconos MLCP; then by
// content: a leading '#' is handbook; the Siconos MLCP header is "0|1 0|1 n m" followed by
// blocksRows starting at 0; the Siconos LCP header is "n storage n n"; otherwise .dat means
// Siconos LCP and anything else handbook.
LcpFileFormat detect_lcp_format(const std::string& name, std::string_view text);

Lcp read_handbook_lcp(std::string_view text, const std::string& name,
                      std::vector<std::string>* comments = nullptr);
Lcp read_siconos_lcp(std::string_view text, const std::string& name);
Mlcp read_siconos_mlcp(std::string_view text, const std::string& name);

}  // namespace pegsim
