// A `stickslip` child process the test can signal: started with fork/exec (no shell, so signals
// reach stickslip itself), its standard output and error in files.
#pragma once

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "../test_support.hpp"

namespace stickslip::test {

class Child {
 public:
  Child(const std::vector<std::string>& args, const std::string& output_file) {
    pid_ = fork();
    if (pid_ == 0) {
      std::FILE* out = std::fopen(output_file.c_str(), "w");
      if (out) {
        dup2(fileno(out), STDOUT_FILENO);
        dup2(fileno(out), STDERR_FILENO);
      }
      std::vector<char*> argv;
      std::string cli = STICKSLIP_CLI;
      argv.push_back(cli.data());
      std::vector<std::string> copy = args;
      for (std::string& a : copy) argv.push_back(a.data());
      argv.push_back(nullptr);
      execv(cli.c_str(), argv.data());
      _exit(127);
    }
  }
  ~Child() {
    if (pid_ > 0 && !reaped_) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
  }
  Child(const Child&) = delete;
  Child& operator=(const Child&) = delete;

  bool started() const { return pid_ > 0; }
  pid_t pid() const { return pid_; }
  // Whether the child still runs (not yet reaped).
  bool running() {
    if (reaped_) return false;
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      reaped_ = true;
      status_ = status;
      return false;
    }
    return true;
  }
  void signal(int signo) {
    if (running()) kill(pid_, signo);
  }
  // Waits for the child's end: its raw wait status.
  int wait() {
    if (!reaped_) {
      waitpid(pid_, &status_, 0);
      reaped_ = true;
    }
    return status_;
  }

 private:
  pid_t pid_ = -1;
  bool reaped_ = false;
  int status_ = 0;
};

// Polls `condition` every 10 ms for at most `limit_seconds` (a guard against a hung child, not a
// timing requirement): whether it became true.
inline bool wait_until(const std::function<bool()>& condition, double limit_seconds = 120) {
  const auto start = std::chrono::steady_clock::now();
  while (!condition()) {
    if (std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > limit_seconds) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return true;
}

inline std::uintmax_t file_size(const std::string& path) {
  std::error_code ec;
  const auto n = std::filesystem::file_size(path, ec);
  return ec ? 0 : n;
}

// Whether process `pid` has a handler for `signo` (its SigCgt mask in /proc/PID/status): a signal
// sent before that would meet the default action.
inline bool catches_signal(pid_t pid, int signo) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("SigCgt:", 0) != 0) continue;
    const unsigned long long mask = std::stoull(line.substr(7), nullptr, 16);
    return (mask >> (signo - 1)) & 1ULL;
  }
  return false;
}

}  // namespace stickslip::test
