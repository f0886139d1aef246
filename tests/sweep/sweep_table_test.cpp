// Sweep tables and the local runner: rows in run order whatever the number of threads, a failed
// run recorded and the sweep going on, an interrupted sweep resumed with the runs still missing,
// a table of another sweep refused, and a table that cannot be written reported, never replaced by a
// part of itself.
#include "sweep/sweep_table.hpp"

#include <sys/resource.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "sweep/sweep_runner.hpp"
#include "sweep_support.hpp"

namespace stickslip {
namespace sweep_table_test {

using test::kMuTargets;
using test::read_text;

// Six runs; run 1 (μ = -0.2) is invalid and fails.
Sweep six_runs() {
  return Sweep::parse(test::sliding_block_sweep(
      std::string("parameters:\n  - name: mu\n    values: [0.3, -0.2, 0.25]\n") + kMuTargets +
          "  - {name: v0, path: bodies.block.velocity.0, values: [0.5, 1]}\n",
      "  - {name: stop, final: block.x}\n  - {first_event: stick, contact: left}\n  - {first_event: impact}\n"));
}

bool starts_with(const std::string& s, const std::string& prefix) { return s.rfind(prefix, 0) == 0; }

std::string complete_table(const Sweep& sweep, const std::string& path, int jobs) {
  SweepTable table(sweep, path, true);
  LocalSweepOptions options;
  options.jobs = jobs;
  const SweepOutcome outcome = run_sweep_local(sweep, table, options);
  EXPECT_TRUE(outcome.complete);
  EXPECT_EQ(outcome.runs, 6u);
  EXPECT_EQ(outcome.failed, 2u);
  return read_text(path);
}

TEST(SweepTable, RowsInRunOrderWhateverTheThreads) {
  test::TempDir dir;
  const Sweep sweep = six_runs();
  const std::string one = complete_table(sweep, dir.file("one.csv"), 1);
  const std::string two = complete_table(sweep, dir.file("two.csv"), 3);
  EXPECT_EQ(one, two);
  std::istringstream lines(one);
  std::string line;
  std::getline(lines, line);
  EXPECT_EQ(line, "run,mu,v0,stop,first_event.stick.left,first_event.impact,status,error");
  std::getline(lines, line);
  EXPECT_TRUE(starts_with(line, "0,0.3,0.5,0.042")) << line;
  EXPECT_EQ(line.substr(line.size() - 5), ",,ok,");  // no impact: an empty cell; no error
  std::getline(lines, line);
  std::getline(lines, line);  // run 2: μ = -0.2, the failed one; its error holds commas, so it is quoted
  EXPECT_TRUE(starts_with(line, "2,-0.2,0.5,,,,failed,\"/")) << line;
  EXPECT_NE(line.find("contacts[0].friction.mu_s"), std::string::npos) << line;
  int rows = 0;
  for (std::istringstream all(one); std::getline(all, line);) ++rows;
  EXPECT_EQ(rows, 7);
}

TEST(SweepTable, AnInterruptedSweepResumes) {
  test::TempDir dir;
  const Sweep sweep = six_runs();
  const std::string reference = complete_table(sweep, dir.file("reference.csv"), 2);
  const std::string path = dir.file("table.csv");
  {
    SweepTable table(sweep, path);
    EXPECT_EQ(table.pending().size(), 6u);
    table.record(sweep.run(4));
    table.record(sweep.run(2));
    EXPECT_FALSE(table.finish());  // incomplete: left as written
  }
  {  // an interruption in the middle of writing a row
    std::ofstream out(path, std::ios::app);
    out << "5,0.25,1,0.2";
  }
  SweepTable table(sweep, path);
  EXPECT_EQ(table.pending(), (std::vector<std::size_t>{0, 1, 3, 5}));
  EXPECT_EQ(table.done(), 2u);
  EXPECT_EQ(table.failed(), 1u);
  const SweepOutcome outcome = run_sweep_local(sweep, table);
  EXPECT_EQ(outcome.runs, 4u);
  EXPECT_TRUE(outcome.complete);
  EXPECT_EQ(read_text(path), reference);  // the same table as a sweep never interrupted
  // Complete: nothing left to do; retry_failed runs the failed ones again; restart all.
  EXPECT_TRUE(SweepTable(sweep, path).pending().empty());
  EXPECT_EQ(SweepTable(sweep, path, false, true).pending(), (std::vector<std::size_t>{2, 3}));
  EXPECT_EQ(SweepTable(sweep, path, true).pending().size(), 6u);
}

TEST(SweepTable, RefusesATableOfAnotherSweep) {
  test::TempDir dir;
  const Sweep sweep = six_runs();
  const std::string path = dir.file("table.csv");
  complete_table(sweep, path, 2);
  std::string text = read_text(path);
  const std::string original = text;
  text.replace(text.find("\n1,0.3,1,"), 9, "\n1,0.3,2,");  // run 1 with another v0
  {
    std::ofstream(path) << text;
  }
  try {
    SweepTable table(sweep, path);
    FAIL() << "accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(e.line(), 3);
    EXPECT_NE(e.message().find("run 1 has other parameter values"), std::string::npos) << e.what();
  }
  EXPECT_EQ(read_text(path), text);  // left alone
  {
    std::ofstream(path) << "time,x\n0,1\n";
  }
  EXPECT_THROW(SweepTable(sweep, path), InputError);
  EXPECT_EQ(SweepTable(sweep, path, true).pending().size(), 6u);  // restart overwrites
}

// While it lives, files of this process cannot grow beyond `bytes` (a quota, or a disk that fills):
// writes past it fail with EFBIG. SIGXFSZ, which would end the process, is ignored meanwhile. (A
// quota rather than /dev/full: the table is renamed into place, which would replace the device.)
class FileSizeLimit {
 public:
  explicit FileSizeLimit(rlim_t bytes) {
    getrlimit(RLIMIT_FSIZE, &saved_);
    previous_ = std::signal(SIGXFSZ, SIG_IGN);
    rlimit limited = saved_;
    limited.rlim_cur = bytes;
    setrlimit(RLIMIT_FSIZE, &limited);
  }
  ~FileSizeLimit() {
    setrlimit(RLIMIT_FSIZE, &saved_);
    std::signal(SIGXFSZ, previous_);
  }
  FileSizeLimit(const FileSizeLimit&) = delete;
  FileSizeLimit& operator=(const FileSizeLimit&) = delete;

 private:
  rlimit saved_{};
  void (*previous_)(int) = SIG_DFL;
};

TEST(SweepTable, AWriteThatFailsIsReportedAndLeavesWholeRows) {
  test::TempDir dir;
  const Sweep sweep = six_runs();
  const std::string path = dir.file("table.csv");
  SweepTable table(sweep, path);
  const std::string header = read_text(path);
  {
    const FileSizeLimit full(header.size() + 10);  // room for less than a row
    try {
      table.record(sweep.run(0));
      FAIL() << "a row that did not fit was reported written";
    } catch (const OutputError& e) {
      EXPECT_NE(std::string(e.what()).find("File too large"), std::string::npos) << e.what();
    }
  }
  EXPECT_EQ(read_text(path), header) << "the failed row must not stay in part";
}

TEST(SweepTable, ATableThatCannotBeRewrittenIsKept) {
  test::TempDir dir;
  const Sweep sweep = six_runs();
  const std::string path = dir.file("table.csv");
  const std::string complete = complete_table(sweep, path, 1);
  {
    // Reopening rewrites the table under a temporary name first: with no room, that fails, and
    // the table stays as it was, with no temporary file left beside it.
    const FileSizeLimit full(complete.size() / 2);
    EXPECT_THROW(SweepTable(sweep, path), OutputError);
  }
  EXPECT_EQ(read_text(path), complete);
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir.file("")), {}), 1);
}

TEST(SweepRunner, StopsWhenAsked) {
  test::TempDir dir;
  const Sweep sweep = six_runs();
  SweepTable table(sweep, dir.file("table.csv"));
  LocalSweepOptions options;
  options.jobs = 1;
  options.stop_requested = [] { return true; };  // at the first poll
  const SweepOutcome outcome = run_sweep_local(sweep, table, options);
  EXPECT_TRUE(outcome.interrupted);
  EXPECT_FALSE(outcome.complete);
  EXPECT_LT(outcome.runs, 6u);
  EXPECT_EQ(table.done(), outcome.runs);  // the runs under way were stopped, not recorded
}

}  // namespace sweep_table_test
}  // namespace stickslip
