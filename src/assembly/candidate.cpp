// A model's LCP solution from known contact impulses (candidate.h).
#include <pegsim/assembly/candidate.h>

#include <pegsim/lcp/block_triangular.h>
#include <pegsim/lcp/sparse_lcp.h>
#include <pegsim/lcp/verify.h>

#include <algorithm>
#include <chrono>
#include <optional>
#include <stdexcept>
#include <string>

namespace pegsim {
namespace {

// A normal-impulse variable with the friction block add_friction attached to it (-1: none).
struct ImpulseBlock {
  int normal = -1;
  std::array<int, kMaxFrictionDirections> friction = filled(-1);
  int slip = -1;

  static std::array<int, kMaxFrictionDirections> filled(int value) {
    std::array<int, kMaxFrictionDirections> a;
    a.fill(value);
    return a;
  }
};

// Per contact, its impulse blocks in variable order. A slip variable's row is
// mu p_n - p_f+ - p_f- (contact_rows.h), which names the block's normal and friction variables.
std::vector<std::vector<ImpulseBlock>> impulse_blocks(const RowSystem& rows, std::size_t contact_count) {
  std::vector<std::vector<ImpulseBlock>> blocks(contact_count);
  std::vector<int> block_of(static_cast<std::size_t>(rows.size()), -1);
  for (int j = 0; j < rows.size(); ++j) {
    const Variable& v = rows.variables()[static_cast<std::size_t>(j)];
    if (v.kind == VariableKind::Auxiliary) continue;
    if (v.contact < 0 || v.contact >= static_cast<int>(contact_count)) {
      throw std::invalid_argument("candidate_solution: variable " + std::to_string(j) + " names contact " +
                                  std::to_string(v.contact) + ", " + std::to_string(contact_count) +
                                  " contacts have impulses");
    }
    if (v.kind == VariableKind::NormalImpulse) {
      block_of[static_cast<std::size_t>(j)] = static_cast<int>(blocks[static_cast<std::size_t>(v.contact)].size());
      blocks[static_cast<std::size_t>(v.contact)].push_back(ImpulseBlock{j, ImpulseBlock::filled(-1), -1});
    }
  }
  for (int j = 0; j < rows.size(); ++j) {
    const Variable& v = rows.variables()[static_cast<std::size_t>(j)];
    if (v.kind != VariableKind::SlipRate) continue;
    ImpulseBlock* block = nullptr;
    int next_friction = 0;
    for (const auto& [k, coefficient] : rows.rows()[static_cast<std::size_t>(j)].variables) {
      const VariableKind kind = rows.variables()[static_cast<std::size_t>(k)].kind;
      if (kind == VariableKind::NormalImpulse && coefficient > 0.0 && block_of[static_cast<std::size_t>(k)] >= 0) {
        block = &blocks[static_cast<std::size_t>(v.contact)][static_cast<std::size_t>(block_of[static_cast<std::size_t>(k)])];
      }
    }
    if (block == nullptr) continue;
    block->slip = j;
    for (const auto& [k, coefficient] : rows.rows()[static_cast<std::size_t>(j)].variables) {
      if (rows.variables()[static_cast<std::size_t>(k)].kind != VariableKind::FrictionImpulse) continue;
      if (next_friction == kMaxFrictionDirections) {
        throw std::invalid_argument("candidate_solution: contact " + std::to_string(v.contact) + " has more than " +
                                    std::to_string(kMaxFrictionDirections) + " friction directions");
      }
      block->friction[static_cast<std::size_t>(next_friction++)] = k;
    }
  }
  return blocks;
}

void place(Vec& z, const ImpulseBlock& block, const ContactImpulse& impulse, double scale) {
  z[block.normal] = scale * impulse.normal;
  for (std::size_t i = 0; i < block.friction.size(); ++i)
    if (block.friction[i] >= 0) z[block.friction[i]] = scale * impulse.friction[i];
  if (block.slip >= 0) z[block.slip] = scale * impulse.slip;
}

// LCP(M, q) with M lower triangular and a positive diagonal (the max/min chains of
// disjunction_rows.h: each slack's row names only earlier slacks and itself) has exactly one
// solution, found by forward substitution: z_k = max(0, -(q_k + sum_{j<k} M_kj z_j) / M_kk).
// Returns false (and leaves z alone) when M is not of that form.
bool solve_lower_triangular(const Lcp& lcp, Vec& z) {
  const Eigen::Index n = lcp.size();
  for (Eigen::Index j = 0; j < n; ++j) {  // by columns: M is column-major
    if (!(lcp.M(j, j) > 0.0)) return false;
    for (Eigen::Index k = 0; k < j; ++k)
      if (lcp.M(k, j) != 0.0) return false;
  }
  z = Vec::Zero(n);
  for (Eigen::Index k = 0; k < n; ++k) {
    const double rest = lcp.q[k] + lcp.M.row(k).head(k).dot(z.head(k));
    z[k] = std::max(0.0, -rest / lcp.M(k, k));
  }
  return true;
}

// One independent block of the auxiliaries' LCP, dense (a site's slack chain: a few rows).
LcpResult solve_auxiliary_block(const Lcp& sub, const SolveOptions& options) {
  LcpResult result;
  if (solve_lower_triangular(sub, result.z)) {
    result.status = SolveStatus::Solved;
    result.solver = "forward substitution";
  } else if (std::optional<Vec> by_blocks = solve_block_triangular(sub, options)) {
    // Egan's max chains (d coupled with the g_i, p's zero column): Lemke may end on a ray here
    // (measured on box_ledge: 65 pivots, no solution; Newton then needed 70 % of the run).
    result.z = std::move(*by_blocks);
    result.status = SolveStatus::Solved;
    result.solver = "block substitution";
  } else {
    result = solve_lcp(sub, SolverKind::Auto, options);
  }
  return result;
}

// With the impulse variables fixed, the auxiliaries' own rows: LCP(M_AA, q_A + M_A: z), solved
// block by block (its islands, sparse_lcp.h): O(nonzeros) for a pile's model LCP of ~1000 rows,
// whose dense sub-matrix reads were a fifth of its run.
LcpResult solve_auxiliaries(const SparseLcp& lcp, const std::vector<int>& auxiliary, Vec& z,
                            const SolveOptions& options) {
  const int m = static_cast<int>(auxiliary.size());
  for (int a : auxiliary) z[a] = 0.0;
  std::vector<int> position(static_cast<std::size_t>(lcp.size()), -1);
  for (int a = 0; a < m; ++a) position[static_cast<std::size_t>(auxiliary[static_cast<std::size_t>(a)])] = a;
  Vec q(m);
  for (int a = 0; a < m; ++a) q[a] = lcp.q[auxiliary[static_cast<std::size_t>(a)]];
  for (int j = 0; j < lcp.M.outerSize(); ++j) {  // q_A + M_A: z over the fixed impulses
    if (position[static_cast<std::size_t>(j)] >= 0 || z[j] == 0.0) continue;
    for (SparseMat::InnerIterator it(lcp.M, j); it; ++it) {
      const int a = position[static_cast<std::size_t>(it.row())];
      if (a >= 0) q[a] += it.value() * z[j];
    }
  }
  const SparseMat M = principal_submatrix(lcp.M, auxiliary, position);
  LcpResult result;
  result.status = SolveStatus::Solved;
  for (const std::vector<int>& block : lcp_components(M)) {
    const int k = static_cast<int>(block.size());
    Lcp sub;
    sub.M = Mat::Zero(k, k);
    sub.q.resize(k);
    for (int x = 0; x < k; ++x) {
      sub.q[x] = q[block[static_cast<std::size_t>(x)]];
      for (int y = 0; y < k; ++y) sub.M(x, y) = M.coeff(block[static_cast<std::size_t>(x)], block[static_cast<std::size_t>(y)]);
    }
    const LcpResult part = solve_auxiliary_block(sub, options);
    result.iterations += part.iterations;
    if (!part.status_ok()) {
      result.status = part.status;
      result.solver = part.solver;
    }
    for (int x = 0; x < k; ++x) {
      z[auxiliary[static_cast<std::size_t>(block[static_cast<std::size_t>(x)])]] = part.z.size() == k ? part.z[x] : 0.0;
    }
  }
  return result;
}

// Stewart–Trinkle friction rows (Egan eqs 5-7) W_f,j^T nu + s >= 0 ⟂ p_f,j hold for a contact that
// carries no force only when s covers its tangential speed: with p_n = p_f = 0 the slip row
// mu p_n - p_f,1 - p_f,2 is 0, so any s >= max_j -W_f,j^T nu is complementary, and s appears in no
// other row. A contact that no enforced configuration of the search names (an inactive member of
// a nonconvex site) gets s = its sliding speed; without it the model's friction rows fail the check
// (measured: every frictional pour step where a site's inactive member slides, 66 per 5 s run).
// A friction row names only its own contact's slip variable, so w = M z + q is computed once.
void complete_idle_slip(const SparseLcp& lcp, const std::vector<std::vector<ImpulseBlock>>& blocks, Vec& z) {
  const Vec w = lcp.M * z + lcp.q;
  for (const std::vector<ImpulseBlock>& contact : blocks) {
    for (const ImpulseBlock& block : contact) {
      if (block.slip < 0 || z[block.normal] != 0.0) continue;
      double speed = 0.0;
      for (int f : block.friction) {
        const double coefficient = f < 0 ? 0.0 : lcp.M.coeff(f, block.slip);
        if (!(coefficient > 0.0)) continue;
        // w_f without the slip term: the tangential velocity along direction f
        const double tangential = w[f] - coefficient * z[block.slip];
        speed = std::max(speed, -tangential / coefficient);
      }
      z[block.slip] = speed;
    }
  }
}

}  // namespace

LcpResult candidate_solution(const RowSystem& rows, const SparseLcp& lcp, const std::vector<ContactImpulse>& impulses,
                             const SolveOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  const int n = rows.size();
  if (lcp.size() != n) {
    throw std::invalid_argument("candidate_solution: LCP of size " + std::to_string(lcp.size()) + " for " +
                                std::to_string(n) + " variables");
  }
  const std::vector<std::vector<ImpulseBlock>> blocks = impulse_blocks(rows, impulses.size());
  std::vector<int> auxiliary;
  for (int j = 0; j < n; ++j) {
    if (rows.variables()[static_cast<std::size_t>(j)].kind == VariableKind::Auxiliary) auxiliary.push_back(j);
  }

  LcpResult result;
  result.solver = "configurations";
  result.status = SolveStatus::Solved;
  result.z = Vec::Zero(n);
  for (std::size_t c = 0; c < blocks.size(); ++c) {
    if (!blocks[c].empty()) place(result.z, blocks[c].front(), impulses[c], 1.0);
  }
  // A contact in two nonconvex sites has a force variable in each; its force belongs to the site
  // where its row is tight (the site whose configuration it is active in). Auxiliaries depend on
  // the velocity, which does not change when a force moves between a contact's variables.
  LcpResult aux;
  aux.status = SolveStatus::Solved;
  if (!auxiliary.empty()) aux = solve_auxiliaries(lcp, auxiliary, result.z, options);
  const Vec w = lcp.M * result.z + lcp.q;
  bool moved = false;
  for (std::size_t c = 0; c < blocks.size(); ++c) {
    if (blocks[c].size() < 2 || impulses[c].normal <= 0.0) continue;
    std::size_t tight = 0;
    for (std::size_t b = 1; b < blocks[c].size(); ++b) {
      if (w[blocks[c][b].normal] < w[blocks[c][tight].normal]) tight = b;
    }
    if (tight == 0) continue;
    place(result.z, blocks[c].front(), impulses[c], 0.0);
    place(result.z, blocks[c][tight], impulses[c], 1.0);
    moved = true;
  }
  if (moved && !auxiliary.empty()) aux = solve_auxiliaries(lcp, auxiliary, result.z, options);
  complete_idle_slip(lcp, blocks, result.z);
  result.iterations = aux.iterations;
  if (!aux.status_ok()) {
    result.status = aux.status;
    result.message = "the auxiliary variables' LCP was not solved (" + std::string(to_string(aux.status)) + ")";
  }
  finalize_sparse_result(lcp, options.tolerance, result);
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace pegsim
