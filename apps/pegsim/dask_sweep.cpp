#include "dask_sweep.h"

#include "command.h"

#include <pegsim/scene/scene.h>

#include <nlohmann/json.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <stdexcept>
#include <vector>

namespace pegsim::cli {
namespace {

namespace fs = std::filesystem;

// The shared simulation flags as pegsim.Simulation keyword options (only those given).
nlohmann::json python_options(const SimulationFlags& f) {
  nlohmann::json o = nlohmann::json::object();
  if (f.solver) o["solver"] = *f.solver;
  if (f.gamma) o["gamma"] = *f.gamma;
  if (f.epsilon) o["epsilon"] = *f.epsilon;
  if (f.applicability) o["applicability_threshold"] = *f.applicability;
  o["on_failure"] = f.on_failure;
  if (!f.dump_failed_dir.empty()) o["dump_failed_dir"] = f.dump_failed_dir;
  if (f.recovery_depth) o["recovery_depth"] = *f.recovery_depth;
  if (f.max_lcp_size) o["max_lcp_size"] = *f.max_lcp_size;
  if (f.no_configuration_search) o["configuration_search"] = false;
  if (f.no_proximity_corrector) o["proximity_corrector"] = false;
  if (f.no_deep_step_retry) o["deep_step_retry"] = false;
  if (f.force_spawns) o["force_spawns"] = true;
  if (f.fixpoint_iterations) o["fixpoint_iterations"] = *f.fixpoint_iterations;
  if (f.fixpoint_tolerance) o["fixpoint_tolerance"] = *f.fixpoint_tolerance;
  if (f.no_fixpoint_damping) o["fixpoint_damping"] = false;
  if (f.threads != 1) o["threads"] = f.threads;
  if (f.stepper != "fixpoint") o["stepper"] = f.stepper;
  if (f.ncp_iterations) o["ncp_iterations"] = *f.ncp_iterations;
  if (f.ncp_tolerance) o["ncp_tolerance"] = *f.ncp_tolerance;
  return o;
}

nlohmann::json grid_spec(const SweepOptions& options, const DaskSweep& dask) {
  nlohmann::json scenes = nlohmann::json::array();
  for (const NamedScene& s : options.scenes) scenes.push_back({{"name", s.name}, {"scene", scene_to_json(s.scene)}});
  nlohmann::json spec = {{"scenes", scenes},         {"models", options.models},
                         {"step_sizes", options.step_sizes}, {"shard", dask.shard},
                         {"options", python_options(dask.simulation)}, {"out", options.out_dir},
                         {"per_step", options.per_step}};
  spec["duration"] = options.duration ? nlohmann::json(*options.duration) : nlohmann::json(nullptr);
  return spec;
}

std::string python_executable() {
  if (const char* chosen = std::getenv("PEGSIM_PYTHON"); chosen && *chosen) return chosen;
#ifdef PEGSIM_PYTHON_EXECUTABLE
  return PEGSIM_PYTHON_EXECUTABLE;
#else
  return "python3";
#endif
}

// The build tree keeps the module in <dir of this executable>/python/pegsim.
void put_build_tree_module_on_path() {
  std::error_code error;
  const fs::path package = fs::read_symlink("/proc/self/exe", error).parent_path() / "python";
  if (error || !fs::exists(package / "pegsim" / "__init__.py")) return;
  const char* current = std::getenv("PYTHONPATH");
  const std::string value = package.string() + (current && *current ? ":" + std::string(current) : "");
  ::setenv("PYTHONPATH", value.c_str(), 1);
}

fs::path write_spec(const nlohmann::json& spec) {
  std::string pattern = (fs::temp_directory_path() / "pegsim-dask-sweep-XXXXXX").string();
  const int fd = ::mkstemp(pattern.data());
  if (fd < 0) throw std::runtime_error("--dask: cannot create a temporary file for the grid");
  ::close(fd);
  std::ofstream out(pattern);
  out << spec.dump() << "\n";
  if (!out) throw std::runtime_error("--dask: cannot write the grid to " + pattern);
  return pattern;
}

int run_child(const std::vector<std::string>& command) {
  std::vector<char*> argv;
  for (const auto& a : command) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  std::cout.flush();
  const pid_t pid = ::fork();
  if (pid < 0) return -1;
  if (pid == 0) {
    ::execvp(argv[0], argv.data());
    ::_exit(127);
  }
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return -1;
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace

int run_sweep_on_dask(const SweepOptions& options, const DaskSweep& dask) {
  fs::path spec;
  try {
    spec = write_spec(grid_spec(options, dask));
  } catch (const std::exception& e) {
    std::cerr << "pegsim sweep: " << e.what() << "\n";
    return kExitBadInput;
  }
  put_build_tree_module_on_path();
  const std::string python = python_executable();
  std::vector<std::string> command = {python, "-m", "pegsim.sweep_runner", "--spec", spec.string(), "--dask", dask.address};
  if (dask.quiet) command.push_back("--quiet");
  const int code = run_child(command);
  std::error_code ignored;
  fs::remove(spec, ignored);
  if (code == 127 || code < 0) {
    std::cerr << "pegsim sweep: --dask: could not run " << python
              << " -m pegsim.sweep_runner (set PEGSIM_PYTHON to a Python with the pegsim module and Dask)\n";
    return kExitBadInput;
  }
  return code;
}

}  // namespace pegsim::cli
