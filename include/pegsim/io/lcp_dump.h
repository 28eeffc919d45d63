// Writing an LCP in the plain handbook format (the format io/lcp_reader.h reads):
//     # comment lines (optional; each line of `comment` becomes one "# ..." line)
//     n
//     n lines of n numbers: the rows of M
//     one line of n numbers: q
// Numbers are printed with "%.17g", so a dump read back is bit-identical to the problem solved.
// Non-finite entries are written as nan / inf / -inf (a dump of a broken problem still shows what was
// wrong; the strict reader then refuses the file, naming the line).
#pragma once

#include <pegsim/lcp/problem.h>

#include <ostream>
#include <string>

namespace pegsim {

// Throws std::invalid_argument when M is not n x n for n = q.size(), std::runtime_error when the
// file cannot be written.
void write_lcp_plain(const Lcp& lcp, const std::string& path, const std::string& comment = "");
void write_lcp_plain(const Lcp& lcp, std::ostream& out, const std::string& comment = "");

}  // namespace pegsim
