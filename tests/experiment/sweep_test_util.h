// Helpers for the sweep tests: scratch directories, reading a sweep CSV back, a tiny scene.
#pragma once

#include <pegsim/experiment/sweep_csv.h>
#include <pegsim/scene/scene.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

namespace pegsim::test {

// A fresh directory under the system temp dir, named after the running test; removed on destruction.
class SweepScratch {
 public:
  SweepScratch() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    path_ = std::filesystem::temp_directory_path() / ("pegsim_sweep_" + std::string(info->test_suite_name()) + "_" +
                                                      info->name() + "_" + std::to_string(::getpid()));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~SweepScratch() { std::filesystem::remove_all(path_); }
  std::string path(const std::string& name = "") const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

inline std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

inline void write_text(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
}

inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::string line;
  for (char c : text) {
    if (c == '\n') {
      lines.push_back(line);
      line.clear();
    } else {
      line += c;
    }
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

// The data rows of a sweep CSV as column -> text maps (the header names the columns).
inline std::vector<std::map<std::string, std::string>> read_sweep_rows(const std::string& path) {
  const auto lines = lines_of(read_text(path));
  std::vector<std::map<std::string, std::string>> rows;
  if (lines.empty()) return rows;
  const auto header = split_csv_line(lines[0]);
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const auto fields = split_csv_line(lines[i]);
    EXPECT_EQ(fields.size(), header.size()) << path << " line " << i + 1;
    std::map<std::string, std::string> row;
    for (std::size_t c = 0; c < header.size() && c < fields.size(); ++c) row[header[c]] = fields[c];
    rows.push_back(row);
  }
  return rows;
}

// A 0.2 m box dropped 5 cm onto a floor: a few contact steps, cheap for every model.
inline Scene dropped_box_scene() {
  const auto json = nlohmann::json::parse(R"({
    "gravity": [0, -9.81],
    "settings": {"model": "standard", "time_step": 0.01, "duration": 0.3},
    "bodies": [
      {"name": "floor", "static": true, "vertices": [[-1,-0.4],[1,-0.4],[1,0],[-1,0]]},
      {"name": "box", "vertices": [[-0.1,-0.1],[0.1,-0.1],[0.1,0.1],[-0.1,0.1]], "position": [0, 0.15],
       "angle": 0.1, "mass": 1.0, "inertia": 0.00667}]})");
  return scene_from_json(json, "dropped_box");
}

}  // namespace pegsim::test
