// Internal to the LCP readers: a scanner over a whole file in memory that hands out
// whitespace-separated tokens with their line numbers, parses them strictly, and throws
// ParseError("<file>", line, "<problem>") for anything it cannot accept.
#pragma once

#include <pegsim/io/lcp_reader.h>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pegsim::lcp_io {

struct Token {
  std::string_view text;
  int line = 0;
};

class TextScanner {
 public:
  // hash_comments: '#' starts a comment that runs to the end of its line (handbook format).
  TextScanner(std::string_view text, std::string file, bool hash_comments);

  std::optional<Token> next();               // next token, nullopt at end of input
  std::vector<Token> next_line();            // all tokens of the next line that has any
  bool at_end();                             // no token left
  int line() const { return line_; }         // current line (1-based)
  const std::string& file() const { return file_; }
  const std::vector<std::string>& comments() const { return comments_; }

  [[noreturn]] void fail(int line, const std::string& problem) const;

  // Strict conversions: the whole token must be a finite number / an integer in [min, max].
  double number(const Token& token, const std::string& what) const;
  long long integer(const Token& token, const std::string& what, long long min, long long max) const;

  // next() + conversion; end of input -> "unexpected end of file (expected <what>)".
  double read_number(const std::string& what);
  long long read_integer(const std::string& what, long long min, long long max);
  // An integer the format fixes (a block number, a header count): "<what> must be X, found Y".
  long long read_expected_integer(const std::string& what, long long expected);

  // Before allocating room for `count` numbers: the remaining bytes must be able to hold them
  // (each needs a character and a separator), so no input can make us allocate absurd memory.
  // Counts up to 4096 always pass (the parse then names what is missing). Skips blanks first so that an error names the line where the data should start.
  void require_room_for(long long count, const std::string& what);

 private:
  void skip_blanks(bool cross_newlines);
  Token take_token();

  std::string_view text_;
  std::string file_;
  bool hash_comments_;
  std::size_t pos_ = 0;
  int line_ = 1;
  std::vector<std::string> comments_;
};

// A token shown in an error message: printable, at most ~24 characters.
std::string quoted(std::string_view token);

}  // namespace pegsim::lcp_io
