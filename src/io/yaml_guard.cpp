#include "io/yaml_guard.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <sstream>
#include <unordered_map>
#include <vector>

#include <yaml-cpp/eventhandler.h>

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
      else if (c == '&' || c == '*' || c == '!') skip_property();
      else plain = true;
    }
    if (!at_end()) advance();  // the newline
  }

  std::size_t skip_spaces() {
    const std::size_t start = i_;
    while (!at_end() && peek() == ' ') advance();
    return i_ - start;
  }

  // An anchor, alias or tag: its name ends at a blank or a flow indicator, which YAML 1.2 does not
  // allow in one (ns-anchor-char, ns-tag-char), so "&a, x" leaves the ',' stray (yaml-cpp loops on it).
  static bool flow_indicator(char c) { return c == ',' || c == '[' || c == ']' || c == '{' || c == '}'; }
  void skip_property() {
    advance();
    while (!at_end() && !blank(peek()) && !flow_indicator(peek())) advance();
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

namespace {

// Records where a document starts (its first node, else its start marker) and nothing else.
class DocumentStart final : public YAML::EventHandler {
 public:
  YAML::Mark mark() const { return node_.is_null() ? document_ : node_; }
  void OnDocumentStart(const YAML::Mark& m) override { document_ = m; }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& m, YAML::anchor_t) override { node(m); }
  void OnAlias(const YAML::Mark& m, YAML::anchor_t) override { node(m); }
  void OnScalar(const YAML::Mark& m, const std::string&, YAML::anchor_t, const std::string&) override { node(m); }
  void OnSequenceStart(const YAML::Mark& m, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {
    node(m);
  }
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark& m, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {
    node(m);
  }
  void OnMapEnd() override {}

 private:
  void node(const YAML::Mark& m) {
    if (node_.is_null()) node_ = m;
  }
  YAML::Mark document_ = YAML::Mark::null_mark();
  YAML::Mark node_ = YAML::Mark::null_mark();
};

}  // namespace

namespace {

// The nodes of one document counted as if its aliases were expanded (measure_yaml_expansion). Every
// node adds one; an anchored node's expanded size is what the count grew by between its start and
// its end, and an alias adds that size again. Depth likewise: an anchored node's height below it is
// recorded, and an alias reaches its own depth plus that height.
class ExpansionCounter final : public YAML::EventHandler {
 public:
  ExpansionCounter(std::uint64_t max_nodes, int max_depth) : max_nodes_(max_nodes), max_depth_(max_depth) {}
  const YamlExpansion& result() const { return result_; }

  void OnDocumentStart(const YAML::Mark&) override {}
  void OnDocumentEnd() override {}
  void OnAnchor(const YAML::Mark&, const std::string& name) override { pending_name_ = name; }
  void OnNull(const YAML::Mark& m, YAML::anchor_t anchor) override { leaf(m, anchor); }
  void OnScalar(const YAML::Mark& m, const std::string&, YAML::anchor_t anchor, const std::string&) override {
    leaf(m, anchor);
  }
  void OnSequenceStart(const YAML::Mark& m, const std::string&, YAML::anchor_t anchor, YAML::EmitterStyle::value) override {
    open(m, anchor);
  }
  void OnSequenceEnd() override { close(); }
  void OnMapStart(const YAML::Mark& m, const std::string&, YAML::anchor_t anchor, YAML::EmitterStyle::value) override {
    open(m, anchor);
  }
  void OnMapEnd() override { close(); }
  void OnAlias(const YAML::Mark& m, YAML::anchor_t anchor) override;

 private:
  struct Anchored {
    std::string name;
    std::uint64_t size = 0;  // expanded nodes, the anchored node included
    int height = 0;          // levels from the anchored node down to its deepest leaf, itself included
    bool complete = false;
  };
  struct Open {
    YAML::anchor_t anchor;
    std::uint64_t start;  // the count before this node
    int deepest;          // the deepest level reached inside it (absolute)
  };
  bool stopped() const { return result_.problem.found; }
  void fail(const YAML::Mark& m, std::string message) { result_.problem = {true, m, std::move(message)}; }
  int depth() const { return static_cast<int>(open_.size()) + 1; }  // of a node starting now
  void reach(const YAML::Mark& m, int level);
  void count(const YAML::Mark& m, std::uint64_t n, const std::string& alias);
  void name_anchor(YAML::anchor_t anchor) {
    if (anchor != YAML::NullAnchor) anchors_[anchor].name = std::move(pending_name_);
    pending_name_.clear();
  }
  void leaf(const YAML::Mark& m, YAML::anchor_t anchor);
  void open(const YAML::Mark& m, YAML::anchor_t anchor);
  void close();

  std::uint64_t max_nodes_;
  int max_depth_;
  YamlExpansion result_;
  std::vector<Open> open_;
  std::unordered_map<YAML::anchor_t, Anchored> anchors_;
  std::string pending_name_;
};

void ExpansionCounter::reach(const YAML::Mark& m, int level) {
  if (!open_.empty()) open_.back().deepest = std::max(open_.back().deepest, level);
  if (level > max_depth_ && !stopped())
    fail(m, "nested deeper than " + std::to_string(max_depth_) + " levels (aliases expanded)");
}

void ExpansionCounter::count(const YAML::Mark& m, std::uint64_t n, const std::string& alias) {
  result_.nodes += n;
  if (result_.nodes <= max_nodes_ || stopped()) return;
  const std::string cap = std::to_string(max_nodes_);
  fail(m, alias.empty() ? "the document holds more than " + cap + " nodes (aliases expanded); at most " + cap + " are read"
                        : "the alias '*" + alias + "' makes the document more than " + cap +
                              " nodes once aliases are expanded (at most " + cap + " are read; " +
                              "an alias is read as a copy of its anchor)");
}

void ExpansionCounter::leaf(const YAML::Mark& m, YAML::anchor_t anchor) {
  if (stopped()) return;
  name_anchor(anchor);
  count(m, 1, "");
  reach(m, depth());
  if (anchor != YAML::NullAnchor) {
    Anchored& a = anchors_[anchor];
    a.size = 1;
    a.height = 1;
    a.complete = true;
  }
}

void ExpansionCounter::open(const YAML::Mark& m, YAML::anchor_t anchor) {
  if (stopped()) return;
  name_anchor(anchor);
  const std::uint64_t start = result_.nodes;
  const int level = depth();
  count(m, 1, "");
  reach(m, level);
  open_.push_back({anchor, start, level});
}

void ExpansionCounter::close() {
  if (stopped() || open_.empty()) return;
  const Open done = open_.back();
  open_.pop_back();
  if (!open_.empty()) open_.back().deepest = std::max(open_.back().deepest, done.deepest);
  if (done.anchor == YAML::NullAnchor) return;
  Anchored& a = anchors_[done.anchor];
  a.size = result_.nodes - done.start;
  a.height = done.deepest - depth() + 1;  // depth() is the closed node's own level again
  a.complete = true;
}

void ExpansionCounter::OnAlias(const YAML::Mark& m, YAML::anchor_t anchor) {
  if (stopped()) return;
  const auto it = anchors_.find(anchor);
  if (it == anchors_.end() || !it->second.complete) {
    const std::string name = it == anchors_.end() ? "" : " '*" + it->second.name + "'";
    fail(m, "the alias" + name + " stands inside the node it names (a cycle: it would expand without end)");
    return;
  }
  count(m, it->second.size, it->second.name);
  reach(m, depth() + it->second.height - 1);
}

}  // namespace

YamlExpansion measure_yaml_expansion(const std::string& text, std::uint64_t max_nodes, int max_depth) {
  std::istringstream in(text);
  YAML::Parser parser(in);
  ExpansionCounter counter(max_nodes, max_depth);
  parser.HandleNextDocument(counter);
  return counter.result();
}

FirstYamlDocument load_first_yaml_document(const std::string& text) {
  FirstYamlDocument result;
  std::istringstream in(text);
  YAML::Parser parser(in);
  ExpansionCounter counter(kMaxYamlNodes, kMaxYamlDepth);
  parser.HandleNextDocument(counter);
  result.expansion = counter.result();
  if (result.expansion.problem.found) return result;  // not loaded: everything after would walk it
  DocumentStart second;
  result.more = parser.HandleNextDocument(second);
  result.second = second.mark();
  result.root = YAML::Load(text);
  return result;
}

namespace {

struct StructureWalk {
  int max_depth;
  std::uint64_t max_nodes;
  std::uint64_t visited = 0;
  YamlStructureProblem problem;

  bool walk(const YAML::Node& node, int depth) {
    if (++visited > max_nodes) {
      problem = {true, node.Mark(), "the document holds more than " + std::to_string(max_nodes) +
                                        " nodes (aliases expanded); at most " + std::to_string(max_nodes) + " are read"};
      return true;
    }
    if (depth > max_depth) {
      problem = {true, node.Mark(), "nested deeper than " + std::to_string(max_depth) + " levels"};
      return true;
    }
    if (node.IsMap()) {
      for (const auto& kv : node) {
        if (!kv.first.IsScalar()) {
          problem = {true, kv.first.Mark(), "a key must be a name, not a list or a map (a complex key '? ...')"};
          return true;
        }
        if (walk(kv.second, depth + 1)) return true;
      }
    } else if (node.IsSequence()) {
      for (const auto& item : node)
        if (walk(item, depth + 1)) return true;
    }
    return false;
  }
};

}  // namespace

YamlStructureProblem find_yaml_structure_problem(const YAML::Node& root, int max_depth, std::uint64_t max_nodes) {
  StructureWalk w{max_depth, max_nodes, 0, {}};
  w.walk(root, 0);
  return w.problem;
}

YamlTextProblem find_yaml_text_problem(const std::string& text) {
  int line = 1;
  std::size_t line_start = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte == '\n') {
      ++line;
      line_start = i + 1;
    } else if ((byte < 0x20 && byte != '\t' && byte != '\r') || byte == 0x7F) {
      char code[8];
      std::snprintf(code, sizeof code, "0x%02X", static_cast<unsigned>(byte));
      return {true, line, static_cast<int>(i - line_start) + 1,
              std::string("a control character (byte ") + code + ") is not allowed in YAML text"};
    }
  }
  if (const StrayFlowIndicator stray = find_stray_flow_indicator(text); stray.found)
    return {true, stray.line, stray.column,
            std::string("a '") + stray.indicator + "' outside every [ ] and { } (a stray flow indicator; quote the value if it belongs to it)"};
  return {};
}

}  // namespace stickslip
