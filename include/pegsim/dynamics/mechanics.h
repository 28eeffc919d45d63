// What a time step does differently in 2D and 3D, behind one set of functions over the Scene:
// the generalized-velocity layout (3 DOFs (v, omega) per dynamic body in 2D, 6 (v, omega) in 3D),
// the inverse-mass blocks, the free velocities (3D: with the gyroscopic step), the position update,
// proximity (vertex–edge pairs; PEG §5.2's four feature pairs), the pair friction, and the bounds
// the models and guards read. Everything after proximity (models, assembly, solvers, verification,
// the energy audit, recovery, metrics) is shared: Simulation (simulation.h) calls these and nothing
// dimension-specific. docs/engine.md, "One engine, two dimensions".
#pragma once

#include <pegsim/assembly/assembly.h>
#include <pegsim/contact/model.h>
#include <pegsim/proximity/proximity.h>
#include <pegsim/scene/scene.h>

#include <vector>

namespace pegsim {

// Per body, its first DOF; -1 for static or inactive bodies.
std::vector<int> dof_offsets(const Scene& scene, const std::vector<char>& active);
InverseMass inverse_mass(const Scene& scene, const std::vector<int>& offsets);
Vec gather_velocities(const Scene& scene, const std::vector<int>& offsets, int dofs);
// nu_free = nu^l + h M^-1 F_ext (gravity; in 3D also the gyroscopic step, velocity_layout_3d.h).
Vec free_velocities(const Scene& scene, const std::vector<int>& offsets, int dofs, double h);
// Sets the bodies' velocities from nu and moves them by h (semi-implicit Euler).
void integrate_positions(Scene& scene, const std::vector<int>& offsets, const Vec& nu, double h);

// Semi-implicit Euler's own energy term: sum m h g . (v_start - v_end) + m h^2 |g|^2 / 2 (J).
double gravity_lag(const Scene& scene, const std::vector<int>& offsets, const Vec& nu_end, double h);
// Largest distance any point of a dynamic body can travel in the step (Egan's gamma advice).
double max_travel(const Scene& scene, const std::vector<int>& offsets, const Vec& nu_free, double h);
double scene_diameter(const Scene& scene, const std::vector<char>& active);
// Per body, h * max(|omega| at the start, at the end): how far it can turn in the step (rad).
std::vector<double> rotation_bounds(const Scene& scene, const std::vector<int>& offsets, const Vec& nu_start,
                                    const Vec& nu_end, double h);

// Does the candidate's spawn pose overlap (beyond touching) a body in `active`?
bool spot_is_free(const Scene& scene, const std::vector<char>& active, std::size_t candidate);

// Proximity of the active bodies: vertex–edge pairs in 2D, ProximityResult::three_d in 3D.
ProximityResult find_scene_proximity(const Scene& scene, const std::vector<char>& active,
                                     const ProximityOptions& options);
// The proximity corrector's (simulation.cpp, stage 7): reach also covering the solved end
// velocities nu_end. 2D: ProximityOptions::end_motion. 3D: proximity again with the bodies'
// velocities set to nu_end (restored before returning), merged with `start` (the step's proximity
// at the start velocities), so a pair either motion can reach is in. Gaps, normals and points are
// those of the start configuration in both.
ProximityResult find_scene_proximity_reaching(Scene& scene, const std::vector<char>& active,
                                              const ProximityOptions& options, const std::vector<int>& offsets,
                                              const Vec& nu_end, const ProximityResult& start);
// Per contact: the pair's friction coefficient by the scene's rule.
std::vector<double> contact_friction(const Scene& scene, const ProximityResult& proximity);
// energy_audit.h's overlap_push_out_work for the scene's bodies.
double overlap_push_out_work(const RowSystem& rows, const Vec& z, const ProximityResult& proximity,
                             const Scene& scene, double h);
// Points the model context at the scene's bodies of its dimension.
void bind_bodies(ModelContext& context, const Scene& scene);

// Per-body attributes, whatever the dimension.
bool is_static_body(const Scene& scene, std::size_t i);
double spawn_time_of(const Scene& scene, std::size_t i);
double friction_of(const Scene& scene, std::size_t i);
int vertex_count_of(const Scene& scene, std::size_t i);

}  // namespace pegsim
