#include "math/memory_budget.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace stickslip {

std::uint64_t memory_budget() {
  std::uint64_t budget = kDefaultMemoryBudget;
  if (const char* env = std::getenv("STICKSLIP_MEMORY_LIMIT")) {
    char* end = nullptr;
    const double v = std::strtod(env, &end);
    if (end != env && *end == '\0' && std::isfinite(v) && v >= 1) budget = static_cast<std::uint64_t>(std::min(v, 1.8e19));
  }
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  if (pages > 0 && page > 0) budget = std::min(budget, static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page));
  rlimit limit{};
  if (getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY)
    budget = std::min(budget, static_cast<std::uint64_t>(limit.rlim_cur));
  return budget;
}

std::string byte_count_text(double bytes) {
  char text[48];
  if (bytes < 10000) {
    std::snprintf(text, sizeof text, "%.0f bytes", bytes);
  } else {
    std::snprintf(text, sizeof text, bytes < 1e9 ? "%.3g MB" : "%.3g GB", bytes < 1e9 ? bytes / 1e6 : bytes / 1e9);
  }
  return text;
}

std::string memory_budget_problem(double bytes, const std::string& what) {
  const std::uint64_t budget = memory_budget();
  if (bytes <= static_cast<double>(budget)) return "";
  return what + " needs about " + byte_count_text(bytes) + ", more than the memory limit of " +
         byte_count_text(static_cast<double>(budget)) +
         " (4 GiB or the machine's memory; the environment variable STICKSLIP_MEMORY_LIMIT sets another, in bytes)";
}

}  // namespace stickslip
