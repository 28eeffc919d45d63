// Reading JSON files with errors a user can act on (file name, line and column).
#pragma once

#include <pegsim/scene/scene.h>

#include <nlohmann/json.hpp>

#include <string>

namespace pegsim {

// Parses `text`; a syntax error throws SceneError "<source_name>: line L, column C: invalid JSON: ...".
nlohmann::json parse_json_text(const std::string& text, const std::string& source_name);
// Reads and parses a file; an unreadable file throws SceneError "<path>: cannot open file (...)".
nlohmann::json read_json_file(const std::string& path);

}  // namespace pegsim
