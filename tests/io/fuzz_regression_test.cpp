// The inputs libFuzzer found to break a reader (fuzz/regressions/<reader>/, one file each, named
// after what it broke) and the fuzzers' seeds, replayed in the ordinary build: each is read or
// refused with a located message, nothing else.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "../test_support.hpp"
#include "io/checkpoint_file.hpp"
#include "io/input_error.hpp"
#include "io/lcp_file.hpp"
#include "io/model_file.hpp"
#include "solvers/auto_select.hpp"
#include "solvers/equilibration.hpp"

namespace stickslip {
namespace fuzz_regression_test {

std::vector<std::string> files_in(const std::string& relative) {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(test::source_path(relative), ec)) {
    if (e.is_regular_file()) out.push_back(e.path().string());
  }
  return out;
}

TEST(FuzzRegressions, ModelFilesAreReadOrRefusedWithALocation) {
  for (const std::string& f : files_in("fuzz/regressions/model")) {
    SCOPED_TRACE(f);
    try {
      (void)read_model_file(f);
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(f), std::string::npos) << e.what();
    }
  }
}

// The model seeds beside the examples' (spatial contacts, the prismatic joint's `contact:` map)
// are valid models: a mutation then starts from every key, not from a refusal.
TEST(FuzzRegressions, ModelSeedsAreValidModels) {
  const auto seeds = files_in("fuzz/seeds/model");
  ASSERT_FALSE(seeds.empty());
  for (const std::string& f : seeds) {
    SCOPED_TRACE(f);
    EXPECT_NO_THROW((void)read_model_file(f));
  }
}

TEST(FuzzRegressions, LcpFilesAreReadOrRefusedAndSolvedWithoutFault) {
  auto files = files_in("fuzz/regressions/lcp");
  const auto seeds = files_in("fuzz/seeds/lcp");
  files.insert(files.end(), seeds.begin(), seeds.end());
  ASSERT_FALSE(seeds.empty());
  for (const std::string& f : files) {
    SCOPED_TRACE(f);
    const io::LcpFileResult r = io::read_lcp_file(f);
    if (!r.ok) {
      EXPECT_FALSE(r.error.empty());
      continue;
    }
    // As fuzz_lcp_file judges them: auto on up to 64 unknowns, every solver on up to 10, and no
    // `solved` with a row wrong (relative residual 1e-6: far above every solver's tolerance, far
    // below a wrong row's 1).
    if (r.q.size() > 64) continue;
    using solvers::LcpSolverKind;
    for (LcpSolverKind kind : {LcpSolverKind::automatic, LcpSolverKind::lemke, LcpSolverKind::pgs,
                               LcpSolverKind::fischer_burmeister, LcpSolverKind::smoothed_newton,
                               LcpSolverKind::enumeration}) {
      if (kind != LcpSolverKind::automatic && r.q.size() > 10) break;
      solvers::LcpOptions options;
      options.solver = kind;
      solvers::LcpSolver solver(r.q.size(), options);
      solvers::LcpResult result;
      solver.solve(r.M, r.q, result);
      EXPECT_EQ(result.z.size(), r.q.size());
      if (result.solved()) {
        EXPECT_LE(solvers::relative_residual(r.M, r.q, result.z, result.w), 1e-6) << to_string(kind);
      }
    }
  }
}

TEST(FuzzRegressions, CheckpointsAreParsedOrRefused) {
  auto files = files_in("fuzz/regressions/checkpoint");
  const auto seeds = files_in("fuzz/seeds/checkpoint");
  files.insert(files.end(), seeds.begin(), seeds.end());
  ASSERT_FALSE(seeds.empty());
  for (const std::string& f : files) {
    SCOPED_TRACE(f);
    try {
      (void)read_checkpoint(f);
    } catch (const InputError&) {
    }
  }
  // The seeds are whole checkpoints: they parse, and one byte changed anywhere is refused.
  for (const std::string& f : seeds) {
    const Snapshot s = read_checkpoint(f);
    EXPECT_TRUE(s.has("run.t")) << f;
    std::ifstream in(f);
    std::stringstream text;
    text << in.rdbuf();
    std::string damaged = text.str();
    damaged[damaged.size() / 2] ^= 1;
    EXPECT_THROW(parse_checkpoint(damaged, f), InputError) << f;
  }
}

}  // namespace fuzz_regression_test
}  // namespace stickslip
