// Stages 2-6 of a time step at fixed proximity (contact_solve.h).
#include <pegsim/dynamics/contact_solve.h>

#include <pegsim/assembly/candidate.h>
#include <pegsim/dynamics/configuration_search.h>

#include <algorithm>
#include <chrono>
#include <limits>

namespace pegsim {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// The active configuration's contacts by disjunction source (ModelContext::active_configurations).
std::vector<std::vector<int>> active_by_source(const FreeSpace& space, const ConfigurationSelection& selection) {
  std::vector<std::vector<int>> active;
  for (std::size_t d = 0; d < space.disjunctions.size(); ++d) {
    const Disjunction& disjunction = space.disjunctions[d];
    if (disjunction.source < 0) continue;
    if (static_cast<std::size_t>(disjunction.source) >= active.size()) active.resize(disjunction.source + 1);
    active[static_cast<std::size_t>(disjunction.source)] = disjunction.configurations[static_cast<std::size_t>(selection[d])];
  }
  return active;
}

}  // namespace

ContactSolve solve_contacts(const ContactModel& model, const ProximityResult& proximity, const ModelContext& context,
                            const InverseMass& inverse_mass, const Vec& nu_free, const ContactSolveOptions& options) {
  ContactSolve solve;
  // 2. the free space the model enforces
  auto t = Clock::now();
  FreeSpace computed;
  if (options.free_space == nullptr) computed = model.free_space(proximity, context);
  const FreeSpace& space = options.free_space != nullptr ? *options.free_space : computed;
  solve.model_seconds += seconds_since(t);

  // 3. configuration search
  ConfigurationSearch search;
  std::vector<std::vector<int>> active;
  ModelContext emit_context = context;
  if (options.configuration_search && !space.disjunctions.empty()) {
    t = Clock::now();
    ConfigurationSearchOptions search_options{options.max_search_rounds, options.solver, options.solve};
    search_options.max_lcp_size = options.max_lcp_size;
    if (options.previous != nullptr && !options.previous->selection.empty()) {
      search_options.start = &options.previous->selection;
      search_options.start_basis = &options.previous->search_basis;
      search_options.start_cell = options.previous->search_cell.get();
    }
    search = search_configurations(space, proximity, context, inverse_mass, nu_free, search_options);
    solve.search_basis = search.result.basis;
    solve.search_cell = search.cell;
    solve.search_seconds = seconds_since(t);
    solve.search_rounds = search.rounds;
    solve.search_switches = search.switches;
    solve.search_converged = search.converged;
    if (search.solved && !options.verify) {
      solve.selection = search.selection;
      solve.result = std::move(search.result);
      solve.nu_next = std::move(search.nu);
      return solve;
    }
    if (search.solved) {
      solve.selection = search.selection;
      active = active_by_source(space, search.selection);
      emit_context.active_configurations = &active;  // single-primary PEG: the active members push
    }
  }

  // 4. the model's rows
  t = Clock::now();
  model.emit(proximity, emit_context, solve.rows);
  solve.model_seconds += seconds_since(t);

  // 5. assembly
  t = Clock::now();
  solve.lcp = assemble_lcp(solve.rows, inverse_mass, nu_free);
  solve.assembly_seconds = seconds_since(t);

  // 6. solve
  t = Clock::now();
  if (search.solved) {
    solve.result = candidate_solution(solve.rows, solve.lcp, search.impulses, options.solve);
    solve.search_accepted = solve.result.status_ok();
  }
  // The divergence guard stands before a solver's O(n^3) work, not before the O(n^2) check above.
  if (!solve.result.status_ok() && (search.diverged || (options.max_lcp_size > 0 && solve.lcp.size() > options.max_lcp_size))) {
    solve.diverged = true;
    solve.result = LcpResult{};
    solve.result.status = SolveStatus::NumericalBreakdown;
    solve.result.solver = "guard";
    solve.result.message = "LCP of " + std::to_string(std::max(solve.lcp.size(), search.lcp_size)) +
                           " rows exceeds the divergence guard (" + std::to_string(options.max_lcp_size) + ")";
    solve.result.residual = std::numeric_limits<double>::infinity();
    solve.result.z = Vec::Zero(solve.lcp.size());
    solve.nu_next = nu_free;
    solve.solve_seconds = seconds_since(t);
    return solve;
  }
  if (!solve.result.status_ok()) {
    SolveOptions solve_options = options.solve;
    const bool same_layout = options.previous != nullptr && options.previous->rows.size() == solve.rows.size();
    if (same_layout) solve_options.warm_basis = &options.previous->result.basis;
    solve.result = solve_lcp(solve.lcp, options.solver, solve_options);
  }
  if (solve.result.z.size() != solve.lcp.size()) solve.result.z = Vec::Zero(solve.lcp.size());
  solve.solve_seconds = seconds_since(t);
  solve.nu_next = velocity_after_impulses(solve.rows, inverse_mass, nu_free, solve.result.z);
  solve.verified = true;
  return solve;
}

}  // namespace pegsim
