// `stickslip sweep`: the table written, a failed run recorded, a second call resuming (nothing left
// to run), bad input refused with its location and exit status 2, an output that is the sweep file
// refused.
#include <gtest/gtest.h>

#include <filesystem>

#include "../sweep/sweep_support.hpp"

namespace stickslip {
namespace sweep_command_test {

using test::run_cli;

const std::string kSweep = test::sliding_block_sweep(
    std::string("parameters:\n  - name: mu\n    values: [0.3, -0.2]\n") + test::kMuTargets +
        "  - {name: v0, path: bodies.block.velocity.0, values: [0.5, 1]}\n",
    "  - {name: stop, final: block.x}\n");

TEST(SweepCommand, WritesTheTableAndResumes) {
  test::TempDir dir;
  const std::string sweep = dir.write("blocks.yaml", kSweep), table = dir.file("table.csv");
  auto r = run_cli("sweep " + sweep + " -o " + table + " -j 2");
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("4 of 4 runs (2 failed); 4 run now"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("errors are in the table's error column"), std::string::npos) << r.out;
  const std::string text = test::read_text(table);
  EXPECT_EQ(text.substr(0, text.find('\n')), "run,mu,v0,stop,status,error");
  r = run_cli("sweep " + sweep + " -o " + table);
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("4 of 4 runs (2 failed); 0 run now"), std::string::npos) << r.out;
  EXPECT_EQ(test::read_text(table), text);
}

TEST(SweepCommand, BadInputIsLocated) {
  test::TempDir dir;
  const std::string sweep = dir.write("blocks.yaml", test::replace_all_text(kSweep, "final: block.x", "final: block.q"));
  auto r = run_cli("sweep " + sweep + " -o " + dir.file("t.csv"));
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("blocks.yaml:13:5: keep[0]: the model has no output column 'block.q'"), std::string::npos) << r.out;
  r = run_cli("sweep " + sweep + " -j 2 --scheduler tcp://127.0.0.1:1");
  EXPECT_EQ(r.exit_code, 2) << r.out;
}

// --dry-run checks the sweep and lists its runs' parameters without running any or writing a table;
// a sweep it would refuse, it refuses the same way.
TEST(SweepCommand, DryRunChecksAndListsTheRuns) {
  test::TempDir dir;
  const std::string sweep = dir.write("blocks.yaml", kSweep), table = dir.file("table.csv");
  auto r = run_cli("sweep " + sweep + " -o " + table + " --dry-run");
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("run,mu,v0\n0,0.3,0.5\n1,0.3,1\n2,-0.2,0.5\n3,-0.2,1\n4 runs checked; none run"), std::string::npos)
      << r.out;
  EXPECT_FALSE(std::filesystem::exists(table));
  const std::string bad = dir.write("bad.yaml", test::replace_all_text(kSweep, "final: block.x", "final: block.q"));
  r = run_cli("sweep " + bad + " --dry-run");
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("no output column 'block.q'"), std::string::npos) << r.out;
}

// An -o naming the sweep file itself (even with --restart, which would overwrite a table) is refused
// before anything is written.
TEST(SweepCommand, AnOutputThatIsTheSweepFileIsRefused) {
  test::TempDir dir;
  const std::string sweep = dir.write("blocks.yaml", kSweep);
  const auto r = run_cli("sweep " + sweep + " -o " + dir.file("./blocks.yaml") + " --restart");
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("is the input"), std::string::npos) << r.out;
  EXPECT_EQ(test::read_text(sweep), kSweep);
}

}  // namespace sweep_command_test
}  // namespace stickslip
