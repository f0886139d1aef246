#include "io/output_file.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

namespace stickslip {

OutputFile::~OutputFile() {
  if (fd_ >= 0) ::close(fd_);
}

void OutputFile::fail(const char* what) const {
  throw OutputError(path_, std::string(what) + std::strerror(errno));
}

void OutputFile::create(const std::string& path) {
  path_ = path;
  fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd_ < 0) fail("");
  size_ = 0;
}

void OutputFile::open_at(const std::string& path, std::uint64_t size) {
  path_ = path;
  fd_ = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd_ < 0) fail("");
  struct stat st {};
  if (::fstat(fd_, &st) != 0) fail("");
  if (static_cast<std::uint64_t>(st.st_size) < size) {
    throw OutputError(path, "it holds " + std::to_string(st.st_size) + " bytes, fewer than the " +
                                std::to_string(size) + " it had at the checkpoint (was it changed?)");
  }
  if (::ftruncate(fd_, static_cast<off_t>(size)) != 0) fail("");
  if (::lseek(fd_, static_cast<off_t>(size), SEEK_SET) < 0) fail("");
  size_ = size;
}

// A write that fails part-way (a full disk) is cut back to where it started, so the file keeps
// whole records only.
void OutputFile::write(const char* data, std::size_t size) {
  const std::uint64_t start = size_;
  const auto undo_and_fail = [this, start] {
    const int reason = errno;
    if (size_ > start && ::ftruncate(fd_, static_cast<off_t>(start)) == 0) {
      ::lseek(fd_, static_cast<off_t>(start), SEEK_SET);
      size_ = start;
    }
    errno = reason;
    fail("");
  };
  while (size > 0) {
    const ssize_t n = ::write(fd_, data, size);
    if (n < 0) {
      if (errno == EINTR) continue;
      undo_and_fail();
    }
    if (n == 0) {  // a device that takes nothing more
      errno = ENOSPC;
      undo_and_fail();
    }
    data += n;
    size -= static_cast<std::size_t>(n);
    size_ += static_cast<std::uint64_t>(n);
  }
}

void OutputFile::write_at(std::uint64_t offset, const std::string& text) {
  const char* data = text.data();
  std::size_t size = text.size();
  while (size > 0) {
    const ssize_t n = ::pwrite(fd_, data, size, static_cast<off_t>(offset));
    if (n < 0) {
      if (errno == EINTR) continue;
      fail("");
    }
    if (n == 0) {
      errno = ENOSPC;
      fail("");
    }
    data += n;
    size -= static_cast<std::size_t>(n);
    offset += static_cast<std::uint64_t>(n);
  }
}

void OutputFile::sync() {
  if (fd_ < 0) return;
  // Pipes, terminals and devices cannot be synced (EINVAL, EROFS...): only regular files are.
  struct stat st {};
  if (::fstat(fd_, &st) != 0) fail("");
  if (S_ISREG(st.st_mode) && ::fsync(fd_) != 0) fail("fsync: ");
}

void OutputFile::close() {
  if (fd_ < 0) return;
  const int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0) fail("close: ");
}

void check_writable(const std::string& path) {
  const bool existed = std::filesystem::exists(path);
  const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0666);  // neither truncates nor moves bytes
  if (fd < 0) throw OutputError(path, std::strerror(errno));
  ::close(fd);
  if (!existed) std::filesystem::remove(path);
}

OutputLock::OutputLock(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) return;
  fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0666);
  if (fd_ < 0) throw OutputError(path, std::strerror(errno));
  if (::flock(fd_, LOCK_EX | LOCK_NB) == 0) return;
  const int reason = errno;
  ::close(fd_);
  fd_ = -1;
  if (reason == EWOULDBLOCK)
    throw OutputError(path, "another process is writing it (it holds the file's lock): two runs writing one file "
                            "would mix their rows");
  // A file system without locks (some network file systems) leaves the file unlocked.
  if (reason == ENOLCK || reason == EINVAL || reason == EOPNOTSUPP) return;
  throw OutputError(path, std::string("flock: ") + std::strerror(reason));
}

OutputLock::~OutputLock() {
  if (fd_ >= 0) ::close(fd_);  // closing releases the lock
}

OutputLock& OutputLock::operator=(OutputLock&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = other.fd_;
    other.fd_ = -1;
  }
  return *this;
}

namespace {
std::string temporary_of(const std::string& path) { return path + ".tmp"; }
}  // namespace

void check_atomically_writable(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::exists(path, ec) && !std::filesystem::is_regular_file(path, ec))
    throw OutputError(path, "not a regular file, so it cannot be replaced");
  const std::string temporary = temporary_of(path);
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0) throw OutputError(path, std::strerror(errno));
  ::close(fd);
  std::filesystem::remove(temporary, ec);
}

void write_file_atomically(const std::string& path, const std::string& text) {
  const std::string temporary = temporary_of(path);
  try {
    OutputFile f;
    f.create(temporary);
    f.write(text);
    f.sync();  // before the rename, so the new name never points at unwritten data
    f.close();
  } catch (const OutputError&) {
    std::error_code ignored;
    std::filesystem::remove(temporary, ignored);  // no stale part left beside the file
    throw;
  }
  std::error_code ec;
  std::filesystem::rename(temporary, path, ec);
  if (ec) {
    std::filesystem::remove(temporary);
    throw OutputError(path, "rename: " + ec.message());
  }
  // The rename itself reaches the disk with the folder's entry.
  std::string folder = std::filesystem::path(path).parent_path().string();
  if (folder.empty()) folder = ".";
  const int dir = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir >= 0) {
    ::fsync(dir);
    ::close(dir);
  }
}

}  // namespace stickslip
