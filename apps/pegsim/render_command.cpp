// `pegsim render`: simulate a scene and draw it.
//   pegsim render SCENE.json --out FILE(.png|.svg|.gif|.mp4) [--model M] [--compare M2] [--dt H]
//       [--duration T] [--steps LIST | --every K] [--fps 30] [--width 800]
//       [--overlay contacts,normals,impulses,constraints,traps,overlap] [--view X0,Y0,X1,Y1]
//       [--impulse-scale PX] [--quiet] and the other simulation flags (simulation_flags.h)
//   3D scenes: [--camera EX,EY,EZ[,TX,TY,TZ[,FOV_DEG]]] [--grid] in place of --view; overlays
//       contacts, normals, overlap (the others are 2D-only and left out).
// PNG/SVG: the final state, or the chosen steps (FILE with %d / %05d gets the step number, otherwise
// "_<step>" goes before the extension). GIF/MP4: frames at --fps of simulated time (or the chosen
// steps), encoded by ffmpeg. --compare M2 draws the same scene under a second model side by side.
// The run is deterministic, so rendering re-simulates instead of reading trajectory files.
// Progress goes to stderr; one JSON line goes to stdout at the end. Bad input: exit 2.
#include "command.h"
#include "progress.h"
#include "simulation_flags.h"

#include <pegsim/contact/model.h>
#include <pegsim/dynamics/run.h>
#include <pegsim/metrics/metrics.h>
#include <pegsim/render/renderer.h>
#include <pegsim/render/video.h>
#include <pegsim/scene/scene.h>

#include <nlohmann/json.hpp>

#include <stdlib.h>  // mkdtemp

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <regex>
#include <sstream>
#include <stdexcept>

namespace pegsim::cli {
namespace {

namespace fs = std::filesystem;

// An input problem: reported as "pegsim: <message>" with exit code 2.
class BadInput : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

enum class OutputKind { Png, Svg, Gif, Mp4 };

struct RenderArgs {
  std::string scene_path;
  std::string out;
  SimulationFlags simulation;  // --model, --dt, --duration, --solver, ...
  std::string compare;
  std::string steps;
  int every = 0;
  double fps = 30.0;
  int width = 800;
  std::string overlay;
  std::string view;
  std::string camera;  // 3D only
  bool grid = false;   // 3D only
  double impulse_scale = 0.0;
  bool quiet = false;
};

// Everything checked before simulating, so bad input fails fast.
struct RenderPlan {
  Scene scene;
  OutputKind kind = OutputKind::Png;
  std::vector<std::string> models;  // one, or two with --compare
  SimulationOptions options;        // of the first model; the second differs only in the model
  double duration = 0.0;
  int total_steps = 0;
  std::vector<int> frame_steps;     // sorted, unique, within [0, total_steps]
  RenderOptions render;
  std::string ffmpeg;               // animations only
};

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

OutputKind output_kind(const std::string& out) {
  const std::string ext = lower(fs::path(out).extension().string());
  if (ext == ".png") return OutputKind::Png;
  if (ext == ".svg") return OutputKind::Svg;
  if (ext == ".gif") return OutputKind::Gif;
  if (ext == ".mp4") return OutputKind::Mp4;
  throw BadInput(out + ": --out: unknown extension \"" + ext + "\" (use .png, .svg, .gif or .mp4)");
}

bool is_animation(OutputKind kind) { return kind == OutputKind::Gif || kind == OutputKind::Mp4; }

const char* kind_name(OutputKind kind) {
  switch (kind) {
    case OutputKind::Png: return "png";
    case OutputKind::Svg: return "svg";
    case OutputKind::Gif: return "gif";
    case OutputKind::Mp4: return "mp4";
  }
  return "?";
}

std::vector<std::string> split(const std::string& list, char separator) {
  std::vector<std::string> items;
  std::stringstream stream(list);
  std::string item;
  while (std::getline(stream, item, separator)) items.push_back(item);
  return items;
}

// "10,20,500" -> {10, 20, 500}; every item a non-negative integer.
std::vector<int> parse_step_list(const std::string& list) {
  std::vector<int> steps;
  for (const std::string& item : split(list, ',')) {
    static const std::regex integer(R"(\s*(\d{1,9})\s*)");
    std::smatch match;
    if (!std::regex_match(item, match, integer)) {
      throw BadInput("--steps: \"" + item + "\" is not a step number (a list like 0,100,250)");
    }
    steps.push_back(std::stoi(match[1].str()));
  }
  if (steps.empty()) throw BadInput("--steps: empty list");
  return steps;
}

// "x0,y0,x1,y1" in metres.
Bounds parse_view(const std::string& text) {
  const std::vector<std::string> items = split(text, ',');
  if (items.size() != 4) throw BadInput("--view: expected X0,Y0,X1,Y1 (got \"" + text + "\")");
  double v[4];
  for (int i = 0; i < 4; ++i) {
    try {
      std::size_t used = 0;
      v[i] = std::stod(items[static_cast<std::size_t>(i)], &used);
      if (used != items[static_cast<std::size_t>(i)].size() || !std::isfinite(v[i])) throw std::invalid_argument("");
    } catch (const std::exception&) {
      throw BadInput("--view: \"" + items[static_cast<std::size_t>(i)] + "\" is not a number");
    }
  }
  if (!(v[2] > v[0]) || !(v[3] > v[1])) throw BadInput("--view: need X1 > X0 and Y1 > Y0");
  Bounds view;
  view.include(Vec2(v[0], v[1]));
  view.include(Vec2(v[2], v[3]));
  return view;
}

std::string model_list() {
  std::string names;
  for (const std::string& n : contact_model_names()) names += (names.empty() ? "" : ", ") + n;
  return names;
}

void check_model(const std::string& flag, const std::string& name) {
  if (!make_contact_model(name)) throw BadInput(flag + ": unknown model \"" + name + "\" (known: " + model_list() + ")");
}

std::vector<int> every_kth(int k, int total_steps) {
  std::vector<int> steps;
  for (int s = 0; s <= total_steps; s += k) steps.push_back(s);
  return steps;
}

// Which steps become frames: the list, every k-th step, one frame per 1/fps of simulated time
// (animations), or the final step.
std::vector<int> choose_frame_steps(const RenderArgs& args, OutputKind kind, int total_steps, double h) {
  std::vector<int> steps;
  if (!args.steps.empty()) {
    steps = parse_step_list(args.steps);
  } else if (args.every > 0) {
    steps = every_kth(args.every, total_steps);
  } else if (is_animation(kind)) {
    const int stride = std::max(1, static_cast<int>(std::lround(1.0 / (args.fps * h))));
    steps = every_kth(stride, total_steps);
    if (steps.back() != total_steps) steps.push_back(total_steps);
  } else {
    steps = {total_steps};
  }
  std::sort(steps.begin(), steps.end());
  steps.erase(std::unique(steps.begin(), steps.end()), steps.end());
  if (steps.back() > total_steps) {
    throw BadInput("--steps: step " + std::to_string(steps.back()) + " is past the end of the run (" +
                   std::to_string(total_steps) + " steps)");
  }
  return steps;
}

void check_output_directory(const std::string& out) {
  const fs::path parent = fs::path(out).parent_path();
  if (!parent.empty() && !fs::is_directory(parent)) {
    throw BadInput(out + ": --out: directory " + parent.string() + " does not exist");
  }
}

// --camera's text; the rest of the checks (an eye on the scene's centre) when the view is fitted.
CameraSpec3d parse_camera(const std::string& text) {
  try {
    return parse_camera_spec(text);
  } catch (const std::invalid_argument& e) {
    throw BadInput(std::string("--camera: ") + e.what());
  }
}

bool names_overlay(const std::string& list, const std::string& name) {
  for (std::string item : split(list, ',')) {
    item.erase(0, item.find_first_not_of(' '));
    item.erase(item.find_last_not_of(' ') + 1);
    if (lower(item) == name) return true;
  }
  return false;
}

// 3D: --view does not apply; impulses, constraints and traps are 2D overlays (said when asked for
// by name, silently dropped from "all").
void plan_3d(const RenderArgs& args, RenderPlan& plan) {
  if (!args.view.empty()) {
    throw BadInput("--view: a 2D option; for a 3D scene use --camera EYE_X,EYE_Y,EYE_Z[,TARGET_X,TARGET_Y,TARGET_Z[,FOV_DEG]]");
  }
  plan.render.grid = args.grid;
  for (const char* name : {"impulses", "constraints", "traps"}) {
    if (names_overlay(args.overlay, name) && !args.quiet) {
      std::cerr << "render: --overlay " << name << " is drawn for 2D scenes only; left out of this 3D scene\n";
    }
  }
  plan.render.overlays.impulses = plan.render.overlays.constraints = plan.render.overlays.traps = false;
}

RenderPlan make_plan(const RenderArgs& args) {
  RenderPlan plan;
  plan.kind = output_kind(args.out);
  check_output_directory(args.out);
  if (!(args.fps > 0.0) || !std::isfinite(args.fps)) throw BadInput("--fps: must be positive");
  try {
    plan.render.overlays = parse_overlays(args.overlay);
  } catch (const std::invalid_argument& e) {
    throw BadInput(std::string("--overlay: ") + e.what());
  }
  if (!args.view.empty()) plan.render.view = parse_view(args.view);
  if (!args.camera.empty()) plan.render.camera3d = parse_camera(args.camera);
  if (is_animation(plan.kind)) {
    plan.ffmpeg = find_ffmpeg();
    if (plan.ffmpeg.empty()) {
      throw BadInput(args.out + ": ffmpeg is needed for ." + kind_name(plan.kind) +
                     " output but was not found (install the Debian package \"ffmpeg\", or write .png/.svg)");
    }
  }
  plan.scene = load_scene(args.scene_path);  // SceneError names the file and field
  if (plan.scene.is_3d()) {
    plan_3d(args, plan);
  } else if (plan.render.camera3d || args.grid) {
    throw BadInput(std::string(plan.render.camera3d ? "--camera" : "--grid") + ": for 3D scenes only; " +
                   args.scene_path + " is 2D (use --view X0,Y0,X1,Y1)");
  }
  try {
    plan.options = args.simulation.options_for(plan.scene);
    plan.duration = args.simulation.duration_for(plan.scene);
  } catch (const std::invalid_argument& e) {
    throw BadInput(e.what());
  }
  plan.models = {plan.options.model};
  if (!args.compare.empty()) {
    check_model("--compare", args.compare);
    plan.models.push_back(args.compare);
  }
  // Same step count as run_simulation.
  plan.total_steps = static_cast<int>(std::llround(plan.duration / plan.options.time_step));
  plan.frame_steps = choose_frame_steps(args, plan.kind, plan.total_steps, plan.options.time_step);
  plan.render.panel_width = args.width;
  plan.render.panels = static_cast<int>(plan.models.size());
  plan.render.impulse_pixels_per_unit = args.impulse_scale;
  return plan;
}

// FILE with one %d / %0Nd: the step goes there; otherwise, for several frames, "_<step>" (zero
// padded to the width of the last step) goes before the extension.
std::string frame_file(const std::string& out, int step, int last_step, bool several) {
  static const std::regex placeholder(R"(%(0?\d{0,2})d)");
  std::smatch match;
  if (std::regex_search(out, match, placeholder)) {
    const std::string spec = match[1].str();
    std::string number = std::to_string(step);
    const std::size_t width = spec.empty() ? 0 : static_cast<std::size_t>(std::stoi(spec));
    if (number.size() < width) number.insert(0, width - number.size(), spec[0] == '0' ? '0' : ' ');
    return match.prefix().str() + number + match.suffix().str();
  }
  if (!several) return out;
  const fs::path path(out);
  std::string number = std::to_string(step);
  const std::size_t width = std::to_string(last_step).size();
  if (number.size() < width) number.insert(0, width - number.size(), '0');
  return (path.parent_path() / (path.stem().string() + "_" + number + path.extension().string())).string();
}

// A temporary directory for animation frames, removed with everything in it.
class TempDir {
 public:
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "pegsim-render-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("cannot create a temporary directory");
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

using FrameSink = std::function<void(Frame&&)>;

// Runs one model, handing the frames of the planned steps (0 = initial state) to `sink`.
RunSummary simulate(const RenderPlan& plan, const std::string& model, bool quiet, const FrameSink& sink) {
  SimulationOptions options = plan.options;
  options.model = model;
  Simulation simulation(plan.scene, options);
  auto next = plan.frame_steps.begin();
  if (next != plan.frame_steps.end() && *next == 0) {
    sink(capture_initial_frame(simulation));
    ++next;
  }
  Progress progress("render " + model, plan.total_steps, !quiet);
  RunOptions run_options;
  run_options.duration = plan.duration;
  const StepObserver observer = [&](const Simulation& sim, const StepMeasurement& m) {
    if (next != plan.frame_steps.end() && *next == m.record.step) {
      sink(capture_frame(sim, m));
      ++next;
    }
    progress.update(m.record.step);
  };
  RunSummary summary = run_simulation(simulation, run_options, observer);
  progress.finish();
  // A run that stopped (divergence guard, --on-failure stop) is drawn as it stopped in the frames
  // it did not reach, so a comparison still shows both sides.
  if (summary.stopped_early && next != plan.frame_steps.end()) {
    // which guard stopped it (divergence_guard.h), in a caption's few words
    const std::string& why = summary.divergence_reason;
    const char* stop = !summary.diverged                                   ? "failed solve (--on-failure stop)"
                       : why.find("left the scene") != std::string::npos ? "diverged (a body left the scene)"
                       : why.find("kinetic energy") != std::string::npos ? "diverged (kinetic energy without a source)"
                                                                          : "diverged (LCP over the --max-lcp guard)";
    char note[160];
    std::snprintf(note, sizeof note, "stopped at t = %.3f s: %s (%d solver failures)", simulation.time(), stop,
                  summary.solver_failures);
    for (; next != plan.frame_steps.end(); ++next) {
      Frame frame = capture_initial_frame(simulation);
      frame.step = *next;
      frame.note = note;
      frame.overlap_area = measure_overlap(simulation.scene(), simulation.active_bodies()).total_area;
      sink(std::move(frame));
    }
  }
  return summary;
}

nlohmann::json run_json(const RunSummary& s) {
  return {{"model", s.model},           {"steps", s.steps},           {"solver_failures", s.solver_failures},
          {"overlap_median", s.overlap_median}, {"overlap_max", s.overlap_max}, {"depth_max", s.depth_max},
          {"escaped", s.escaped_bodies}, {"stopped_early", s.stopped_early}, {"wall_seconds", s.wall_seconds}};
}

int render(const RenderArgs& args) {
  const RenderPlan plan = make_plan(args);
  const Renderer renderer(plan.render, plan.scene, plan.options.time_step);
  const bool animation = is_animation(plan.kind);
  std::unique_ptr<TempDir> frames_dir;
  if (animation) frames_dir = std::make_unique<TempDir>();
  const ImageFormat format = plan.kind == OutputKind::Svg ? ImageFormat::Svg : ImageFormat::Png;
  const bool several = plan.frame_steps.size() > 1;

  std::vector<std::string> files;
  int frames = 0;
  const auto write_image = [&](const std::vector<const Frame*>& panels) {
    const int step = panels.front()->step;
    std::string path;
    if (animation) {
      char name[32];
      std::snprintf(name, sizeof name, "frame_%05d.png", frames);
      path = (frames_dir->path() / name).string();
    } else {
      path = frame_file(args.out, step, plan.total_steps, several);
      files.push_back(path);
    }
    renderer.write(panels, format, path);
    ++frames;
  };

  std::vector<RunSummary> runs;
  if (!args.quiet) std::cerr << "render: " << plan.scene.body_count() << " bodies, h = " << plan.options.time_step << " s, "
            << plan.total_steps << " steps, " << plan.frame_steps.size() << " frame(s) of " << renderer.width()
            << " x " << renderer.height() << " px\n";
  if (plan.models.size() == 1) {
    runs.push_back(simulate(plan, plan.models[0], args.quiet, [&](Frame&& f) { write_image({&f}); }));
  } else {
    // First model: keep its frames; second model: draw each next to the first's at the same step.
    std::map<int, Frame> first;
    runs.push_back(simulate(plan, plan.models[0], args.quiet, [&](Frame&& f) { first.emplace(f.step, std::move(f)); }));
    runs.push_back(simulate(plan, plan.models[1], args.quiet, [&](Frame&& f) {
      const auto it = first.find(f.step);
      if (it != first.end()) write_image({&it->second, &f});
    }));
  }
  if (animation && frames > 0) {
    if (!args.quiet) std::cerr << "render: encoding " << frames << " frames with " << plan.ffmpeg << "\n";
    encode_video(plan.ffmpeg, (frames_dir->path() / "frame_%05d.png").string(), args.fps,
                 plan.kind == OutputKind::Gif ? VideoFormat::Gif : VideoFormat::Mp4, args.out);
    files = {args.out};
  }

  nlohmann::json line = {{"out", args.out},          {"format", kind_name(plan.kind)},
                         {"frames", frames},         {"files", files},
                         {"width", renderer.width()}, {"height", renderer.height()},
                         {"scene", args.scene_path}, {"time_step", plan.options.time_step},
                         {"duration", plan.duration}, {"steps", plan.total_steps},
                         {"frame_steps", plan.frame_steps}, {"runs", nlohmann::json::array()}};
  if (animation) line["fps"] = args.fps;
  for (const RunSummary& s : runs) line["runs"].push_back(run_json(s));
  std::cout << line.dump() << "\n";
  // A run that stopped early: its later frames show the state where it stopped (exit 1, as `run`).
  for (const RunSummary& s : runs) {
    if (s.stopped_early) return kExitNoSolution;
  }
  return kExitOk;
}

int run_render(const RenderArgs& args) {
  try {
    return render(args);
  } catch (const BadInput& e) {
    std::cerr << "pegsim: render: " << e.what() << "\n";
  } catch (const SceneError& e) {
    std::cerr << "pegsim: " << e.what() << "\n";
  } catch (const RenderError& e) {
    std::cerr << "pegsim: " << e.what() << "\n";  // names "render:" or the file
  } catch (const std::exception& e) {
    std::cerr << "pegsim: render: " << args.scene_path << ": " << e.what() << "\n";
  }
  return kExitBadInput;
}

void setup_render_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<RenderArgs>();
  CLI::App* cmd = app.add_subcommand("render", "Simulate a scene and draw frames (PNG/SVG) or an animation (GIF/MP4)");
  cmd->add_option("scene", args->scene_path, "Scene file (JSON)")->required();
  cmd->add_option("-o,--out", args->out, "Output: .png, .svg (one file per frame; %d = step), .gif or .mp4")
      ->required();
  args->simulation.add_to(*cmd);
  cmd->add_option("--compare", args->compare, "Second model, drawn side by side with --model's");
  CLI::Option* steps = cmd->add_option("--steps", args->steps, "Steps to draw, e.g. 0,100,500 (0 = initial state)");
  CLI::Option* every = cmd->add_option("--every", args->every, "Draw every K-th step")->check(CLI::PositiveNumber);
  steps->excludes(every);
  cmd->add_option("--fps", args->fps, "Animation frames per second of simulated time")->capture_default_str();
  cmd->add_option("--width", args->width, "Width of one panel in pixels")->capture_default_str();
  cmd->add_option("--overlay", args->overlay,
                  "Comma list: contacts,normals,impulses,constraints,traps,overlap (or all); "
                  "3D: contacts,normals,overlap");
  cmd->add_option("--view", args->view, "2D: world rectangle X0,Y0,X1,Y1 (default: fitted to the scene)");
  cmd->add_option("--camera", args->camera,
                  "3D: perspective camera EYE_X,EYE_Y,EYE_Z[,TARGET_X,TARGET_Y,TARGET_Z[,FOV_DEG]] in metres, "
                  "z up; target default: the scene's centre; vertical field of view default: fitted to the scene. "
                  "Without it: a 3/4 view from above fitted to the scene");
  cmd->add_flag("--grid", args->grid, "3D: a ground grid under the scene");
  cmd->add_option("--impulse-scale", args->impulse_scale, "Impulse arrows in pixels per N s (default: automatic)");
  cmd->add_flag("--quiet", args->quiet, "No progress on stderr");
  cmd->callback([args, &exit_code] { exit_code = run_render(*args); });
}

const CommandRegistrar kRegisterRender("render", setup_render_command);

}  // namespace
}  // namespace pegsim::cli
