#include "io/yaml_guard.hpp"

#include <cstddef>

namespace stickslip {
namespace {

class Scanner {
 public:
  explicit Scanner(const std::string& text) : s_(text) {}

  StrayFlowIndicator run() {
    while (i_ < s_.size() && !result_.found) block_line();
    return result_;
  }

 private:
  bool at_end() const { return i_ >= s_.size(); }
  char peek(std::size_t k = 0) const { return i_ + k < s_.size() ? s_[i_ + k] : '\0'; }
  static bool blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\0'; }

  void advance() {
    if (s_[i_] == '\n') {
      ++line_;
      line_start_ = i_ + 1;
    }
    ++i_;
  }
  void skip_to_line_end() {
    while (!at_end() && peek() != '\n') advance();
  }
  void report(char c) {
    result_ = {true, line_, static_cast<int>(i_ - line_start_) + 1, c};
  }

  // One line at block level (outside flow collections), from its first character to its newline.
  void block_line() {
    const std::size_t indent = skip_spaces();
    bool plain = false;  // inside a plain scalar: ',' ']' '}' are its characters there
    while (!at_end() && peek() != '\n' && !result_.found) {
      const char c = peek();
      if (plain) {
        if (c == ':' && blank(peek(1))) plain = false;  // a mapping's value indicator ends a key
        else if (c == '#' && i_ > line_start_ && blank(s_[i_ - 1])) skip_to_line_end();
        else advance();
        continue;
      }
      if (c == ' ' || c == '\t') advance();
      else if (c == '#') skip_to_line_end();
      else if (c == ',' || c == ']' || c == '}') report(c);
      else if (c == '[' || c == '{') flow_collection();
      else if (c == '"' || c == '\'') quoted(c);
      else if ((c == '-' || c == '?' || c == ':') && blank(peek(1))) advance();
      else if (c == '|' || c == '>') block_scalar(indent);
      else if (c == '&' || c == '*' || c == '!') skip_word();
      else plain = true;
    }
    if (!at_end()) advance();  // the newline
  }

  std::size_t skip_spaces() {
    const std::size_t start = i_;
    while (!at_end() && peek() == ' ') advance();
    return i_ - start;
  }

  void skip_word() {
    while (!at_end() && !blank(peek())) advance();
  }

  // From '[' or '{' to its matching close, over nested collections, quotes, comments and lines.
  void flow_collection() {
    int depth = 0;
    while (!at_end()) {
      const char c = peek();
      if (c == '"' || c == '\'') {
        quoted(c);
        continue;
      }
      if (c == '#' && i_ > line_start_ && blank(s_[i_ - 1])) {
        skip_to_line_end();
        continue;
      }
      if (c == '[' || c == '{') ++depth;
      if (c == ']' || c == '}') --depth;
      advance();
      if (depth == 0) return;
    }
  }

  // A quoted scalar, possibly over several lines: '' escapes a single quote, \ a double-quoted char.
  void quoted(char quote) {
    advance();
    while (!at_end()) {
      const char c = peek();
      if (quote == '"' && c == '\\') {
        advance();
        if (!at_end()) advance();
        continue;
      }
      advance();
      if (c == quote) {
        if (quote == '\'' && peek() == '\'') {
          advance();
          continue;
        }
        return;
      }
    }
  }

  // '|' or '>' and the lines after it that are blank or indented deeper than its own line.
  void block_scalar(std::size_t indent) {
    skip_to_line_end();
    while (!at_end()) {
      std::size_t k = i_ + 1, spaces = 0;  // i_ is at the newline before the next line
      while (k < s_.size() && s_[k] == ' ') ++k, ++spaces;
      const bool empty = k >= s_.size() || s_[k] == '\n' || s_[k] == '\r';
      if (!empty && spaces <= indent) return;
      advance();
      skip_to_line_end();
    }
  }

  const std::string& s_;
  std::size_t i_ = 0;
  std::size_t line_start_ = 0;
  int line_ = 1;
  StrayFlowIndicator result_;
};

}  // namespace

StrayFlowIndicator find_stray_flow_indicator(const std::string& text) { return Scanner(text).run(); }

}  // namespace stickslip
