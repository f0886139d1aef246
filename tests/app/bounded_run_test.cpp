// Runs bounded on any input and stopped on request (issue 37; issue 36 item 7): reading a model a
// FIFO never sends is stopped by --max-wall and Ctrl-C, absurd magnitudes are refused at their line,
// side files are refused beside an output that is not a file, a checkpoint continues only the files
// its run wrote, two resumes of one checkpoint cannot run at once, and the time-stepping scheme says
// when it can step through a contact.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <csignal>
#include <filesystem>
#include <fstream>

#include "../simulation_support.hpp"
#include "io/result_table.hpp"
#include "child_process.hpp"

namespace stickslip {
namespace bounded_run_test {

using test::read_text;
using test::run_cli;
using test::source_path;

const std::string kPendulum = "examples/simple_pendulum/simple_pendulum.yaml";

// Waits for a child that must end by itself; a guard against a hang, not a timing requirement.
int exit_status_of(test::Child& child, double guard_seconds = 60) {
  if (!test::wait_until([&] { return !child.running(); }, guard_seconds)) {
    ADD_FAILURE() << "the run did not end";
    return -1;
  }
  const int status = child.wait();
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// A model file that is a FIFO nobody writes: reading it waits for ever. --max-wall covers reading.
TEST(BoundedRun, MaxWallStopsAModelThatIsNeverRead) {
  test::TempDir dir;
  const std::string fifo = dir.file("model.yaml");
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  test::Child child({"run", fifo, "-o", dir.file("r.csv"), "--max-wall", "0.5"}, dir.file("log"));
  ASSERT_TRUE(child.started());
  EXPECT_EQ(exit_status_of(child), 4);
  const std::string log = read_text(dir.file("log"));
  EXPECT_NE(log.find("stopped by --max-wall (0.5 s) while reading the model"), std::string::npos) << log;
  EXPECT_NE(log.find("nothing was written"), std::string::npos) << log;
  EXPECT_FALSE(std::filesystem::exists(dir.file("r.csv")));
}

TEST(BoundedRun, CtrlCStopsAModelThatIsNeverRead) {
  test::TempDir dir;
  const std::string fifo = dir.file("model.yaml");
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  test::Child child({"run", fifo, "-o", dir.file("r.csv")}, dir.file("log"));
  ASSERT_TRUE(child.started());
  // Before the watch installs its handler the default action would end the process: SIGINT is sent
  // once the process catches it (its SigCgt mask in /proc), then once.
  ASSERT_TRUE(test::wait_until([&] { return test::catches_signal(child.pid(), SIGINT) || !child.running(); }));
  child.signal(SIGINT);
  ASSERT_TRUE(test::wait_until([&] { return !child.running(); }, 60));
  const int status = child.wait();
  ASSERT_TRUE(WIFEXITED(status)) << "ended by the signal's default action, not by the watch";
  EXPECT_EQ(WEXITSTATUS(status), 130);
  EXPECT_NE(read_text(dir.file("log")).find("stopped by SIGINT while reading the model"), std::string::npos);
}

struct Absurd {
  const char* what;
  std::string from, to;  // a replacement in the pendulum's file
  const char* key;       // the key path the message must name
};

// Magnitudes no physical model holds made runs spin for ever inside the contact solver (a body mass
// of 1e-320, a coordinate or gravity of 1.8e308, a plane normal of 1e308) or end in success with a
// non-finite column (a coordinate of 1e300). Each is refused at its line, with the accepted range.
TEST(BoundedRun, AbsurdMagnitudesAreRefusedAtTheirLineWithTheRange) {
  test::TempDir dir;
  const std::string pendulum = read_text(source_path(kPendulum));
  ASSERT_NE(pendulum.find("mass: 1.0"), std::string::npos);
  ASSERT_NE(pendulum.find("gravity: [0, -9.81]"), std::string::npos);
  const Absurd cases[] = {
      {"denormal mass", "mass: 1.0", "mass: 1e-320", "bodies[0].mass"},
      {"huge gravity", "gravity: [0, -9.81]", "gravity: [0, -1.7e308]", "gravity[1]"},
      {"tiny inertia", "inertia: 0.001", "inertia: 4e-320", "bodies[0].inertia"},
  };
  for (const Absurd& c : cases) {
    SCOPED_TRACE(c.what);
    const std::string model = dir.write("m.yaml", test::replace_all(pendulum, c.from, c.to));
    test::Child child({"run", model, "-o", dir.file("r.csv"), "--max-wall", "5"}, dir.file("log"));
    EXPECT_EQ(exit_status_of(child), 2);
    const std::string log = read_text(dir.file("log"));
    EXPECT_NE(log.find(std::string(c.key) + ": "), std::string::npos) << log;
    EXPECT_NE(log.find("between 1e-100 and 1e+100"), std::string::npos) << log;
  }
  // A spatial plane normal of [1e308, 1e308, 1e308] (its square overflows) and a coordinate of 1e300.
  const std::string spatial = dir.write(
      "s.yaml",
      "dimension: spatial\ngravity: [0, 0, -9.81]\nbodies:\n"
      "  - {name: ball, mass: 1, inertia: [0.004, 0.004, 0.004], position: [0, 0, 1]}\n"
      "contacts:\n  - {name: floor, type: sphere_plane, bodies: [ground, ball], radius: 0.1,\n"
      "     plane: {point: [0, 0, 0], normal: [1e308, 1e308, 1e308]}, impact: {law: newton, e: 0.5}}\n"
      "simulation: {scheme: time-stepping, t_end: 0.2}\n");
  const auto plane = run_cli("run " + spatial + " -o " + dir.file("s.csv") + " --max-wall 5");
  EXPECT_EQ(plane.exit_code, 2) << plane.out;
  EXPECT_NE(plane.out.find("s.yaml:7:"), std::string::npos) << plane.out;
  EXPECT_NE(plane.out.find("contacts[0].plane.normal[0]: 1e308 is too large"), std::string::npos) << plane.out;
  const std::string far = dir.write("far.yaml", test::replace_all(read_text(spatial), "position: [0, 0, 1]",
                                                                   "position: [1e300, 0, 1]"));
  const auto coordinate = run_cli("run " + far + " -o " + dir.file("s.csv") + " --max-wall 5");
  EXPECT_EQ(coordinate.exit_code, 2) << coordinate.out;
  EXPECT_NE(coordinate.out.find("bodies[0].position[0]: 1e300 is too large"), std::string::npos) << coordinate.out;
}

// A prescribed angular rate of 1e308 was blamed on contact chatter: it is refused where it stands.
TEST(BoundedRun, AnAbsurdPrescribedRateIsRefusedAtItsKey) {
  test::TempDir dir;
  const std::string model = dir.write(
      "spin.yaml",
      "bodies:\n  - {name: plate, motion: prescribed, x: 0, y: 0, angle: {type: sine, amplitude: 1, omega: 1e308}}\n"
      "  - {name: block, mass: 1, inertia: 0.1, position: [0, 0.1]}\n"
      "simulation: {t_end: 0.1}\n");
  const auto r = run_cli("run " + model + " -o " + dir.file("r.csv"));
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("spin.yaml:2:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("angle.omega: 1e308 is too large"), std::string::npos) << r.out;
}

// -o /dev/stdout made /dev/stdout.events.csv and /dev/stdout.checkpoint: the event log and a
// default checkpoint are refused beside an output that is not a regular file. Results alone may
// go there; the summary then goes to standard error, so that standard output holds the table only.
TEST(BoundedRun, SideFilesAreRefusedBesideAnOutputThatIsNotAFile) {
  test::TempDir dir;
  const auto wall = run_cli("run " + source_path("examples/block_wall/block_wall.yaml") + " -o /dev/stdout --t-end 0.01");
  EXPECT_EQ(wall.exit_code, 2) << wall.out;
  EXPECT_NE(wall.out.find("-o /dev/stdout is not a regular file"), std::string::npos) << wall.out;
  EXPECT_NE(wall.out.find("/dev/stdout.events.csv"), std::string::npos) << wall.out;
  const auto checkpoints = run_cli("run " + source_path(kPendulum) + " -o /dev/stdout --t-end 0.1 --checkpoint-every 0.05");
  EXPECT_EQ(checkpoints.exit_code, 2) << checkpoints.out;
  EXPECT_NE(checkpoints.out.find("--checkpoint"), std::string::npos) << checkpoints.out;
  // Only standard output is read here (standard error goes to the log).
  const auto table = test::run_command(std::string(STICKSLIP_CLI) + " run " + source_path(kPendulum) +
                                       " -o /dev/stdout --t-end 0.1 2>" + dir.file("err") + "; exit $?");
  EXPECT_EQ(table.exit_code, 0) << table.out;
  EXPECT_EQ(table.out.rfind("t,", 0), 0u) << table.out;
  EXPECT_EQ(table.out.find("wrote"), std::string::npos) << table.out;
  EXPECT_NE(read_text(dir.file("err")).find("wrote /dev/stdout: 11 rows"), std::string::npos);
}

// -o /dev/null discards the run's files, its event log with them: nothing is created beside the
// device, and the device itself is never removed.
TEST(BoundedRun, NullOutputDiscardsTheEventLogToo) {
  // A stray file left by an older build is not this run's: only a new or changed one fails the test.
  const std::string stray = "/dev/null.events.csv";
  std::error_code ec;
  const bool existed = std::filesystem::exists(stray, ec);
  const auto written = existed ? std::filesystem::last_write_time(stray, ec) : std::filesystem::file_time_type{};
  const auto wall = run_cli("run " + source_path("examples/block_wall/block_wall.yaml") + " -o /dev/null --t-end 0.01 -q");
  EXPECT_EQ(wall.exit_code, 0) << wall.out;
  EXPECT_EQ(std::filesystem::exists(stray, ec), existed);
  if (existed) {
    EXPECT_EQ(std::filesystem::last_write_time(stray, ec), written);
  }
  EXPECT_FALSE(std::filesystem::is_regular_file("/dev/null"));
  EXPECT_TRUE(std::filesystem::exists("/dev/null"));
}

// A checkpointed run of the rigid free-standing body (time-stepping, events), cut by --max-wall.
struct StoppedRun {
  test::TempDir dir;
  std::string model, out, checkpoint;
  StoppedRun() {
    model = source_path("examples/free_standing_body_rigid/case1_drift.yaml");
    out = dir.file("r.csv");
    checkpoint = dir.file("r.checkpoint");
  }
  test::CommandResult run(const std::string& extra) const {
    return run_cli("run " + model + " -o " + out + " -q --checkpoint-every 0.05 " + extra);
  }
};

// A run stopped with checkpoints, a second run writing other rows to the same -o, then a resume of
// the first: the checkpoint's digest of the rows it had written no longer fits, and the resume is
// refused instead of continuing the second run's file (it mixed 3 011 rows of two runs).
TEST(BoundedRun, ResumeRefusesFilesThatChangedSinceTheCheckpoint) {
  StoppedRun first;
  ASSERT_EQ(first.run("--t-end 0.3").exit_code, 0);
  ASSERT_TRUE(std::filesystem::exists(first.checkpoint));
  const std::string checkpoint_text = read_text(first.checkpoint), rows = read_text(first.out);
  // A second run with another step writes other rows to the same file.
  ASSERT_EQ(run_cli("run " + first.model + " -o " + first.out + " -q --t-end 0.4 --dt 5e-4").exit_code, 0);
  const auto refused = run_cli("resume " + first.checkpoint);
  EXPECT_EQ(refused.exit_code, 2) << refused.out;
  EXPECT_NE(refused.out.find("the results file '" + first.out + "' has changed since the checkpoint"),
            std::string::npos) << refused.out;
  // The same rows with one digit changed: refused; the rows as written: resumed.
  std::string edited = rows;
  const std::size_t digit = edited.find_first_of("123456789", edited.find('\n') + 1);
  edited[digit] = edited[digit] == '9' ? '8' : static_cast<char>(edited[digit] + 1);
  std::ofstream(first.out, std::ios::binary) << edited;
  EXPECT_EQ(run_cli("resume " + first.checkpoint).exit_code, 2);
  std::ofstream(first.out, std::ios::binary) << rows;
  const auto resumed = run_cli("resume " + first.checkpoint);
  EXPECT_EQ(resumed.exit_code, 0) << resumed.out;
  // The event log is checked as well.
  const std::string events = first.out.substr(0, first.out.size() - 4) + ".events.csv";
  std::ofstream(first.checkpoint, std::ios::binary) << checkpoint_text;
  std::ofstream(first.out, std::ios::binary) << rows;
  std::string log = read_text(events);
  ASSERT_GT(log.size(), 60u);
  log[log.find('\n') + 1] = 'x';
  std::ofstream(events, std::ios::binary) << log;
  const auto changed_log = run_cli("resume " + first.checkpoint);
  EXPECT_EQ(changed_log.exit_code, 2) << changed_log.out;
  EXPECT_NE(changed_log.out.find("the event log"), std::string::npos) << changed_log.out;
}

// Two resumes of one checkpoint at once would both cut the files back and append: the second is
// refused while the first holds the results file's lock.
TEST(BoundedRun, TwoResumesOfOneCheckpointCannotRunAtOnce) {
  StoppedRun run;
  // A long run at a small step, stopped (with a checkpoint where it stopped) after a second.
  ASSERT_EQ(run.run("--t-end 10 --dt 1e-5 --max-wall 1").exit_code, 4);
  const std::uintmax_t at_checkpoint = test::file_size(run.out);
  // A slow continuation: the same checkpoint, resumed with a long wall limit.
  test::Child first({"resume", run.checkpoint, "--max-wall", "60"}, run.dir.file("first.log"));
  ASSERT_TRUE(first.started());
  ASSERT_TRUE(test::wait_until([&] { return test::file_size(run.out) != at_checkpoint || !first.running(); }));
  if (first.running()) {
    const auto second = run_cli("resume " + run.checkpoint);
    EXPECT_EQ(second.exit_code, 3) << second.out;
    EXPECT_NE(second.out.find("another process is writing it"), std::string::npos) << second.out;
  }
  first.signal(SIGINT);
  first.wait();
}

// A 1 cm ball at 100 m/s passed through a fixed ball of radius 0.1 m at h = 1e-2 s without an event
// or a word. The scheme now says so, with the contact, the time and a step that catches it; with
// that step the impact is in the event log, and `tunnelling: error` stops the run instead.
TEST(BoundedRun, TimeSteppingSaysWhenAContactCanBeSteppedThrough) {
  test::TempDir dir;
  const std::string text =
      "bodies:\n  - {name: target, motion: fixed}\n"
      "  - {name: bullet, mass: 0.001, inertia: 1e-8, position: [-1, 0], velocity: [100, 0]}\n"
      "contacts:\n  - {name: hit, type: circle_circle, bodies: [target, bullet], centers: [[0, 0], [0, 0]],\n"
      "     radii: [0.1, 0.005], impact: {law: newton, e: 0.5}}\n"
      "simulation: {scheme: time-stepping, t_end: 0.02, output_interval: 0.01}\n";
  const std::string model = dir.write("bullet.yaml", text);
  const auto coarse = run_cli("run " + model + " -o " + dir.file("r.csv") + " --dt 1e-2");
  EXPECT_EQ(coarse.exit_code, 0) << coarse.out;
  EXPECT_NE(coarse.out.find("warning: contact 'hit' (bodies target and bullet) closes at 100 m/s at t = 0.01 s"),
            std::string::npos) << coarse.out;
  // The thinner shape is the bullet's 0.01 m: h <= 0.01 m / 100 m/s.
  EXPECT_NE(coarse.out.find("a step of at most 0.0001 s"), std::string::npos) << coarse.out;
  const auto fine = run_cli("run " + model + " -o " + dir.file("r.csv") + " --dt 5e-5");
  EXPECT_EQ(fine.exit_code, 0) << fine.out;
  EXPECT_EQ(fine.out.find("warning"), std::string::npos) << fine.out;
  EXPECT_NE(read_text(dir.file("r.events.csv")).find(",hit,impact,"), std::string::npos);
  const std::string strict = dir.write("strict.yaml", test::replace_all(text, "output_interval: 0.01}",
                                                                          "output_interval: 0.01,\n"
                                                                          "  time_stepping: {tunnelling: error}}"));
  const auto stopped = run_cli("run " + strict + " -o " + dir.file("s.csv") + " --dt 1e-2");
  EXPECT_EQ(stopped.exit_code, 1) << stopped.out;
  EXPECT_NE(stopped.out.find("contact 'hit'"), std::string::npos) << stopped.out;
}

// The same for shapes, which have no contact before the detection finds them within its margin: a
// 1 cm ball at 100 m/s fired at a plate 5 mm thick (h = 1e-2 s moves it 1 m a step) is reported with
// the pair, the time and the step that catches it: 5 mm / 100 m/s = 5e-5 s. At half that step (2.5 mm
// a step, half the plate) the ball is found in the plate and bounces back.
TEST(BoundedRun, TimeSteppingSaysWhenShapesCanBeSteppedThrough) {
  test::TempDir dir;
  const std::string text =
      "dimension: spatial\ngravity: [0, 0, 0]\n"
      "materials:\n  - {name: steel, density: 7800, impact: {law: newton, e: 0.5}}\n"
      "bodies:\n  - {name: wall, motion: fixed, shapes: [{name: plate, type: box, half_extents: [0.0025, 0.2, 0.2], "
      "material: steel}]}\n"
      "  - {name: bullet, position: [-1, 0, 0], velocity: [100, 0, 0],\n"
      "     shapes: [{name: ball, type: sphere, radius: 0.005, material: steel}]}\n"
      "simulation: {scheme: time-stepping, t_end: 0.02, output_interval: 0.01}\n";
  const std::string model = dir.write("bullet.yaml", text);
  const auto coarse = run_cli("run " + model + " -o " + dir.file("r.csv") + " --dt 1e-2");
  EXPECT_EQ(coarse.exit_code, 0) << coarse.out;
  EXPECT_NE(coarse.out.find("warning: shapes 'plate' and 'ball' (bodies wall and bullet) close at 100 m/s at t = 0.01 s: "
                            "1 m in a step of 0.01 s, more than the 0.005 m of 'plate'"),
            std::string::npos) << coarse.out;
  EXPECT_NE(coarse.out.find("a step of at most 5e-05 s"), std::string::npos) << coarse.out;
  // Through the plate without a contact: the ball ends beyond it, still at 100 m/s.
  const ResultTable through = read_result_table(dir.file("r.csv"));
  EXPECT_GT(through.column("bullet.x", "").back(), 0.5);
  const auto fine = run_cli("run " + model + " -o " + dir.file("f.csv") + " --dt 2.5e-5");
  EXPECT_EQ(fine.exit_code, 0) << fine.out;
  EXPECT_EQ(fine.out.find("warning"), std::string::npos) << fine.out;
  const ResultTable caught = read_result_table(dir.file("f.csv"));
  EXPECT_LT(caught.column("bullet.x", "").back(), 0.0);   // bounced back ...
  EXPECT_LT(caught.column("bullet.vx", "").back(), 0.0);  // ... and moving away
  const std::string strict = dir.write("strict.yaml", test::replace_all(text, "output_interval: 0.01}",
                                                                          "output_interval: 0.01,\n"
                                                                          "  time_stepping: {tunnelling: error}}"));
  const auto stopped = run_cli("run " + strict + " -o " + dir.file("s.csv") + " --dt 1e-2");
  EXPECT_EQ(stopped.exit_code, 1) << stopped.out;
  EXPECT_NE(stopped.out.find("shapes 'plate' and 'ball'"), std::string::npos) << stopped.out;
}

// Tables are read from regular files only, within their cap: /dev/zero (a 2.1 GB line) and a FIFO
// (which blocked for ever) are refused at the table's key.
TEST(BoundedRun, TablesAreReadFromRegularFilesOnly) {
  test::TempDir dir;
  const std::string fifo = dir.file("motion.csv");
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  for (const std::string& table : {std::string("/dev/zero"), fifo}) {
    const std::string model = dir.write(
        "m.yaml", "bodies:\n  - {name: table, motion: prescribed, x: {type: table, file: " + table +
                      "}, y: 0, angle: 0}\n  - {name: b, mass: 1, inertia: 1}\n");
    const auto r = run_cli("run " + model + " -o " + dir.file("r.csv"));
    EXPECT_EQ(r.exit_code, 2) << r.out;
    EXPECT_NE(r.out.find("bodies[0].x.file: the table '" + table + "'"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("from a regular file only"), std::string::npos) << r.out;
  }
  // Larger than its cap (a sparse file: no disk is used).
  const std::string big = dir.file("big.csv");
  std::filesystem::resize_file(dir.write("big.csv", "t,x\n"), 300ull << 20);
  const std::string model = dir.write(
      "m.yaml", "bodies:\n  - {name: table, motion: prescribed, x: {type: table, file: big.csv}, y: 0, angle: 0}\n"
                "  - {name: b, mass: 1, inertia: 1}\n");
  const auto r = run_cli("run " + model + " -o " + dir.file("r.csv"));
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("more than the 268 MB a table may hold"), std::string::npos) << r.out;
}

// Model files: a device and a file beyond the cap are refused with the cap; a pipe is read.
TEST(BoundedRun, ModelFilesAreReadWithinTheirCap) {
  test::TempDir dir;
  const auto zero = run_cli("run /dev/zero -o " + dir.file("r.csv"));
  EXPECT_EQ(zero.exit_code, 2) << zero.out;
  EXPECT_NE(zero.out.find("/dev/zero: is a device"), std::string::npos) << zero.out;
  std::filesystem::resize_file(dir.write("big.yaml", "name: m\n"), 17ull << 20);
  const auto big = run_cli("run " + dir.file("big.yaml") + " -o " + dir.file("r.csv"));
  EXPECT_EQ(big.exit_code, 2) << big.out;
  EXPECT_NE(big.out.find("more than the 16.8 MB a YAML file may hold"), std::string::npos) << big.out;
  const auto piped = test::run_command("cat " + source_path(kPendulum) + " | " + STICKSLIP_CLI + " run /dev/stdin -o " +
                                       dir.file("p.csv") + " --t-end 0.05 2>&1; exit $?");
  EXPECT_EQ(piped.exit_code, 0) << piped.out;
}

}  // namespace bounded_run_test
}  // namespace stickslip
