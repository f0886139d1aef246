// Interrupted runs, with signals sent to a real `stickslip run` child process:
// - SIGINT and SIGTERM stop it cleanly: exit status 128 + signal, a message saying where, results and
//   event log ending on whole rows;
// - SIGKILL at any moment, then `stickslip resume CHECKPOINT`: the results and the event log equal
//   those of the uninterrupted run with the same options byte for byte, under each scheme (and in
//   the .npy format), on a planar and on a spatial model;
// - SIGKILL without a checkpoint: the results and the event log still end on whole rows.
#include <gtest/gtest.h>

#include <unistd.h>

#include <csignal>

#include "child_process.hpp"

namespace stickslip {
namespace interrupted_run_test {

using test::Child;
using test::file_size;
using test::read_text;
using test::source_path;
using test::wait_until;

// Every line has as many fields as the header, and the file ends with a newline; with `cut_allowed`,
// the last line may instead be cut where Linux stops a write on SIGKILL: between two pages of the
// file, so at a size that is a multiple of the page size. Returns whether the file was cut.
bool expect_whole_rows(const std::string& path, bool cut_allowed = false) {
  const std::string text = read_text(path);
  EXPECT_FALSE(text.empty()) << path;
  if (text.empty()) return false;
  const bool cut = text.back() != '\n';
  const auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  if (cut_allowed && cut)
    EXPECT_EQ(text.size() % page, 0u) << path << " ends inside a row, and not at a page boundary";
  else
    EXPECT_FALSE(cut) << path << " ends inside a row";
  const std::size_t whole = cut ? text.rfind('\n') + 1 : text.size();
  std::size_t fields = std::string::npos, start = 0, line = 1;
  while (start < whole) {
    const std::size_t end = text.find('\n', start);
    const std::string row = text.substr(start, end - start);
    const std::size_t n = static_cast<std::size_t>(std::count(row.begin(), row.end(), ',')) + 1;
    if (fields == std::string::npos) fields = n;
    EXPECT_EQ(n, fields) << path << ": line " << line;
    start = end + 1;
    ++line;
  }
  return cut;
}

// A run that takes minutes: rk4 at the paper's step on the rocking block.
std::vector<std::string> long_run(const std::string& out) {
  return {"run", source_path("examples/free_standing_body/case1_e-0.915.yaml"), "-o", out, "--t-end", "20",
          "--integrator", "rk4", "--dt", "1e-6", "--output-interval", "1e-4", "-q"};
}

class StopSignal : public ::testing::TestWithParam<int> {};

TEST_P(StopSignal, EndsCleanlyWithItsStatusAndWholeRows) {
  const int signo = GetParam();
  test::TempDir dir;
  const std::string out = dir.file("r.csv");
  Child child(long_run(out), dir.file("out.txt"));
  ASSERT_TRUE(child.started());
  // Once rows have reached the file (a block is written at least once a second).
  ASSERT_TRUE(wait_until([&] { return file_size(out) > 2000 || !child.running(); }));
  ASSERT_TRUE(child.running()) << read_text(dir.file("out.txt"));
  child.signal(signo);
  const int status = child.wait();
  ASSERT_TRUE(WIFEXITED(status)) << "ended by the signal instead of stopping";
  EXPECT_EQ(WEXITSTATUS(status), 128 + signo);
  const std::string said = read_text(dir.file("out.txt"));
  EXPECT_NE(said.find(std::string("stopped by ") + (signo == SIGINT ? "SIGINT" : "SIGTERM") + " at t = "),
            std::string::npos)
      << said;
  EXPECT_NE(said.find("wrote " + out), std::string::npos) << said;  // the summary
  expect_whole_rows(out);
  expect_whole_rows(dir.file("r.events.csv"));
}

INSTANTIATE_TEST_SUITE_P(Signals, StopSignal, ::testing::Values(SIGINT, SIGTERM),
                         [](const ::testing::TestParamInfo<int>& p) { return p.param == SIGINT ? "sigint" : "sigterm"; });

// SIGKILL cannot be caught: whatever was written must be whole rows, in the results and in the event
// log. Killed at three sizes, so the kill falls at different points of the writer's blocks. A block
// is one `write` call, which Linux may end between two pages when the kill lands inside it (the
// test polls the file's size, so it can see a block half copied and kill then: seen once in many
// runs), so one of the three results may end inside a row at a page boundary (docs/cli.md says so).
// A writer that ignored rows (a buffer flushed when full) would end inside a row nearly every time.
TEST(KilledRun, LeavesWholeRowsInTheResultsAndTheEventLog) {
  int cut = 0, log_cut = 0;
  // The sanitized command writes rows slower (the test took 15 s there with its last kill at 200 kB,
  // 2 s in Release): its last kill comes sooner, still blocks after the second.
  const auto last = static_cast<std::uintmax_t>(test::release_or_sanitized(200000, 60000));
  for (const std::uintmax_t size : {std::uintmax_t{2000}, std::uintmax_t{30000}, last}) {
    SCOPED_TRACE("killed after " + std::to_string(size) + " bytes");
    test::TempDir dir;
    const std::string out = dir.file("r.csv");
    Child child(long_run(out), dir.file("out.txt"));
    ASSERT_TRUE(child.started());
    ASSERT_TRUE(wait_until([&] { return file_size(out) > size || !child.running(); }));
    ASSERT_TRUE(child.running()) << read_text(dir.file("out.txt"));
    child.signal(SIGKILL);
    const int status = child.wait();
    ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
    cut += expect_whole_rows(out, true) ? 1 : 0;
    // The log's header is written when the log is created, so it is a log even before any event.
    // Its blocks are written the same way, so the same cut may (far more rarely) fall there.
    log_cut += expect_whole_rows(dir.file("r.events.csv"), true) ? 1 : 0;
  }
  EXPECT_LE(cut, 1) << "results ended inside a row after most kills";
  EXPECT_LE(log_cut, 1) << "the event log ended inside a row after most kills";
}

// Rows that come rarely still reach the file: the first row at once (with the header), later ones
// within about a second of wall time, not only when 64 KiB or 64 rows have gathered. Here one row per
// simulated second of a run at rk4's 1e-6 s step: seconds of computing between two rows. A run killed
// then leaves its header and whole rows, never an empty file.
TEST(KilledRun, EarlyRowsAreOnDiskBeforeAKill) {
  test::TempDir dir;
  const std::string out = dir.file("r.csv");
  std::vector<std::string> args = long_run(out);
  args[args.size() - 2] = "1";  // --output-interval 1: a row per simulated second
  Child child(args, dir.file("out.txt"));
  ASSERT_TRUE(child.started());
  const auto lines = [&] {
    const std::string text = read_text(out);
    return std::count(text.begin(), text.end(), '\n');
  };
  // The header and the row at t = 0 come at once; the limit only stops a broken writer's test.
  ASSERT_TRUE(wait_until([&] { return lines() >= 2 || !child.running(); }));
  ASSERT_TRUE(child.running()) << read_text(dir.file("out.txt"));
  child.signal(SIGKILL);
  const int status = child.wait();
  ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
  expect_whole_rows(out);
  EXPECT_GE(lines(), 2);
  EXPECT_EQ(read_text(out).substr(0, 2), "t,");
}

struct KillCase {
  const char* name;
  std::vector<std::string> args;  // after `run MODEL -o OUT`
  const char* model;
  const char* extension;
};

class KilledAndResumed : public ::testing::TestWithParam<KillCase> {};

TEST_P(KilledAndResumed, EqualsTheUninterruptedRun) {
  const KillCase& c = GetParam();
  test::TempDir dir;
  const std::string model = source_path(c.model);
  const auto run_args = [&](const std::string& out) {
    std::vector<std::string> a{"run", model, "-o", out, "-q"};
    a.insert(a.end(), c.args.begin(), c.args.end());
    return a;
  };
  const std::string reference = dir.file(std::string("reference.") + c.extension);
  {
    Child whole(run_args(reference), dir.file("reference.txt"));
    ASSERT_EQ(whole.wait(), 0) << read_text(dir.file("reference.txt"));
  }
  const std::string out = dir.file(std::string("killed.") + c.extension);
  const std::string checkpoint = dir.file("killed.checkpoint");
  {
    Child killed(run_args(out), dir.file("killed.txt"));
    // Killed as soon as its first checkpoint exists, at whatever point of writing it then is. If
    // it finished first, the resume still starts from its last checkpoint.
    ASSERT_TRUE(wait_until([&] { return std::filesystem::exists(checkpoint) || !killed.running(); }));
    killed.signal(SIGKILL);
    killed.wait();
  }
  ASSERT_TRUE(std::filesystem::exists(checkpoint)) << read_text(dir.file("killed.txt"));
  const auto resumed = test::run_cli("resume " + checkpoint + " -q");
  ASSERT_EQ(resumed.exit_code, 0) << resumed.out;
  EXPECT_TRUE(read_text(out) == read_text(reference)) << "results differ from the uninterrupted run";
  const std::string events = dir.file("killed.events.csv"), reference_events = dir.file("reference.events.csv");
  EXPECT_TRUE(read_text(events) == read_text(reference_events)) << "event logs differ";
}

// The two longest runs are shorter under the sanitizers (48 and 33 s of that pass otherwise; the
// spatial one still 25 s at 0.2 s): killed at their first checkpoint all the same, they resume
// through the same code.
std::string span(double release, double sanitized) { return std::to_string(test::release_or_sanitized(release, sanitized)); }

INSTANTIATE_TEST_SUITE_P(
    Schemes, KilledAndResumed,
    ::testing::Values(
        KillCase{"compliant", {"--scheme", "compliant", "--t-end", span(10, 3), "--output-interval", "1e-3",
                               "--checkpoint-every", "1"},
                 "examples/scheme_comparison/sliding_block.yaml", "csv"},
        KillCase{"event_driven_bdf", {"--t-end", "20", "--checkpoint-every", "2"},
                 "examples/free_standing_body/case1_e-0.915.yaml", "csv"},
        KillCase{"time_stepping", {"--scheme", "time-stepping", "--dt", "1e-5", "--t-end", "3", "--output-interval",
                                   "1e-3", "--checkpoint-every", "0.5"},
                 "examples/scheme_comparison/sliding_block.yaml", "csv"},
        KillCase{"time_stepping_npy", {"--scheme", "time-stepping", "--dt", "1e-5", "--t-end", "3",
                                       "--output-interval", "0", "--output-every", "7", "--checkpoint-every", "0.5"},
                 "examples/scheme_comparison/sliding_block.yaml", "npy"},
        // A spatial model: quaternions and the two-component LuGre bristles of the box's corners.
        KillCase{"spatial_compliant", {"--t-end", span(0.4, 0.1), "--checkpoint-every", span(0.1, 0.05)},
                 "examples/box_on_incline/box_on_incline.yaml", "csv"}),
    [](const ::testing::TestParamInfo<KillCase>& p) { return std::string(p.param.name); });

}  // namespace interrupted_run_test
}  // namespace stickslip
