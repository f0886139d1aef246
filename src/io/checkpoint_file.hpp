// Checkpoint files (docs/cli.md, "Checkpoints"): a Snapshot (math/snapshot.hpp) as text, exact.
//
//   stickslip-checkpoint 1
//   <key> r <n> <n reals as C99 hexadecimal floats, e.g. 0x1.999999999999ap-4>
//   <key> i <n> <n integers>
//   <key> s <length in bytes> <the text, exactly that many bytes>
//   end <number of entries> <FNV-1a 64-bit digest of everything before this line, hex>
//
// One entry per line, keys sorted. Hexadecimal floats carry every bit of a double (also -0, inf and
// NaN are written as such), so a restored run continues bit for bit. The digest catches a file that
// was cut short or edited; writing goes through write_file_atomically, so a reader sees the previous
// checkpoint or the new one, never a part.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "math/snapshot.hpp"

namespace stickslip {

std::string checkpoint_text(const Snapshot& snapshot);
void write_checkpoint(const std::string& path, const Snapshot& snapshot);

// Throws InputError (file, line) for a file that is not a whole checkpoint of this format.
Snapshot parse_checkpoint(const std::string& text, const std::string& file);
Snapshot read_checkpoint(const std::string& path);

// FNV-1a, 64 bits (Fowler, Noll & Vo): a digest for spotting changed or truncated files, not a
// cryptographic hash.
std::uint64_t fnv1a64(std::string_view bytes, std::uint64_t h = 0xcbf29ce484222325ULL);

}  // namespace stickslip
