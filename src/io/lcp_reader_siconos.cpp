// Siconos numerics' LCP and MLCP .dat files (format and orientation notes in lcp_reader.h).
// Layout as written by Siconos 4.4: NM_write_in_file (dense: the column-major array, a newline
// every size1 entries; sparse block: SBM_write_in_file, blocks column-major),
// linearComplementarity_printInFile and mixedLinearComplementarity_printInFile.
#include "lcp_text_scanner.h"

#include <pegsim/io/lcp_reader.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <vector>

namespace pegsim {
namespace {

using lcp_io::TextScanner;
using lcp_io::Token;

// A dense matrix the reader may allocate: 25e6 doubles (200 MB). A sparse-block file can
// describe a large matrix in few bytes, so this cap, not the file size, bounds it.
constexpr long long kMaxDenseEntries = 25'000'000;

std::string str(long long v) { return std::to_string(v); }

void require_dense_size(TextScanner& s, long long rows, long long cols, const std::string& what) {
  if (rows * cols > kMaxDenseEntries)
    s.fail(s.line(), what + " would have " + str(rows) + " x " + str(cols) + " entries, more than the reader's limit of " +
                         str(kMaxDenseEntries));
}

// Dense storage: "size0 size1" repeated, then size0 lines of size1 numbers filling the
// column-major array (Siconos's matrix0).
Mat read_dense_matrix(TextScanner& s, long long rows, long long cols, const std::string& what) {
  const long long rows_again = s.read_integer("row count of " + what + " repeated", 0, kMaxProblemSize);
  const long long cols_again = s.read_integer("column count of " + what + " repeated", 0, kMaxProblemSize);
  if (rows_again != rows || cols_again != cols)
    s.fail(s.line(), "dense header of " + what + " says " + str(rows_again) + " x " + str(cols_again) + ", expected " +
                         str(rows) + " x " + str(cols));
  s.require_room_for(rows * cols, what);
  require_dense_size(s, rows, cols, what);
  Mat matrix(rows, cols);
  long long k = 0;  // index into the column-major array
  for (long long line = 0; line < rows; ++line) {
    const std::vector<Token> tokens = s.next_line();
    const std::string where = "line " + str(line + 1) + " of " + str(rows) + " of " + what;
    if (tokens.empty()) s.fail(s.line(), "unexpected end of file (expected " + where + ")");
    if (static_cast<long long>(tokens.size()) != cols)
      s.fail(tokens.front().line,
             "expected " + str(cols) + " numbers (" + where + "), found " + str(static_cast<long long>(tokens.size())));
    for (const Token& token : tokens) {
      matrix(k % rows, k / rows) = s.number(token, what);
      ++k;
    }
  }
  return matrix;
}

// Cumulative block sizes: strictly increasing, ending at `total`.
std::vector<long long> read_block_bounds(TextScanner& s, long long count, long long total, const std::string& what) {
  std::vector<long long> bounds;
  long long previous = 0;
  for (long long i = 0; i < count; ++i) {
    bounds.push_back(s.read_integer(what, previous + 1, total));
    previous = bounds.back();
  }
  if (previous != total) s.fail(s.line(), what + " must end at " + str(total) + ", found " + str(previous));
  return bounds;
}

// Sparse-block storage (SBM_write_in_file): nbblocks, block row/column counts, cumulative block
// sizes, filled1 = block rows + 1, filled2 = nbblocks, CSR row pointers, block column indices,
// then every block as "number" followed by its entries in column-major order.
Mat read_sparse_block_matrix(TextScanner& s, long long rows, long long cols, const std::string& what) {
  require_dense_size(s, rows, cols, what);
  const long long blocks = s.read_integer("number of blocks of " + what, 0, rows * cols);
  if (blocks == 0) return Mat::Zero(rows, cols);
  const long long block_rows = s.read_integer("number of block rows", 1, rows);
  const long long block_cols = s.read_integer("number of block columns", 1, cols);
  const std::vector<long long> row_end = read_block_bounds(s, block_rows, rows, "cumulative block row size");
  const std::vector<long long> col_end = read_block_bounds(s, block_cols, cols, "cumulative block column size");
  s.read_expected_integer("filled1 (block rows + 1)", block_rows + 1);
  s.read_expected_integer("filled2 (number of blocks)", blocks);
  std::vector<long long> row_start_block(block_rows + 1);
  long long previous = 0;
  for (long long r = 0; r <= block_rows; ++r) {
    row_start_block[r] = r == 0 ? s.read_expected_integer("first block row pointer", 0)
                                : s.read_integer("block row pointer", previous, blocks);
    previous = row_start_block[r];
  }
  if (previous != blocks) s.fail(s.line(), "block row pointers must end at " + str(blocks) + ", found " + str(previous));
  s.require_room_for(blocks, "block column indices");
  std::vector<long long> block_col(blocks);
  for (long long b = 0; b < blocks; ++b) block_col[b] = s.read_integer("block column index", 0, block_cols - 1);

  // The blocks' entries must fit in the file before the dense matrix is allocated.
  long long entries = blocks;  // one block number per block
  for (long long r = 0; r < block_rows; ++r)
    for (long long b = row_start_block[r]; b < row_start_block[r + 1]; ++b) {
      const long long c = block_col[b];
      entries += (row_end[r] - (r == 0 ? 0 : row_end[r - 1])) * (col_end[c] - (c == 0 ? 0 : col_end[c - 1]));
    }
  s.require_room_for(entries, "the blocks of " + what);
  Mat matrix = Mat::Zero(rows, cols);
  for (long long r = 0; r < block_rows; ++r) {
    const long long r0 = r == 0 ? 0 : row_end[r - 1];
    for (long long b = row_start_block[r]; b < row_start_block[r + 1]; ++b) {
      const long long c = block_col[b];
      const long long c0 = c == 0 ? 0 : col_end[c - 1];
      const long long nr = row_end[r] - r0, nc = col_end[c] - c0;
      s.read_expected_integer("block number", b);
      for (long long k = 0; k < nr * nc; ++k) matrix(r0 + k % nr, c0 + k / nr) = s.read_number("entry of block " + str(b));
    }
  }
  return matrix;
}

// NumericsMatrix: storage type, size0, size1, then the storage's own layout. When `square` is
// positive the matrix must be square x square (checked before anything is allocated).
Mat read_numerics_matrix(TextScanner& s, const std::string& what, long long square = 0) {
  const std::optional<Token> type_token = s.next();
  if (!type_token) s.fail(s.line(), "unexpected end of file (expected the storage type of " + what + ")");
  const long long type = s.integer(*type_token, "storage type of " + what, std::numeric_limits<long long>::min(),
                                   std::numeric_limits<long long>::max());
  if (type == 2)
    s.fail(type_token->line, "storage type 2 (sparse CSC/triplet) of " + what + " is not supported; use 0 (dense) or 1 (sparse block)");
  if (type != 0 && type != 1)
    s.fail(type_token->line, "storage type of " + what + " must be 0 (dense) or 1 (sparse block), found " + str(type));
  const long long rows = s.read_integer("row count of " + what, 1, kMaxProblemSize);
  const long long cols = s.read_integer("column count of " + what, 1, kMaxProblemSize);
  if (square > 0 && (rows != square || cols != square))
    s.fail(s.line(), what + " is " + str(rows) + " x " + str(cols) + " but n = " + str(square));
  return type == 0 ? read_dense_matrix(s, rows, cols, what) : read_sparse_block_matrix(s, rows, cols, what);
}

Vec read_vector(TextScanner& s, long long size, const std::string& what) {
  s.require_room_for(size, what);
  Vec v(size);
  for (long long i = 0; i < size; ++i) v(i) = s.read_number(what + "(" + str(i) + ")");
  return v;
}

// Storage-2 blocks are written row by row (element (i, j) of the column-major array, j fastest).
Mat read_rows(TextScanner& s, long long rows, long long cols, const std::string& what) {
  s.require_room_for(rows * cols, what);
  Mat m(rows, cols);
  for (long long i = 0; i < rows; ++i)
    for (long long j = 0; j < cols; ++j) m(i, j) = s.read_number(what + "(" + str(i) + "," + str(j) + ")");
  return m;
}

// Which rows are complementarity rows, from blocksRows / blocksIsComp (storage 1).
struct BlockLayout {
  std::vector<long long> bounds;  // 0 = bounds[0] < ... < bounds.back() = n + m
  std::vector<long long> is_complementarity;
};

BlockLayout read_block_layout(TextScanner& s, long long total) {
  BlockLayout layout;
  layout.bounds.push_back(s.read_expected_integer("blocksRows[0]", 0));
  while (layout.bounds.back() < total)
    layout.bounds.push_back(s.read_integer("blocksRows", layout.bounds.back() + 1, total));
  for (std::size_t i = 0; i + 1 < layout.bounds.size(); ++i)
    layout.is_complementarity.push_back(s.read_integer("blocksIsComp", 0, 1));
  return layout;
}

// Storage 1 only: M must be square with the free rows first.
Mlcp mlcp_from_m(TextScanner& s, const BlockLayout& layout, const Mat& M, const Vec& q, long long n, long long m) {
  if (M.rows() != n + m || M.cols() != n + m)
    s.fail(0, "M is " + str(M.rows()) + " x " + str(M.cols()) + " but n + m = " + str(n + m) +
                  " (a rectangular MLCP without the ABCD storage is not supported)");
  for (std::size_t b = 0; b + 1 < layout.bounds.size(); ++b)
    for (long long r = layout.bounds[b]; r < layout.bounds[b + 1]; ++r)
      if ((layout.is_complementarity[b] == 1) != (r >= n))
        s.fail(0, "block layout puts row " + str(r) + " in a " +
                      (layout.is_complementarity[b] ? "complementarity" : "equality") +
                      " block; only the free rows first, then the complementarity rows, are supported");
  Mlcp mlcp;
  mlcp.A = M.topLeftCorner(n, n);
  mlcp.C = M.topRightCorner(n, m);
  mlcp.D = M.bottomLeftCorner(m, n);
  mlcp.B = M.bottomRightCorner(m, m);
  mlcp.a = q.head(n);
  mlcp.b = q.tail(m);
  return mlcp;
}

// Both storages hold the same square problem unless the file is corrupt.
void check_storages_agree(TextScanner& s, const Mlcp& from_m, const Mlcp& abcd) {
  const auto differs = [](const Mat& x, const Mat& y) {
    return ((x - y).array().abs() > 1e-12 * (1.0 + y.array().abs())).any();
  };
  const char* name = nullptr;
  if (differs(from_m.A, abcd.A)) name = "A";
  else if (differs(from_m.B, abcd.B)) name = "B";
  else if (differs(from_m.C, abcd.C)) name = "C";
  else if (differs(from_m.D, abcd.D)) name = "D";
  else if (differs(from_m.a, abcd.a)) name = "a";
  else if (differs(from_m.b, abcd.b)) name = "b";
  if (name) s.fail(0, std::string("the storage-1 matrix M and the storage-2 block ") + name + " disagree");
}

}  // namespace

Lcp read_siconos_lcp(std::string_view text, const std::string& name) {
  TextScanner s(text, name, false);
  const long long n = s.read_integer("n", 1, kMaxProblemSize);
  Lcp lcp;
  lcp.M = read_numerics_matrix(s, "M", n);
  lcp.q = read_vector(s, n, "q");
  return lcp;  // anything after q is a free-text remark in Siconos files
}

Mlcp read_siconos_mlcp(std::string_view text, const std::string& name) {
  TextScanner s(text, name, false);
  const bool has_m = s.read_integer("isStorageType1", 0, 1) == 1;
  const bool has_abcd = s.read_integer("isStorageType2", 0, 1) == 1;
  if (!has_m && !has_abcd) s.fail(s.line(), "neither storage type is set (isStorageType1 = isStorageType2 = 0)");
  const long long n = s.read_integer("n (free variables)", 0, kMaxProblemSize);
  const long long m = s.read_integer("m (complementarity variables)", 0, kMaxProblemSize);
  if (n + m == 0) s.fail(s.line(), "n + m must be positive");
  if (n + m > kMaxProblemSize) s.fail(s.line(), "n + m = " + str(n + m) + " exceeds the limit " + str(kMaxProblemSize));

  std::optional<Mlcp> from_m;
  if (has_m) {
    const BlockLayout layout = read_block_layout(s, n + m);
    const Mat M = read_numerics_matrix(s, "M");
    const Vec q = read_vector(s, M.cols(), "q");  // Siconos writes and reads size1(M) entries
    if (has_abcd && (M.rows() != n + m || M.cols() != n + m)) {
      // Rectangular M (more equations than unknowns): only the square ABCD form maps to Mlcp.
    } else {
      from_m = mlcp_from_m(s, layout, M, q, n, m);
    }
  }
  if (!has_abcd) return *from_m;

  require_dense_size(s, n + m, n + m, "the MLCP");
  Mlcp mlcp;
  mlcp.A = read_rows(s, n, n, "A");
  mlcp.B = read_rows(s, m, m, "B");
  mlcp.C = read_rows(s, n, m, "C");
  mlcp.D = read_rows(s, m, n, "D");
  mlcp.a = read_vector(s, n, "a");
  mlcp.b = read_vector(s, m, "b");
  if (from_m) check_storages_agree(s, *from_m, mlcp);
  return mlcp;  // anything after b (old solution tails) is ignored
}

}  // namespace pegsim
