// The shared LCP/MLCP problem files (/work/shared/data/lcp/<folder>/), listed in sorted order.
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace pegsim::test {

inline std::string lcp_data_dir() { return std::string(PEGSIM_SHARED_DIR) + "/data/lcp"; }

// Problem files of one folder (handbook: *.txt except SOURCE.txt; siconos-*: *.dat).
inline std::vector<std::string> lcp_data_files(const std::string& folder) {
  std::vector<std::string> files;
  const std::filesystem::path dir = lcp_data_dir() + "/" + folder;
  if (!std::filesystem::is_directory(dir)) return files;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    const std::string ext = entry.path().extension().string();
    if ((ext == ".txt" && name != "SOURCE.txt") || ext == ".dat") files.push_back(entry.path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

inline std::string file_stem(const std::string& path) { return std::filesystem::path(path).stem().string(); }

}  // namespace pegsim::test
