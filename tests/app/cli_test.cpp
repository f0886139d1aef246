// The `stickslip` command: exit codes, outputs written or not written, messages.
#include <gtest/gtest.h>

#include <filesystem>

#include "../test_support.hpp"

namespace stickslip {
namespace cli_test {

using test::run_cli;

const char* kBad = R"(name: bad
bodies:
  - name: arm
    mass: -2
    inertia: 0.5
)";

TEST(Cli, RunWritesCsvAndSummary) {
  test::TempDir dir;
  const std::string out = dir.file("crank.csv");
  const auto r = run_cli("run " + test::source_path("examples/slider_crank/slider_crank.yaml") + " -o " + out +
                         " --t-end 0.1 --output-interval 0.01");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("wrote " + out), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("right-hand-side evaluations"), std::string::npos);
  const std::string csv = test::read_text(out);
  EXPECT_EQ(csv.rfind("t,crank.x,crank.y,crank.theta,", 0), 0u) << csv.substr(0, 200);
  EXPECT_NE(csv.find("guide.torque"), std::string::npos);
  EXPECT_NE(csv.find("crank_speed.effort"), std::string::npos);
  EXPECT_NE(csv.find("constraint.drift"), std::string::npos);
  int lines = 0;
  for (char c : csv) lines += c == '\n';
  EXPECT_EQ(lines, 12);  // header + t = 0, 0.01, ..., 0.1
}

TEST(Cli, BadModelExitsWith2AndWritesNothing) {
  test::TempDir dir;
  const std::string model = dir.write("bad.yaml", kBad);
  const std::string out = dir.file("bad.csv");
  const auto r = run_cli("run " + model + " -o " + out);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find(model + ":4:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("bodies[0].mass"), std::string::npos) << r.out;
  EXPECT_FALSE(std::filesystem::exists(out));
}

// A model refused during set-up (after the file was read) writes nothing: no new file, and an
// earlier results file and event log of the same name keep their contents.
TEST(Cli, RefusedRedundantModelWritesNothing) {
  test::TempDir dir;
  std::string text = test::read_text(test::source_path("examples/four_bar/four_bar_redundant.yaml"));
  text.replace(text.find("redundant_constraints: warn"), 27, "redundant_constraints: error");
  const std::string model = dir.write("r.yaml", text);
  const auto r = run_cli("run " + model + " -o " + dir.file("r.csv"));
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("redundant constraints"), std::string::npos) << r.out;
  EXPECT_FALSE(std::filesystem::exists(dir.file("r.csv")));

  const std::string earlier = dir.write("earlier.csv", "t,x\n0,1\n");
  const auto again = run_cli("run " + model + " -o " + earlier);
  EXPECT_EQ(again.exit_code, 2) << again.out;
  EXPECT_EQ(test::read_text(earlier), "t,x\n0,1\n");

  std::string ball = R"(gravity: [0, -9.81]
bodies:
  - {name: ball, mass: 1, inertia: 0.004, position: [0, 0.6]}
contacts:
  - {name: floor, type: circle_line, bodies: [ground, ball], radius: 0.1,
     line: {point: [0, 0], direction: [1, 0]}, impact: {law: newton, e: 0.5},
     friction: {law: coulomb, mu_s: 0.3, mu_k: 0.3}}
simulation: {t_end: 1, scheme: compliant}
)";
  const std::string refused = dir.write("ball.yaml", ball);  // a rigid contact needs a nonsmooth scheme
  const std::string kept = dir.write("ball.csv", "t\n0\n");
  const std::string kept_log = dir.write("ball.events.csv", "t,contact\n");
  const auto r2 = run_cli("run " + refused + " -o " + kept);
  EXPECT_EQ(r2.exit_code, 2) << r2.out;
  EXPECT_EQ(test::read_text(kept), "t\n0\n");
  EXPECT_EQ(test::read_text(kept_log), "t,contact\n");
}

// Every class of bad model file the command must refuse: the message names the file, the line and
// the key path, the exit status is 2 and no results file appears.
TEST(Cli, EveryBadInputClassExitsWith2AndNamesFileLineAndKey) {
  struct Case {
    const char* what;
    const char* text;
    const char* where;  // "line:" prefix expected after the file name
    const char* key;
  };
  const Case cases[] = {
      {"malformed YAML", "bodies:\n  - {name: a, mass: 1\n", ":3:", "YAML syntax error"},
      {"unknown key", "bodies:\n  - {name: a, mass: 1, inertia: 1, colour: red}\n", ":2:", "bodies[0].colour"},
      {"missing key", "bodies:\n  - {name: a, inertia: 1}\n", ":2:", "bodies[0]: missing key 'mass'"},
      {"wrong type", "bodies:\n  - {name: a, mass: heavy, inertia: 1}\n", ":2:", "bodies[0].mass"},
      {"quoted number", "bodies:\n  - {name: a, mass: \"1\", inertia: 1}\n", ":2:", "bodies[0].mass"},
      {"mass <= 0", "bodies:\n  - name: a\n    mass: 0\n    inertia: 1\n", ":3:", "bodies[0].mass"},
      {"negative inertia", "bodies:\n  - name: a\n    mass: 1\n    inertia: -1\n", ":4:", "bodies[0].inertia"},
      {"unknown body",
       "bodies:\n  - {name: a, mass: 1, inertia: 1}\njoints:\n  - {name: j, type: revolute, bodies: [ground, b], "
       "points: [[0, 0], [0, 0]]}\n",
       ":4:", "joints[0].bodies"},
      {"duplicate name", "bodies:\n  - {name: a, mass: 1, inertia: 1}\n  - {name: a, mass: 1, inertia: 1}\n", ":3:",
       "bodies[1].name"},
  };
  test::TempDir dir;
  for (const Case& c : cases) {
    SCOPED_TRACE(c.what);
    const std::string model = dir.write("bad.yaml", c.text);
    const std::string out = dir.file("bad.csv");
    const auto r = run_cli("run " + model + " -o " + out);
    EXPECT_EQ(r.exit_code, 2) << r.out;
    EXPECT_NE(r.out.find(model + c.where), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(c.key), std::string::npos) << r.out;
    EXPECT_FALSE(std::filesystem::exists(out));
  }
}

// The time-stepping scheme from the command line: rows at the output times, the event log beside
// the results, a summary of the contact problems; a compliant contact is refused (exit 2, nothing
// written).
TEST(Cli, TimeSteppingRunAndRefusal) {
  test::TempDir dir;
  const std::string out = dir.file("crank.csv");
  const auto r = run_cli("run " + test::source_path("examples/slider_crank_rough_guide/slider_crank_rough_guide.yaml") +
                         " -o " + out + " --t-end 0.5 --output-interval 0.1 --dt 2e-3");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("time-stepping scheme: 250 steps"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("contact problems: 250 solved by lemke"), std::string::npos) << r.out;
  const std::string csv = test::read_text(out);
  int lines = 0;
  for (char c : csv) lines += c == '\n';
  EXPECT_EQ(lines, 7);  // header + t = 0, 0.1, ..., 0.5
  EXPECT_NE(test::read_text(dir.file("crank.events.csv")).find("heel,slip,stick,slip-"), std::string::npos);

  std::string text = test::read_text(test::source_path("examples/slider_crank_rough_guide/slider_crank_rough_guide.yaml"));
  text.replace(text.find("impact: {law: newton, e: 0}"), 27, "normal: {law: hertz, K: 1e9, n: 1.5}");
  const std::string model = dir.write("compliant.yaml", text);
  const auto refused = run_cli("run " + model + " -o " + dir.file("c.csv"));
  EXPECT_EQ(refused.exit_code, 2) << refused.out;
  EXPECT_NE(refused.out.find("use --scheme compliant or event-driven"), std::string::npos) << refused.out;
  EXPECT_FALSE(std::filesystem::exists(dir.file("c.csv")));
}

TEST(Cli, UsageErrorsExitWith2) {
  EXPECT_EQ(run_cli("run").exit_code, 2);
  EXPECT_EQ(run_cli("run x.yaml --integrator euler").exit_code, 2);
  EXPECT_EQ(run_cli("frobnicate").exit_code, 2);
  EXPECT_EQ(run_cli("run /nonexistent.yaml").exit_code, 2);
}

TEST(Cli, UnwritableOutputExitsWith3) {
  const auto r = run_cli("run " + test::source_path("examples/slider_crank/slider_crank.yaml") +
                         " -o /nonexistent/folder/out.csv");
  EXPECT_EQ(r.exit_code, 3) << r.out;
}

// A numerical failure exits with 1, names the time, step and element, and keeps the rows computed
// before it. Here a slider-crank's crank (0.4 m) is driven past the angle its rod (0.1 m) can follow
// (|sin φ| = 0.25, t ≈ 0.2527 s): the chain can no longer close at the crank pin, whose constraint
// the run reports as violated instead of writing the torn mechanism as results.
TEST(Cli, NumericalFailureKeepsResults) {
  test::TempDir dir;
  const std::string model = test::source_path("tests/data/lockup.yaml");
  const std::string out = dir.file("lock.csv");
  const auto r = run_cli("run " + model + " -o " + out);
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("t = 0.25"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("simulation failed at t ="), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("step"), std::string::npos) << r.out;
  // Past the lock-up the chain tears at the crank pin or at the wrist, whichever the last step's
  // rounding loads more: either is the right diagnosis.
  EXPECT_TRUE(r.out.find("joint pin") != std::string::npos || r.out.find("joint wrist") != std::string::npos) << r.out;
  EXPECT_NE(r.out.find("lock-up"), std::string::npos) << r.out;
  // Its times and forces read %.6g-style, not 17 or hundreds of digits (the results' path aside).
  ASSERT_NE(r.out.find("error: "), std::string::npos) << r.out;
  std::string message = r.out.substr(r.out.find("error: "));
  for (auto at = message.find(out); at != std::string::npos; at = message.find(out)) message.erase(at, out.size());
  EXPECT_LE(test::most_significant_digits(message), 6u) << message;
  const std::string csv = test::read_text(out);
  int lines = 0;
  for (char c : csv) lines += c == '\n';
  EXPECT_GT(lines, 10) << "results before the failure must stay on disk";
}

// A model with contacts gets its event log beside the results; --scheme selects the scheme and a
// scheme that cannot take the model is bad input (a set-valued Coulomb law in the compliant scheme).
TEST(Cli, SchemeOptionAndEventLog) {
  test::TempDir dir;
  const std::string model = dir.write("ball.yaml", test::read_text(test::source_path("tests/data/rigid_ball.yaml")));
  const auto bad = run_cli("run " + model + " -o " + dir.file("b.csv"));
  EXPECT_EQ(bad.exit_code, 2) << bad.out;  // rigid contact: not for the compliant scheme
  EXPECT_NE(bad.out.find("--scheme event-driven"), std::string::npos) << bad.out;
  EXPECT_FALSE(std::filesystem::exists(dir.file("b.csv")));
  EXPECT_FALSE(std::filesystem::exists(dir.file("b.events.csv")));
  const auto ok = run_cli("run " + model + " -o " + dir.file("e.csv") + " --scheme event-driven");
  ASSERT_EQ(ok.exit_code, 0) << ok.out;
  const std::string log = test::read_text(dir.file("e.events.csv"));
  EXPECT_EQ(log.rfind("t,contact,event,from,to,vn_before,vn_after\n", 0), 0u) << log;
  EXPECT_NE(log.find(",floor,impact,open,"), std::string::npos) << log;
  EXPECT_EQ(run_cli("run " + model + " --scheme implicit").exit_code, 2);
}

TEST(Cli, PlotWritesPng) {
  test::TempDir dir;
  const std::string csv = dir.file("p.csv"), png = dir.file("p.png");
  ASSERT_EQ(run_cli("run " + test::source_path("examples/simple_pendulum/simple_pendulum.yaml") + " -o " + csv +
                    " --t-end 0.5")
                .exit_code,
            0);
  const auto r = run_cli("plot " + csv + " --columns 'bob.theta,energy.*' -o " + png);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  ASSERT_TRUE(std::filesystem::exists(png));
  EXPECT_GT(std::filesystem::file_size(png), 1000u);
  const auto bad = run_cli("plot " + csv + " --columns nosuchcolumn -o " + dir.file("q.png"));
  EXPECT_EQ(bad.exit_code, 2) << bad.out;
  EXPECT_NE(bad.out.find("no column matches 'nosuchcolumn'"), std::string::npos) << bad.out;
  // The image lands at exactly the path given, whatever its suffix.
  const std::string odd = dir.file("figure.out");
  ASSERT_EQ(run_cli("plot " + csv + " -c bob.theta -o " + odd).exit_code, 0);
  EXPECT_TRUE(std::filesystem::exists(odd));
}

// A spatial run's columns (issue 11: position, quaternion, velocities in the world frame, ω in the
// body frame; a contact's two tangential components) are plotted like planar ones: every pattern
// matches (the script exits with 2 naming the first that matches nothing), also on the x axis.
TEST(Cli, PlotWritesPngOfSpatialColumns) {
  test::TempDir dir;
  const std::string csv = dir.file("s.csv"), png = dir.file("s.png");
  ASSERT_EQ(run_cli("run " + test::source_path("examples/rolling_sphere/rolling_sphere.yaml") + " -o " + csv +
                    " -q --t-end 0.05")
                .exit_code,
            0);
  const std::string columns = "ball.x,ball.y,ball.z,ball.q?,ball.v?,ball.w?,floor.vt1,floor.vt2,floor.ft1,floor.ft2";
  const auto r = run_cli("plot " + csv + " --columns '" + columns + "' -o " + png);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  ASSERT_TRUE(std::filesystem::exists(png));
  EXPECT_GT(std::filesystem::file_size(png), 1000u);
  const auto against_x = run_cli("plot " + csv + " -c 'floor.ft*' --x ball.x --overlay -o " + dir.file("x.png"));
  ASSERT_EQ(against_x.exit_code, 0) << against_x.out;
  EXPECT_TRUE(std::filesystem::exists(dir.file("x.png")));
  // A planar column name is not there, and the message lists the spatial ones.
  const auto planar = run_cli("plot " + csv + " -c ball.theta -o " + dir.file("p.png"));
  EXPECT_EQ(planar.exit_code, 2) << planar.out;
  for (const char* c : {"no column matches 'ball.theta'", "ball.qw", "ball.wz", "floor.vt2", "floor.ft2"}) {
    EXPECT_NE(planar.out.find(c), std::string::npos) << c << "\n" << planar.out;
  }
  EXPECT_FALSE(std::filesystem::exists(dir.file("p.png")));
}

TEST(Cli, PlotRejectsMalformedCsvWithItsLine) {
  test::TempDir dir;
  const std::string csv = dir.write("bad.csv", "t,x\n0,1\n0.1,oops\n");
  const auto r = run_cli("plot " + csv + " -c x -o " + dir.file("bad.png"));
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("bad.csv:3: column 'x' holds 'oops'"), std::string::npos) << r.out;
  EXPECT_FALSE(std::filesystem::exists(dir.file("bad.png")));
  EXPECT_EQ(run_cli("plot " + csv + " -c ' , ' -o " + dir.file("e.png")).exit_code, 2);
}

// `stickslip view`: one HTML file with the data and the event log in it; bad input exits with 2
// naming the file (and line, or the missing column), an unwritable page with 3.
TEST(Cli, ViewWritesOnePage) {
  test::TempDir dir;
  const std::string model = test::source_path("examples/slider_crank_rough_guide/slider_crank_rough_guide.yaml");
  const std::string csv = dir.file("s.csv"), html = dir.file("s.html");
  ASSERT_EQ(run_cli("run " + model + " -o " + csv + " -q --t-end 0.5").exit_code, 0);
  const auto r = run_cli("view " + csv + " --model " + model + " -o " + html + " --fps 10 --column crank.theta");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("wrote " + html + ": 6 frames from 101 rows, t = 0 .. 0.5 s"), std::string::npos) << r.out;
  const std::string page = test::read_text(html);
  EXPECT_NE(page.find("\"initial_column\":\"crank.theta\""), std::string::npos);
  EXPECT_NE(page.find("\"events\":[{\"t\":"), std::string::npos);  // s.events.csv, found beside s.csv
  // Default output: the results' path with .html.
  ASSERT_EQ(run_cli("view " + csv + " -m " + model).exit_code, 0);
  EXPECT_TRUE(std::filesystem::exists(html));
}

TEST(Cli, ViewBadInputExitsWith2Or3) {
  test::TempDir dir;
  const std::string crank = test::source_path("examples/slider_crank_rough_guide/slider_crank_rough_guide.yaml");
  const std::string pendulum = test::source_path("examples/simple_pendulum/simple_pendulum.yaml");
  const std::string csv = dir.file("s.csv");
  ASSERT_EQ(run_cli("run " + crank + " -o " + csv + " -q --t-end 0.1").exit_code, 0);
  const auto other_model = run_cli("view " + csv + " --model " + pendulum + " -o " + dir.file("a.html"));
  EXPECT_EQ(other_model.exit_code, 2) << other_model.out;
  EXPECT_NE(other_model.out.find(csv + ":1:1: no column 'bob.x'"), std::string::npos) << other_model.out;
  EXPECT_FALSE(std::filesystem::exists(dir.file("a.html")));
  const auto bad_csv = run_cli("view " + dir.write("b.csv", "t,x\n0,1\n0.1\n") + " --model " + crank);
  EXPECT_EQ(bad_csv.exit_code, 2) << bad_csv.out;
  EXPECT_NE(bad_csv.out.find("b.csv:3:1: expected 2 values, got 1"), std::string::npos) << bad_csv.out;
  EXPECT_EQ(run_cli("view " + csv + " --model " + crank + " --column nosuch").exit_code, 2);
  EXPECT_EQ(run_cli("view " + csv + " --model " + crank + " --fps -1").exit_code, 2);
  EXPECT_EQ(run_cli("view " + csv + " --model " + crank + " --events " + dir.file("none.csv")).exit_code, 2);
  EXPECT_EQ(run_cli("view " + csv).exit_code, 2);  // --model is required
  const auto unwritable = run_cli("view " + csv + " --model " + crank + " -o /nonexistent/folder/a.html");
  EXPECT_EQ(unwritable.exit_code, 3) << unwritable.out;
  EXPECT_EQ(run_cli("view " + csv + " --model " + crank + " --precision 16").exit_code, 2);
  EXPECT_EQ(run_cli("view " + csv + " --model " + crank + " --format png").exit_code, 2);
  EXPECT_EQ(run_cli("view " + csv + " --model " + crank + " --contact-points " + dir.file("none.csv")).exit_code, 2);
  EXPECT_FALSE(std::filesystem::exists(dir.file("s.html")));
}

// The contact points file `stickslip run` writes beside its results is drawn without being named:
// the page equals the one given the file explicitly, and --no-contact-points leaves the points out.
TEST(Cli, ViewPicksTheRunsContactPointsFile) {
  test::TempDir dir;
  const std::string stack = test::source_path("examples/shaking_stack/shaking_stack.yaml");
  const std::string csv = dir.file("s.csv");
  ASSERT_EQ(run_cli("run " + stack + " -o " + csv + " -q --t-end 0.02").exit_code, 0);
  ASSERT_TRUE(std::filesystem::exists(dir.file("s.points.csv")));
  ASSERT_EQ(run_cli("view " + csv + " -m " + stack + " -o " + dir.file("auto.html")).exit_code, 0);
  ASSERT_EQ(run_cli("view " + csv + " -m " + stack + " -o " + dir.file("given.html") + " --contact-points " +
                    dir.file("s.points.csv")).exit_code, 0);
  ASSERT_EQ(run_cli("view " + csv + " -m " + stack + " -o " + dir.file("none.html") + " --no-contact-points").exit_code, 0);
  const std::string page = test::read_text(dir.file("auto.html"));
  EXPECT_NE(page.find("\"contact_points\":"), std::string::npos);
  EXPECT_EQ(page, test::read_text(dir.file("given.html")));
  EXPECT_EQ(test::read_text(dir.file("none.html")).find("\"contact_points\":"), std::string::npos);
  // Without the file beside them, the results alone make a page (no points, no error).
  std::filesystem::remove(dir.file("s.points.csv"));
  ASSERT_EQ(run_cli("view " + csv + " -m " + stack + " -o " + dir.file("bare.html")).exit_code, 0);
  EXPECT_EQ(test::read_text(dir.file("bare.html")), test::read_text(dir.file("none.html")));
}

// Spatial models are drawn in 3-D: the page carries the 3-D renderer and the spatial data; the
// ParaView series lands beside its collection file.
TEST(Cli, ViewDrawsSpatialModelsAndWritesParaViewSeries) {
  test::TempDir dir;
  const std::string handle = test::source_path("examples/tumbling_t_handle/tumbling_t_handle.yaml");
  const std::string csv = dir.file("h.csv");
  ASSERT_EQ(run_cli("run " + handle + " -o " + csv + " -q --t-end 0.1").exit_code, 0);
  const auto page = run_cli("view " + csv + " --model " + handle + " -o " + dir.file("h.html") + " --precision 32");
  ASSERT_EQ(page.exit_code, 0) << page.out;
  const std::string html = test::read_text(dir.file("h.html"));
  EXPECT_NE(html.find("\"dimension\":\"spatial\""), std::string::npos);
  EXPECT_NE(html.find("StickslipView3D"), std::string::npos);
  EXPECT_NE(html.find("{\"f32\":"), std::string::npos);
  const auto vtk = run_cli("view " + csv + " --model " + handle + " --format vtk --fps 10");
  ASSERT_EQ(vtk.exit_code, 0) << vtk.out;
  EXPECT_NE(vtk.out.find("2 frames from 51 rows"), std::string::npos) << vtk.out;  // t = 0, 0.1: the first and the last row
  EXPECT_TRUE(std::filesystem::exists(dir.file("h.pvd")));
  EXPECT_TRUE(std::filesystem::exists(dir.file("h_vtk/bodies_000001.vtu")));
  EXPECT_TRUE(std::filesystem::exists(dir.file("h_vtk/contacts_000001.vtu")));
  const auto nowhere = run_cli("view " + csv + " --model " + handle + " --format vtk -o /nonexistent/folder/h.pvd");
  EXPECT_EQ(nowhere.exit_code, 3) << nowhere.out;
  EXPECT_FALSE(std::filesystem::exists("/nonexistent/folder"));
}

// Large runs: --every and --max-frames choose the frames; data over --max-size are thinned in time
// with a note saying so (the page then fits), and the options' bad values exit with 2.
TEST(Cli, ViewThinsLargeRunsInTime) {
  test::TempDir dir;
  const std::string handle = test::source_path("examples/tumbling_t_handle/tumbling_t_handle.yaml");
  const std::string csv = dir.file("h.csv"), html = dir.file("h.html");
  ASSERT_EQ(run_cli("run " + handle + " -o " + csv + " -q --t-end 0.5").exit_code, 0);
  const auto every = run_cli("view " + csv + " --model " + handle + " -o " + html + " --fps 0 --every 10");
  ASSERT_EQ(every.exit_code, 0) << every.out;
  EXPECT_NE(every.out.find("26 frames from 251 rows"), std::string::npos) << every.out;  // rows 0, 10, ..., 250 (the last)
  const auto most = run_cli("view " + csv + " --model " + handle + " -o " + html + " --fps 0 --max-frames 5");
  EXPECT_NE(most.out.find("5 frames from 251 rows"), std::string::npos) << most.out;
  const auto whole = run_cli("view " + csv + " --model " + handle + " -o " + html + " --fps 0");
  EXPECT_EQ(whole.out.find("note:"), std::string::npos) << whole.out;
  // The embedded data alone (the page's scripts do not count against --max-size).
  const auto data_size = [&] {
    const std::string page = test::read_text(html);
    const std::size_t begin = page.find("id=\"stickslip-data\">");
    return page.find("</script>", begin) - begin;
  };
  const std::size_t whole_size = data_size();
  // A limit at a third of the data: one frame in 3 or 4 kept (the 3 % margin), said on stderr.
  const double third = static_cast<double>(whole_size) / 3e6;
  const auto thin = run_cli("view " + csv + " --model " + handle + " -o " + html + " --fps 0 --max-size " + std::to_string(third));
  ASSERT_EQ(thin.exit_code, 0) << thin.out;
  EXPECT_NE(thin.out.find("note: 1 body over 251 frames would make"), std::string::npos) << thin.out;
  EXPECT_TRUE(thin.out.find("kept one frame in 3 (") != std::string::npos || thin.out.find("kept one frame in 4 (") != std::string::npos)
      << thin.out;
  EXPECT_LT(data_size(), whole_size / 3 + 100);
  // The ParaView series takes the same frames (and no size limit).
  const auto series = run_cli("view " + csv + " --model " + handle + " --format vtk --fps 0 --max-frames 3 --max-size " + std::to_string(third));
  EXPECT_NE(series.out.find("3 frames from 251 rows"), std::string::npos) << series.out;
  EXPECT_EQ(series.out.find("note:"), std::string::npos) << series.out;
  EXPECT_EQ(run_cli("view " + csv + " --model " + handle + " --every 0").exit_code, 2);
  EXPECT_EQ(run_cli("view " + csv + " --model " + handle + " --max-size 501").exit_code, 2);
  EXPECT_EQ(run_cli("view " + csv + " --model " + handle + " --max-size 0").exit_code, 2);
}

}  // namespace cli_test
}  // namespace stickslip
