// What a checkpoint keeps of the files its run wrote (docs/cli.md, "Checkpoints"): their lengths and
// an FNV-1a digest of their bytes, so that `resume` can tell a results file or event log that changed
// since (another run wrote to the same -o) from the one it continues. A .npy file's digest covers
// its rows, after the header (whose row count is rewritten as rows are added).
#pragma once

#include <cstdint>
#include <string>

namespace stickslip {

// The FNV-1a digest (checkpoint_file.hpp) of bytes [from, to) of `path`, continuing `h`. Throws
// InputError when the file cannot be read or holds fewer than `to` bytes.
std::uint64_t digest_file_range(const std::string& path, std::uint64_t from, std::uint64_t to, std::uint64_t h);

// Where the rows of a .npy file start: after its magic string, version, header length and header
// (format versions 1 to 3). Throws InputError when `path` does not start like a .npy file.
std::uint64_t npy_rows_offset(const std::string& path);

}  // namespace stickslip
