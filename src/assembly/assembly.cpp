// Rows + inverse mass -> the step's LCP (assembly.h).
//
// With nu^{l+1} = nu_free + M^{-1} G z (Egan eq. 3 solved for nu^{l+1}) every row
//     w_k = r_k . nu^{l+1} + sum_j a_kj z_j + constant_k
// becomes w = B z + b with
//     B = A + R M^{-1} G,   b = R nu_free + constant      (Egan eqs 6-7 for any set of rows).
// M^{-1} is block-diagonal (one block per body, any block size, so 3D bodies need no change here):
// B is accumulated body by body from the rows and variables that touch each body. B is dense: the
// LCP solvers are dense.
#include <pegsim/assembly/assembly.h>

#include <pegsim/lcp/union_find.h>

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

// B = A + R M^{-1} G and q = R nu_free + c, entry by entry through add(i, j, value) (an entry may
// come in several parts, to be summed); returns q. Shared by the dense and the sparse assembly.
template <class Add>
Vec assemble_terms(const RowSystem& rows, const InverseMass& inverse_mass, const Vec& nu_free, Add&& add) {
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
  for (std::size_t b = 0; b < blocks; ++b) {
    const Mat& minv = inverse_mass.blocks[b];
    const Eigen::Index size = minv.rows();
    BlockTerms& vars = variable_terms[b];
    for (std::size_t j = 0; j < vars.index.size(); ++j) {  // g_jb <- M_b^{-1} g_jb
      Eigen::Map<Vec> g(vars.values.data() + j * static_cast<std::size_t>(size), size);
      g = (minv * g).eval();
    }
    const BlockTerms& rws = row_terms[b];
    for (std::size_t i = 0; i < rws.index.size(); ++i) {
      const Eigen::Map<const Vec> r(rws.values.data() + i * static_cast<std::size_t>(size), size);
      for (std::size_t j = 0; j < vars.index.size(); ++j) {
        const Eigen::Map<const Vec> g(vars.values.data() + j * static_cast<std::size_t>(size), size);
        add(rws.index[i], vars.index[j], r.dot(g));
      }
    }
  }
  Vec q = Vec::Zero(n);
  for (int k = 0; k < n; ++k) {
    const Row& row = rows.rows()[static_cast<std::size_t>(k)];
    for (const auto& [j, value] : row.variables) add(k, j, value);  // + A
    q[k] = dot_sparse(row.velocity, nu_free) + row.constant;        // R nu_free + constant
  }
  return q;
}

void check_finite(const Vec& q, bool matrix_finite) {
  if (!matrix_finite || !q.allFinite()) {
    throw std::runtime_error("assemble_lcp: assembled LCP is not finite (inverse mass or rows too large)");
  }
}

}  // namespace

void check_dense_size(int n) {
  if (n <= kMaxDenseLcpRows) return;
  char size[160];
  std::snprintf(size, sizeof size, "the contact LCP has %d rows, a dense matrix of %.1f GiB; pegsim's bound is %d rows", n,
                8.0 * n * static_cast<double>(n) / (1024.0 * 1024.0 * 1024.0), kMaxDenseLcpRows);
  throw LcpTooLarge(std::string(size) +
                    " (about 1.1 GiB per matrix). Bodies overlap massively (placed on top of each other?) or one "
                    "contact island is too large: space the bodies apart at spawn, or split the scene");
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
  lcp.q = assemble_terms(rows, inverse_mass, nu_free, [&](int i, int j, double v) { lcp.M(i, j) += v; });
  check_finite(lcp.q, lcp.M.allFinite());
  return lcp;
}

SparseLcp assemble_sparse_lcp(const RowSystem& rows, const InverseMass& inverse_mass, const Vec& nu_free) {
  std::vector<Eigen::Triplet<double>> entries;
  SparseLcp lcp;
  lcp.q = assemble_terms(rows, inverse_mass, nu_free, [&](int i, int j, double v) { entries.emplace_back(i, j, v); });
  lcp.M.resize(rows.size(), rows.size());
  lcp.M.setFromTriplets(entries.begin(), entries.end());  // sums the parts of an entry
  bool finite = true;
  for (const auto& e : entries) finite = finite && std::isfinite(e.value());
  check_finite(lcp.q, finite);
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
