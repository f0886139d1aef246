// libFuzzer harness for the LCP text reader of `stickslip lcp` (io/lcp_file.hpp): any input must be
// read or refused with ok = false and a message; it throws nothing. When it reads, the solvers must
// finish on it without a crash or a sanitizer report, and none may say `solved` with a row wrong:
// each solved answer's residual, row by row against the row's own terms (solvers/equilibration.hpp),
// must be small (1e-6: far above every solver's tolerance, far below a wrong row's 1). The default
// solver (auto) runs on problems of up to 64 unknowns, every solver on those of up to 10.
#include <cstdint>
#include <sstream>
#include <string>

#include "io/lcp_file.hpp"
#include "solvers/auto_select.hpp"
#include "solvers/equilibration.hpp"

namespace {

void solve_honestly(const stickslip::io::LcpFileResult& r, stickslip::solvers::LcpSolverKind kind) {
  using namespace stickslip::solvers;
  LcpOptions options;
  options.solver = kind;
  LcpSolver solver(r.q.size(), options);
  LcpResult result;
  solver.solve(r.M, r.q, result);
  if (result.solved() && !(relative_residual(r.M, r.q, result.z, result.w) <= 1e-6)) __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using stickslip::solvers::LcpSolverKind;
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  const stickslip::io::LcpFileResult r = stickslip::io::read_lcp(in);
  if (!r.ok || r.q.size() > 64) return 0;  // larger problems are read but not solved: the reader is the target
  solve_honestly(r, LcpSolverKind::automatic);
  if (r.q.size() > 10) return 0;
  for (LcpSolverKind kind : {LcpSolverKind::lemke, LcpSolverKind::pgs, LcpSolverKind::fischer_burmeister,
                             LcpSolverKind::smoothed_newton, LcpSolverKind::enumeration})
    solve_honestly(r, kind);
  return 0;
}
