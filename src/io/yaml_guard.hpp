// A check of YAML text before it reaches yaml-cpp. yaml-cpp 0.7 (Debian's libyaml-cpp0.7) loops,
// allocating until memory runs out, on a flow indicator (',', ']' or '}') where a block-level key or
// value would start, or right after a closed [ ] / { } or a quoted scalar: ", a: b", "a: 1" followed
// by a line "]", "a: [1, 2]]", "a: \"x\" ,"; and on a control character such as a NUL byte ("\0,").
// Found by fuzzing (docs/fuzzing.md). These checks find them and name their line and column instead.
#pragma once

#include <cstdint>
#include <string>

#include <yaml-cpp/yaml.h>

namespace stickslip {

struct StrayFlowIndicator {
  bool found = false;
  int line = 0;    // 1-based
  int column = 0;  // 1-based
  char indicator = 0;
};

// Scans the block structure of `text`: comments, quoted scalars (possibly over several lines), flow
// collections (nested), block scalars (| and >, by indentation) and plain scalars, and reports the
// first ',', ']' or '}' that stands outside every flow collection and outside every scalar.
StrayFlowIndicator find_stray_flow_indicator(const std::string& text);

// The first problem of either kind in `text`, with its message: a control character YAML does not
// allow (YAML 1.2 section 5.1: every byte below 0x20 but tab, line feed and carriage return, and
// 0x7F), then a stray flow indicator. `found` false when yaml-cpp may parse the text.
struct YamlTextProblem {
  bool found = false;
  int line = 0;    // 1-based
  int column = 0;  // 1-based
  std::string message;
};
YamlTextProblem find_yaml_text_problem(const std::string& text);

struct YamlStructureProblem {
  bool found = false;
  YAML::Mark mark;  // may be null
  std::string message;
};

// The most nodes a document may hold once its aliases are expanded (docs/model-format.md, "Limits").
// yaml-cpp shares an aliased node, but everything that reads the tree (the checks below, the model
// reader, a copy) visits it once per alias: ten aliases of ten aliases of ... ("billion laughs")
// make a 600-byte text a tree of 1e9 nodes. A model of 1e5 bodies written out holds about 1e6.
inline constexpr std::uint64_t kMaxYamlNodes = 4'000'000;
// The deepest nesting a document may have, aliases expanded.
inline constexpr int kMaxYamlDepth = 200;

// Counts the nodes of the first document of `text` as if its aliases were expanded, in one pass over
// the parser's events and in time linear in the text: the size of each anchored node is recorded
// when it ends, and an alias adds that size. Refuses (found, at the alias or node) a document over
// `max_nodes` nodes or `max_depth` levels, and an alias of its own ancestor ("&a [*a]", a cycle).
// Throws YAML::Exception on a syntax error.
struct YamlExpansion {
  std::uint64_t nodes = 0;  // expanded nodes counted (up to where a problem was found)
  YamlStructureProblem problem;
};
YamlExpansion measure_yaml_expansion(const std::string& text, std::uint64_t max_nodes = kMaxYamlNodes,
                                     int max_depth = kMaxYamlDepth);

// The first YAML document of `text` (yaml-cpp's Load), and whether the text holds more after it.
// Used instead of YAML::LoadAll, which in yaml-cpp 0.7 can loop without end on malformed text: its
// parser keeps reporting one more empty document and LoadAll keeps collecting them (fixed upstream
// after 0.7). Here the parser is asked for one more document at most. The first document's
// expansion is measured first (measure_yaml_expansion, in the same pass of the parser): a document
// over the caps is not loaded (`root` stays null) and its problem is in `expansion`. Throws
// YAML::Exception.
struct FirstYamlDocument {
  YAML::Node root;
  bool more = false;   // a second document, or text the parser could not take into the first
  YAML::Mark second;   // where the second one starts: its first node, else its marker (may be null)
  YamlExpansion expansion;
};
FirstYamlDocument load_first_yaml_document(const std::string& text);

// The first mapping key of `root` that is not a scalar ("? [a, b]: 1", a complex key: no model file
// has one, and reading it as a name throws from deep inside yaml-cpp), the first node nested deeper
// than `max_depth` (which also ends a walk through an alias of its own ancestor, "&a [*a]"), or the
// node at which the walk, aliases expanded, passes `max_nodes` (so the walk is bounded whatever the
// tree). `found` false when none is there. Found by fuzzing (docs/fuzzing.md).
YamlStructureProblem find_yaml_structure_problem(const YAML::Node& root, int max_depth = kMaxYamlDepth,
                                                 std::uint64_t max_nodes = kMaxYamlNodes);

}  // namespace stickslip
