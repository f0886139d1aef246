// An output file whose every write is checked: short writes are continued, interrupted ones
// retried, and any failure (a full disk, a quota, an I/O error, at write, fsync or close) throws
// OutputError naming the file and the system's reason. Files are written through POSIX calls, so
// what write() accepted is in the kernel: a killed process loses nothing that was written. Only a
// power failure or a crash of the system can lose what the kernel holds; sync() guards against that
// where a later file relies on this one (a checkpoint on the results it counts), and costs a disk
// round trip (~25 ms on the CI machine), so close() does not sync.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace stickslip {

// An output file could not be written (exit status 3 of the command).
class OutputError : public std::runtime_error {
 public:
  OutputError(const std::string& path, const std::string& what)
      : std::runtime_error("cannot write '" + path + "': " + what), path_(path) {}
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

class OutputFile {
 public:
  OutputFile() = default;
  ~OutputFile();  // closes without checking (call close() to check)
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  // Creates or truncates `path`.
  void create(const std::string& path);
  // Opens an existing file, cuts it to `size` bytes and writes after them (resuming a run).
  void open_at(const std::string& path, std::uint64_t size);
  bool is_open() const { return fd_ >= 0; }
  const std::string& path() const { return path_; }

  void write(const char* data, std::size_t size);
  void write(const std::string& text) { write(text.data(), text.size()); }
  // Writes at an offset without moving the end (a header updated in place).
  void write_at(std::uint64_t offset, const std::string& text);
  // The data reach the disk (fsync; a no-op for pipes and devices, which cannot be synced).
  void sync();
  // Closes (checked; no fsync: sync() first where the data must survive a power failure); a no-op
  // when closed.
  void close();
  std::uint64_t size() const { return size_; }  // bytes in the file (where the next write goes)

 private:
  [[noreturn]] void fail(const char* what) const;
  std::string path_;
  int fd_ = -1;
  std::uint64_t size_ = 0;
};

// Throws OutputError unless `path` can be opened for writing; leaves an existing file's contents
// alone and removes a file it had to create for the check.
void check_writable(const std::string& path);

// Throws OutputError (naming `path`) unless write_file_atomically(path, ...) could write there: its
// temporary beside `path` is created and removed again. `path` itself is never touched, so a run
// killed just after the check leaves no empty file under the name (a checkpoint that is not one).
void check_atomically_writable(const std::string& path);

// An exclusive advisory lock (flock) on an output file while the object lives: two processes writing
// one results file (two resumes of one checkpoint, a run started on the file another run is writing)
// would interleave their rows. Opens the file without truncating it (creating it when absent); a
// path that is not a regular file (a pipe, /dev/stdout) is not locked. Throws OutputError when
// another process holds the lock.
class OutputLock {
 public:
  OutputLock() = default;
  explicit OutputLock(const std::string& path);
  ~OutputLock();
  OutputLock(OutputLock&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }
  OutputLock& operator=(OutputLock&& other) noexcept;
  OutputLock(const OutputLock&) = delete;
  OutputLock& operator=(const OutputLock&) = delete;

 private:
  int fd_ = -1;
};

// Writes `text` to `path` atomically: to a temporary file beside it, synced, then renamed over
// `path` (and the folder synced), so a reader sees the old file or the new one, never a part.
void write_file_atomically(const std::string& path, const std::string& text);

}  // namespace stickslip
