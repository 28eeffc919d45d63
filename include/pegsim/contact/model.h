// Contact models: each turns the step's potential contacts into complementarity rows.
// Adding a model = one new file in src/contact/ plus one line in src/contact/registry.cpp.
#pragma once

#include <pegsim/assembly/row_system.h>
#include <pegsim/contact/free_space.h>
#include <pegsim/contact/friction_cone_3d.h>
#include <pegsim/dynamics/body.h>
#include <pegsim/dynamics/body3d.h>
#include <pegsim/lcp/problem.h>
#include <pegsim/proximity/contact.h>

#include <memory>
#include <string>
#include <vector>

namespace pegsim {

// Model parameters; defaults documented where they are used.
struct ContactModelOptions {
  double gamma = 0.0;    // Egan max: 0 = automatic (see egan_max.cpp); > 0 overrides
  double epsilon = 0.0;  // Egan sum: 0 = automatic (see egan_sum.cpp); > 0 overrides
  double applicability_threshold = -0.2;  // PEG relaxed applicability (peg-reconstructed.md)
  int friction_directions = 2;            // 2D: +t and -t
  FrictionCone3d cone_3d;                 // 3D: k directions aligned with the slide (friction_cone_3d.h)
};

// Everything a model may read. DOF indices: body i's velocity block starts at dof_offset[i]
// (-1 for static or not-yet-spawned bodies, which get no Jacobian block).
struct ModelContext {
  double time_step = 0.01;
  const std::vector<Body>* bodies = nullptr;
  // A 3D scene's bodies (then `bodies` is null) and the step's free velocities, which align each
  // 3D friction cone with its contact's predicted slide (friction_cone_3d.h).
  const std::vector<Body3d>* bodies3d = nullptr;
  const Vec* nu_free = nullptr;
  const std::vector<int>* dof_offset = nullptr;
  const std::vector<double>* pair_friction = nullptr;  // per contact: combined coefficient mu
  ContactModelOptions options;
  // Scene-level bound on how far any point can travel in the step (for Egan's gamma).
  double max_travel = 0.0;
  double scene_diameter = 0.0;
  // Per body, a bound on how far it turns in the step (rad): h * |omega|, from the start and, in the
  // engine's corrector pass, the solved end velocities. Null: no rotation (static scenes, tests).
  // PEG widens its relaxed applicability by it (peg_sites.h).
  const std::vector<double>* rotation_bound = nullptr;
  // The configuration search's answer (dynamics/contact_solve.h), indexed by disjunction source
  // (free_space.h): the contacts of the active configuration, empty where there is none. Null when
  // no search ran. Single-primary PEG takes each site's primaries from it (peg.cpp).
  const std::vector<std::vector<int>>* active_configurations = nullptr;
};

class ContactModel {
 public:
  virtual ~ContactModel() = default;
  virtual std::string name() const = 0;
  // Whether the model has rows for 3D contacts (ModelContext::bodies3d). Every built-in model has;
  // a new model is 2D-only until it says so, and Simulation refuses it on a 3D scene.
  virtual bool supports_3d() const { return false; }
  // Whether its 3D rows need the I-sites' candidate planes (proximity/sites_3d.h; the nonconvex models).
  virtual bool uses_3d_sites() const { return false; }
  virtual void emit(const ProximityResult& proximity, const ModelContext& context, RowSystem& rows) const = 0;
  // The free space the model's rows enforce (free_space.h). Default: every potential contact on
  // its own (the standard model: no disjunctions).
  virtual FreeSpace free_space(const ProximityResult& proximity, const ModelContext& context) const;
};

// The 3D row emitters' view of a ModelContext (contact_rows_3d.h): bodies3d, DOFs, friction, cone.
struct ContactRows3dContext;
ContactRows3dContext rows_context_3d(const ModelContext& context);

// Free space of the Egan/Nguyen group models: each group of ProximityResult::groups is a
// disjunction whose configurations are its single sides; ungrouped contacts hold on their own;
// at a vertex–vertex site of two polygons the two vertex groups are replaced by the site's
// crossing condition (src/contact/configuration_sets.h). The models' rows enforce this set.
FreeSpace grouped_free_space(const ProximityResult& proximity, const ModelContext& context);

// "standard", "egan-max", "egan-sum", "lnc", "lnc-accurate", "peg", "peg-accurate".
// Returns nullptr for an unknown name.
std::unique_ptr<ContactModel> make_contact_model(const std::string& name);
std::vector<std::string> contact_model_names();

}  // namespace pegsim
