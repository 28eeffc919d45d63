// Subcommand registry: each apps/pegsim/<name>_command.cpp registers itself with a static
// CommandRegistrar, so adding a subcommand touches one new file.
#pragma once

#include <CLI/CLI.hpp>

#include <functional>
#include <string>
#include <vector>

namespace pegsim::cli {

// Exit codes shared by every subcommand (the contract outside checks rely on).
inline constexpr int kExitOk = 0;
inline constexpr int kExitNoSolution = 1;  // solver reported no solution / run had failures and stopped
inline constexpr int kExitBadInput = 2;    // unreadable or invalid input, bad flags

// A setup function adds its subcommand to `app`; the subcommand's callback stores its exit code in
// `exit_code`. Errors in input: print "pegsim: <file>: <where>: <reason>" to stderr, exit 2.
using CommandSetup = std::function<void(CLI::App& app, int& exit_code)>;

struct CommandRegistrar {
  CommandRegistrar(std::string name, CommandSetup setup);
};

std::vector<std::pair<std::string, CommandSetup>>& command_registry();

}  // namespace pegsim::cli
