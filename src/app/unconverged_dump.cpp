#include "app/unconverged_dump.hpp"

#include <cstdio>
#include <filesystem>

#include "io/contact_problem_writer.hpp"
#include "io/output_file.hpp"

namespace stickslip::app {

void UnconvergedDump::write(const ContactProblemRecord& problem) {
  if (failed_ || written_ >= kLimit) {
    ++skipped_;
    return;
  }
  char name[40];
  std::snprintf(name, sizeof name, "step_%06ld", problem.step);
  try {
    write_contact_problem((std::filesystem::path(folder_) / name).string(), problem);
    ++written_;
  } catch (const OutputError& e) {
    failed_ = true;
    ++skipped_;
    warn_(std::string(e.what()) + "; no further contact problems are written (the run goes on)");
  }
}

void UnconvergedDump::print_summary() const {
  if (folder_.empty()) return;
  std::printf("wrote %s: %ld contact problem%s left above the tolerance", folder_.c_str(), written_, written_ == 1 ? "" : "s");
  if (skipped_ > 0) std::printf(" (%ld more not written%s)", skipped_, failed_ ? "" : ": at most 100");
  std::printf("\n");
}

}  // namespace stickslip::app
