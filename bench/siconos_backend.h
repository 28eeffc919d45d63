// A thin, header-only bridge to Siconos numerics (Debian libsiconos-numerics-dev 4.4) for
// cross-checks and benchmarks. Available only when PEGSIM_HAVE_SICONOS is defined (CMake target
// pegsim_siconos). Siconos's answer is never trusted on its own: callers verify z with
// pegsim::verify_lcp / verify_mlcp; `info == 0` only means Siconos claims success.
//
// Data layout: Siconos's dense NumericsMatrix is column-major like Eigen's default Mat, and its
// MLCP is  M [u; v] + q = [w1; w2], w1 = 0, 0 <= v ⟂ w2 >= 0  with M = [A C; D B], q = [a; b]
// (pegsim::Mlcp's layout exactly).
#pragma once

#ifdef PEGSIM_HAVE_SICONOS

#include <pegsim/lcp/problem.h>

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

// Siconos's headers are not warning-clean under -Wall -Wextra -Werror.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "LCP_Solvers.h"
#include "LinearComplementarityProblem.h"
#include "MLCP_Solvers.h"
#include "MixedLinearComplementarityProblem.h"
#include "NonSmoothDrivers.h"
#include "NumericsMatrix.h"
#include "SolverOptions.h"
#include "lcp_cst.h"
#include "mlcp_cst.h"
#pragma GCC diagnostic pop

namespace pegsim::siconos {

enum class LcpSolver { LexicoLemke, NewtonFB, Enumerative };
enum class MlcpSolver { Enumerative, DirectEnumerative, LcpLemke, FischerBurmeister };

inline const char* to_string(LcpSolver s) {
  switch (s) {
    case LcpSolver::LexicoLemke: return "siconos_lemke";
    case LcpSolver::NewtonFB: return "siconos_newton_fb";
    case LcpSolver::Enumerative: return "siconos_enum";
  }
  return "siconos_unknown";
}

inline int solver_id(LcpSolver s) {
  switch (s) {
    case LcpSolver::LexicoLemke: return SICONOS_LCP_LEMKE;           // lcp_lexicolemke
    case LcpSolver::NewtonFB: return SICONOS_LCP_NEWTON_FB_FBLSA;     // lcp_newton_FB
    case LcpSolver::Enumerative: return SICONOS_LCP_ENUM;             // lcp_enum
  }
  return SICONOS_LCP_LEMKE;
}

inline int solver_id(MlcpSolver s) {
  switch (s) {
    case MlcpSolver::Enumerative: return SICONOS_MLCP_ENUM;
    case MlcpSolver::DirectEnumerative: return SICONOS_MLCP_DIRECT_ENUM;
    case MlcpSolver::LcpLemke: return SICONOS_MLCP_LCP_LEMKE;
    case MlcpSolver::FischerBurmeister: return SICONOS_MLCP_FB;
  }
  return SICONOS_MLCP_ENUM;
}

// Siconos prints warnings ("[Numerics] ...") on stdout and stderr; a Quiet in scope sends both
// to /dev/null so that tables and JSON lines stay clean.
class Quiet {
 public:
  Quiet() {
    std::fflush(stdout);
    std::fflush(stderr);
    saved_out_ = dup(STDOUT_FILENO);
    saved_err_ = dup(STDERR_FILENO);
    if (FILE* null = std::fopen("/dev/null", "w")) {
      dup2(fileno(null), STDOUT_FILENO);
      dup2(fileno(null), STDERR_FILENO);
      std::fclose(null);
    }
  }
  ~Quiet() {
    std::fflush(stdout);
    std::fflush(stderr);
    if (saved_out_ >= 0) dup2(saved_out_, STDOUT_FILENO), close(saved_out_);
    if (saved_err_ >= 0) dup2(saved_err_, STDERR_FILENO), close(saved_err_);
  }
  Quiet(const Quiet&) = delete;
  Quiet& operator=(const Quiet&) = delete;

 private:
  int saved_out_ = -1, saved_err_ = -1;
};

struct Result {
  int info = -1;       // Siconos's termination code: 0 = it claims convergence
  Vec z, w;            // LCP: z, w; MLCP: z = v (complementarity part), w = w2
  Vec u;               // MLCP only: the free part
  int iterations = 0;  // iparam[SICONOS_IPARAM_ITER_DONE] (pivots for Lemke)
  double seconds = 0.0;
  double error = 0.0;  // Siconos's own error measure, dparam[SICONOS_DPARAM_RESIDU]
};

namespace detail {

// A NumericsMatrix viewing `data` (column-major, owned by the caller).
inline NumericsMatrix* dense_view(std::vector<double>& data, int rows, int cols) {
  NumericsMatrix* m = NM_new();
  NM_fill(m, NM_DENSE, rows, cols, data.data());
  return m;
}

inline void release_view(NumericsMatrix* m) {
  m->matrix0 = nullptr;  // the caller owns the array
  NM_free(m);
}

inline std::vector<double> column_major(const Mat& m) { return std::vector<double>(m.data(), m.data() + m.size()); }

}  // namespace detail

// One LCP through linearComplementarity_driver (the same entry point Siconos's tests use).
inline Result solve_lcp(const Lcp& lcp, LcpSolver solver, double tolerance = 1e-10, int max_iterations = 0) {
  const int n = lcp.size();
  std::vector<double> m_data = detail::column_major(lcp.M);
  std::vector<double> q(lcp.q.data(), lcp.q.data() + n);
  std::vector<double> z(n, 0.0), w(n, 0.0);
  LinearComplementarityProblem problem{n, detail::dense_view(m_data, n, n), q.data()};
  SolverOptions* options = solver_options_create(solver_id(solver));
  options->dparam[SICONOS_DPARAM_TOL] = tolerance;
  if (max_iterations > 0) options->iparam[SICONOS_IPARAM_MAX_ITER] = max_iterations;

  Result r;
  const auto t0 = std::chrono::steady_clock::now();
  r.info = linearComplementarity_driver(&problem, z.data(), w.data(), options);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  r.iterations = options->iparam[SICONOS_IPARAM_ITER_DONE];
  r.error = options->dparam[SICONOS_DPARAM_RESIDU];
  r.z = Eigen::Map<Vec>(z.data(), n);
  r.w = Eigen::Map<Vec>(w.data(), n);
  solver_options_delete(options);
  detail::release_view(problem.M);
  return r;
}

// One MLCP through mlcp_driver, with both storages filled (some solvers use M, others ABCD).
inline Result solve_mlcp(const Mlcp& mlcp, MlcpSolver solver, double tolerance = 1e-10) {
  const int n = mlcp.free_size(), m = mlcp.complementarity_size();
  Mat M(n + m, n + m);
  M << mlcp.A, mlcp.C, mlcp.D, mlcp.B;
  Vec qv(n + m);
  qv << mlcp.a, mlcp.b;
  std::vector<double> m_data = detail::column_major(M), q(qv.data(), qv.data() + n + m);
  std::vector<double> A = detail::column_major(mlcp.A), B = detail::column_major(mlcp.B),
                      C = detail::column_major(mlcp.C), D = detail::column_major(mlcp.D);
  std::vector<double> a(mlcp.a.data(), mlcp.a.data() + n), b(mlcp.b.data(), mlcp.b.data() + m);
  std::vector<int> blocks_rows{0, n, n + m}, blocks_is_comp{0, 1};

  MixedLinearComplementarityProblem problem{};
  problem.isStorageType1 = 1;
  problem.isStorageType2 = 1;
  problem.n = n;
  problem.m = m;
  problem.blocksRows = blocks_rows.data();
  problem.blocksIsComp = blocks_is_comp.data();
  problem.M = detail::dense_view(m_data, n + m, n + m);
  problem.q = q.data();
  problem.A = A.data();
  problem.B = B.data();
  problem.C = C.data();
  problem.D = D.data();
  problem.a = a.data();
  problem.b = b.data();

  std::vector<double> z(n + m, 0.0), w(n + m, 0.0);
  SolverOptions* options = solver_options_create(solver_id(solver));
  options->dparam[SICONOS_DPARAM_TOL] = tolerance;
  Result r;
  const auto t0 = std::chrono::steady_clock::now();
  mlcp_driver_init(&problem, options);
  r.info = mlcp_driver(&problem, z.data(), w.data(), options);
  mlcp_driver_reset(&problem, options);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  r.iterations = options->iparam[SICONOS_IPARAM_ITER_DONE];
  r.error = options->dparam[SICONOS_DPARAM_RESIDU];
  r.u = Eigen::Map<Vec>(z.data(), n);
  r.z = Eigen::Map<Vec>(z.data() + n, m);
  r.w = Eigen::Map<Vec>(w.data() + n, m);
  solver_options_delete(options);
  detail::release_view(problem.M);
  return r;
}

}  // namespace pegsim::siconos

#endif  // PEGSIM_HAVE_SICONOS
