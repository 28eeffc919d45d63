// pegsim: rigid polygons in intermittent frictional contact, time-stepped with complementarity
// problems. Subcommands live in apps/pegsim/*_command.cpp.
#include "command.h"

#include <algorithm>
#include <exception>
#include <iostream>

namespace pegsim::cli {

std::vector<std::pair<std::string, CommandSetup>>& command_registry() {
  static std::vector<std::pair<std::string, CommandSetup>> registry;
  return registry;
}

CommandRegistrar::CommandRegistrar(std::string name, CommandSetup setup) {
  command_registry().emplace_back(std::move(name), std::move(setup));
}

}  // namespace pegsim::cli

int main(int argc, char** argv) {
  using namespace pegsim::cli;
  CLI::App app{"pegsim: rigid polygons in frictional contact, time-stepped with complementarity problems"};
  app.require_subcommand(1);
  int exit_code = kExitOk;
  auto& registry = command_registry();
  // Static registration order is unspecified across files: sort for a stable --help.
  std::sort(registry.begin(), registry.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  for (auto& [name, setup] : registry) setup(app, exit_code);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return kExitBadInput;
  } catch (const std::exception& e) {
    std::cerr << "pegsim: error: " << e.what() << "\n";
    return kExitBadInput;
  }
  return exit_code;
}
