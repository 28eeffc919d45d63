// Rows + inverse mass -> the step's LCP (assembly.h).
//
// With nu^{l+1} = nu_free + M^{-1} G z (Egan eq. 3 solved for nu^{l+1}) every row
//     w_k = r_k . nu^{l+1} + sum_j a_kj z_j + constant_k
// becomes w = B z + b with
//     B = A + R M^{-1} G,   b = R nu_free + constant      (Egan eqs 6-7 for any set of rows).
// M^{-1} is block-diagonal (one block per body, any block size, so 3D bodies need no change here):
// B is accumulated column by column from the bodies each variable touches and the rows at those
// bodies; the sparse B is built in compressed columns directly.
#include <pegsim/assembly/assembly.h>

#include <pegsim/lcp/sparse_lcp.h>
#include <pegsim/lcp/union_find.h>

#include <algorithm>
#include <iterator>
#include <cstdio>
#include <cmath>
#include <sstream>
#include <stdexcept>
#include <string>

namespace pegsim {
namespace {


const char* kind_name(VariableKind kind) {
  switch (kind) {
    case VariableKind::NormalImpulse: return "normal impulse";
    case VariableKind::FrictionImpulse: return "friction impulse";
    case VariableKind::SlipRate: return "slip rate";
    case VariableKind::Auxiliary: return "auxiliary";
  }
  return "unknown";
}

std::string describe_variable(const RowSystem& rows, int k) {
  const Variable& v = rows.variables()[static_cast<std::size_t>(k)];
  std::ostringstream out;
  out << "variable " << k << " (" << kind_name(v.kind) << ", contact " << v.contact << ", constraint id "
      << v.constraint_id << ")";
  return out.str();
}

void check_inverse_mass(const InverseMass& inverse_mass) {
  if (inverse_mass.dofs < 0) throw std::invalid_argument("InverseMass: dofs is negative");
  if (inverse_mass.offsets.size() != inverse_mass.blocks.size()) {
    throw std::invalid_argument("InverseMass: offsets (" + std::to_string(inverse_mass.offsets.size()) +
                                ") and blocks (" + std::to_string(inverse_mass.blocks.size()) +
                                ") differ in number");
  }
  for (std::size_t i = 0; i < inverse_mass.blocks.size(); ++i) {
    const Mat& block = inverse_mass.blocks[i];
    const int offset = inverse_mass.offsets[i];
    if (block.rows() != block.cols()) {
      throw std::invalid_argument("InverseMass: block " + std::to_string(i) + " is not square");
    }
    if (offset < 0 || offset + block.rows() > inverse_mass.dofs) {
      throw std::invalid_argument("InverseMass: block " + std::to_string(i) + " at offset " +
                                  std::to_string(offset) + " exceeds dofs " +
                                  std::to_string(inverse_mass.dofs));
    }
    if (!block.allFinite()) {
      throw std::invalid_argument("InverseMass: block " + std::to_string(i) + " is not finite");
    }
  }
}

void check_vector(const Vec& v, Eigen::Index expected, const char* what) {
  if (v.size() != expected) {
    throw std::invalid_argument(std::string(what) + ": size " + std::to_string(v.size()) + ", expected " +
                                std::to_string(expected));
  }
  if (!v.allFinite()) throw std::invalid_argument(std::string(what) + ": not finite");
}

// Rejects out-of-range indices and non-finite coefficients, naming the variable.
void check_terms(const SparseTerms& terms, int bound, const RowSystem& rows, int k, const char* what) {
  for (const auto& [index, value] : terms) {
    if (index < 0 || index >= bound) {
      throw std::logic_error("assemble_lcp: " + describe_variable(rows, k) + ": " + what + " index " +
                             std::to_string(index) + " out of range [0, " + std::to_string(bound) + ")");
    }
    if (!std::isfinite(value)) {
      throw std::logic_error("assemble_lcp: " + describe_variable(rows, k) + ": " + what +
                             " coefficient is not finite");
    }
  }
}

void check_rows(const RowSystem& rows, int dofs) {
  const std::vector<int> unset = rows.unset_rows();
  if (!unset.empty()) {
    throw std::logic_error("assemble_lcp: the row of " + describe_variable(rows, unset.front()) +
                           " was never set (" + std::to_string(unset.size()) + " unset rows)");
  }
  for (int k = 0; k < rows.size(); ++k) {
    const Variable& variable = rows.variables()[static_cast<std::size_t>(k)];
    const Row& row = rows.rows()[static_cast<std::size_t>(k)];
    check_terms(variable.direction, dofs, rows, k, "direction");
    check_terms(row.velocity, dofs, rows, k, "row velocity");
    check_terms(row.variables, rows.size(), rows, k, "row variable");
    if (!std::isfinite(row.constant)) {
      throw std::logic_error("assemble_lcp: " + describe_variable(rows, k) + ": row constant is not finite");
    }
  }
}

// M^{-1} X for a dense X with `dofs` rows, block by block; DOFs outside every block get zero
// (infinite mass).
Mat apply_inverse_mass(const InverseMass& inverse_mass, const Mat& x) {
  Mat result = Mat::Zero(x.rows(), x.cols());
  for (std::size_t i = 0; i < inverse_mass.blocks.size(); ++i) {
    const Mat& block = inverse_mass.blocks[i];
    const Eigen::Index offset = inverse_mass.offsets[i];
    result.middleRows(offset, block.rows()).noalias() += block * x.middleRows(offset, block.rows());
  }
  return result;
}

}  // namespace

Vec InverseMass::apply(const Vec& f) const {
  check_inverse_mass(*this);
  check_vector(f, dofs, "InverseMass::apply: f");
  const Vec result = apply_inverse_mass(*this, f);
  return result;
}

Vec InverseMass::apply_sparse(const SparseTerms& direction) const {
  Vec f = Vec::Zero(dofs);
  for (const auto& [dof, value] : direction) {
    if (dof < 0 || dof >= dofs) {
      throw std::invalid_argument("InverseMass::apply_sparse: dof " + std::to_string(dof) + " out of range [0, " +
                                  std::to_string(dofs) + ")");
    }
    f[dof] += value;
  }
  return apply(f);
}

double dot_sparse(const SparseTerms& r, const Vec& nu) {
  double sum = 0.0;
  for (const auto& [dof, value] : r) {
    if (dof < 0 || dof >= nu.size()) {
      throw std::invalid_argument("dot_sparse: index " + std::to_string(dof) + " out of range [0, " +
                                  std::to_string(nu.size()) + ")");
    }
    sum += value * nu[dof];
  }
  return sum;
}

namespace {

// Per body block: the rows whose velocity part touches it (r_k restricted to the block) and the
// variables whose direction does (M_b^{-1} g_j restricted to the block), so that
// B = R M^{-1} G accumulates block by block: B_kj += r_kb . (M_b^{-1} g_jb). The inverse mass is
// block-diagonal, so a row and a variable interact only through bodies they share; the cost is
// sum over bodies of (rows at the body) x (variables at the body), not rows x dofs x variables.
struct BlockTerms {
  std::vector<int> index;  // row or variable
  std::vector<double> values;  // block-size values per entry, concatenated
};

// Block of every DOF (-1: outside every block, infinite mass).
std::vector<int> dof_blocks(const InverseMass& inverse_mass) {
  std::vector<int> block(static_cast<std::size_t>(inverse_mass.dofs), -1);
  for (std::size_t b = 0; b < inverse_mass.blocks.size(); ++b) {
    for (Eigen::Index i = 0; i < inverse_mass.blocks[b].rows(); ++i) {
      block[static_cast<std::size_t>(inverse_mass.offsets[b] + i)] = static_cast<int>(b);
    }
  }
  return block;
}

// Scatters sparse terms into per-block dense pieces, one entry `k` per block touched (entries
// arrive in increasing k, so a block's last entry is k while k's terms are read).
void scatter(const SparseTerms& terms, int k, const InverseMass& inverse_mass, const std::vector<int>& block_of,
             std::vector<BlockTerms>& out) {
  for (const auto& [dof, value] : terms) {
    const int b = block_of[static_cast<std::size_t>(dof)];
    if (b < 0) continue;
    BlockTerms& bt = out[static_cast<std::size_t>(b)];
    const Eigen::Index size = inverse_mass.blocks[static_cast<std::size_t>(b)].rows();
    if (bt.index.empty() || bt.index.back() != k) {
      bt.index.push_back(k);
      bt.values.resize(bt.values.size() + static_cast<std::size_t>(size), 0.0);
    }
    bt.values[bt.values.size() - static_cast<std::size_t>(size) +
              static_cast<std::size_t>(dof - inverse_mass.offsets[static_cast<std::size_t>(b)])] += value;
  }
}

// Payloads bucketed by a key in [0, n), each bucket in the order they were emitted: a counting
// sort. `emit(put)` calls put(key, payload) for every entry, the same way on both of its calls.
template <class Payload>
struct Buckets {
  std::vector<int> start;  // key j's entries are [start[j], start[j + 1])
  std::vector<Payload> entries;
};

template <class Payload, class Emit>
Buckets<Payload> bucket_by_key(int n, const Emit& emit) {
  Buckets<Payload> out;
  out.start.assign(static_cast<std::size_t>(n) + 1, 0);
  emit([&](int key, const Payload&) { ++out.start[static_cast<std::size_t>(key) + 1]; });
  for (int j = 0; j < n; ++j) out.start[static_cast<std::size_t>(j) + 1] += out.start[static_cast<std::size_t>(j)];
  out.entries.resize(static_cast<std::size_t>(out.start.back()));
  std::vector<int> next(out.start.begin(), out.start.end() - 1);
  emit([&](int key, const Payload& payload) {
    out.entries[static_cast<std::size_t>(next[static_cast<std::size_t>(key)]++)] = payload;
  });
  return out;
}

// Per variable j, the blocks its direction touches: (block, position of j in that block's
// BlockTerms), in increasing block order.
using VariableBlocks = Buckets<std::pair<int, int>>;

VariableBlocks blocks_of_variables(const std::vector<BlockTerms>& variable_terms, int n) {
  return bucket_by_key<std::pair<int, int>>(n, [&](const auto& put) {
    for (std::size_t b = 0; b < variable_terms.size(); ++b) {
      const std::vector<int>& index = variable_terms[b].index;
      for (std::size_t p = 0; p < index.size(); ++p) put(index[p], {static_cast<int>(b), static_cast<int>(p)});
    }
  });
}

// A by columns: column j's (row k, a_kj) in increasing k (the rows store A by rows).
using ColumnsOfA = Buckets<std::pair<int, double>>;

ColumnsOfA columns_of_a(const RowSystem& rows) {
  const int n = rows.size();
  return bucket_by_key<std::pair<int, double>>(n, [&](const auto& put) {
    for (int k = 0; k < n; ++k)
      for (const auto& [j, value] : rows.rows()[static_cast<std::size_t>(k)].variables) put(j, {k, value});
  });
}

// Column j's part at one body: (r_ib . M_b^{-1} g_jb) for the rows i at the body. Block sizes 3
// (a polygon) and 6 (a polyhedron) get fixed-size dot products: a dynamic-size dot of three
// terms costs several times its arithmetic, and this loop is most of the assembly.
template <int Size, class Sink>
void add_block_column_fixed(const BlockTerms& rws, const double* g_data, int j, Sink& sink) {
  const Eigen::Map<const Eigen::Matrix<double, Size, 1>> g(g_data);
  for (std::size_t i = 0; i < rws.index.size(); ++i) {
    const Eigen::Map<const Eigen::Matrix<double, Size, 1>> r(rws.values.data() + i * Size);
    sink.add(rws.index[i], j, r.dot(g));
  }
}

template <class Sink>
void add_block_column(const BlockTerms& rws, const Eigen::Map<const Vec>& g, int j, Sink& sink) {
  if (g.size() == 3) return add_block_column_fixed<3>(rws, g.data(), j, sink);
  if (g.size() == 6) return add_block_column_fixed<6>(rws, g.data(), j, sink);
  const auto size = static_cast<std::size_t>(g.size());
  for (std::size_t i = 0; i < rws.index.size(); ++i) {
    const Eigen::Map<const Vec> r(rws.values.data() + i * size, g.size());
    sink.add(rws.index[i], j, r.dot(g));
  }
}

// g <- M_b^{-1} g through a stack buffer: `g = (minv * g).eval()` allocated a temporary per
// variable and body, half the heap allocations of a 200-body pile's run. Same product kernel.
void multiply_in_place(const Mat& minv, Eigen::Map<Vec> g) {
  constexpr Eigen::Index kOnStack = 8;  // polygons 3, polyhedra 6
  if (g.size() > kOnStack) {
    g = (minv * g).eval();
    return;
  }
  double buffer[kOnStack];
  Eigen::Map<Vec> product(buffer, g.size());
  product.noalias() = minv * g;
  g = product;
}

// B = A + R M^{-1} G and q = R nu_free + c, column by column into a sink: reserve(bound on the
// entries), then per column j add(i, j, value) for its parts (an entry may come in several parts,
// to be summed in that order: the bodies' parts in increasing body order, then a_ij) and
// end_column(j). Shared by the dense and the sparse assembly. Returns q.
template <class Sink>
Vec assemble_terms(const RowSystem& rows, const InverseMass& inverse_mass, const Vec& nu_free, Sink& sink) {
  check_inverse_mass(inverse_mass);
  check_vector(nu_free, inverse_mass.dofs, "assemble_lcp: nu_free");
  check_rows(rows, inverse_mass.dofs);
  const int n = rows.size();
  const std::vector<int> block_of = dof_blocks(inverse_mass);
  const std::size_t blocks = inverse_mass.blocks.size();
  std::vector<BlockTerms> row_terms(blocks), variable_terms(blocks);
  for (int k = 0; k < n; ++k) {
    scatter(rows.rows()[static_cast<std::size_t>(k)].velocity, k, inverse_mass, block_of, row_terms);
    scatter(rows.variables()[static_cast<std::size_t>(k)].direction, k, inverse_mass, block_of, variable_terms);
  }
  for (std::size_t b = 0; b < blocks; ++b) {  // g_jb <- M_b^{-1} g_jb
    const Mat& minv = inverse_mass.blocks[b];
    const Eigen::Index size = minv.rows();
    BlockTerms& vars = variable_terms[b];
    for (std::size_t j = 0; j < vars.index.size(); ++j) {
      multiply_in_place(minv, Eigen::Map<Vec>(vars.values.data() + j * static_cast<std::size_t>(size), size));
    }
  }
  const VariableBlocks variable_blocks = blocks_of_variables(variable_terms, n);
  const ColumnsOfA a_columns = columns_of_a(rows);
  std::size_t parts = a_columns.entries.size();
  for (std::size_t b = 0; b < blocks; ++b) parts += row_terms[b].index.size() * variable_terms[b].index.size();
  sink.reserve(parts);
  for (int j = 0; j < n; ++j) {
    for (int e = variable_blocks.start[static_cast<std::size_t>(j)]; e < variable_blocks.start[static_cast<std::size_t>(j) + 1]; ++e) {
      const auto [b, p] = variable_blocks.entries[static_cast<std::size_t>(e)];
      const Eigen::Index size = inverse_mass.blocks[static_cast<std::size_t>(b)].rows();
      const Eigen::Map<const Vec> g(variable_terms[static_cast<std::size_t>(b)].values.data() +
                                        static_cast<std::size_t>(p) * static_cast<std::size_t>(size),
                                    size);
      add_block_column(row_terms[static_cast<std::size_t>(b)], g, j, sink);
    }
    for (int e = a_columns.start[static_cast<std::size_t>(j)]; e < a_columns.start[static_cast<std::size_t>(j) + 1]; ++e) {
      const auto [k, value] = a_columns.entries[static_cast<std::size_t>(e)];
      sink.add(k, j, value);  // + A
    }
    sink.end_column(j);
  }
  Vec q = Vec::Zero(n);
  for (int k = 0; k < n; ++k) {
    const Row& row = rows.rows()[static_cast<std::size_t>(k)];
    q[k] = dot_sparse(row.velocity, nu_free) + row.constant;  // R nu_free + constant
  }
  return q;
}

// Sink of the sparse B: one column at a time in a dense accumulator over the rows, appended to the
// matrix's compressed arrays when it ends (touched rows sorted), written in place: no triplets to
// sort, no copies. Parts are summed in the order they come, the first assigned, not added to 0 (a
// lone -0.0 stays -0.0).
class SparseColumns {
 public:
  SparseColumns(int n, SparseMat& out)
      : out_(out), value_(static_cast<std::size_t>(n)), seen_(static_cast<std::size_t>(n), -1) {
    out_.resize(n, n);  // compressed, every column empty
  }

  void reserve(std::size_t parts) {  // >= entries
    check_sparse_size(static_cast<int>(out_.rows()), static_cast<long long>(parts));
    out_.resizeNonZeros(static_cast<Eigen::Index>(parts));
  }

  void add(int i, int j, double v) {
    const auto u = static_cast<std::size_t>(i);
    if (seen_[u] != j) {
      seen_[u] = j;
      value_[u] = v;
      touched_.push_back(i);
    } else {
      value_[u] += v;
    }
  }

  void end_column(int j) {
    sort_touched();
    int* inner = out_.innerIndexPtr();
    double* values = out_.valuePtr();
    for (int i : touched_) {
      const double v = value_[static_cast<std::size_t>(i)];
      finite_ = finite_ && std::isfinite(v);
      inner[entries_] = i;
      values[entries_] = v;
      ++entries_;
    }
    touched_.clear();
    out_.outerIndexPtr()[j + 1] = entries_;
  }

  // Called once every column has ended: the stored entries, not the reserved parts.
  void finish() { out_.resizeNonZeros(entries_); }

  bool finite() const { return finite_; }

 private:
  SparseMat& out_;
  int entries_ = 0;
  std::vector<double> value_;  // the column's accumulator
  std::vector<int> seen_;      // column that last touched the row
  std::vector<int> touched_, merged_;
  bool finite_ = true;

  // The touched rows arrive as a few ascending runs (one per body of the column's variable, then
  // A's): natural merge sort, linear for a bounded number of runs.
  void sort_touched() {
    while (!std::is_sorted(touched_.begin(), touched_.end())) {
      merged_.clear();
      auto at = touched_.begin();
      while (at != touched_.end()) {
        const auto middle = std::is_sorted_until(at, touched_.end());
        const auto end = middle == touched_.end() ? middle : std::is_sorted_until(middle, touched_.end());
        std::merge(at, middle, middle, end, std::back_inserter(merged_));
        at = end;
      }
      touched_.swap(merged_);
    }
  }
};

void check_finite(const Vec& q, bool matrix_finite) {
  if (!matrix_finite || !q.allFinite()) {
    throw std::runtime_error("assemble_lcp: assembled LCP is not finite (inverse mass or rows too large)");
  }
}

}  // namespace

constexpr const char* kWhatToChange =
    "Bodies overlap massively (placed on top of each other?) or one contact island is too large: space the bodies "
    "apart at spawn, or split the scene";

void check_dense_size(int n) {
  if (n <= kMaxDenseLcpRows) return;
  char size[160];
  std::snprintf(size, sizeof size, "the contact LCP has %d rows, a dense matrix of %.1f GiB; pegsim's bound is %d rows", n,
                8.0 * n * static_cast<double>(n) / (1024.0 * 1024.0 * 1024.0), kMaxDenseLcpRows);
  throw LcpTooLarge(std::string(size) + " (about 1.1 GiB per matrix). " + kWhatToChange);
}

void check_sparse_size(int n, long long entries) {
  if (entries <= kMaxSparseLcpEntries) return;
  char size[200];
  std::snprintf(size, sizeof size,
                "the contact LCP has %d rows and up to %lld stored entries (%.1f GiB sparse); pegsim's bound is %lld "
                "entries",
                n, entries, 12.0 * static_cast<double>(entries) / (1024.0 * 1024.0 * 1024.0), kMaxSparseLcpEntries);
  throw LcpTooLarge(std::string(size) + " (about 1.1 GiB). " + kWhatToChange);
}

void check_island_size(const SparseMat& M) {
  if (M.rows() <= kMaxDenseLcpRows) return;
  const int largest = largest_component(M);
  if (largest <= kMaxDenseLcpRows) return;
  char size[200];
  std::snprintf(size, sizeof size,
                "the contact LCP has %d rows, and its largest island %d rows; pegsim's bound is %d rows per island",
                static_cast<int>(M.rows()), largest, kMaxDenseLcpRows);
  throw LcpTooLarge(std::string(size) + " (its factorisation can fill in to a dense matrix of about 1.1 GiB). " +
                    kWhatToChange);
}

int largest_row_island(const RowSystem& rows, const InverseMass& inverse_mass) {
  const int n = rows.size();
  const std::vector<int> block_of = dof_blocks(inverse_mass);
  // nodes: rows 0..n-1, then one per body block
  UnionFind islands(n + static_cast<int>(inverse_mass.blocks.size()));
  const auto join_blocks = [&](int k, const SparseTerms& terms) {
    for (const auto& [dof, value] : terms) {
      const int b = dof >= 0 && dof < inverse_mass.dofs ? block_of[static_cast<std::size_t>(dof)] : -1;
      if (b >= 0 && value != 0.0) islands.unite(k, n + b);
    }
  };
  for (int k = 0; k < n; ++k) {
    const Row& row = rows.rows()[static_cast<std::size_t>(k)];
    join_blocks(k, row.velocity);
    join_blocks(k, rows.variables()[static_cast<std::size_t>(k)].direction);
    for (const auto& [j, value] : row.variables)
      if (value != 0.0 && j >= 0 && j < n) islands.unite(k, j);
  }
  std::vector<int> size(static_cast<std::size_t>(n) + inverse_mass.blocks.size(), 0);
  int largest = 0;
  for (int k = 0; k < n; ++k) largest = std::max(largest, ++size[static_cast<std::size_t>(islands.root(k))]);
  return largest;
}

Lcp assemble_lcp(const RowSystem& rows, const InverseMass& inverse_mass, const Vec& nu_free) {
  check_dense_size(rows.size());
  Lcp lcp;
  lcp.M = Mat::Zero(rows.size(), rows.size());
  struct DenseSink {
    Mat& M;
    void reserve(std::size_t) {}
    void add(int i, int j, double v) { M(i, j) += v; }
    void end_column(int) {}
  } sink{lcp.M};
  lcp.q = assemble_terms(rows, inverse_mass, nu_free, sink);
  check_finite(lcp.q, lcp.M.allFinite());
  return lcp;
}

SparseLcp assemble_sparse_lcp(const RowSystem& rows, const InverseMass& inverse_mass, const Vec& nu_free) {
  SparseLcp lcp;
  SparseColumns sink(rows.size(), lcp.M);
  lcp.q = assemble_terms(rows, inverse_mass, nu_free, sink);
  sink.finish();
  check_finite(lcp.q, sink.finite());
  return lcp;
}

Vec velocity_after_impulses(const RowSystem& rows, const InverseMass& inverse_mass, const Vec& nu_free,
                            const Vec& z) {
  check_inverse_mass(inverse_mass);
  check_vector(nu_free, inverse_mass.dofs, "velocity_after_impulses: nu_free");
  check_vector(z, rows.size(), "velocity_after_impulses: z");
  Vec impulse = Vec::Zero(inverse_mass.dofs);  // G z
  for (int k = 0; k < rows.size(); ++k) {
    const double zk = z[k];
    if (zk == 0.0) continue;
    for (const auto& [dof, value] : rows.variables()[static_cast<std::size_t>(k)].direction) {
      if (dof < 0 || dof >= inverse_mass.dofs) {
        throw std::logic_error("velocity_after_impulses: " + describe_variable(rows, k) + ": direction index " +
                               std::to_string(dof) + " out of range");
      }
      impulse[dof] += value * zk;
    }
  }
  const Vec delta = apply_inverse_mass(inverse_mass, impulse);
  return nu_free + delta;
}

}  // namespace pegsim
