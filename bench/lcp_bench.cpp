// LCP solver benchmark: our solvers against Siconos numerics on named problem families
// (bench/lcp_bench_problems.h) at n = 10 ... 1000.
//
//   build/pegsim_bench --benchmark_filter='^lcp/'      Google Benchmark: time per solve, with
//                                                       counters n, iterations (pivots for Lemke),
//                                                       solved (1 when our verify_lcp passes).
//   build/pegsim_bench --lcp-table [--lcp-max-n N]     plain tables (scripts/bench_lcp.sh): speed
//                                                       ratios ours vs Siconos per family and size,
//                                                       and solved / FALSE-solved counts of every
//                                                       solver on the union of all test problems.
//
// Every answer, ours or Siconos's, is judged by our independent verify_lcp / verify_mlcp: a
// Siconos info == 0 whose z fails the check counts as a FALSE solved, as does a Solved status
// of ours (finalize_result should make that impossible; the table would show it).
// Siconos NewtonFB is capped at 400 iterations, our Newton's total budget (4 starts x 100).
// BLAS runs single-threaded (openblas_set_num_threads(1)) like our solvers.
//
// This file holds the executable's main(): other benchmark files register with BENCHMARK(...)
// and must not define their own.
#include "lcp_bench_problems.h"
#include "siconos_backend.h"

#include "../tests/lcp_io/data_files.h"

#include <pegsim/io/lcp_reader.h>
#include <pegsim/lcp/solver.h>
#include <pegsim/lcp/verify.h>

#include <benchmark/benchmark.h>
#include <dlfcn.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace pegsim::bench {
namespace {

constexpr int kSiconosNewtonIterations = 400;
constexpr int kSiconosEnumMaxSize = 20;  // 2^n bases
constexpr int kOurEnumMaxSize = 12;      // solver.h

// ---- the solvers, one interface ------------------------------------------------------------

struct SolverId {
  std::string name;        // "ours_lemke", "siconos_lemke", ...
  bool siconos = false;
  SolverKind kind = SolverKind::Auto;            // ours
  int siconos_index = 0;                         // 0 lemke, 1 newton_fb, 2 enum
  int max_size = 1 << 30;                        // larger problems: not applicable
};

std::vector<SolverId> all_solvers() {
  std::vector<SolverId> solvers = {
      {"ours_lemke", false, SolverKind::Lemke},         {"ours_newton", false, SolverKind::Newton},
      {"ours_pgs", false, SolverKind::Pgs},             {"ours_enumerate", false, SolverKind::Enumerate, 0, kOurEnumMaxSize},
      {"ours_auto", false, SolverKind::Auto},
  };
#ifdef PEGSIM_HAVE_SICONOS
  solvers.push_back({"siconos_lemke", true, SolverKind::Auto, 0});
  solvers.push_back({"siconos_newton_fb", true, SolverKind::Auto, 1});
  solvers.push_back({"siconos_enum", true, SolverKind::Auto, 2, kSiconosEnumMaxSize});
#endif
  return solvers;
}

struct Run {
  bool applicable = true;
  bool claimed = false;   // status Solved / info == 0
  bool verified = false;  // our independent check on the returned z
  int iterations = 0;
  double seconds = 0.0;      // the solver's own wall time
  double cpu_seconds = 0.0;  // process CPU time around the call: robust on a shared machine
};

double process_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

Run run_lcp(const Lcp& lcp, const SolverId& solver) {
  Run run;
  if (lcp.size() > solver.max_size) {
    run.applicable = false;
    return run;
  }
  Vec z;
  if (!solver.siconos) {
    const double cpu0 = process_cpu_seconds();
    const LcpResult r = solve_lcp(lcp, solver.kind);
    run.cpu_seconds = process_cpu_seconds() - cpu0;
    run.claimed = r.status == SolveStatus::Solved;
    run.iterations = r.iterations;
    run.seconds = r.seconds;
    z = r.z;
  }
#ifdef PEGSIM_HAVE_SICONOS
  if (solver.siconos) {
    static const siconos::LcpSolver kinds[] = {siconos::LcpSolver::LexicoLemke, siconos::LcpSolver::NewtonFB,
                                               siconos::LcpSolver::Enumerative};
    const siconos::LcpSolver kind = kinds[solver.siconos_index];
    siconos::Quiet quiet;  // outside the timed region (it costs system calls)
    const double cpu0 = process_cpu_seconds();
    const siconos::Result r =
        siconos::solve_lcp(lcp, kind, 1e-10, kind == siconos::LcpSolver::NewtonFB ? kSiconosNewtonIterations : 0);
    run.cpu_seconds = process_cpu_seconds() - cpu0;
    run.claimed = r.info == 0;
    run.iterations = r.iterations;
    run.seconds = r.seconds;
    z = r.z;
  }
#endif
  run.verified = verify_lcp(lcp, z).ok;
  return run;
}

Run run_mlcp(const Mlcp& mlcp, const SolverId& solver) {
  Run run;
  if (mlcp.complementarity_size() > solver.max_size) {
    run.applicable = false;
    return run;
  }
  Vec u, z;
  if (!solver.siconos) {
    const MlcpResult r = solve_mlcp(mlcp, solver.kind);
    run.claimed = r.status == SolveStatus::Solved;
    run.iterations = r.iterations;
    run.seconds = r.seconds;
    u = r.u;
    z = r.z;
  }
#ifdef PEGSIM_HAVE_SICONOS
  if (solver.siconos) {
    // Siconos's MLCP counterparts: Lemke on the Schur complement, FB Newton, enumeration.
    static const siconos::MlcpSolver kinds[] = {siconos::MlcpSolver::LcpLemke, siconos::MlcpSolver::FischerBurmeister,
                                                siconos::MlcpSolver::Enumerative};
    siconos::Quiet quiet;
    const siconos::Result r = siconos::solve_mlcp(mlcp, kinds[solver.siconos_index]);
    run.claimed = r.info == 0;
    run.iterations = r.iterations;
    run.seconds = r.seconds;
    u = r.u;
    z = r.z;
  }
#endif
  run.verified = u.size() == mlcp.free_size() && z.size() == mlcp.complementarity_size() &&
                 verify_mlcp(mlcp, u, z).ok;
  return run;
}

// ---- problems --------------------------------------------------------------------------------

const Lcp& cached_problem(Family family, int n) {
  static std::map<std::pair<int, int>, Lcp> cache;
  const auto key = std::make_pair(static_cast<int>(family), n);
  auto it = cache.find(key);
  if (it == cache.end()) it = cache.emplace(key, make_problem(family, n)).first;
  return it->second;
}

// ---- Google Benchmark ------------------------------------------------------------------------

void benchmark_solve(benchmark::State& state, Family family, int n, const SolverId& solver) {
  const Lcp& lcp = cached_problem(family, n);
  Run last;
  for (auto _ : state) {
    last = run_lcp(lcp, solver);
    benchmark::DoNotOptimize(last);
  }
  state.counters["n"] = lcp.size();
  state.counters["iterations"] = last.iterations;
  state.counters["solved"] = last.claimed && last.verified ? 1 : 0;
  state.counters["false_solved"] = last.claimed && !last.verified ? 1 : 0;
}

// Registered at static initialisation: lcp/<family>/<n>/<solver>. Enumeration is left out (2^n).
const bool kRegistered = [] {
  for (Family family : all_families())
    for (int n : all_sizes())
      for (const SolverId& solver : all_solvers()) {
        if (solver.name == "ours_enumerate" || solver.name == "siconos_enum") continue;
        const std::string name = std::string("lcp/") + to_string(family) + "/" + std::to_string(n) + "/" + solver.name;
        benchmark::RegisterBenchmark(name.c_str(), [family, n, solver](benchmark::State& s) {
          benchmark_solve(s, family, n, solver);
        })->Unit(benchmark::kMillisecond)->MinTime(0.1);
      }
  return true;
}();

// ---- --lcp-table -----------------------------------------------------------------------------

// Minimum CPU time over a few runs (fewer for the large, slow sizes); the machine is shared.
Run timed(const Lcp& lcp, const SolverId& solver) {
  const int n = lcp.size();
  const int repeats = n <= 52 ? 21 : n <= 100 ? 11 : n <= 200 ? 5 : n <= 500 ? 3 : 1;
  Run best = run_lcp(lcp, solver);
  for (int r = 1; r < repeats; ++r) {
    const Run run = run_lcp(lcp, solver);
    if (run.cpu_seconds < best.cpu_seconds) best = run;
  }
  return best;
}

std::string cell(const Run& run) {
  char buf[64];
  const char* mark = run.claimed && run.verified ? "" : run.claimed ? " FALSE" : " fail";
  std::snprintf(buf, sizeof buf, "%.3g ms%s", run.cpu_seconds * 1e3, mark);
  return buf;
}

std::string ratio(const Run& ours, const Run& theirs) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", theirs.cpu_seconds / std::max(ours.cpu_seconds, 1e-9));
  return buf;
}

struct Tally {
  int solved = 0, false_solved = 0, failed = 0, not_applicable = 0;
  void add(const Run& run) {
    if (!run.applicable) ++not_applicable;
    else if (run.claimed && run.verified) ++solved;
    else if (run.claimed) ++false_solved;
    else ++failed;
  }
};

void print_speed_table(int max_n, std::map<std::string, Tally>& tallies, int& problems) {
  const std::vector<SolverId> solvers = all_solvers();
  auto find = [&](const std::string& name) -> const SolverId* {
    for (const SolverId& s : solvers)
      if (s.name == name) return &s;
    return nullptr;
  };
  std::printf("## Speed: ours vs Siconos (min CPU time of 21 runs for n <= 52, 11 to n = 100, 5 to 200, 3 to 500, 1 at 1000; single-threaded BLAS; ratio = Siconos time / our time, > 1: we are faster)\n\n");
  std::printf("| family | n | ours lemke | siconos lemke | lemke ratio | ours newton | siconos newton_fb | newton ratio | ours auto | pivots ours/siconos |\n");
  std::printf("|---|---|---|---|---|---|---|---|---|---|\n");
  for (Family family : all_families())
    for (int n : all_sizes()) {
      if (n > max_n) continue;
      const Lcp& lcp = cached_problem(family, n);
      ++problems;
      std::map<std::string, Run> runs;
      for (const SolverId& s : solvers) {
        runs[s.name] = (s.name == "ours_lemke" || s.name == "siconos_lemke" || s.name == "ours_auto") ? timed(lcp, s)
                                                                                                   : run_lcp(lcp, s);
        tallies[s.name].add(runs[s.name]);
      }
      std::printf("| %s | %d | %s |", to_string(family), lcp.size(), cell(runs["ours_lemke"]).c_str());
      if (find("siconos_lemke")) {
        std::printf(" %s | %s | %s | %s | %s | %s | %d/%d |\n", cell(runs["siconos_lemke"]).c_str(),
                    ratio(runs["ours_lemke"], runs["siconos_lemke"]).c_str(), cell(runs["ours_newton"]).c_str(),
                    cell(runs["siconos_newton_fb"]).c_str(), ratio(runs["ours_newton"], runs["siconos_newton_fb"]).c_str(),
                    cell(runs["ours_auto"]).c_str(), runs["ours_lemke"].iterations, runs["siconos_lemke"].iterations);
      } else {
        std::printf(" - | - | %s | - | - | %s | %d/- |\n", cell(runs["ours_newton"]).c_str(), cell(runs["ours_auto"]).c_str(),
                    runs["ours_lemke"].iterations);
      }
      std::fflush(stdout);
    }
}

void tally_data_files(std::map<std::string, Tally>& tallies, int& problems) {
  for (const char* folder : {"handbook", "siconos-lcp", "siconos-mlcp"})
    for (const std::string& path : test::lcp_data_files(folder)) {
      const LcpFile file = read_lcp_file(path);
      ++problems;
      for (const SolverId& s : all_solvers()) tallies[s.name].add(file.lcp ? run_lcp(*file.lcp, s) : run_mlcp(*file.mlcp, s));
    }
}

void print_counts(const std::map<std::string, Tally>& tallies, int problems) {
  std::printf("\n## Solved counts on the union of all test problems (%d: shared data files + generated families)\n\n",
              problems);
  std::printf("| solver | solved (verified) | FALSE solved | failed | not applicable |\n|---|---|---|---|---|\n");
  int best_siconos = 0, ours_auto = 0, ours_false = 0;
  std::string best_name = "-";
  for (const SolverId& s : all_solvers()) {
    const Tally& t = tallies.at(s.name);
    std::printf("| %s | %d | %d | %d | %d |\n", s.name.c_str(), t.solved, t.false_solved, t.failed, t.not_applicable);
    if (s.siconos && t.solved > best_siconos) best_siconos = t.solved, best_name = s.name;
    if (!s.siconos) ours_false += t.false_solved;
    if (s.name == "ours_auto") ours_auto = t.solved;
  }
  std::printf("\nours_auto solves %d of %d; Siconos's best solver (%s) solves %d; our false solved total: %d -> %s\n",
              ours_auto, problems, best_name.c_str(), best_siconos, ours_false,
              ours_auto > best_siconos && ours_false == 0 ? "target met" : "target NOT met");
}

// Siconos calls BLAS/LAPACK (OpenBLAS on Debian), which may spawn threads; our solvers are single
// threaded and the machine is shared, so compare one thread against one thread. Looked up at run
// time so the executable does not link OpenBLAS itself.
void use_single_threaded_blas() {
  using SetThreads = void (*)(int);
  if (auto set = reinterpret_cast<SetThreads>(dlsym(RTLD_DEFAULT, "openblas_set_num_threads"))) set(1);
}

int run_table_mode(int max_n) {
  std::map<std::string, Tally> tallies;
  int problems = 0;
  print_speed_table(max_n, tallies, problems);
  tally_data_files(tallies, problems);
  print_counts(tallies, problems);
  return 0;
}

}  // namespace
}  // namespace pegsim::bench

int main(int argc, char** argv) {
  pegsim::bench::use_single_threaded_blas();
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], "--lcp-table") == 0) {
      int max_n = 1000;
      for (int j = 1; j + 1 < argc; ++j)
        if (std::strcmp(argv[j], "--lcp-max-n") == 0) max_n = std::atoi(argv[j + 1]);
      return pegsim::bench::run_table_mode(max_n);
    }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
