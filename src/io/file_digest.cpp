#include "io/file_digest.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string_view>

#include "io/checkpoint_file.hpp"
#include "io/input_error.hpp"

namespace stickslip {
namespace {

struct ReadOnly {
  explicit ReadOnly(const std::string& path) : fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC)) {
    if (fd < 0) throw InputError(path, 0, 0, "", std::string("cannot read the file: ") + std::strerror(errno));
  }
  ~ReadOnly() { ::close(fd); }
  ReadOnly(const ReadOnly&) = delete;
  ReadOnly& operator=(const ReadOnly&) = delete;
  int fd;
};

// Reads exactly n bytes at `offset` into `out`; false at the end of the file.
bool read_at(int fd, std::uint64_t offset, char* out, std::size_t n, const std::string& path) {
  while (n > 0) {
    const ssize_t got = ::pread(fd, out, n, static_cast<off_t>(offset));
    if (got < 0) {
      if (errno == EINTR) continue;
      throw InputError(path, 0, 0, "", std::string("cannot read the file: ") + std::strerror(errno));
    }
    if (got == 0) return false;
    out += got;
    n -= static_cast<std::size_t>(got);
    offset += static_cast<std::uint64_t>(got);
  }
  return true;
}

}  // namespace

std::uint64_t digest_file_range(const std::string& path, std::uint64_t from, std::uint64_t to, std::uint64_t h) {
  const ReadOnly file(path);
  std::string block(1 << 16, '\0');
  for (std::uint64_t at = from; at < to;) {
    const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(block.size(), to - at));
    if (!read_at(file.fd, at, block.data(), n, path))
      throw InputError(path, 0, 0, "", "holds fewer than the " + std::to_string(to) + " bytes the run had written");
    h = fnv1a64(std::string_view(block.data(), n), h);
    at += n;
  }
  return h;
}

std::uint64_t npy_rows_offset(const std::string& path) {
  const ReadOnly file(path);
  unsigned char head[12] = {};
  const bool whole = read_at(file.fd, 0, reinterpret_cast<char*>(head), sizeof head, path);
  if (!whole || std::memcmp(head, "\x93NUMPY", 6) != 0 || head[6] < 1 || head[6] > 3)
    throw InputError(path, 0, 0, "", "not a .npy file (no NumPy header)");
  if (head[6] == 1) return 10 + (std::uint64_t{head[8]} | std::uint64_t{head[9]} << 8);
  return 12 + (std::uint64_t{head[8]} | std::uint64_t{head[9]} << 8 | std::uint64_t{head[10]} << 16 |
               std::uint64_t{head[11]} << 24);
}

}  // namespace stickslip
