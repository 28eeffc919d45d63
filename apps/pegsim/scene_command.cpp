// `pegsim scene`: make and check scene files.
//   pegsim scene pour2d (--bodies FILE | --seed N) -o SCENE.json [--count 20] [--friction MU]
//                       [--model M] [--dt H]
//   pegsim scene pile2d --count N [--seed S] [--bins B] -o SCENE.json [--friction MU] [--model M] [--dt H]
//                       [--duration T]
//   pegsim scene pour3d --bodies bodies_icosahedra.json --dt H -o SCENE.json [--friction MU]
//                       [--model M] [--duration T]
//   pegsim scene pour3d --seed N [--count K] [--bodies random-hulls-bodies3D.json] --dt H -o SCENE.json
//                       [--friction MU] [--model M] [--duration T]
//   pegsim scene validate SCENE.json
// Both print one JSON line on stdout; input errors go to stderr as "pegsim: <file>: ..." with exit 2.
#include "command.h"
#include "validators.h"

#include <pegsim/contact/model.h>
#include <pegsim/scene/pile2d.h>
#include <pegsim/scene/pour2d.h>
#include <pegsim/scene/pour3d.h>
#include <pegsim/scene/random_pour3d.h>
#include <pegsim/scene/scene.h>

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <memory>

namespace pegsim::cli {
namespace {

struct Pour2dArgs {
  std::string bodies_file;
  std::uint64_t seed = 0;
  std::string output;
  int count = kPour2dDefaultCount;
  double friction = 0.0;
  std::string model;
  double time_step = 0.0;
  CLI::Option* bodies_option = nullptr;
  CLI::Option* seed_option = nullptr;
  CLI::Option* friction_option = nullptr;
  CLI::Option* model_option = nullptr;
  CLI::Option* dt_option = nullptr;
};

int bad_input(const std::string& message) {
  std::cerr << "pegsim: " << message << "\n";
  return kExitBadInput;
}

struct BodyCounts {
  int fixed = 0, dynamic = 0, particles = 0;
};

BodyCounts count_bodies(const Scene& scene) {
  BodyCounts counts;
  for (const Body& body : scene.bodies) {
    (body.is_static ? counts.fixed : counts.dynamic) += 1;
    if (body.is_particle()) ++counts.particles;
  }
  for (const Body3d& body : scene.bodies3d) (body.is_static ? counts.fixed : counts.dynamic) += 1;
  return counts;
}

// The JSON line of a written scene.
void print_written(const Scene& scene, const std::string& output, const std::string& source) {
  const BodyCounts counts = count_bodies(scene);
  const nlohmann::json line = {{"written", output},
                               {"source", source},
                               {"bodies", scene.body_count()},
                               {"dynamic", counts.dynamic},
                               {"friction", scene.friction},
                               {"model", scene.settings.model},
                               {"time_step", scene.settings.time_step},
                               {"duration", scene.settings.duration}};
  std::cout << line.dump() << "\n";
}

void apply_overrides(const Pour2dArgs& args, Scene& scene) {
  if (args.friction_option->count() > 0) {
    scene.friction = args.friction;
    for (Body& body : scene.bodies) body.friction = args.friction;
  }
  if (args.model_option->count() > 0) scene.settings.model = args.model;
  if (args.dt_option->count() > 0) scene.settings.time_step = args.time_step;
}

int run_pour2d(const Pour2dArgs& args) {
  const bool from_file = args.bodies_option->count() > 0, from_seed = args.seed_option->count() > 0;
  if (from_file == from_seed) return bad_input("scene pour2d: give exactly one of --bodies FILE or --seed N");
  try {
    Scene scene = from_file ? make_pour2d_from_bodies_file(args.bodies_file, args.count)
                            : make_pour2d_from_seed(args.seed, args.count);
    apply_overrides(args, scene);
    // Belt and braces: the result must pass the same checks as any scene file.
    scene = scene_from_json(scene_to_json(scene), "scene pour2d");
    save_scene(scene, args.output);
    print_written(scene, args.output, from_file ? args.bodies_file : "seed " + std::to_string(args.seed));
    return kExitOk;
  } catch (const std::exception& e) {
    return bad_input(e.what());
  }
}

struct Pile2dArgs {
  std::uint64_t seed = 1;
  int count = 100;
  int bins = 1;
  std::string output;
  double friction = 0.0;
  std::string model;
  double time_step = 0.0;
  double duration = 0.0;
  CLI::Option* model_option = nullptr;
  CLI::Option* dt_option = nullptr;
  CLI::Option* duration_option = nullptr;
};

int run_pile2d(const Pile2dArgs& args) {
  try {
    Scene scene = make_pile2d(args.seed, args.count, args.friction, args.bins);
    if (args.model_option->count() > 0) scene.settings.model = args.model;
    if (args.dt_option->count() > 0) scene.settings.time_step = args.time_step;
    if (args.duration_option->count() > 0) scene.settings.duration = args.duration;
    scene = scene_from_json(scene_to_json(scene), "scene pile2d");
    save_scene(scene, args.output);
    print_written(scene, args.output, "pile2d seed " + std::to_string(args.seed));
    return kExitOk;
  } catch (const std::exception& e) {
    return bad_input(e.what());
  }
}

void setup_pile2d(CLI::App& scene, int& exit_code) {
  auto args = std::make_shared<Pile2dArgs>();
  CLI::App* pile = scene.add_subcommand("pile2d", "N random polygons dropped from a grid into a box (the scaling scene)");
  pile->add_option("--count", args->count, "Number of bodies (default 100)")->check(CLI::Range(1, 100000));
  pile->add_option("--seed", args->seed, "Seed of the bodies (default 1)")->check(unsigned_integer());
  pile->add_option("--bins", args->bins, "Boxes side by side, the bodies dealt among them: independent islands (default 1)")
      ->check(CLI::Range(1, 100000));
  pile->add_option("-o,--output", args->output, "Scene file to write")->required();
  pile->add_option("--friction", args->friction, "Friction coefficient of every body (default 0)")
      ->check(finite_number(true));
  args->model_option = pile->add_option("--model", args->model, "Contact model (default peg)")
                           ->check(CLI::IsMember(contact_model_names()));
  args->dt_option = pile->add_option("--dt", args->time_step, "Time step h (default 0.01)")->check(finite_number(false));
  args->duration_option =
      pile->add_option("--duration", args->duration, "Simulated time in s (default 3)")->check(finite_number(false));
  pile->callback([args, &exit_code] { exit_code = run_pile2d(*args); });
}

int run_validate(const std::string& path) {
  try {
    const Scene scene = load_scene(path);
    const BodyCounts counts = count_bodies(scene);
    const SceneSettings& s = scene.settings;
    nlohmann::json line = {{"valid", true},
                           {"file", path},
                           {"dimension", scene.dimension},
                           {"bodies", scene.body_count()},
                           {"static", counts.fixed},
                           {"dynamic", counts.dynamic},
                           {"particles", counts.particles},
                           {"model", s.model},
                           {"solver", s.solver},
                           {"time_step", s.time_step},
                           {"duration", s.duration},
                           {"steps", static_cast<long long>(std::ceil(s.duration / s.time_step - 1e-9))}};
    std::cout << line.dump() << "\n";
    return kExitOk;
  } catch (const std::exception& e) {
    std::cout << nlohmann::json{{"valid", false}, {"file", path}, {"error", e.what()}}.dump() << "\n";
    return bad_input(e.what());
  }
}

struct Pour3dArgs {
  std::string bodies_file;
  std::uint64_t seed = 0;
  int count = 0;
  CLI::Option* seed_option = nullptr;
  CLI::Option* count_option = nullptr;
  std::string output;
  double time_step = 0.01;
  double duration = kPour3dDuration;
  double friction = 0.0;
  std::string model;
  CLI::Option* model_option = nullptr;
};

int run_pour3d(const Pour3dArgs& args) {
  try {
    Scene scene;
    if (*args.seed_option) {
      scene = make_random_pour3d({args.seed, args.count, args.time_step, args.duration, args.friction, args.bodies_file});
    } else {
      if (args.bodies_file.empty()) return bad_input("scene pour3d: give --bodies (the authors' icosahedra) or --seed (random hulls)");
      if (*args.count_option) return bad_input("scene pour3d: --count needs --seed (the icosahedron pour's count is its schedule's)");
      scene = make_pour3d_from_reference(args.bodies_file, args.time_step, args.duration, args.friction);
    }
    if (*args.model_option) scene.settings.model = args.model;
    scene = scene_from_json(scene_to_json(scene), "scene pour3d");  // the checks any scene file passes
    save_scene(scene, args.output);
    print_written(scene, args.output,
                  *args.seed_option ? (args.bodies_file.empty() ? std::string("generated hulls") : args.bodies_file) + ", seed " +
                                          std::to_string(args.seed)
                                    : args.bodies_file);
    return kExitOk;
  } catch (const std::exception& e) {
    return bad_input(e.what());
  }
}

void setup_pour3d(CLI::App& scene, int& exit_code) {
  auto args = std::make_shared<Pour3dArgs>();
  CLI::App* pour = scene.add_subcommand(
      "pour3d", "The PEG 3D pouring experiment as a scene file: the authors' icosahedra, or random hulls with --seed");
  pour->add_option("--bodies", args->bodies_file,
                   "The authors' icosahedra (reference-pour3d/bodies_icosahedra.json); with --seed, a hull set to draw "
                   "from (reference-pour3d/random-hulls-bodies3D.json; default: generate hulls)");
  args->seed_option = pour->add_option("--seed", args->seed,
                                       "Random convex hulls (15 points in the unit cube, mass 1, the solid's inertia, "
                                       "random orientations) from this seed, on the same box and schedule")
                          ->check(unsigned_integer());
  args->count_option = pour->add_option("--count", args->count, "With --seed: number of hulls (default: all that arrive "
                                                                 "within --duration, one every round(0.5/h) steps)")
                           ->check(CLI::PositiveNumber);
  pour->add_option("-o,--output", args->output, "Scene file to write")->required();
  pour->add_option("--dt", args->time_step, "Time step h: sets the arrival schedule (every round(0.5/h) steps; default 0.01)")
      ->check(finite_number(false));
  pour->add_option("--duration", args->duration, "Simulated time in s (default 5): bodies arrive while it lasts")
      ->check(finite_number(false));
  pour->add_option("--friction", args->friction, "Friction coefficient of every body (default 0, as the authors ran it)")
      ->check(finite_number(true));
  args->model_option = pour->add_option("--model", args->model,
                                        "Contact model written into the scene (default standard; the authors' PEG is peg)")
                           ->check(CLI::IsMember(contact_model_names()));
  pour->callback([args, &exit_code] { exit_code = run_pour3d(*args); });
}

void setup_scene_command(CLI::App& app, int& exit_code) {
  CLI::App* scene = app.add_subcommand("scene", "Make and check scene files");
  scene->require_subcommand(1);

  auto args = std::make_shared<Pour2dArgs>();
  CLI::App* pour = scene->add_subcommand("pour2d", "The PEG 2D pouring experiment as a scene file");
  args->bodies_option = pour->add_option("--bodies", args->bodies_file, "The authors' body set (bodies_X.json)");
  args->seed_option = pour->add_option("--seed", args->seed, "Generate the bodies from this seed instead")
                          ->check(unsigned_integer());
  pour->add_option("-o,--output", args->output, "Scene file to write")->required();
  pour->add_option("--count", args->count, "Number of falling bodies (default 20)")->check(finite_number(false));
  args->friction_option = pour->add_option("--friction", args->friction, "Friction coefficient of every body")
                              ->check(finite_number(true));
  args->model_option = pour->add_option("--model", args->model, "Contact model (default standard)")
                           ->check(CLI::IsMember(contact_model_names()));
  args->dt_option = pour->add_option("--dt", args->time_step, "Time step h (default 0.01)")->check(finite_number(false));
  pour->callback([args, &exit_code] { exit_code = run_pour2d(*args); });

  setup_pile2d(*scene, exit_code);
  setup_pour3d(*scene, exit_code);

  auto path = std::make_shared<std::string>();
  CLI::App* validate = scene->add_subcommand("validate", "Check a scene file; print a JSON summary");
  validate->add_option("scene", *path, "Scene file")->required();
  validate->callback([path, &exit_code] { exit_code = run_validate(*path); });
}

const CommandRegistrar registrar("scene", setup_scene_command);

}  // namespace
}  // namespace pegsim::cli
