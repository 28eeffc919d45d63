// Stages 2-6 of a time step at fixed proximity (contact_solve.h).
#include <pegsim/dynamics/contact_solve.h>

#include <pegsim/assembly/candidate.h>
#include <pegsim/dynamics/configuration_search.h>
#include <pegsim/dynamics/energy_audit.h>
#include <pegsim/lcp/components.h>
#include <pegsim/lcp/sparse_lcp.h>

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

// The model's rows and LCP with the selection's active configurations as PEG's primaries. With
// guard_rows > 0, rows past it have their largest island counted first (largest_row_island, no
// assembly) and, when it passes the guard too, the dense LCP is not built (returns false): a
// blown-up scene's thousands of rows cost O(terms) per step (the playground repeats a diverged
// step). The LCP is assembled sparse; its dense copy only when asked for (dense_model_lcp).
bool emit_model(const ContactModel& model, const ProximityResult& proximity, const ModelContext& context,
                const FreeSpace& space, const ConfigurationSelection* selection, const InverseMass& inverse_mass,
                const Vec& nu_free, ContactSolve& solve, int guard_rows = 0) {
  auto t = Clock::now();
  ModelContext emit_context = context;
  std::vector<std::vector<int>> active;
  if (selection != nullptr) {
    active = active_by_source(space, *selection);
    emit_context.active_configurations = &active;  // single-primary PEG: the active members push
  }
  solve.rows = RowSystem{};
  model.emit(proximity, emit_context, solve.rows);
  solve.model_seconds += seconds_since(t);
  t = Clock::now();
  solve.lcp = Lcp{};
  solve.sparse = SparseLcp{};
  if (guard_rows > 0 && solve.rows.size() > guard_rows &&
      largest_row_island(solve.rows, inverse_mass) > guard_rows) {
    solve.assembly_seconds += seconds_since(t);
    return false;
  }
  solve.sparse = assemble_sparse_lcp(solve.rows, inverse_mass, nu_free);
  solve.assembly_seconds += seconds_since(t);
  return true;
}

// Gauss's objective |nu - nu_free|_M^2 / 2 of a cell's answer: the order in which the cells of an
// unconverged search are tried.
double gauss_distance(const InverseMass& inverse_mass, const Vec& nu, const Vec& nu_free) {
  return kinetic_energy(inverse_mass, nu - nu_free);
}

}  // namespace

const Lcp& dense_model_lcp(ContactSolve& solve) {
  if (solve.lcp.size() != solve.sparse.size()) {
    check_dense_size(solve.sparse.size());
    solve.lcp = to_dense(solve.sparse);
  }
  return solve.lcp;
}

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
  const CheckedAnswer* answer = options.answer;
  const bool check_only = answer != nullptr;
  if (check_only) {
    t = Clock::now();
    if (answer->selection.size() == space.disjunctions.size() && answer->impulses.size() == proximity.contact_count()) {
      search.solved = search.converged = true;
      search.selection = answer->selection;
      search.solved_cells.push_back(SolvedCell{answer->selection, answer->impulses, answer->nu});
    }
    if (options.previous != nullptr) {  // its cell and basis stay the warm start of later solves
      solve.search_basis = options.previous->search_basis;
      solve.search_cell = options.previous->search_cell;
      search.islands = options.previous->result.islands;
      search.threads = options.previous->result.threads;
    }
    solve.search_converged = search.converged;
    solve.search_seconds = seconds_since(t);
    if (!search.solved) {
      solve.result.status = SolveStatus::NumericalBreakdown;
      solve.result.solver = "check";
      solve.result.message = "the answer does not fit this free space";
      return solve;
    }
  } else if (options.configuration_search && !space.disjunctions.empty()) {
    t = Clock::now();
    ConfigurationSearchOptions search_options{options.max_search_rounds, options.solver, options.solve};
    search_options.max_lcp_size = options.max_lcp_size;
    if (!options.verify || options.has_fallback) search_options.max_dense_rows = options.optional_dense_rows;
    if (options.previous != nullptr && !options.previous->selection.empty()) {
      search_options.start = &options.previous->selection;
      search_options.start_basis = &options.previous->search_basis;
      search_options.start_cell = options.previous->search_cell.get();
    } else {
      search_options.start_pushing = options.pushing_hint;
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
      solve.search_impulses = std::move(search.impulses);
      return solve;
    }
  }

  const double h = context.time_step;
  // An answer is accepted when it solves the model's LCP and creates no energy (energy_audit.h).
  auto audited = [&](const Vec& nu) {
    const EnergyAudit audit =
        audit_step_energy(solve.rows, inverse_mass, nu_free, nu, solve.result.z, solve.result.w, proximity, h);
    solve.energy_gain = audit.gain;
    solve.stabilisation_work = audit.stabilisation;
    if (!audit.ok()) {
      ++solve.energy_rejections;
      solve.result.message = "energy audit: the answer gains " + std::to_string(audit.gain) + " J (tolerance " +
                             std::to_string(audit.tolerance) + " J); " + solve.result.message;
    }
    return audit.ok();
  };

  // 4-6. the search's answer in the model's rows, completed and checked (candidate.h)
  bool accepted = false, past_guard = false;
  if (!search.solved_cells.empty()) {
    // the last cell first (converged: the Gauss answer); unconverged, the other solved cells by
    // Gauss's objective, each in the model's rows for its own selection
    std::vector<std::size_t> order(search.solved_cells.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = order.size() - 1 - i;
    if (!(search.solved && search.converged)) {
      std::stable_sort(order.begin() + 1, order.end(), [&](std::size_t a, std::size_t b) {
        return gauss_distance(inverse_mass, search.solved_cells[a].nu, nu_free) <
               gauss_distance(inverse_mass, search.solved_cells[b].nu, nu_free);
      });
    } else {
      order.resize(1);
    }
    for (std::size_t k = 0; k < order.size() && !accepted; ++k) {
      const SolvedCell& cell = search.solved_cells[order[k]];
      emit_model(model, proximity, context, space, &cell.selection, inverse_mass, nu_free, solve);
      t = Clock::now();
      solve.result = candidate_solution(solve.rows, solve.sparse, cell.impulses, options.solve);
      solve.solve_seconds += seconds_since(t);
      if (k > 0) ++solve.alternative_cells;
      solve.result.islands = search.islands;  // the cells' solves, not the candidate's check
      solve.result.threads = search.threads;
      if (solve.result.status_ok() && audited(cell.nu)) {
        accepted = true;
        solve.selection = cell.selection;
        solve.search_accepted = true;
      }
    }
    if (!accepted) {
      // the LCP solver alone works on the rows of the search's last selection
      emit_model(model, proximity, context, space, &search.selection, inverse_mass, nu_free, solve);
      solve.selection = search.selection;
    }
  } else {
    past_guard = !emit_model(model, proximity, context, space, nullptr, inverse_mass, nu_free, solve, options.max_lcp_size);
  }

  t = Clock::now();
  if (check_only && !accepted) {  // the caller searches
    solve.result.status = SolveStatus::NumericalBreakdown;
    solve.result.solver = "check";
    solve.result.message = "the previous answer was not accepted: " + solve.result.message;
    return solve;
  }
  // Not solved, by `solver`'s decision: zero impulses, the free velocity (never applied as a step).
  auto mark_unsolved = [&](const char* solver, std::string message) {
    solve.result = LcpResult{};
    solve.result.status = SolveStatus::NumericalBreakdown;
    solve.result.solver = solver;
    solve.result.message = std::move(message);
    solve.result.residual = std::numeric_limits<double>::infinity();
    solve.result.z = Vec::Zero(solve.rows.size());
    solve.nu_next = nu_free;
    solve.solve_seconds += seconds_since(t);
  };
  // The divergence guard stands before a solver's O(n^3) work, not before the O(n^2) check above.
  // It is per island (lcp/components.h): a large pile of independent small islands is no blow-up.
  if (!accepted && (search.diverged || past_guard ||
                    (options.max_lcp_size > 0 && solve.sparse.size() > options.max_lcp_size &&
                     largest_component(solve.sparse.M) > options.max_lcp_size))) {
    solve.diverged = true;
    mark_unsolved("guard", "LCP of " + std::to_string(std::max({solve.sparse.size(), solve.rows.size(), search.lcp_size})) +
                               " rows whose largest island exceeds the divergence guard (" +
                               std::to_string(options.max_lcp_size) + ")");
    return solve;
  }
  // An optional solve (an iterate, or a solve with a fallback) gets no dense solve of a large
  // model LCP (contact_solve.h). Without the search the LCP solver alone is the method: kept.
  const bool searched = options.configuration_search && !space.disjunctions.empty();
  const bool optional = !options.verify || (options.has_fallback && searched);
  if (!accepted && optional && solve.sparse.size() > options.optional_dense_rows) {
    mark_unsolved(options.verify ? "deferred" : "iterate",
                  std::string(options.verify ? "a solve with a fallback" : "optional iterate") +
                      ": the search's answer was not accepted and the model's LCP of " +
                      std::to_string(solve.sparse.size()) + " rows is over the optional solves' dense bound (" +
                      std::to_string(options.optional_dense_rows) + ")");
    return solve;
  }
  // The LCP solver alone: warm from the previous solve's basis, then Lemke's textbook path; an
  // answer that fails the energy audit is refused (never applied) and the next start is tried.
  // Above SolveOptions::dense_max_rows the model's LCP stays sparse (solve_sparse_lcp: its large
  // islands get their sparse attempts only): a 7605-row step of a frictional 500-body pile had
  // spent 6.6 minutes in dense Newton at 4.5 GB. The memory bound still speaks first, by islands when
  // sparse (check_island_size).
  if (!accepted) {
    std::vector<const std::vector<int>*> starts;
    if (options.previous != nullptr && options.previous->rows.size() == solve.rows.size()) {
      starts.push_back(&options.previous->result.basis);
    }
    starts.push_back(nullptr);
    const bool sparse_only = solve.sparse.size() > options.solve.dense_max_rows;
    if (sparse_only) check_island_size(solve.sparse.M);  // the dense path checks its copy (dense_model_lcp)
    const Lcp* dense = sparse_only ? nullptr : &dense_model_lcp(solve);
    for (const std::vector<int>* start : starts) {
      SolveOptions solve_options = options.solve;
      solve_options.warm_basis = start;
      solve.result = sparse_only ? solve_sparse_lcp(solve.sparse, options.solver, solve_options)
                                 : solve_lcp(*dense, options.solver, solve_options);
      if (solve.result.z.size() != solve.sparse.size()) solve.result.z = Vec::Zero(solve.sparse.size());
      if (!solve.result.status_ok()) break;  // the solver failed: another start will not help
      accepted = audited(velocity_after_impulses(solve.rows, inverse_mass, nu_free, solve.result.z));
      if (accepted) break;
      solve.result.status = SolveStatus::NumericalBreakdown;  // refused: it would create energy
    }
  }
  if (solve.result.z.size() != solve.sparse.size()) solve.result.z = Vec::Zero(solve.sparse.size());
  solve.solve_seconds += seconds_since(t);
  solve.nu_next = velocity_after_impulses(solve.rows, inverse_mass, nu_free, solve.result.z);
  solve.verified = true;
  return solve;
}

}  // namespace pegsim
