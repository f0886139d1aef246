// A check of YAML text before it reaches yaml-cpp. yaml-cpp 0.7 (Debian's libyaml-cpp0.7) loops,
// allocating until memory runs out, on a flow indicator (',', ']' or '}') where a block-level key or
// value would start, or right after a closed [ ] / { } or a quoted scalar: ", a: b", "a: 1" followed
// by a line "]", "a: [1, 2]]", "a: \"x\" ,". Found by fuzzing (docs/fuzzing.md). This scanner finds
// those indicators and names their line and column instead.
#pragma once

#include <string>

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

}  // namespace stickslip
