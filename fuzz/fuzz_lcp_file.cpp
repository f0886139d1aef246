// libFuzzer harness for the LCP text reader of `stickslip lcp` (io/lcp_file.hpp): any input must be
// read or refused with ok = false and a message; it throws nothing. When it reads, the solver that
// `stickslip lcp` runs by default (auto) must finish on it without a crash or a sanitizer report.
#include <cstdint>
#include <sstream>
#include <string>

#include "io/lcp_file.hpp"
#include "solvers/auto_select.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  const stickslip::io::LcpFileResult r = stickslip::io::read_lcp(in);
  if (r.ok && r.q.size() <= 64) {  // larger problems are read but not solved: the reader is the target
    stickslip::solvers::LcpSolver solver(r.q.size());
    stickslip::solvers::LcpResult result;
    solver.solve(r.M, r.q, result);
  }
  return 0;
}
