// The memory a run may ask for (docs/cli.md, "Memory"): models and their schemes' problems are
// estimated before they are built and refused, with the size they would need, when the estimate
// exceeds this budget, instead of growing until the machine or the allocator gives out.
#pragma once

#include <cstdint>
#include <string>

namespace stickslip {

// The default budget: 4 GiB, or the machine's physical memory when that is less.
inline constexpr std::uint64_t kDefaultMemoryBudget = 4ULL << 30;

// The budget in bytes: the environment variable STICKSLIP_MEMORY_LIMIT (a number of bytes, such as
// 16e9) when it is set, else kDefaultMemoryBudget; never more than the machine's physical memory
// (nor a limit set on the process's address space). A variable that is not a positive number is
// ignored (the default applies).
std::uint64_t memory_budget();

// A size in words for messages: "640 bytes", "12.3 MB", "5.7 GB".
std::string byte_count_text(double bytes);

// "" when `bytes` fits the budget, else the sentence that says it does not, naming `what` needs it
// ("the time-stepping problem of this model (W: 7.2e+07 entries) needs about 5.7 GB, more than
// the memory limit of 4.29 GB (STICKSLIP_MEMORY_LIMIT ...)").
std::string memory_budget_problem(double bytes, const std::string& what);

}  // namespace stickslip
