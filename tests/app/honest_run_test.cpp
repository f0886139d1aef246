// Failures that used to be silent or lose work (issue "nothing lost, nothing silently wrong"):
// unverified writes, an output that is an input, runs that crawl, and messages.
#include <gtest/gtest.h>

#include <algorithm>
#include <csignal>
#include <regex>

#include "../simulation_support.hpp"
#include "child_process.hpp"

namespace stickslip {
namespace honest_run_test {

using test::read_text;
using test::run_cli;
using test::source_path;

const std::string kPendulum = "examples/simple_pendulum/simple_pendulum.yaml";

TEST(HonestRun, FullDiskExitsWith3AndSaysSo) {
  // /dev/full takes nothing: every write fails with ENOSPC. The pendulum has no contacts, hence no
  // event log beside the results.
  const auto r = run_cli("run " + source_path(kPendulum) + " -o /dev/full");
  EXPECT_EQ(r.exit_code, 3) << r.out;
  EXPECT_NE(r.out.find("No space left on device"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("wrote /dev/full"), std::string::npos) << "no success reported: " << r.out;
}

TEST(HonestRun, AnOutputThatIsAnInputIsRefusedBeforeAnythingIsWritten) {
  test::TempDir dir;
  const std::string model_text = read_text(source_path(kPendulum));
  const std::string model = dir.write("p.yaml", model_text);
  const auto r = run_cli("run " + model + " -o " + model);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("is the input"), std::string::npos) << r.out;
  EXPECT_EQ(read_text(model), model_text) << "the model file was overwritten";
  // The same through another spelling of the path, and for a table the model reads.
  EXPECT_EQ(run_cli("run " + model + " -o " + dir.file("./p.yaml")).exit_code, 2);
  std::string wall = read_text(source_path("examples/block_wall/block_wall.yaml"));
  const std::string table = read_text(source_path("examples/block_wall/ground_motion.csv"));
  const std::string wall_model = dir.write("wall.yaml", wall);
  dir.write("ground_motion.csv", table);
  const auto t = run_cli("run " + wall_model + " -o " + dir.file("ground_motion.csv") + " --t-end 0.01");
  EXPECT_EQ(t.exit_code, 2) << t.out;
  EXPECT_EQ(read_text(dir.file("ground_motion.csv")), table);
}

TEST(HonestRun, MaxWallStopsCleanlyWithStatus4) {
  test::TempDir dir;
  const std::string out = dir.file("r.csv");
  const auto r = run_cli("run " + source_path("examples/free_standing_body/case1_e-0.915.yaml") + " -o " + out +
                         " --t-end 20 --integrator rk4 --dt 1e-6 --max-wall 0.5 -q");
  EXPECT_EQ(r.exit_code, 4) << r.out;
  EXPECT_NE(r.out.find("stopped by --max-wall at t = "), std::string::npos) << r.out;
  const std::string csv = read_text(out);
  ASSERT_FALSE(csv.empty());
  EXPECT_EQ(csv.back(), '\n');
}

TEST(HonestRun, ProgressLinesOffATerminal) {
  // Standard error is a pipe here: no bar, but --progress gives lines. (A file, not /dev/null: the
  // event log of a model with contacts is written beside the results only when they are a file.)
  test::TempDir dir;
  const auto r = run_cli("run " + source_path("examples/free_standing_body/case1_e-0.915.yaml") + " -o " + dir.file("r.csv") +
                         " --t-end 20 --integrator rk4 --dt 1e-6 --max-wall 1.5 --progress 0.2");
  EXPECT_EQ(r.exit_code, 4) << r.out;
  EXPECT_NE(r.out.find("progress: t = "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("left"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find('\r'), std::string::npos) << "a bar was drawn off a terminal";
}

// On a terminal (a pty from util-linux `script`): a bar of 24 cells redrawn in place, whose filled
// cells, percentage and time agree, each drawn status later than the one before, and the bar
// cleared before the summary. --max-wall only bounds the run; nothing here depends on timing but
// that the run lasts beyond the bar's first redraw (0.1 s).
TEST(HonestRun, ProgressBarOnATerminal) {
  const std::string command = std::string(STICKSLIP_CLI) + " run " + source_path(kPendulum) +
                              " -o /dev/null --t-end 3 --integrator rk4 --dt 1e-6 --max-wall 1.5";
  const auto r = test::run_command("script -q -e -c '" + command + "' /dev/null");
  ASSERT_TRUE(r.exit_code == 0 || r.exit_code == 4) << r.out;
  static const std::regex bar(R"(\r\[([#.]{24})\] t = (\S+) +(\S+) %  \S+( \S+)? elapsed, \S+( \S+)? left\x1b\[K)");
  int drawn = 0;
  double last_t = -1;
  for (std::sregex_iterator it(r.out.begin(), r.out.end(), bar), end; it != end; ++it, ++drawn) {
    const std::string cells = (*it)[1];
    const double t = std::stod((*it)[2]), percent = std::stod((*it)[3]);
    EXPECT_TRUE(std::regex_match(cells, std::regex(R"(#*\.*)"))) << cells;  // filled cells, then empty ones
    // The share done is t / t_end, printed to 0.1 %, with t printed to 6 digits.
    EXPECT_NEAR(percent, 100 * t / 3, 0.05 + 1e-4) << it->str();
    // Filled cells: the share times 24, rounded down (the printed share is rounded to 0.05 %).
    const double filled = static_cast<double>(std::count(cells.begin(), cells.end(), '#'));
    EXPECT_LE(filled, percent / 100 * 24 + 0.012) << it->str();
    EXPECT_GT(filled, percent / 100 * 24 - 1 - 0.012) << it->str();
    EXPECT_GT(t, last_t) << it->str();
    last_t = t;
  }
  EXPECT_GE(drawn, 1) << r.out;
  const auto summary = r.out.find("wrote /dev/null");
  ASSERT_NE(summary, std::string::npos) << r.out;
  EXPECT_NE(r.out.rfind("\r\x1b[K", summary), std::string::npos) << "the bar is not cleared before the summary";
}

// A mistyped damping (1e12 N s/m) makes the steps collapse after the disc lands: reported with the
// contact that forces them, well before the run would end (in days).
TEST(HonestRun, CollapsingStepsAreReportedWithTheirElement) {
  test::TempDir dir;
  const std::string model = dir.write(
      "disc.yaml",
      "gravity: [0, -9.81]\nbodies:\n  - {name: disc, mass: 1.0, inertia: 0.005, position: [0, 0.3]}\n"
      "contacts:\n  - {name: floor, type: circle_line, bodies: [ground, disc], radius: 0.1,\n"
      "     normal: {law: linear_spring_damper, k: 1e7, c: 1e12}}\n"
      "simulation: {t_end: 0.3, output_interval: 0.01, integrator: dopri5}\n");
  const auto r = run_cli("run " + model + " -o " + dir.file("d.csv") + " --max-wall 3");
  EXPECT_EQ(r.exit_code, 4) << r.out;
  const std::size_t at = r.out.find("the steps have collapsed");
  ASSERT_NE(at, std::string::npos) << r.out;
  EXPECT_NE(r.out.find("contact floor", at), std::string::npos) << r.out;
}

TEST(HonestRun, SetUpFailureNamesNoStepAndNoResultsFile) {
  // A pendulum 1e9 m from its pivot: its constraint equations cannot be solved in double precision.
  test::TempDir dir;
  std::string text = read_text(source_path(kPendulum));
  text = test::replace_all(text, "[0.8414709848078965, -0.5403023058681398]", "[841470984.8078965, -540302305.8681398]");
  const std::string model = dir.write("far.yaml", text);
  const auto r = run_cli("run " + model + " -o " + dir.file("far.csv"));
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("setting up the run failed"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("radius of gyration"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("step"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("results computed"), std::string::npos) << r.out;
  EXPECT_FALSE(std::filesystem::exists(dir.file("far.csv")));
}

TEST(HonestRun, MessagesNameTheirSubjectWithSensibleNumbers) {
  const auto unknown = run_cli("foo");
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_NE(unknown.out.find("unknown command 'foo'"), std::string::npos) << unknown.out;
  // An end time of 1e17 s: refused with a readable count, not an overflowed one.
  test::TempDir dir;
  const auto big = run_cli("run " + source_path(kPendulum) + " -o " + dir.file("p.csv") + " --t-end 1e17");
  EXPECT_EQ(big.exit_code, 2) << big.out;
  EXPECT_NE(big.out.find("would write 1e+19 rows"), std::string::npos) << big.out;
  EXPECT_EQ(big.out.find("-9223372036854775808"), std::string::npos) << big.out;
  const auto steps = run_cli("run " + source_path(kPendulum) + " -o " + dir.file("p.csv") +
                             " --integrator rk4 --dt 1e-3 --t-end 1e17 --output-interval 1e15");
  EXPECT_EQ(steps.exit_code, 2) << steps.out;
  EXPECT_NE(steps.out.find("cannot be covered in steps"), std::string::npos) << steps.out;
}

TEST(HonestRun, ViewAndPlotRefuseAnOutputThatIsTheirInput) {
  test::TempDir dir;
  const std::string model = dir.write("p.yaml", read_text(source_path(kPendulum)));
  const std::string csv = dir.file("p.csv");
  ASSERT_EQ(run_cli("run " + model + " -q -o " + csv + " --t-end 0.1").exit_code, 0);
  const std::string results = read_text(csv), model_text = read_text(model);
  for (const std::string& command : {"plot " + csv + " -c bob.x -o " + csv,
                                     "plot " + csv + " -c bob.x -o " + dir.file("./p.csv"),
                                     "view " + csv + " --model " + model + " -o " + csv,
                                     "view " + csv + " --model " + model + " -o " + model}) {
    const auto r = run_cli(command);
    EXPECT_EQ(r.exit_code, 2) << command << ": " << r.out;
    EXPECT_NE(r.out.find("is the input"), std::string::npos) << command << ": " << r.out;
  }
  EXPECT_EQ(read_text(csv), results);
  EXPECT_EQ(read_text(model), model_text);
}

// A results file cut inside its last row (a power cut, or a kill inside a write): `plot` draws the
// whole rows and says what it dropped. A .npy's row count comes from the file's size, so the
// header's count (still 101) does not make `plot` read past the end.
struct CutFile {
  const char* extension;
  std::size_t cut;        // bytes taken off the end: into the last row's last number
  const char* message;
};

class PlotOfACutFile : public ::testing::TestWithParam<CutFile> {};

TEST_P(PlotOfACutFile, DropsThePartialLastRowWithAMessage) {
  const CutFile& c = GetParam();
  test::TempDir dir;
  const std::string whole = dir.file(std::string("p.") + c.extension), cut = dir.file(std::string("cut.") + c.extension);
  ASSERT_EQ(run_cli("run " + source_path(kPendulum) + " -q -o " + whole + " --t-end 1").exit_code, 0);
  const std::string bytes = read_text(whole);
  dir.write(std::string("cut.") + c.extension, bytes.substr(0, bytes.size() - c.cut));
  // A .npy's column names are beside it (docs/cli.md, "Binary results").
  if (std::string(c.extension) == "npy") dir.write("cut.columns.txt", read_text(dir.file("p.columns.txt")));
  const auto r = run_cli("plot " + cut + " -c bob.x -o " + dir.file("cut.png"));
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find(c.message), std::string::npos) << r.out;
  EXPECT_TRUE(std::filesystem::exists(dir.file("cut.png")));
}

INSTANTIATE_TEST_SUITE_P(Formats, PlotOfACutFile,
                         ::testing::Values(CutFile{"csv", 7, "line 102 is an incomplete row: dropped"},
                                           CutFile{"npy", 5, "the bytes after row 100 are an incomplete row: dropped"}),
                         [](const ::testing::TestParamInfo<CutFile>& p) { return std::string(p.param.extension); });

// `view` reads a cut CSV and a cut event log the same way: the whole rows, and a warning naming
// the line it dropped; the page is written.
TEST(HonestRun, ViewOfACutRunDropsThePartialLastRows) {
  test::TempDir dir;
  const std::string whole = dir.file("p.csv"), cut = dir.file("cut.csv");
  ASSERT_EQ(run_cli("run " + source_path(kPendulum) + " -q -o " + whole + " --t-end 1").exit_code, 0);
  const std::string rows = read_text(whole);
  dir.write("cut.csv", rows.substr(0, rows.size() - 7));  // into the last row's last number
  const std::string events = dir.write("cut.events.csv", "t,contact,event,from,to,vn_before,vn_after\n0.5,c,impact,op");
  const auto r = run_cli("view " + cut + " --model " + source_path(kPendulum) + " -o " + dir.file("cut.html"));
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("cut.csv: line 102 is an incomplete row: dropped"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("cut.events.csv: line 2 is an incomplete row: dropped"), std::string::npos) << r.out;
  EXPECT_TRUE(std::filesystem::exists(dir.file("cut.html")));
}

// A .npy cut inside its header is not a result: refused.
TEST(HonestRun, PlotRefusesANpyCutInsideItsHeader) {
  test::TempDir dir;
  const std::string npy = dir.file("p.npy");
  ASSERT_EQ(run_cli("run " + source_path(kPendulum) + " -q -o " + npy + " --t-end 1").exit_code, 0);
  dir.write("header.npy", read_text(npy).substr(0, 40));
  const auto h = run_cli("plot " + dir.file("header.npy") + " -c bob.x -o " + dir.file("h.png"));
  EXPECT_EQ(h.exit_code, 2) << h.out;
  EXPECT_NE(h.out.find("is not a .npy file"), std::string::npos) << h.out;
}

}  // namespace honest_run_test
}  // namespace stickslip
