// `stickslip run --dump-unconverged FOLDER` refused before anything is written: under a scheme that
// solves no contact problem to a tolerance (it would silently write nothing), and into a folder that
// already holds files (an earlier run's problems would mix with this one's). What it writes under
// time-stepping is tested from Python (python/tests/test_contact_problem.py), which reads it back.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "../test_support.hpp"

namespace stickslip {
namespace dump_unconverged_test {

using test::run_cli;

// The shaken stack's first step with Lemke's rescue off, where Gauss-Seidel stalls under time-stepping.
const std::string kStalledStack =
    "gravity: [0, -9.81]\nbodies:\n  - {name: table, motion: prescribed, x: {type: sine, amplitude: 0.1, "
    "omega: 9.42477796076938}}\ngenerators:\n  - {type: block_wall, name: stack, rows: 10, columns: 1, base: table, "
    "block: {width: 0.2, height: 0.4, mass: 16}, impact: {law: newton, e: 0}, "
    "friction: {law: coulomb, mu_s: 0.6, mu_k: 0.6}}\n"
    "simulation: {scheme: time-stepping, t_end: 0.005, output_interval: 0.001, step: 1e-3, "
    "time_stepping: {solver: pgs, rescue_variables: 0, interior_point_rescue: false, proximal_rescue_rows: 0}}\n";

TEST(DumpUnconverged, IsRefusedUnderASchemeWithoutATolerance) {
  test::TempDir dir;
  const std::string model = dir.write("stack.yaml", kStalledStack), out = dir.file("s.csv");
  const auto r = run_cli("run " + model + " -o " + out + " --scheme event-driven --dump-unconverged " + dir.file("d"));
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("--dump-unconverged"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("event-driven scheme"), std::string::npos) << r.out;
  EXPECT_FALSE(std::filesystem::exists(out));
  EXPECT_FALSE(std::filesystem::exists(dir.file("d")));
}

TEST(DumpUnconverged, IsRefusedIntoAFolderThatIsNotEmpty) {
  test::TempDir dir;
  const std::string model = dir.write("stack.yaml", kStalledStack), out = dir.file("s.csv");
  std::filesystem::create_directories(dir.file("d/step_000001"));
  const auto r = run_cli("run " + model + " -o " + out + " --dump-unconverged " + dir.file("d"));
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("is not empty"), std::string::npos) << r.out;
  EXPECT_FALSE(std::filesystem::exists(out));
  EXPECT_TRUE(std::filesystem::is_empty(dir.file("d/step_000001")));
  // An empty folder is taken.
  std::filesystem::remove(dir.file("d/step_000001"));
  const auto ok = run_cli("run " + model + " -o " + out + " --dump-unconverged " + dir.file("d"));
  EXPECT_EQ(ok.exit_code, 0) << ok.out;
  EXPECT_TRUE(std::filesystem::exists(dir.file("d/step_000001/problem.json"))) << ok.out;
}

}  // namespace dump_unconverged_test
}  // namespace stickslip
