// LCP problem files: the handbook plain format, format detection and the file entry point.
// The Siconos formats are in lcp_reader_siconos.cpp; the format descriptions in lcp_reader.h.
#include "lcp_text_scanner.h"

#include <pegsim/io/lcp_reader.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

namespace pegsim {
namespace {

using lcp_io::TextScanner;
using lcp_io::Token;

// One line of exactly `count` numbers (handbook rows of M and q).
Vec read_row(TextScanner& scanner, int count, const std::string& what) {
  const std::vector<Token> tokens = scanner.next_line();
  if (tokens.empty()) scanner.fail(scanner.line(), "unexpected end of file (expected " + what + ")");
  if (static_cast<int>(tokens.size()) != count)
    scanner.fail(tokens.front().line, "expected " + std::to_string(count) + " numbers (" + what + "), found " +
                                          std::to_string(tokens.size()));
  Vec row(count);
  for (int j = 0; j < count; ++j) row(j) = scanner.number(tokens[j], what);
  return row;
}

std::string lowercase_extension(const std::string& name) {
  const std::size_t dot = name.find_last_of('.');
  const std::size_t slash = name.find_last_of('/');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return "";
  std::string ext = name.substr(dot);
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
  return ext;
}

bool name_mentions_mlcp(const std::string& name) {
  std::string lower = name.substr(name.find_last_of('/') == std::string::npos ? 0 : name.find_last_of('/') + 1);
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  return lower.find("mlcp") != std::string::npos;
}

// The first few tokens as integers (nullopt where a token is not a small integer).
std::vector<std::optional<long long>> leading_integers(std::string_view text, int count) {
  TextScanner scanner(text, "", false);
  std::vector<std::optional<long long>> values;
  for (int i = 0; i < count; ++i) {
    const std::optional<Token> token = scanner.next();
    if (!token) break;
    try {
      values.emplace_back(scanner.integer(*token, "", -1, kMaxProblemSize));
    } catch (const ParseError&) {
      values.emplace_back(std::nullopt);
    }
  }
  values.resize(count);
  return values;
}

}  // namespace

const char* to_string(LcpFileFormat format) {
  switch (format) {
    case LcpFileFormat::Handbook: return "handbook";
    case LcpFileFormat::SiconosLcp: return "siconos-lcp";
    case LcpFileFormat::SiconosMlcp: return "siconos-mlcp";
  }
  return "unknown";
}

Lcp read_handbook_lcp(std::string_view text, const std::string& name, std::vector<std::string>* comments) {
  TextScanner scanner(text, name, true);
  const std::vector<Token> first = scanner.next_line();
  if (first.empty()) scanner.fail(scanner.line(), "unexpected end of file (expected n)");
  if (first.size() != 1)
    scanner.fail(first.front().line, "expected 1 number (n), found " + std::to_string(first.size()));
  const int n = static_cast<int>(scanner.integer(first.front(), "n", 1, kMaxProblemSize));
  scanner.require_room_for(static_cast<long long>(n) * n + n, "M and q");

  Lcp lcp;
  lcp.M.resize(n, n);
  for (int i = 0; i < n; ++i)
    lcp.M.row(i) = read_row(scanner, n, "row " + std::to_string(i + 1) + " of M").transpose();
  lcp.q = read_row(scanner, n, "q");
  if (!scanner.at_end()) {
    const Token extra = *scanner.next();
    scanner.fail(extra.line, "trailing data after q: " + lcp_io::quoted(extra.text));
  }
  if (comments) *comments = scanner.comments();
  return lcp;
}

LcpFileFormat detect_lcp_format(const std::string& name, std::string_view text) {
  if (lowercase_extension(name) == ".txt") return LcpFileFormat::Handbook;
  if (name_mentions_mlcp(name)) return LcpFileFormat::SiconosMlcp;
  const std::size_t first = text.find_first_not_of(" \t\r\n\v\f");
  if (first != std::string_view::npos && text[first] == '#') return LcpFileFormat::Handbook;

  const auto t = leading_integers(text, 5);
  auto is = [&](int i, long long lo, long long hi) { return t[i] && *t[i] >= lo && *t[i] <= hi; };
  const bool lcp_like = is(0, 1, kMaxProblemSize) && is(1, 0, 2) && t[2] == t[0] && t[3] == t[0];
  const bool mlcp_like = is(0, 0, 1) && is(1, 0, 1) && is(2, 0, kMaxProblemSize) && is(3, 0, kMaxProblemSize) &&
                         (*t[0] == 0 || t[4] == 0);
  // Both only for "1 1 1 1 0 ...": an MLCP with n = m = 1, or an LCP with n = 1 whose sparse-block
  // matrix has no blocks at all; the MLCP is the file that exists in practice.
  if (mlcp_like) return LcpFileFormat::SiconosMlcp;
  if (lcp_like) return LcpFileFormat::SiconosLcp;
  return lowercase_extension(name) == ".dat" ? LcpFileFormat::SiconosLcp : LcpFileFormat::Handbook;
}

LcpFile parse_lcp_text(std::string_view text, const std::string& name, std::optional<LcpFileFormat> format) {
  LcpFile file;
  file.path = name;
  file.format = format ? *format : detect_lcp_format(name, text);
  switch (file.format) {
    case LcpFileFormat::Handbook: file.lcp = read_handbook_lcp(text, name, &file.comments); break;
    case LcpFileFormat::SiconosLcp: file.lcp = read_siconos_lcp(text, name); break;
    case LcpFileFormat::SiconosMlcp: file.mlcp = read_siconos_mlcp(text, name); break;
  }
  return file;
}

LcpFile read_lcp_file(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw ParseError(path, 0, "is a directory, not a problem file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ParseError(path, 0, "cannot open file");
  std::ostringstream contents;
  contents << in.rdbuf();
  if (in.bad()) throw ParseError(path, 0, "cannot read file");
  const std::string text = contents.str();
  return parse_lcp_text(text, path);
}

}  // namespace pegsim
