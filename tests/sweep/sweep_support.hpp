// A sweep over the sliding block of examples/scheme_comparison (rigid feet, time-stepping): it
// slides from v0 to rest under Coulomb friction, stopping at x* = v0²/(2 μ g) after t* = v0/(μ g).
#pragma once

#include <string>

#include "../test_support.hpp"

namespace stickslip::test {

inline std::string sliding_block_sweep(const std::string& mode_and_parameters, const std::string& keep) {
  return "model: " + source_path("examples/scheme_comparison/sliding_block.yaml") + "\n" +
         "run: {scheme: time-stepping, t_end: 0.6, output_interval: 0.01}\n" + mode_and_parameters +
         "keep:\n" + keep;
}

inline std::string replace_all_text(std::string s, const std::string& from, const std::string& to) {
  for (auto pos = s.find(from); pos != std::string::npos; pos = s.find(from, pos + to.size())) s.replace(pos, from.size(), to);
  return s;
}

// μ_s = μ_k = mu on both feet; v0 the launch speed.
inline const char* kMuTargets = R"(    set:
      - contacts.left.friction.mu_s
      - contacts.left.friction.mu_k
      - contacts.right.friction.mu_s
      - contacts.right.friction.mu_k
)";

}  // namespace stickslip::test
