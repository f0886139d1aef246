// A check of YAML text before it reaches yaml-cpp. yaml-cpp 0.7 (Debian's libyaml-cpp0.7) loops,
// allocating until memory runs out, on a flow indicator (',', ']' or '}') where a block-level key or
// value would start, or right after a closed [ ] / { } or a quoted scalar: ", a: b", "a: 1" followed
// by a line "]", "a: [1, 2]]", "a: \"x\" ,"; and on a control character such as a NUL byte ("\0,").
// Found by fuzzing (docs/fuzzing.md). These checks find them and name their line and column instead.
#pragma once

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

// The first YAML document of `text` (yaml-cpp's Load), and whether the text holds more after it.
// Used instead of YAML::LoadAll, which in yaml-cpp 0.7 can loop without end on malformed text: its
// parser keeps reporting one more empty document and LoadAll keeps collecting them (fixed upstream
// after 0.7). Here the parser is asked for one more document at most. Throws YAML::Exception.
struct FirstYamlDocument {
  YAML::Node root;
  bool more = false;   // a second document, or text the parser could not take into the first
  YAML::Mark second;   // where the second one starts: its first node, else its marker (may be null)
};
FirstYamlDocument load_first_yaml_document(const std::string& text);

// The first mapping key of `root` that is not a scalar ("? [a, b]: 1", a complex key: no model file
// has one, and reading it as a name throws from deep inside yaml-cpp), or the first node nested
// deeper than `max_depth` (which also ends a walk through an alias of its own ancestor, "&a [*a]").
// `found` false when neither is there. Found by fuzzing (docs/fuzzing.md).
struct YamlStructureProblem {
  bool found = false;
  YAML::Mark mark;  // may be null
  std::string message;
};
YamlStructureProblem find_yaml_structure_problem(const YAML::Node& root, int max_depth = 200);

}  // namespace stickslip
