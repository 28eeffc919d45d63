// `pegsim lcp solve FILE [--solver auto|lemke|newton|pgs|enumerate] [--tolerance T]`
// Reads a problem file (handbook plain text, Siconos LCP or MLCP .dat; see io/lcp_reader.h),
// solves it and prints ONE JSON line:
//   {"status", "z", "w", ["u" for an MLCP], "residual", "iterations", "seconds", "solver", "n",
//    "file", "format", ["message"], ["attempts"], ["jammed_contacts"]}
// Exit 0 when solved (verified), 1 when the solver reports no solution (infeasible: a checked
// Farkas certificate; ray_termination: a Lemke ray without one, undecided; iteration limit,
// breakdown; jammed: a Stewart–Trinkle LCP with a checked jam certificate, lcp/jam.h), 2 on bad
// input (message on stderr naming file, line, problem). A file carries no contact structure: after
// a failure it is read off M (infer_stewart_trinkle_structure); jammed_contacts are normal rows.
#include "command.h"

#include <pegsim/io/lcp_reader.h>
#include <pegsim/lcp/jam.h>
#include <pegsim/lcp/solver.h>

#include <nlohmann/json.hpp>

#include <cmath>
#include <iostream>
#include <memory>
#include <vector>

namespace pegsim::cli {
namespace {

struct LcpSolveArgs {
  std::string file;
  std::string solver = "auto";
  double tolerance = kDefaultTolerance;
};

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

  LcpFile file;
  try {
    file = read_lcp_file(args.file);
  } catch (const ParseError& e) {
    return bad_input(e.what());
  }
  SolveOptions options;
  options.tolerance = args.tolerance;
  if (file.mlcp) {
    const MlcpResult r = solve_mlcp(*file.mlcp, *kind, options);
    if (r.status == SolveStatus::InvalidInput) return bad_input(args.file + ": invalid MLCP: " + r.message);
    std::cout << result_line(r, file, file.mlcp->complementarity_size(), true).dump() << "\n";
    return exit_code_for(r.status);
  }
  LcpResult r = solve_lcp(*file.lcp, *kind, options);
  if (r.status == SolveStatus::InvalidInput) return bad_input(args.file + ": invalid LCP: " + r.message);
  // Issue 10 item 5: a failed Stewart–Trinkle-shaped LCP may be jammed (decided, lcp/jam.h).
  if (r.status != SolveStatus::Solved) {
    if (const auto structure = infer_stewart_trinkle_structure(*file.lcp)) decide_jam(*file.lcp, *structure, r);
  }
  std::cout << result_line(r, file, file.lcp->size(), false).dump() << "\n";
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
  solve->callback([args, &exit_code] { exit_code = run_lcp_solve(*args); });
}

const CommandRegistrar registrar("lcp", setup_lcp_command);

}  // namespace
}  // namespace pegsim::cli
