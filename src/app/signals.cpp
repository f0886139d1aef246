#include "app/signals.hpp"

#include <csignal>

namespace stickslip::app {

namespace {

volatile std::sig_atomic_t g_signal = 0;

extern "C" void on_stop_signal(int signo) {
  if (g_signal == signo) {  // asked twice: the default action (the process ends now)
    std::signal(signo, SIG_DFL);
    std::raise(signo);
    return;
  }
  if (g_signal == 0) g_signal = signo;
}

}  // namespace

void install_stop_signals() {
  struct sigaction action {};
  action.sa_handler = on_stop_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;  // writes in progress complete rather than fail with EINTR
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

int stop_signal() { return g_signal; }

}  // namespace stickslip::app
