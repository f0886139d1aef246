// libFuzzer harness for the checkpoint reader (io/checkpoint_file.hpp) that `stickslip resume`
// trusts with a file from disk: any input is parsed or refused with an InputError.
#include <cstdint>
#include <string>

#include "io/checkpoint_file.hpp"
#include "io/input_error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    (void)stickslip::parse_checkpoint(std::string(reinterpret_cast<const char*>(data), size), "fuzz");
  } catch (const stickslip::InputError&) {
  }
  return 0;
}
