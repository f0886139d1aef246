// libFuzzer harness for the model-file reader (io/model_file.hpp): any input must either read or
// be refused with an InputError naming file, line and key; anything else (a crash, another
// exception, a sanitizer report, a hang, unbounded memory) is a bug. Seeds: the shipped examples.
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "io/model_file.hpp"

namespace {

// One file per process, rewritten for every input (the reader takes a path; tables it names are
// looked up beside it, in a private folder).
const std::string& input_path() {
  static const std::string path = [] {
    char folder[] = "/tmp/stickslip-fuzz-model-XXXXXX";
    const char* made = mkdtemp(folder);
    return std::string(made ? made : "/tmp") + "/model.yaml";
  }();
  return path;
}

}  // namespace

// Models are refused above a memory budget before they are built (math/memory_budget.hpp); here it is
// 100 MB, well inside libFuzzer's 2 GB limit and its 10 s per input even under the sanitizers (a
// mutated `rows: 8` easily asks for a wall of a million blocks).
extern "C" int LLVMFuzzerInitialize(int*, char***) {
  setenv("STICKSLIP_MEMORY_LIMIT", "1e8", 1);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::FILE* f = std::fopen(input_path().c_str(), "wb");
  if (!f) return 0;
  std::fwrite(data, 1, size, f);
  std::fclose(f);
  try {
    (void)stickslip::read_model_file(input_path());
  } catch (const stickslip::InputError&) {  // refused with a located message: expected
  }
  return 0;
}
