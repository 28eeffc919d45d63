// Plain handbook-format LCP dumps (lcp_dump.h).
#include <pegsim/io/csv.h>
#include <pegsim/io/lcp_dump.h>

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace pegsim {

void write_lcp_plain(const Lcp& lcp, std::ostream& out, const std::string& comment) {
  const Eigen::Index n = lcp.q.size();
  if (lcp.M.rows() != n || lcp.M.cols() != n)
    throw std::invalid_argument("write_lcp_plain: M is " + std::to_string(lcp.M.rows()) + " x " +
                                std::to_string(lcp.M.cols()) + " but q has " + std::to_string(n) + " entries");
  if (!comment.empty()) {
    std::istringstream lines(comment);
    for (std::string line; std::getline(lines, line);) out << "# " << line << "\n";
  }
  out << n << "\n";
  for (Eigen::Index i = 0; i < n; ++i) {
    for (Eigen::Index j = 0; j < n; ++j) out << (j ? " " : "") << format_double(lcp.M(i, j));
    out << "\n";
  }
  for (Eigen::Index i = 0; i < n; ++i) out << (i ? " " : "") << format_double(lcp.q(i));
  out << "\n";
}

void write_lcp_plain(const Lcp& lcp, const std::string& path, const std::string& comment) {
  std::ostringstream text;
  write_lcp_plain(lcp, text, comment);  // validate before touching the file
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  if (!file) throw std::runtime_error(path + ": cannot open file for writing");
  file << text.str();
  file.close();
  if (!file) throw std::runtime_error(path + ": write failed");
}

}  // namespace pegsim
