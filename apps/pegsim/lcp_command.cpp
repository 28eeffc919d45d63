// `pegsim lcp solve FILE [--solver auto|lemke|newton|pgs|enumerate] [--tolerance T]
//                        [--ties larger-pivot|lexicographic] [--sparse] [--dense-max-rows N]
//                        [--regularization-hint R] [--pivoting-only]`
// Reads a problem file (handbook plain text, Siconos LCP or MLCP .dat; see io/lcp_reader.h),
// solves it and prints ONE JSON line:
//   {"status", "z", "w", ["u" for an MLCP], "residual", "iterations", "seconds", "solver", "n",
//    "file", "format", ["message"], ["attempts"], ["jammed_contacts"], ["islands" for an LCP]}
// --sparse solves an LCP as the engine solves a model LCP over SolveOptions::dense_max_rows
// (solve_sparse_lcp: islands, sparse attempts, dense ones only on islands up to --dense-max-rows),
// so that a step dumped by `pegsim run --dump-failed` can be replayed as the engine met it;
// --regularization-hint and --pivoting-only set the two options a configuration search's cell is
// solved with (SolveOptions), to replay such a cell as the search met it.
// Exit 0 when solved (verified), 1 when the solver reports no solution (infeasible: a checked
// Farkas certificate; ray_termination: a Lemke ray without one, undecided; iteration limit,
// breakdown; jammed: a Stewart–Trinkle LCP with a checked jam certificate, lcp/jam.h), 2 on bad
// input (message on stderr naming file, line, problem). A file carries no contact structure: after
// a failure it is read off M (infer_stewart_trinkle_structure, up to kJamInferenceMaxRows rows);
// jammed_contacts are normal rows.
#include "command.h"

#include <pegsim/io/lcp_reader.h>
#include <pegsim/lcp/jam.h>
#include <pegsim/lcp/solver.h>
#include <pegsim/lcp/sparse_lcp.h>

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <vector>

namespace pegsim::cli {
namespace {

// Largest failed LCP whose jam structure `lcp solve` infers (infer_stewart_trinkle_structure).
constexpr int kJamInferenceMaxRows = 1500;

struct LcpSolveArgs {
  std::string file;
  std::string solver = "auto";
  double tolerance = kDefaultTolerance;
  std::string ties = "larger-pivot";
  bool sparse = false;
  int dense_max_rows = kDenseFallbackMaxRows;
  double regularization_hint = 0.0;
  bool pivoting_only = false;
};

std::optional<PathTies> parse_ties(const std::string& name) {
  if (name == "larger-pivot") return PathTies::LargerPivotUntilCycle;
  if (name == "lexicographic") return PathTies::Lexicographic;
  return std::nullopt;
}

int bad_input(const std::string& message) {
  std::cerr << "pegsim: " << message << "\n";
  return kExitBadInput;
}

std::vector<double> as_list(const Vec& v) { return std::vector<double>(v.data(), v.data() + v.size()); }

int exit_code_for(SolveStatus status) {
  if (status == SolveStatus::Solved) return kExitOk;
  return status == SolveStatus::InvalidInput ? kExitBadInput : kExitNoSolution;
}

// Fields shared by LCP and MLCP results, in the documented order.
template <typename Result>
nlohmann::ordered_json result_line(const Result& r, const LcpFile& file, int n, bool with_u) {
  nlohmann::ordered_json line;
  line["status"] = to_string(r.status);
  line["z"] = as_list(r.z);
  line["w"] = as_list(r.w);
  if constexpr (requires { r.u; }) {
    if (with_u) line["u"] = as_list(r.u);
  }
  line["residual"] = r.residual;  // +inf (no finite answer) is written as null
  line["iterations"] = r.iterations;
  line["seconds"] = r.seconds;
  line["solver"] = r.solver;
  line["n"] = n;
  line["file"] = file.path;
  line["format"] = to_string(file.format);
  if (!r.message.empty()) line["message"] = r.message;
  if (!r.attempts.empty()) line["attempts"] = r.attempts;
  if constexpr (requires { r.jammed_contacts; }) {
    if (!r.jammed_contacts.empty()) line["jammed_contacts"] = r.jammed_contacts;
  }
  return line;
}

int run_lcp_solve(const LcpSolveArgs& args) {
  const std::optional<SolverKind> kind = parse_solver_kind(args.solver);
  if (!kind) return bad_input("lcp solve: unknown solver '" + args.solver + "' (expected auto, lemke, newton, pgs or enumerate)");
  if (!std::isfinite(args.tolerance) || args.tolerance <= 0.0)
    return bad_input("lcp solve: --tolerance must be a positive number, found " + std::to_string(args.tolerance));
  const std::optional<PathTies> ties = parse_ties(args.ties);
  if (!ties) return bad_input("lcp solve: unknown --ties '" + args.ties + "' (expected larger-pivot or lexicographic)");
  if (args.dense_max_rows < 0)
    return bad_input("lcp solve: --dense-max-rows must be 0 or more, found " + std::to_string(args.dense_max_rows));
  if (!std::isfinite(args.regularization_hint) || args.regularization_hint < 0.0) {
    char found[32];
    std::snprintf(found, sizeof found, "%g", args.regularization_hint);
    return bad_input(std::string("lcp solve: --regularization-hint must be a number >= 0, found ") + found);
  }

  LcpFile file;
  try {
    file = read_lcp_file(args.file);
  } catch (const ParseError& e) {
    return bad_input(e.what());
  }
  SolveOptions options;
  options.tolerance = args.tolerance;
  options.lemke_ties = *ties;
  options.dense_max_rows = args.dense_max_rows;
  options.regularization_hint = args.regularization_hint;
  options.pivoting_only = args.pivoting_only;
  if (file.mlcp) {
    if (args.sparse) return bad_input(args.file + ": --sparse solves LCPs only, and this file holds an MLCP");
    const MlcpResult r = solve_mlcp(*file.mlcp, *kind, options);
    if (r.status == SolveStatus::InvalidInput) return bad_input(args.file + ": invalid MLCP: " + r.message);
    std::cout << result_line(r, file, file.mlcp->complementarity_size(), true).dump() << "\n";
    return exit_code_for(r.status);
  }
  LcpResult r = args.sparse ? solve_sparse_lcp(to_sparse(*file.lcp), *kind, options) : solve_lcp(*file.lcp, *kind, options);
  if (r.status == SolveStatus::InvalidInput) return bad_input(args.file + ": invalid LCP: " + r.message);
  // Issue 10 item 5: a failed Stewart–Trinkle-shaped LCP may be jammed (decided, lcp/jam.h). The
  // structure is read off M by dense eigendecompositions, O(n^3): past kJamInferenceMaxRows the
  // question is left open and the attempts say so (a 2400-row cell of a frictional pile spent
  // 20-30 s there, a 4400-row one minutes, after its solve had failed in seconds).
  if (r.status != SolveStatus::Solved) {
    if (file.lcp->size() > kJamInferenceMaxRows) {
      r.attempts.push_back("jam not decided: " + std::to_string(file.lcp->size()) + " rows > " +
                           std::to_string(kJamInferenceMaxRows) + " (the structure is inferred in O(n^3))");
    } else if (const auto structure = infer_stewart_trinkle_structure(*file.lcp)) {
      decide_jam(*file.lcp, *structure, r);
    }
  }
  nlohmann::ordered_json line = result_line(r, file, file.lcp->size(), false);
  line["islands"] = r.islands;
  std::cout << line.dump() << "\n";
  return exit_code_for(r.status);
}

void setup_lcp_command(CLI::App& app, int& exit_code) {
  CLI::App* lcp = app.add_subcommand("lcp", "Solve complementarity problem files (LCP / MLCP)");
  lcp->require_subcommand(1);
  auto args = std::make_shared<LcpSolveArgs>();
  CLI::App* solve = lcp->add_subcommand("solve", "Solve one problem file; print one JSON line");
  solve->add_option("file", args->file, "Problem file: handbook .txt, Siconos LCP or MLCP .dat")->required();
  solve->add_option("--solver", args->solver, "auto (default), lemke, newton, pgs or enumerate");
  solve->add_option("--tolerance", args->tolerance, "Tolerance of the independent check (default 1e-8)");
  solve->add_option("--ties", args->ties,
                    "Lemke's ratio-test ties: larger-pivot (default; lexicographic after a repeated basis) or "
                    "lexicographic");
  solve->add_flag("--sparse", args->sparse,
                  "solve an LCP as the engine solves a model LCP over the dense bound: islands, sparse attempts, "
                  "dense ones only on islands up to --dense-max-rows");
  solve->add_option("--dense-max-rows", args->dense_max_rows,
                    "largest island given dense attempts (default 5000, the engine's)");
  solve->add_option("--regularization-hint", args->regularization_hint,
                    "Auto, frictional LCPs of 400+ rows: try the regularised paths from this relative level first "
                    "(1e-9 ... 1e-5), as a configuration search does after a cell that needed one (default 0: the "
                    "plain path first)");
  solve->add_flag("--pivoting-only", args->pivoting_only,
                  "Auto: pivoting attempts only (Lemke and its regularised variants), as a frictional search cell is solved");
  solve->callback([args, &exit_code] { exit_code = run_lcp_solve(*args); });
}

const CommandRegistrar registrar("lcp", setup_lcp_command);

}  // namespace
}  // namespace pegsim::cli
