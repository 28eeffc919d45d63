// The token scanner behind the LCP readers (see lcp_text_scanner.h).
#include "lcp_text_scanner.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>
#include <system_error>

namespace pegsim {

ParseError::ParseError(std::string file, int line, std::string problem)
    : std::runtime_error(file + ": " + (line > 0 ? "line " + std::to_string(line) + ": " : "") + problem),
      file_(std::move(file)),
      line_(line),
      problem_(std::move(problem)) {}

namespace lcp_io {
namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && (is_blank(s.front()) || s.front() == '\n')) s.remove_prefix(1);
  while (!s.empty() && (is_blank(s.back()) || s.back() == '\n')) s.remove_suffix(1);
  return s;
}

// from_chars does not take a leading '+', which C's scanf (Siconos's reader) accepts.
std::string_view without_plus(std::string_view s) {
  if (s.size() > 1 && s.front() == '+' && s[1] != '+' && s[1] != '-') s.remove_prefix(1);
  return s;
}

}  // namespace

std::string quoted(std::string_view token) {
  constexpr std::size_t kMaxShown = 24;
  std::string out = "'";
  for (std::size_t i = 0; i < token.size() && i < kMaxShown; ++i) {
    const unsigned char c = static_cast<unsigned char>(token[i]);
    if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
    } else {
      static const char* hex = "0123456789abcdef";
      out += "\\x";
      out += hex[c >> 4];
      out += hex[c & 0xf];
    }
  }
  if (token.size() > kMaxShown) out += "...";
  return out + "'";
}

TextScanner::TextScanner(std::string_view text, std::string file, bool hash_comments)
    : text_(text), file_(std::move(file)), hash_comments_(hash_comments) {}

void TextScanner::fail(int line, const std::string& problem) const { throw ParseError(file_, line, problem); }

void TextScanner::skip_blanks(bool cross_newlines) {
  while (pos_ < text_.size()) {
    const char c = text_[pos_];
    if (c == '\n') {
      if (!cross_newlines) return;
      ++line_;
      ++pos_;
    } else if (is_blank(c)) {
      ++pos_;
    } else if (hash_comments_ && c == '#') {
      const std::size_t end = std::min(text_.find('\n', pos_), text_.size());
      comments_.emplace_back(trim(text_.substr(pos_ + 1, end - pos_ - 1)));
      pos_ = end;
    } else {
      return;
    }
  }
}

Token TextScanner::take_token() {
  const std::size_t start = pos_;
  while (pos_ < text_.size()) {
    const char c = text_[pos_];
    if (c == '\n' || is_blank(c) || (hash_comments_ && c == '#')) break;
    ++pos_;
  }
  return Token{text_.substr(start, pos_ - start), line_};
}

std::optional<Token> TextScanner::next() {
  skip_blanks(true);
  if (pos_ >= text_.size()) return std::nullopt;
  return take_token();
}

std::vector<Token> TextScanner::next_line() {
  std::vector<Token> tokens;
  skip_blanks(true);
  while (pos_ < text_.size() && text_[pos_] != '\n') {
    tokens.push_back(take_token());
    skip_blanks(false);
  }
  return tokens;
}

bool TextScanner::at_end() {
  skip_blanks(true);
  return pos_ >= text_.size();
}

double TextScanner::number(const Token& token, const std::string& what) const {
  const std::string_view s = without_plus(token.text);
  double value = 0.0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  if (end != s.data() + s.size() || ec == std::errc::invalid_argument)
    fail(token.line, "expected a number (" + what + "), found " + quoted(token.text));
  if (ec == std::errc::result_out_of_range) {
    // Overflow is an error; underflow to a subnormal or zero is a representable value.
    value = std::strtod(std::string(s).c_str(), nullptr);
  }
  if (!std::isfinite(value)) fail(token.line, "non-finite value " + quoted(token.text) + " (" + what + ")");
  return value;
}

long long TextScanner::integer(const Token& token, const std::string& what, long long min, long long max) const {
  const std::string_view s = without_plus(token.text);
  long long value = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  if (end != s.data() + s.size() || ec == std::errc::invalid_argument)
    fail(token.line, "expected an integer (" + what + "), found " + quoted(token.text));
  const bool negative = !s.empty() && s.front() == '-';
  if (ec == std::errc::result_out_of_range || value > max) {
    if (negative) fail(token.line, what + " must be " + (min == 1 ? "positive" : "at least " + std::to_string(min)) +
                                       ", found " + quoted(token.text));
    fail(token.line, what + " = " + std::string(token.text.substr(0, 24)) + " exceeds the limit " + std::to_string(max));
  }
  if (value < min)
    fail(token.line, what + " must be " + (min == 1 ? "positive" : "at least " + std::to_string(min)) +
                         ", found " + std::to_string(value));
  return value;
}

double TextScanner::read_number(const std::string& what) {
  const std::optional<Token> token = next();
  if (!token) fail(line_, "unexpected end of file (expected " + what + ")");
  return number(*token, what);
}

long long TextScanner::read_integer(const std::string& what, long long min, long long max) {
  const std::optional<Token> token = next();
  if (!token) fail(line_, "unexpected end of file (expected " + what + ")");
  return integer(*token, what, min, max);
}

long long TextScanner::read_expected_integer(const std::string& what, long long expected) {
  const std::optional<Token> token = next();
  if (!token) fail(line_, "unexpected end of file (expected " + what + ")");
  const long long value = integer(*token, what, std::numeric_limits<long long>::min(), std::numeric_limits<long long>::max());
  if (value != expected) fail(token->line, what + " must be " + std::to_string(expected) + ", found " + std::to_string(value));
  return value;
}

void TextScanner::require_room_for(long long count, const std::string& what) {
  // Small allocations are harmless: let the detailed parse report exactly what is missing.
  constexpr long long kAlwaysAllowed = 4096;
  if (count <= kAlwaysAllowed) return;
  skip_blanks(true);
  const long long remaining = static_cast<long long>(text_.size() - pos_);
  if (count > 0 && 2 * count - 1 > remaining)
    fail(line_, "unexpected end of file: " + what + " needs " + std::to_string(count) + " numbers but only " +
                    std::to_string(remaining) + " bytes remain");
}

}  // namespace lcp_io
}  // namespace pegsim
