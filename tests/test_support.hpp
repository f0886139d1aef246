// Helpers shared by the test executables: paths, temporary folders, running the CLI.
#pragma once

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <regex>
#include <sstream>
#include <string>

namespace stickslip::test {

// A simulated span for the Release pass and a shorter one for the ASan/UBSan pass of `make test`
// (docs/testing.md): a few runs whose explicit integrator takes hundreds of thousands of steps
// cost minutes under the sanitizers, whose job is memory and undefined behaviour on the same code
// paths; the full span's mechanics are checked in the Release pass.
constexpr double release_or_sanitized(double release, double sanitized) {
#if defined(__SANITIZE_ADDRESS__)
  (void)release;
  return sanitized;
#else
  (void)sanitized;
  return release;
#endif
}

inline std::string source_path(const std::string& relative) {
  return std::string(STICKSLIP_SOURCE_DIR) + "/" + relative;
}

// A fresh folder under the system temp dir, removed at scope exit.
class TempDir {
 public:
  TempDir() {
    std::random_device rd;
    path_ = std::filesystem::temp_directory_path() / ("stickslip_test_" + std::to_string(rd()) + std::to_string(rd()));
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::string file(const std::string& name) const { return (path_ / name).string(); }
  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream(file(name)) << text;
    return file(name);
  }

 private:
  std::filesystem::path path_;
};

struct CommandResult {
  int exit_code = -1;
  std::string out;  // stdout and stderr together
};

// Runs a shell command, its standard output and error together.
inline CommandResult run_command(const std::string& command) {
  CommandResult r;
  const std::string cmd = command + " 2>&1 </dev/null";
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return r;
  std::array<char, 4096> buf{};
  std::size_t n;
  while ((n = std::fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), n);
  const int status = pclose(p);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

// Runs `stickslip <args>` (args are shell-quoted by the caller when needed).
inline CommandResult run_cli(const std::string& args) {
  std::string command = STICKSLIP_CLI;  // appended, not a temporary + " ": GCC 12 warns falsely there
  command += ' ';
  command += args;
  return run_command(command);
}

inline std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The most significant digits any decimal number in `text` is written with ("t = 0.252713 s": 6,
// "1e+30": 1). Messages print numbers %.6g-style (math/number_format.hpp), so at most 6.
inline std::size_t most_significant_digits(const std::string& text) {
  static const std::regex number(R"((\d+)(?:\.(\d+))?(?:[eE][-+]?\d+)?)");
  std::size_t most = 0;
  for (std::sregex_iterator it(text.begin(), text.end(), number), end; it != end; ++it) {
    std::string digits = (*it)[1].str() + (*it)[2].str();
    digits.erase(0, std::min(digits.find_first_not_of('0'), digits.size()));
    most = std::max(most, digits.size());
  }
  return most;
}

}  // namespace stickslip::test
