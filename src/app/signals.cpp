#include "app/signals.hpp"

#include <sys/time.h>
#include <unistd.h>

#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstring>

namespace stickslip::app {

namespace {

volatile std::sig_atomic_t g_signal = 0;

// The set-up watch's state, read by the handlers: messages prepared before they can be needed (a
// handler may only write() and _exit()).
volatile std::sig_atomic_t g_setting_up = 0;
int g_wall_status = 0;
char g_message_int[320], g_message_term[320], g_message_wall[320];

void say_and_exit(const char* message, int status) {
  const std::size_t n = std::strlen(message);
  [[maybe_unused]] const ssize_t written = ::write(STDERR_FILENO, message, n);
  ::_exit(status);
}

extern "C" void on_stop_signal(int signo) {
  if (g_setting_up) say_and_exit(signo == SIGINT ? g_message_int : g_message_term, 128 + signo);
  if (g_signal == signo) {  // asked twice: the default action (the process ends now)
    std::signal(signo, SIG_DFL);
    std::raise(signo);
    return;
  }
  if (g_signal == 0) g_signal = signo;
}

extern "C" void on_wall_alarm(int) {
  if (g_setting_up) say_and_exit(g_message_wall, g_wall_status);
}

void set_timer(double seconds) {
  itimerval timer{};
  if (seconds > 0) {
    const double whole = std::floor(seconds);
    timer.it_value.tv_sec = static_cast<time_t>(whole);
    timer.it_value.tv_usec = static_cast<suseconds_t>((seconds - whole) * 1e6);
    if (timer.it_value.tv_sec == 0 && timer.it_value.tv_usec == 0) timer.it_value.tv_usec = 1;
  }
  setitimer(ITIMER_REAL, &timer, nullptr);
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

SetUpWatch::SetUpWatch(double max_wall_s, int wall_status, const std::string& doing) {
  std::snprintf(g_message_int, sizeof g_message_int, "stopped by SIGINT while %s; nothing was written\n", doing.c_str());
  std::snprintf(g_message_term, sizeof g_message_term, "stopped by SIGTERM while %s; nothing was written\n", doing.c_str());
  std::snprintf(g_message_wall, sizeof g_message_wall, "stopped by --max-wall (%g s) while %s; nothing was written\n",
                max_wall_s, doing.c_str());
  g_wall_status = wall_status;
  install_stop_signals();
  if (max_wall_s > 0) {
    struct sigaction action {};
    action.sa_handler = on_wall_alarm;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(SIGALRM, &action, nullptr);
  }
  g_setting_up = 1;
  active_ = true;
  // A signal that came before the watch began (between the process's start and now) stops at once.
  if (g_signal != 0) say_and_exit(g_signal == SIGINT ? g_message_int : g_message_term, 128 + g_signal);
  if (max_wall_s > 0) set_timer(max_wall_s);
}

void SetUpWatch::end() {
  if (!active_) return;
  active_ = false;
  set_timer(0);
  g_setting_up = 0;
}

}  // namespace stickslip::app
