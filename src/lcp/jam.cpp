// Jam certificates for Stewart–Trinkle LCPs (lcp/jam.h): the LP on GLPK, the independent check,
// and the solve-then-decide entry point.
//
// GLPK (Debian libglpk-dev) rather than a simplex of our own: the LP is small (at n = 320: 240
// columns, ~170 rows) but degenerate (sum c = 1 over a cone of equilibria), exactly where a
// hand-written simplex cycles or stalls. Builds without GLPK (WebAssembly) compile the stub below.
#include <pegsim/lcp/jam.h>

#include <pegsim/lcp/components.h>

#include <Eigen/Eigenvalues>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>

#if defined(PEGSIM_HAVE_GLPK)
#include <glpk.h>
#endif

namespace pegsim {
namespace {

constexpr double kContactInvolved = 1e-9;  // c_k above this (sum c = 1) names contact k
constexpr int kJamLpPivotsPerVariable = 20;  // simplex pivot budget per LP row and column

std::string format_double(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", x);
  return buf;
}

// Structural errors a caller can make (the LP would silently answer a different question).
std::string validate_structure(const Lcp& lcp, const StewartTrinkleStructure& s) {
  const int n = lcp.size();
  auto in_range = [n](int i) { return i >= 0 && i < n; };
  if (s.factor.cols() != n) return "factor has " + std::to_string(s.factor.cols()) + " columns for n = " + std::to_string(n);
  if (!s.factor.allFinite()) return "factor is not finite";
  for (std::size_t k = 0; k < s.contacts.size(); ++k) {
    const FrictionContactRows& c = s.contacts[k];
    const std::string name = "contact " + std::to_string(k);
    if (!in_range(c.normal)) return name + ": normal row out of range";
    for (int f : c.friction)
      if (!in_range(f)) return name + ": friction row out of range";
    if (!c.friction.empty() && !in_range(c.slip)) return name + ": slip row out of range";
    if (!std::isfinite(c.mu) || c.mu < 0.0) return name + ": mu must be finite and >= 0";
  }
  return "";
}

}  // namespace

bool jam_certificates_available() {
#if defined(PEGSIM_HAVE_GLPK)
  return true;
#else
  return false;
#endif
}

JamCertificate find_jam_certificate(const Lcp& lcp, const StewartTrinkleStructure& structure, double tolerance,
                                    int max_pivots) {
  const auto t0 = std::chrono::steady_clock::now();
  JamCertificate out;
  auto finish = [&](std::string message) {
    out.message = std::move(message);
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return out;
  };
  if (const std::string invalid = validate_lcp(lcp); !invalid.empty()) return finish("invalid LCP: " + invalid);
  if (const std::string invalid = validate_structure(lcp, structure); !invalid.empty())
    return finish("invalid structure: " + invalid);
  if (structure.contacts.empty()) return finish("no contacts");
#if !defined(PEGSIM_HAVE_GLPK)
  (void)tolerance;
  (void)max_pivots;
  return finish("built without GLPK: no jam certificates");
#else
  // LP columns: per contact c_k then its beta_kj; lcp_row[col] is the LCP row of LP column col.
  std::vector<int> lcp_row, first_col;
  for (const FrictionContactRows& c : structure.contacts) {
    first_col.push_back(static_cast<int>(lcp_row.size()));
    lcp_row.push_back(c.normal);
    for (int f : c.friction) lcp_row.push_back(f);
  }
  const int cols = static_cast<int>(lcp_row.size());
  const int r = static_cast<int>(structure.factor.rows());
  const int contacts = static_cast<int>(structure.contacts.size());

  glp_term_out(GLP_OFF);
  glp_prob* lp = glp_create_prob();
  glp_set_obj_dir(lp, GLP_MIN);
  glp_add_cols(lp, cols);
  for (int j = 0; j < cols; ++j) {
    glp_set_col_bnds(lp, j + 1, GLP_LO, 0.0, 0.0);
    glp_set_obj_coef(lp, j + 1, lcp.q[lcp_row[j]]);
  }
  // Rows: F d = 0 (r), the friction cones (one per frictional contact), sum c = 1.
  std::vector<int> ia{0}, ja{0};
  std::vector<double> ar{0.0};
  auto entry = [&](int row, int col, double value) {
    if (value == 0.0) return;
    ia.push_back(row), ja.push_back(col), ar.push_back(value);
  };
  if (r > 0) glp_add_rows(lp, r);  // GLPK aborts on adding 0 rows
  for (int i = 0; i < r; ++i) {
    glp_set_row_bnds(lp, i + 1, GLP_FX, 0.0, 0.0);
    // Entries at rounding level relative to their row are dropped: GLPK's scaling would make a row
    // of them a real constraint (an inferred factor's eigenvectors carry such noise).
    double row_max = 0.0;
    for (int j = 0; j < cols; ++j) row_max = std::max(row_max, std::abs(structure.factor(i, lcp_row[j])));
    for (int j = 0; j < cols; ++j) {
      const double a = structure.factor(i, lcp_row[j]);
      if (std::abs(a) > 1e-13 * row_max) entry(i + 1, j + 1, a);
    }
  }
  int row = r;
  for (int k = 0; k < contacts; ++k) {
    const FrictionContactRows& c = structure.contacts[k];
    if (c.friction.empty()) continue;
    row = glp_add_rows(lp, 1);
    glp_set_row_bnds(lp, row, GLP_LO, 0.0, 0.0);  // mu_k c_k - sum_j beta_kj >= 0
    entry(row, first_col[k] + 1, c.mu);
    for (std::size_t j = 0; j < c.friction.size(); ++j) entry(row, first_col[k] + 2 + static_cast<int>(j), -1.0);
  }
  row = glp_add_rows(lp, 1);
  glp_set_row_bnds(lp, row, GLP_FX, 1.0, 1.0);  // sum_k c_k = 1
  for (int k = 0; k < contacts; ++k) entry(row, first_col[k] + 1, 1.0);
  glp_load_matrix(lp, static_cast<int>(ia.size()) - 1, ia.data(), ja.data(), ar.data());

  glp_scale_prob(lp, GLP_SF_AUTO);
  glp_smcp parm;
  glp_init_smcp(&parm);
  parm.msg_lev = GLP_MSG_OFF;
  parm.presolve = GLP_ON;  // infeasible LPs (no equilibrium at all: the common case) end here
  // GLPK's primal simplex can stall on these degenerate LPs (the standard model's pour, set c at
  // h = 0.001, stalled in one LP at t = 3.6 s; the run had not ended after 30 min). A deterministic
  // pivot budget ends it: the jam stays undecided and the step degrades as any failed step does.
  parm.it_lim = max_pivots > 0 ? max_pivots
                              : kJamLpPivotsPerVariable * (glp_get_num_rows(lp) + glp_get_num_cols(lp)) + 1000;
  const int code = glp_simplex(lp, &parm);
  const int status = glp_get_status(lp);
  std::string message;
  if (code == 0 && status == GLP_OPT) {
    out.objective = glp_get_obj_val(lp);
    out.d = Vec::Zero(lcp.size());
    for (int j = 0; j < cols; ++j) out.d[lcp_row[j]] = std::max(0.0, glp_get_col_prim(lp, j + 1));
    const double threshold = -tolerance * std::max(1.0, lcp.q.cwiseAbs().maxCoeff());
    out.found = out.objective < threshold;
    if (out.found) {
      for (int k = 0; k < contacts; ++k) {
        if (out.d[structure.contacts[k].normal] > kContactInvolved) {
          out.contacts.push_back(k);
          out.ids.push_back(structure.contacts[k].id >= 0 ? structure.contacts[k].id : k);
        }
      }
      message = "LP optimum q.d = " + format_double(out.objective) + " < 0 over " + std::to_string(out.contacts.size()) +
                " contacts in equilibrium";
    } else {
      message = "LP optimum q.d = " + format_double(out.objective) + ": no jam";
    }
  } else if (code == GLP_ENOPFS || status == GLP_NOFEAS) {
    message = "LP infeasible: no contact impulses in internal equilibrium";
  } else if (code == GLP_EITLIM) {
    message = "LP not solved within its pivot budget (" + std::to_string(parm.it_lim) + " pivots): undecided";
  } else {
    message = "LP not solved (glp_simplex code " + std::to_string(code) + ", status " + std::to_string(status) + ")";
  }
  glp_delete_prob(lp);
  return finish(message);
#endif
}

JamCheck verify_jam_certificate(const Lcp& lcp, const Vec& d, double tolerance) {
  JamCheck check;
  const int n = lcp.size();
  if (!validate_lcp(lcp).empty() || d.size() != n || !d.allFinite()) {
    check.message = "sizes or finiteness";
    return check;
  }
  if (n == 0 || d.minCoeff() < 0.0) {
    check.message = "d has a negative entry";
    return check;
  }
  const double d1 = d.sum();
  if (!(d1 > 0.0)) {
    check.message = "d = 0";
    return check;
  }
  const double m_max = std::max(lcp.M.cwiseAbs().maxCoeff(), std::numeric_limits<double>::min());
  const Vec Md = lcp.M * d;
  check.min_Md = Md.minCoeff() / (m_max * d1);
  check.dMd = d.dot(Md) / (m_max * d1 * d1);
  check.qd = lcp.q.dot(d) / (std::max(1.0, lcp.q.cwiseAbs().maxCoeff()) * d1);
  check.ok = check.min_Md >= -tolerance && std::abs(check.dMd) <= tolerance && check.qd < -tolerance;
  check.message = "min M d = " + format_double(check.min_Md) + ", d.M d = " + format_double(check.dMd) +
                  ", q.d = " + format_double(check.qd) + " (scaled)";
  return check;
}

void decide_jam(const Lcp& lcp, const StewartTrinkleStructure& structure, LcpResult& r) {
  if (r.status == SolveStatus::Solved || r.status == SolveStatus::InvalidInput) return;
  // Only after a failure (issue 10 item 5): is Lemke's sufficient condition violated?
  const JamCertificate certificate = find_jam_certificate(lcp, structure);
  r.seconds += certificate.seconds;
  if (!certificate.found) {
    r.attempts.push_back("jam certificate: none (" + certificate.message + ")");
    return;
  }
  const JamCheck check = verify_jam_certificate(lcp, certificate.d);
  if (!check.ok) {
    r.attempts.push_back("jam certificate: refused by the check (" + check.message + "; " + certificate.message + ")");
    return;
  }
  r.attempts.push_back("jam certificate: " + certificate.message + "; checked (" + check.message + ")");
  r.jammed_contacts = certificate.ids;
  // A checked Farkas certificate says more (no solution at all) than a jam does: status stays.
  if (r.status == SolveStatus::Infeasible && r.certified_infeasible) return;
  std::string contacts;
  for (int id : certificate.ids) {
    if (!contacts.empty()) contacts += ' ';
    contacts += std::to_string(id);
  }
  r.message = "jammed: contacts " + contacts + " hold each other in their friction cones with psi.c < 0 (" +
              certificate.message + "); solver: " + r.message;
  r.status = SolveStatus::Jammed;
}

LcpResult solve_stewart_trinkle(const Lcp& lcp, const StewartTrinkleStructure& structure, SolverKind kind,
                                const SolveOptions& options) {
  LcpResult r = solve_lcp(lcp, kind, options);
  decide_jam(lcp, structure, r);
  return r;
}

std::optional<StewartTrinkleStructure> infer_stewart_trinkle_structure(const Lcp& lcp) {
  if (!validate_lcp(lcp).empty() || lcp.size() == 0) return std::nullopt;
  const int n = lcp.size();
  const Mat& M = lcp.M;
  enum Role { Unknown, Normal, Friction, Slip };
  std::vector<Role> role(static_cast<std::size_t>(n), Unknown);
  std::vector<FrictionContactRows> with_friction;
  for (int s = 0; s < n; ++s) {
    if (M(s, s) != 0.0) continue;
    FrictionContactRows contact;
    bool shaped = true;
    for (int j = 0; j < n && shaped; ++j) {
      const double a = M(s, j);
      if (a > 0.0) {
        shaped = contact.normal < 0 && M(j, j) > 0.0;
        contact.normal = j, contact.mu = a;
      } else if (a < 0.0) {
        shaped = a == -1.0 && M(j, s) == 1.0;
        contact.friction.push_back(j);
      }
    }
    if (!shaped || contact.normal < 0 || contact.friction.empty()) return std::nullopt;
    contact.slip = s;
    contact.id = contact.normal;
    role[static_cast<std::size_t>(s)] = Slip;
    for (int f : contact.friction) role[static_cast<std::size_t>(f)] = Friction;
    with_friction.push_back(std::move(contact));
  }
  StewartTrinkleStructure out;
  std::vector<int> normal_of(static_cast<std::size_t>(n), -1);  // index into with_friction
  for (std::size_t k = 0; k < with_friction.size(); ++k) {
    const int j = with_friction[k].normal;
    if (role[static_cast<std::size_t>(j)] != Unknown) return std::nullopt;  // a row with two roles
    role[static_cast<std::size_t>(j)] = Normal;
    normal_of[static_cast<std::size_t>(j)] = static_cast<int>(k);
  }
  std::vector<int> block;  // normal and friction rows, in index order
  for (int i = 0; i < n; ++i) {
    if (role[static_cast<std::size_t>(i)] == Unknown) {
      if (!(M(i, i) > 0.0)) return std::nullopt;  // an auxiliary row: not Stewart–Trinkle
      role[static_cast<std::size_t>(i)] = Normal;
      out.contacts.push_back(FrictionContactRows{i, {}, -1, 0.0, i});
    } else if (const int k = normal_of[static_cast<std::size_t>(i)]; k >= 0) {
      out.contacts.push_back(with_friction[static_cast<std::size_t>(k)]);
    }
    if (role[static_cast<std::size_t>(i)] != Slip) block.push_back(i);
  }
  const int b = static_cast<int>(block.size());
  Mat B(b, b);
  for (int x = 0; x < b; ++x)
    for (int y = 0; y < b; ++y) B(x, y) = M(block[x], block[y]);
  const double scale = std::max(B.cwiseAbs().maxCoeff(), std::numeric_limits<double>::min());
  if ((B - B.transpose()).cwiseAbs().maxCoeff() > 1e-9 * scale) return std::nullopt;
  // B = F^T F island by island (lcp/components.h: independent blocks of the coupling graph), so F is
  // as sparse as W^{1/2} J would be: a dense eigenbasis of the whole block mixes unrelated contacts
  // with coefficients at rounding level, which the LP's scaling then turns into real constraints.
  std::vector<Eigen::VectorXd> rows;
  for (const std::vector<int>& island : lcp_components(B)) {
    const int m = static_cast<int>(island.size());
    Mat S(m, m);
    for (int x = 0; x < m; ++x)
      for (int y = 0; y < m; ++y) S(x, y) = 0.5 * (B(island[x], island[y]) + B(island[y], island[x]));
    Eigen::SelfAdjointEigenSolver<Mat> eig(S);
    if (eig.info() != Eigen::Success || eig.eigenvalues().minCoeff() < -1e-9 * scale) return std::nullopt;
    // Only the range: an eigenvalue at rounding level is a null direction, and its row (noise of
    // size sqrt(1e-16)) would become a real constraint once the LP scales its rows.
    const double cut = 1e-12 * scale;
    for (int e = 0; e < m; ++e) {
      if (!(eig.eigenvalues()[e] > cut)) continue;
      Vec row = Vec::Zero(n);
      const double root = std::sqrt(eig.eigenvalues()[e]);
      for (int x = 0; x < m; ++x) row[block[island[x]]] = root * eig.eigenvectors()(x, e);
      rows.push_back(std::move(row));
    }
  }
  out.factor = Mat::Zero(static_cast<Eigen::Index>(rows.size()), n);
  for (std::size_t r = 0; r < rows.size(); ++r) out.factor.row(static_cast<Eigen::Index>(r)) = rows[r].transpose();
  return out;
}

}  // namespace pegsim
