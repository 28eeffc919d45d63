// Gauss's principle over a union of convex cells by local search (configuration_search.h).
#include <pegsim/dynamics/configuration_search.h>

#include <pegsim/contact/contact_rows_any.h>
#include <pegsim/dynamics/energy_audit.h>
#include <pegsim/lcp/block_pivoting.h>
#include <pegsim/lcp/components.h>
#include <pegsim/lcp/sparse_lcp.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <stdexcept>
#include <string>

namespace pegsim {
namespace {

// A margin above this (m/s, rho's unit) holds "strictly": far below the verifier's tolerance
// (verify.h, 1e-8 relative to max(1, |q|)), so a configuration left unswitched within it still
// passes the model's complementarity check.
constexpr double kStrictMargin = 1e-9;
// A configuration whose members' start gaps are all >= -kHoldsNow (m) holds at the start of the step
// (round-off below a micrometre on resting contacts).
constexpr double kHoldsNow = 1e-9;
// Rounds of friction on demand per cell (solve_cell) before friction goes on every contact.
constexpr int kFrictionRounds = 3;

void check_space(const FreeSpace& space, int contact_count) {
  auto check_contact = [&](int c, const std::string& where) {
    if (c < 0 || c >= contact_count) {
      throw std::invalid_argument("configuration search: " + where + " names contact " + std::to_string(c) + " of " +
                                  std::to_string(contact_count));
    }
  };
  for (int c : space.always) check_contact(c, "FreeSpace.always");
  for (std::size_t d = 0; d < space.disjunctions.size(); ++d) {
    const std::string where = "disjunction " + std::to_string(d);
    if (space.disjunctions[d].configurations.empty()) {
      throw std::invalid_argument("configuration search: " + where + " has no configurations");
    }
    for (const std::vector<int>& g : space.disjunctions[d].configurations) {
      if (g.empty()) throw std::invalid_argument("configuration search: " + where + " has an empty configuration");
      for (int c : g) check_contact(c, where);
    }
  }
}

// rho_k(nu) = G_k^T nu + psi_k / h for every contact of a disjunction (NaN for the others).
class Margins {
 public:
  Margins(const FreeSpace& space, const ProximityResult& proximity, const ModelContext& context)
      : rows_(proximity.contact_count()), used_(proximity.contact_count(), 0) {
    for (const Disjunction& d : space.disjunctions) {
      for (const std::vector<int>& g : d.configurations) {
        for (int c : g) {
          if (used_[static_cast<std::size_t>(c)]) continue;
          used_[static_cast<std::size_t>(c)] = 1;
          rows_[static_cast<std::size_t>(c)] = contact_gap_row(proximity, c, context);
        }
      }
    }
  }

  void evaluate(const Vec& nu) {
    rho_.assign(rows_.size(), std::numeric_limits<double>::quiet_NaN());
    for (std::size_t c = 0; c < rows_.size(); ++c) {
      if (used_[c]) rho_[c] = dot_sparse(rows_[c].velocity, nu) + rows_[c].constant;
    }
  }

  // m_g = min_{k in g} rho_k at the last evaluate().
  double margin(const std::vector<int>& configuration) const {
    double m = std::numeric_limits<double>::infinity();
    for (int c : configuration) m = std::min(m, rho_[static_cast<std::size_t>(c)]);
    return m;
  }

 private:
  std::vector<Row> rows_;
  std::vector<char> used_;
  std::vector<double> rho_;
};

// Smallest start gap psi over a configuration's members.
double start_margin(const std::vector<int>& configuration, const ProximityResult& proximity) {
  double m = std::numeric_limits<double>::infinity();
  for (int c : configuration) m = std::min(m, proximity.gap(static_cast<std::size_t>(c)));
  return m;
}

// Index of the largest value; the lowest index wins ties (determinism).
template <typename Value>
int arg_max(std::size_t count, Value value) {
  int best = 0;
  double best_value = value(0);
  for (std::size_t i = 1; i < count; ++i) {
    const double v = value(i);
    if (v > best_value) best = static_cast<int>(i), best_value = v;
  }
  return best;
}

// Per disjunction: among the configurations that hold now (smallest start gap >= -kHoldsNow), the
// one free motion violates least (largest margin at nu_free); when none holds, the one with the
// largest smallest start gap. Without overlap the chosen cell holds nu = 0 (configuration_search.h).
// Ties go to the lower index.
ConfigurationSelection initial_selection(const FreeSpace& space, const ProximityResult& proximity, const Margins& free) {
  ConfigurationSelection selection;
  for (const Disjunction& d : space.disjunctions) {
    const auto& g = d.configurations;
    auto key = [&](std::size_t i) {
      const double start = start_margin(g[i], proximity);
      return start >= -kHoldsNow ? std::make_pair(1.0, free.margin(g[i])) : std::make_pair(0.0, start);
    };
    int best = 0;
    for (std::size_t i = 1; i < g.size(); ++i) {
      if (key(i) > key(static_cast<std::size_t>(best))) best = static_cast<int>(i);
    }
    selection.push_back(best);
  }
  return selection;
}

// always ∪ the selected configurations' members, sorted and distinct.
std::vector<int> enforced_contacts(const FreeSpace& space, const ConfigurationSelection& selection) {
  std::vector<int> contacts = space.always;
  for (std::size_t d = 0; d < space.disjunctions.size(); ++d) {
    const std::vector<int>& g = space.disjunctions[d].configurations[static_cast<std::size_t>(selection[d])];
    contacts.insert(contacts.end(), g.begin(), g.end());
  }
  std::sort(contacts.begin(), contacts.end());
  contacts.erase(std::unique(contacts.begin(), contacts.end()), contacts.end());
  return contacts;
}

// The standard model's rows (U, contact_rows.h) over the given contacts, with Stewart–Trinkle
// friction at those of them flagged in `friction` (indexed by proximity contact).
RowSystem cell_rows(const std::vector<int>& contacts, const std::vector<char>& friction,
                    const ProximityResult& proximity, const ModelContext& context) {
  RowSystem rows;
  std::vector<int> normal;
  for (int c : contacts) normal.push_back(add_contact_unilateral(rows, c, proximity, context));
  for (std::size_t i = 0; i < contacts.size(); ++i) {
    if (friction[static_cast<std::size_t>(contacts[i])]) add_contact_friction(rows, contacts[i], normal[i], proximity, context);
  }
  return rows;
}

bool any_friction(const std::vector<int>& contacts, const ModelContext& context) {
  if (context.pair_friction == nullptr) return false;
  return std::any_of(contacts.begin(), contacts.end(),
                     [&](int c) { return (*context.pair_friction)[static_cast<std::size_t>(c)] > 0.0; });
}

// A variable's identity within one proximity: its contact and slot (0 normal, 1..k its friction
// directions in add_friction's order, kSlipSlot slip); {-1, -1} for variables of no contact.
constexpr int kSlipSlot = kMaxFrictionDirections + 1;
std::vector<std::pair<int, int>> variable_slots(const RowSystem& rows) {
  std::vector<std::pair<int, int>> slots(static_cast<std::size_t>(rows.size()), {-1, -1});
  std::vector<int> friction_seen;
  for (int j = 0; j < rows.size(); ++j) {
    const Variable& v = rows.variables()[static_cast<std::size_t>(j)];
    if (v.contact < 0) continue;
    int slot = -1;
    if (v.kind == VariableKind::NormalImpulse) {
      slot = 0;
    } else if (v.kind == VariableKind::FrictionImpulse) {
      if (static_cast<int>(friction_seen.size()) <= v.contact) friction_seen.resize(static_cast<std::size_t>(v.contact) + 1, 0);
      // A cell carries one friction block per contact (cell_rows).
      int& seen = friction_seen[static_cast<std::size_t>(v.contact)];
      if (seen == kMaxFrictionDirections) {
        throw std::invalid_argument("configuration search: contact " + std::to_string(v.contact) + " has more than " +
                                    std::to_string(kMaxFrictionDirections) + " friction directions");
      }
      slot = 1 + seen++;
    } else if (v.kind == VariableKind::SlipRate) {
      slot = kSlipSlot;
    }
    if (slot >= 0) slots[static_cast<std::size_t>(j)] = {v.contact, slot};
  }
  return slots;
}

// The cell's solution as impulses per contact.
std::vector<ContactImpulse> contact_impulses(const RowSystem& rows, const Vec& z, std::size_t contact_count) {
  std::vector<ContactImpulse> impulses(contact_count);
  const std::vector<std::pair<int, int>> slots = variable_slots(rows);
  for (std::size_t j = 0; j < slots.size(); ++j) {
    const auto [contact, slot] = slots[j];
    if (contact < 0) continue;
    ContactImpulse& impulse = impulses[static_cast<std::size_t>(contact)];
    const double value = z[static_cast<Eigen::Index>(j)];
    if (slot == 0) impulse.normal = value;
    else if (slot == kSlipSlot) impulse.slip = value;
    else impulse.friction[static_cast<std::size_t>(slot - 1)] = value;
  }
  return impulses;
}

// Does any member of the configuration carry a normal impulse?
bool carries_force(const std::vector<int>& configuration, const std::vector<ContactImpulse>& impulses, double floor) {
  return std::any_of(configuration.begin(), configuration.end(),
                     [&](int c) { return impulses[static_cast<std::size_t>(c)].normal > floor; });
}

// A selection that names one existing configuration per disjunction.
bool fits(const ConfigurationSelection& selection, const FreeSpace& space) {
  if (selection.size() != space.disjunctions.size()) return false;
  for (std::size_t d = 0; d < selection.size(); ++d) {
    if (selection[d] < 0 || selection[d] >= static_cast<int>(space.disjunctions[d].configurations.size())) return false;
  }
  return true;
}

// Every contact a cell of this search can enforce, with its frictionless rows and their sparse LCP,
// assembled once per search: a frictionless sparse cell is then a principal submatrix of it instead
// of a new assembly each round (a switch changes a few of ~1000 contacts in a 200-body pile). Entry
// (i, j) sums the same body-block products in the same order as the cell's own assembly would, so
// the cell is the same to the bit; stored zeros are kept, so is its pattern.
struct CandidateLcp {
  bool built = false;
  std::vector<int> position;  // per proximity contact: its row here, -1 if no cell enforces it
  RowSystem rows;
  SparseLcp sparse;
};

void build_candidates(CandidateLcp& all, const FreeSpace& space, const ProximityResult& proximity,
                      const ModelContext& context, const InverseMass& inverse_mass, const Vec& nu_free) {
  std::vector<int> contacts = space.always;
  for (const Disjunction& d : space.disjunctions)
    for (const std::vector<int>& g : d.configurations) contacts.insert(contacts.end(), g.begin(), g.end());
  std::sort(contacts.begin(), contacts.end());
  contacts.erase(std::unique(contacts.begin(), contacts.end()), contacts.end());
  all.position.assign(proximity.contact_count(), -1);
  for (std::size_t i = 0; i < contacts.size(); ++i) all.position[static_cast<std::size_t>(contacts[i])] = static_cast<int>(i);
  all.rows = cell_rows(contacts, std::vector<char>(proximity.contact_count(), 0), proximity, context);
  all.sparse = assemble_sparse_lcp(all.rows, inverse_mass, nu_free);
  all.built = true;
}

// The frictionless cell over `contacts` (sorted, all candidates) cut out of `all`.
void extract_cell(const CandidateLcp& all, CellLcp& cell) {
  const std::size_t k = cell.contacts.size();
  std::vector<int> index(k);
  std::vector<int> row_of(static_cast<std::size_t>(all.sparse.size()), -1);
  for (std::size_t i = 0; i < k; ++i) {
    index[i] = all.position[static_cast<std::size_t>(cell.contacts[i])];
    row_of[static_cast<std::size_t>(index[i])] = static_cast<int>(i);
  }
  cell.rows = RowSystem{};
  for (std::size_t i = 0; i < k; ++i) {
    const int v = cell.rows.add_variable(all.rows.variables()[static_cast<std::size_t>(index[i])]);
    cell.rows.set_row(v, all.rows.rows()[static_cast<std::size_t>(index[i])]);
  }
  cell.rows.unilateral_constraints = static_cast<int>(k);
  cell.is_sparse = true;
  cell.lcp = Lcp{};
  move_into(cell.sparse.M, principal_submatrix(all.sparse.M, index, row_of));
  cell.sparse.q.resize(static_cast<Eigen::Index>(k));
  for (std::size_t j = 0; j < k; ++j) cell.sparse.q[static_cast<Eigen::Index>(j)] = all.sparse.q[index[j]];
}

bool frictionless_cell(const CellLcp& cell) {
  return std::none_of(cell.contacts.begin(), cell.contacts.end(),
                      [&](int c) { return cell.friction[static_cast<std::size_t>(c)] != 0; });
}

// Rows and LCP of a cell with friction at the flagged contacts; from `reuse` (same contacts and
// friction set: same matrix, q moved by the change of gap corrections / h) when it fits, or cut out
// of the search's candidates when frictionless and large enough to be sparse.
void build_cell(CellLcp& cell, const CellLcp* reuse, CandidateLcp& all, const FreeSpace& space,
                const ProximityResult& proximity, const ModelContext& context, const InverseMass& inverse_mass,
                const Vec& nu_free) {
  if (reuse != nullptr && reuse->contacts == cell.contacts && reuse->friction == cell.friction) {
    cell.rows = reuse->rows;
    cell.is_sparse = reuse->is_sparse;
    cell.lcp = reuse->lcp;
    cell.sparse = reuse->sparse;
    Vec& q = cell.is_sparse ? cell.sparse.q : cell.lcp.q;
    for (std::size_t i = 0; i < cell.contacts.size(); ++i) {
      q[static_cast<Eigen::Index>(i)] += (cell.corrections[i] - reuse->corrections[i]) / context.time_step;
    }
    return;
  }
  if (static_cast<int>(cell.contacts.size()) >= kBlockPivotingMinSize && frictionless_cell(cell)) {
    if (!all.built) build_candidates(all, space, proximity, context, inverse_mass, nu_free);
    extract_cell(all, cell);
    return;
  }
  cell.rows = cell_rows(cell.contacts, cell.friction, proximity, context);
  cell.is_sparse = cell.rows.size() >= kBlockPivotingMinSize;
  cell.lcp = Lcp{};
  cell.sparse = SparseLcp{};
  if (cell.is_sparse) cell.sparse = assemble_sparse_lcp(cell.rows, inverse_mass, nu_free);
  else cell.lcp = assemble_lcp(cell.rows, inverse_mass, nu_free);
}

// Enforced contacts that push (normal impulse above floor) without friction rows in the cell.
std::vector<int> pushing_without_friction(const CellLcp& cell, const Vec& z, const ModelContext& context) {
  std::vector<int> missing;
  const double floor = 1e-12 * std::max(1.0, z.size() ? z.cwiseAbs().maxCoeff() : 0.0);
  for (std::size_t i = 0; i < cell.contacts.size(); ++i) {
    const int c = cell.contacts[i];
    if (!cell.friction[static_cast<std::size_t>(c)] && z[static_cast<Eigen::Index>(i)] > floor &&
        (*context.pair_friction)[static_cast<std::size_t>(c)] > 0.0) {
      missing.push_back(c);
    }
  }
  return missing;
}

// The basic variables of a solved round by identity, and that set laid out on the next round's rows
// (same contacts, more friction rows: the new friction variables start non-basic). Lemke walks from
// there (measured on the authors' pour at mu = 0.3: 15 % fewer instructions for the whole run
// than a cold start of every round).
using SlotSet = std::set<std::pair<int, int>>;

SlotSet basic_slots(const RowSystem& rows, const std::vector<int>& basis) {
  const std::vector<std::pair<int, int>> slots = variable_slots(rows);
  SlotSet basic;
  for (int j : basis) {
    if (j >= 0 && j < static_cast<int>(slots.size()) && slots[static_cast<std::size_t>(j)].first >= 0) {
      basic.insert(slots[static_cast<std::size_t>(j)]);
    }
  }
  return basic;
}

std::vector<int> basis_on(const RowSystem& rows, const SlotSet& basic) {
  std::vector<int> basis;
  const std::vector<std::pair<int, int>> slots = variable_slots(rows);
  for (std::size_t j = 0; j < slots.size(); ++j) {
    if (slots[j].first >= 0 && basic.count(slots[j])) basis.push_back(static_cast<int>(j));
  }
  return basis;
}

// Solves one cell's frictional LCP (Egan eqs 5-8), friction on demand. A contact that carries no
// normal impulse has no friction impulse either (mu p_n - p_f,1 - p_f,2 >= 0 with p_f >= 0), and
// its slip rate is completed from its tangential speed (assembly/candidate.h); so the LCP with
// friction rows only at the contacts that push has the same solutions, extended, as the full one.
// Which contacts push is found by iteration: the frictionless cell's pushing contacts first, then
// any enforced contact that pushes without friction rows is given them, and the cell is solved
// again from the previous round's basis (at most kFrictionRounds times; the last round has
// friction everywhere). A frictional pour's cell LCP shrinks from 4 rows per contact to 1 + 3 per
// pushing contact (fewer degenerate bases: two sticking contacts on one polygon give 4 directions
// on 3 DOFs).
// The friction set a cell starts with is the previous cell's (a switch changes a few contacts), or
// for a search's first cell the hint's pushing contacts: one round per cell instead of two in most
// (measured: 50-body pile, mu 0.3, 1 s: 1416 -> 931 rounds; set b: 5.8e9 -> 4.3e9 instructions).
// The warm start of a cell's first round: basic variables by identity, or a basis of indices into
// rows laid out as this cell's (a caller's basis without its cell).
struct CellStart {
  const SlotSet* slots = nullptr;
  const std::vector<int>* indices = nullptr;
};

bool solve_cell(CellLcp& cell, const CellLcp* reuse, const CellLcp* previous, CellStart start, CandidateLcp& all,
                const FreeSpace& space, const ProximityResult& proximity, const ModelContext& context,
                const InverseMass& inverse_mass, const Vec& nu_free, const ConfigurationSearchOptions& options,
                ConfigurationSearch& search) {
  const bool frictional = any_friction(cell.contacts, context);
  cell.friction.assign(proximity.contact_count(), 0);
  // friction rows at this cell's contacts flagged in `flags` (per proximity contact)
  auto seed_friction = [&cell](const std::vector<char>& flags) {
    for (int c : cell.contacts) cell.friction[static_cast<std::size_t>(c)] = flags[static_cast<std::size_t>(c)];
  };
  if (frictional) {
    if (reuse != nullptr) {
      cell.friction = reuse->friction;
    } else if (previous != nullptr) {
      seed_friction(previous->friction);  // a switch changes a few contacts: most keep their need
    } else if (options.start_pushing != nullptr && options.start_pushing->size() == proximity.contact_count()) {
      seed_friction(*options.start_pushing);  // a search's first cell: the contacts that pushed before
    }
  }
  SlotSet previous_basic;  // the previous round's basis (a warm start for the next)
  std::vector<int> carried;
  // the regularisation the last solve of a similar cell needed (SolveOptions::regularization_hint)
  cell.regularization = reuse != nullptr ? reuse->regularization : previous != nullptr ? previous->regularization : 0.0;
  for (int round = 0;; ++round) {
    if (round == kFrictionRounds) {
      for (int c : cell.contacts) cell.friction[static_cast<std::size_t>(c)] = 1;
    }
    build_cell(cell, reuse, all, space, proximity, context, inverse_mass, nu_free);
    search.lcp_size = cell.size();
    if (options.max_lcp_size > 0 && cell.size() > options.max_lcp_size &&
        (cell.is_sparse ? largest_component(cell.sparse.M) : largest_component(cell.lcp.M)) >
            options.max_lcp_size) {  // the guard is per island
      search.solved = false;
      search.diverged = true;
      return false;
    }
    SolveOptions solve_options = options.solve;
    solve_options.pivoting_only = frictional;  // a failed frictional cell is answered another way (contact_solve.h)
    solve_options.regularization_hint = cell.regularization;
    // a warm start by variable identity, so it fits whatever rows this round lays out
    if (round > 0 || start.slots != nullptr) {
      carried = basis_on(cell.rows, round > 0 ? previous_basic : *start.slots);
      solve_options.warm_basis = &carried;
    } else if (start.indices != nullptr && (reuse != nullptr || !frictional)) {  // laid out alike
      solve_options.warm_basis = start.indices;
    }
    if (cell.is_sparse) {
      // a failed sparse solve falls back to a dense one only within the memory bound
      const bool dense_fits = cell.size() <= std::min(kMaxDenseLcpRows, options.max_dense_rows);
      search.result = solve_sparse_lcp(cell.sparse, options.solver, solve_options, dense_fits);
      if (!search.result.status_ok() && !dense_fits) check_island_size(cell.sparse.M);  // says what to change
    } else {
      search.result = solve_lcp(cell.lcp, options.solver, solve_options);
    }
    ++search.rounds;
    if (search.result.status_ok()) cell.regularization = search.result.regularization;
    search.islands = std::max(search.islands, search.result.islands);
    search.threads = std::max(search.threads, search.result.threads);
    search.solved = search.result.status_ok();
    if (!search.solved) {
      if (round < kFrictionRounds && frictional) {
        round = kFrictionRounds - 1;
        continue;
      }
      return false;
    }
    if (!frictional) return true;
    const std::vector<int> missing = pushing_without_friction(cell, search.result.z, context);
    if (missing.empty()) return true;
    previous_basic = basic_slots(cell.rows, search.result.basis);
    for (int c : missing) cell.friction[static_cast<std::size_t>(c)] = 1;
  }
}

// The next selection: every disjunction whose active configuration carries force switches to the
// other configuration of largest margin when that one holds strictly (margin > kStrictMargin) or,
// with `ties`, holds at all (margin >= -kStrictMargin).
ConfigurationSelection switched(const FreeSpace& space, const ConfigurationSearch& search, const Margins& margins,
                                double floor, bool ties) {
  ConfigurationSelection next = search.selection;
  for (std::size_t d = 0; d < space.disjunctions.size(); ++d) {
    const auto& g = space.disjunctions[d].configurations;
    const int current = search.selection[d];
    if (!carries_force(g[static_cast<std::size_t>(current)], search.impulses, floor)) continue;
    const int best = arg_max(g.size(), [&](std::size_t i) {
      return static_cast<int>(i) == current ? -std::numeric_limits<double>::infinity() : margins.margin(g[i]);
    });
    const double margin = margins.margin(g[static_cast<std::size_t>(best)]);
    if (best != current && (ties ? margin >= -kStrictMargin : margin > kStrictMargin)) next[d] = best;
  }
  return next;
}

// Remember the search's current (converged) cell when it is nearer nu_free than `best`.
void keep_if_nearer(const ConfigurationSearch& search, ConfigurationSearch& best, const InverseMass& inverse_mass,
                    const Vec& nu_free) {
  if (best.solved && !(kinetic_energy(inverse_mass, search.nu - nu_free) <
                       kinetic_energy(inverse_mass, best.nu - nu_free))) {
    return;
  }
  best.solved = true;
  best.selection = search.selection;
  best.result = search.result;
  best.lcp_size = search.lcp_size;
  best.nu = search.nu;
  best.cell = search.cell;
  best.impulses = search.impulses;
}

// The search's answer becomes `best`'s cell (counters and the list of solved cells stay).
void restore(ConfigurationSearch& search, const ConfigurationSearch& best) {
  if (!best.solved) return;
  if (best.selection != search.selection) {
    search.solved_cells.push_back(SolvedCell{best.selection, best.impulses, best.nu});  // the last = the answer
  }
  search.solved = true;
  search.selection = best.selection;
  search.result = best.result;
  search.lcp_size = best.lcp_size;
  search.nu = best.nu;
  search.cell = best.cell;
  search.impulses = best.impulses;
}

}  // namespace

ConfigurationSearch search_configurations(const FreeSpace& space, const ProximityResult& proximity,
                                          const ModelContext& context, const InverseMass& inverse_mass,
                                          const Vec& nu_free, const ConfigurationSearchOptions& options) {
  check_space(space, static_cast<int>(proximity.contact_count()));
  ConfigurationSearch search;
  Margins margins(space, proximity, context);
  margins.evaluate(nu_free);
  search.selection = initial_selection(space, proximity, margins);
  const bool warm = options.start != nullptr && fits(*options.start, space);
  if (warm) search.selection = *options.start;

  std::set<ConfigurationSelection> visited;
  CandidateLcp candidates;  // assembled at the first frictionless sparse cell
  ConfigurationSearch best_converged;  // the converged cell nearest nu_free met so far
  // Each round starts from the last solved basis, by variable identity: a switch changes a few
  // contacts, so block pivoting needs a few exchanges instead of a cold start's 15-450 (measured
  // on the 100-body pile, whose cells have ~500 rows).
  SlotSet start_basic;
  bool has_start = false;
  const std::vector<int>* start_indices = nullptr;
  if (warm && options.start_basis != nullptr && options.start_cell != nullptr) {
    start_basic = basic_slots(options.start_cell->rows, *options.start_basis);
    has_start = true;
  } else if (warm && options.start_basis != nullptr) {
    start_indices = options.start_basis;
  } else if (options.start_pushing != nullptr && options.start_pushing->size() == proximity.contact_count()) {
    for (std::size_t c = 0; c < options.start_pushing->size(); ++c)
      if ((*options.start_pushing)[c]) start_basic.insert({static_cast<int>(c), 0});
    has_start = true;
  }
  for (;;) {
    visited.insert(search.selection);
    auto cell = std::make_shared<CellLcp>();
    cell->contacts = enforced_contacts(space, search.selection);
    for (int c : cell->contacts) cell->corrections.push_back(proximity.gap_correction(static_cast<std::size_t>(c)));
    const CellLcp* reuse = warm && search.rounds == 0 ? options.start_cell : nullptr;
    const bool reusable = reuse != nullptr && reuse->contacts == cell->contacts;
    const CellStart start{has_start ? &start_basic : nullptr, search.rounds == 0 ? start_indices : nullptr};
    if (!solve_cell(*cell, reusable ? reuse : nullptr, search.cell.get(), start, candidates, space, proximity, context,
                    inverse_mass, nu_free, options, search)) {
      return search;
    }
    start_basic = basic_slots(cell->rows, search.result.basis);
    has_start = true;
    const RowSystem& rows = cell->rows;
    search.nu = velocity_after_impulses(rows, inverse_mass, nu_free, search.result.z);
    search.cell = cell;
    search.impulses = contact_impulses(rows, search.result.z, proximity.contact_count());
    search.solved_cells.push_back(SolvedCell{search.selection, search.impulses, search.nu});

    // Switch every disjunction whose active configuration pushes while another one holds strictly.
    margins.evaluate(search.nu);
    const double floor = 1e-12 * std::max(1.0, search.result.z.size() ? search.result.z.cwiseAbs().maxCoeff() : 0.0);
    ConfigurationSelection next = switched(space, search, margins, floor, /*ties=*/false);
    if (next == search.selection) {
      // Converged. A pushing configuration may still tie with another that holds at zero margin
      // (a box corner crossing the seam of coplanar tiles: the next tile's side face pushes while
      // its top face, level with the support, holds at 0; measured: a h / 2 of speed lost on a
      // 30 degree incline at mu 0.2, every nonconvex model). Such a tie is explored once per
      // selection: the tied cell holds the current velocity, so frictionless its projection is no
      // farther from nu_free; of the converged cells met, the one nearest nu_free in Gauss's
      // metric is the answer.
      keep_if_nearer(search, best_converged, inverse_mass, nu_free);
      ConfigurationSelection tie = switched(space, search, margins, floor, /*ties=*/true);
      // A warm start begins at the engine's own converged answer, whose ties were explored then.
      const bool explored = warm && visited.size() == 1;
      if (explored || tie == search.selection || visited.count(tie) || search.rounds >= std::max(1, options.max_rounds)) {
        restore(search, best_converged);
        search.converged = true;
        return search;
      }
      next = std::move(tie);
    } else if (visited.count(next) || search.rounds >= std::max(1, options.max_rounds)) {
      // A repeated selection (friction broke the descent) or the round cap: stop with the last
      // solution, whose selection, velocity and impulses belong together, or with a converged
      // cell met on the way.
      if (best_converged.solved) {
        restore(search, best_converged);
        search.converged = true;
      }
      return search;
    }
    for (std::size_t d = 0; d < next.size(); ++d) search.switches += next[d] != search.selection[d] ? 1 : 0;
    search.selection = std::move(next);
  }
}

}  // namespace pegsim
