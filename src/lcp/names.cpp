// Names of statuses and solvers (the strings the CLI prints and parses), and the one dispatcher
// that maps a SolverKind to its solver.
#include <pegsim/lcp/components.h>
#include <pegsim/lcp/solver.h>

namespace pegsim {

const char* to_string(SolveStatus status) {
  switch (status) {
    case SolveStatus::Solved: return "solved";
    case SolveStatus::Infeasible: return "infeasible";
    case SolveStatus::IterationLimit: return "iteration_limit";
    case SolveStatus::NumericalBreakdown: return "numerical_breakdown";
    case SolveStatus::InvalidInput: return "invalid_input";
    case SolveStatus::RayTermination: return "ray_termination";
    case SolveStatus::Jammed: return "jammed";
  }
  return "unknown";
}

const char* to_string(SolverKind kind) {
  switch (kind) {
    case SolverKind::Auto: return "auto";
    case SolverKind::Lemke: return "lemke";
    case SolverKind::Newton: return "newton";
    case SolverKind::Pgs: return "pgs";
    case SolverKind::Enumerate: return "enumerate";
  }
  return "unknown";
}

std::optional<SolverKind> parse_solver_kind(const std::string& name) {
  for (SolverKind kind : {SolverKind::Auto, SolverKind::Lemke, SolverKind::Newton, SolverKind::Pgs,
                          SolverKind::Enumerate})
    if (name == to_string(kind)) return kind;
  return std::nullopt;
}

LcpResult solve_lcp_whole(const Lcp& lcp, SolverKind kind, const SolveOptions& options) {
  switch (kind) {
    case SolverKind::Auto: return solve_auto(lcp, options);
    case SolverKind::Lemke: return solve_lemke(lcp, options);
    case SolverKind::Newton: return solve_newton_fb(lcp, options);
    case SolverKind::Pgs: return solve_pgs(lcp, options);
    case SolverKind::Enumerate: return solve_enumerate(lcp, options);
  }
  LcpResult result;
  result.status = SolveStatus::InvalidInput;
  result.message = "unknown solver kind";
  finalize_result(lcp, options.tolerance, result);
  return result;
}

// Islands (components.h): a large LCP that falls apart into independent blocks is solved block by
// block; enumeration keeps the whole (its result lists every solution of the whole problem).
LcpResult solve_lcp(const Lcp& lcp, SolverKind kind, const SolveOptions& options) {
  return solve_split_or_whole(lcp, kind, options, [&] { return lcp_components(lcp.M); });
}

LcpResult solve_split_or_whole(const Lcp& lcp, SolverKind kind, const SolveOptions& options,
                               const std::function<std::vector<std::vector<int>>()>& components_of) {
  if (splits_into_components(lcp.size(), kind) && validate_lcp(lcp).empty()) {
    const std::vector<std::vector<int>> components = components_of();
    if (components.size() > 1) return solve_by_components(lcp, components, kind, options);
  }
  return solve_lcp_whole(lcp, kind, options);
}

}  // namespace pegsim
