#include "io/input_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "io/input_error.hpp"
#include "math/memory_budget.hpp"

namespace stickslip {
namespace {

[[noreturn]] void refuse(const std::string& path, const std::string& why) { throw InputError(path, 0, 0, "", why); }

// "a table", "an LCP file" (the kinds' names as they are read aloud).
std::string a_kind(const InputLimit& limit) {
  const std::string what = limit.what;
  return (what.rfind("LCP", 0) == 0 || std::string("aeiou").find(what[0]) != std::string::npos ? "an " : "a ") + what;
}

std::string too_large(const InputLimit& limit, const std::string& size) {
  return std::string("the ") + limit.what + " holds " + size + ", more than the " + byte_count_text(static_cast<double>(limit.max_bytes)) +
         " " + a_kind(limit) + " may hold";
}

// The file's kind: a folder or a device (/dev/zero, a terminal) is never read; a pipe only where
// the kind allows it.
void check_kind(const std::string& path, const struct stat& st, const InputLimit& limit) {
  if (S_ISDIR(st.st_mode)) refuse(path, "is a folder, not a file");
  const bool device = S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode);
  if (device || (limit.regular_only && !S_ISREG(st.st_mode))) {
    const char* kind = device ? "a device" : S_ISFIFO(st.st_mode) ? "a FIFO (a pipe)" : "not a regular file";
    refuse(path, std::string("is ") + kind + "; " + a_kind(limit) + " is read from " +
                     (limit.regular_only ? "a regular file only" : "a regular file or a pipe"));
  }
  if (S_ISREG(st.st_mode) && static_cast<std::uint64_t>(st.st_size) > limit.max_bytes)
    refuse(path, too_large(limit, byte_count_text(static_cast<double>(st.st_size))));
}

}  // namespace


std::string read_input_text(const std::string& path, const InputLimit& limit) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) refuse(path, std::string("cannot open the file: ") + std::strerror(errno));
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  struct stat st {};
  if (::fstat(fd, &st) != 0) refuse(path, std::string("cannot read the file: ") + std::strerror(errno));
  check_kind(path, st, limit);
  std::string text;
  char block[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd, block, sizeof block);
    if (n < 0) {
      if (errno == EINTR) continue;
      refuse(path, std::string("cannot read the file: ") + std::strerror(errno));
    }
    if (n == 0) return text;
    if (text.size() + static_cast<std::size_t>(n) > limit.max_bytes)
      refuse(path, too_large(limit, "more than " + byte_count_text(static_cast<double>(limit.max_bytes))));
    text.append(block, static_cast<std::size_t>(n));
  }
}

std::ifstream open_input_file(const std::string& path, const InputLimit& limit) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) refuse(path, std::string("cannot open the file: ") + std::strerror(errno));
  check_kind(path, st, limit);
  std::ifstream in(path, std::ios::binary);
  if (!in) refuse(path, "cannot open the file");
  return in;
}

}  // namespace stickslip
