// Files the program reads: every kind has a size cap, and the kinds that must be files (tables,
// checkpoints, results read back) are read from regular files only, so that a mistaken path (a
// device such as /dev/zero, a FIFO nobody writes, a log of 100 GB) is refused with a message naming
// it instead of filling memory or waiting for ever (docs/cli.md, "Input limits").
#pragma once

#include <cstdint>
#include <fstream>
#include <string>

namespace stickslip {

struct InputLimit {
  const char* what;        // "model file", named in messages
  std::uint64_t max_bytes;
  bool regular_only;       // false: a pipe or a device is read too, up to max_bytes
};

inline constexpr std::uint64_t kMebibyte = 1ULL << 20;
// Model and sweep files (YAML): a model of 1e5 bodies written out takes about 8 MiB; generators
// make larger ones from a few lines. yaml-cpp holds about 40 bytes per byte of text.
inline constexpr InputLimit kYamlFileLimit{"YAML file", 16 * kMebibyte, false};
// Tables of time functions (t, value rows).
inline constexpr InputLimit kTableFileLimit{"table", 256 * kMebibyte, true};
// Results and event logs read back (`stickslip view`).
inline constexpr InputLimit kResultFileLimit{"results file", 2048 * kMebibyte, true};
// LCP files: a dense M of the largest size (5000 × 5000) written with 17 digits takes about 600 MiB.
inline constexpr InputLimit kLcpFileLimit{"LCP file", 1024 * kMebibyte, false};
// Checkpoints: the state, the warm starts and the integrator's history as text.
inline constexpr InputLimit kCheckpointFileLimit{"checkpoint", 2048 * kMebibyte, true};
// A sweep's table, read back to resume it.
inline constexpr InputLimit kSweepTableLimit{"sweep table", 2048 * kMebibyte, true};

// The whole of `path`. Throws InputError(path, ...) when it cannot be opened, is not a regular file
// where one is required, or holds more than the cap (read up to cap + 1 bytes at most).
std::string read_input_text(const std::string& path, const InputLimit& limit);

// `path` opened for reading (binary), after checking that it is a regular file within the cap;
// throws InputError as above. For line-by-line readers of large files.
std::ifstream open_input_file(const std::string& path, const InputLimit& limit);

}  // namespace stickslip
