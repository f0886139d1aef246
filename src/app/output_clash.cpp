// Outputs that would overwrite an input (docs/cli.md, exit status 2): checked by every command that
// writes a file, before anything is written.
#include <filesystem>

#include "app/commands.hpp"

namespace stickslip::app {
namespace {

// Two spellings of one file: the same inode when both exist, else the same normalised path.
bool same_file(const std::string& a, const std::string& b) {
  std::error_code ec;
  if (std::filesystem::exists(a, ec) && std::filesystem::exists(b, ec)) return std::filesystem::equivalent(a, b, ec);
  return std::filesystem::weakly_canonical(a, ec) == std::filesystem::weakly_canonical(b, ec);
}

}  // namespace

std::string output_clash(const std::vector<std::string>& inputs, const std::vector<std::string>& outputs,
                         const std::string& inputs_are, const std::string& output_options) {
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    for (const std::string& in : inputs) {
      if (same_file(outputs[i], in)) {
        return "the output '" + outputs[i] + "' is the input '" + in + "' (" + inputs_are + "): choose another " +
               output_options;
      }
    }
    for (std::size_t j = 0; j < i; ++j) {
      if (same_file(outputs[i], outputs[j])) return "two outputs would be the same file '" + outputs[i] + "'";
    }
  }
  return "";
}

}  // namespace stickslip::app
