// Runs the built `stickslip lcp` (STICKSLIP_CLI) on temporary files and checks its JSON output, its
// messages and its exit codes.
#include <gtest/gtest.h>

#include <array>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace lcp_command_test {

namespace fs = std::filesystem;

struct CliRun {
  int status = -1;
  std::string out, err;
};

class LcpCommand : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::temp_directory_path() / (std::string("stickslip_lcp_") + info->name() + "_" +
                                        std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string write(const std::string& name, const std::string& text) {
    const fs::path p = dir_ / name;
    std::ofstream(p) << text;
    return p.string();
  }

  CliRun run(const std::string& args) {
    const fs::path err = dir_ / "stderr.txt";
    const std::string cmd = std::string(STICKSLIP_CLI) + " lcp " + args + " 2>" + err.string();
    CliRun r;
    FILE* pipe = ::popen(cmd.c_str(), "r");
    if (!pipe) return r;
    std::array<char, 4096> buf{};
    for (std::size_t n; (n = std::fread(buf.data(), 1, buf.size(), pipe)) > 0;) r.out.append(buf.data(), n);
    const int st = ::pclose(pipe);
    r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    std::ifstream e(err);
    r.err.assign(std::istreambuf_iterator<char>(e), {});
    return r;
  }

  fs::path dir_;
};

// A minimal JSON reader for the command's one-line object: checks the syntax strictly and returns
// the top-level members as text (strings unquoted, numbers verbatim, arrays as their numbers) and
// the keys in the order they appear.
class Json {
 public:
  explicit Json(const std::string& s) : s_(s) {}
  bool object(std::map<std::string, std::string>& members, std::map<std::string, std::vector<double>>& arrays) {
    if (!eat('{')) return false;
    do {
      std::string key, value;
      if (!string(key) || !eat(':')) return false;
      keys.push_back(key);
      if (peek() == '"') {
        if (!string(value)) return false;
      } else if (peek() == '[') {
        if (!array(arrays[key])) return false;
        value = "[]";
      } else if (!number(value)) {
        return false;
      }
      members[key] = value;
    } while (eat(','));
    return eat('}') && pos_ == s_.size();
  }

 private:
  char peek() const { return pos_ < s_.size() ? s_[pos_] : '\0'; }
  bool eat(char c) {
    if (peek() != c) return false;
    ++pos_;
    return true;
  }
  bool string(std::string& out) {
    if (!eat('"')) return false;
    while (pos_ < s_.size() && s_[pos_] != '"') out += s_[pos_++];
    return eat('"');
  }
  bool number(std::string& out) {
    const std::size_t start = pos_;
    while (pos_ < s_.size() && (std::isdigit(static_cast<unsigned char>(s_[pos_])) ||
                                std::string("+-.eE").find(s_[pos_]) != std::string::npos))
      ++pos_;
    out = s_.substr(start, pos_ - start);
    if (out.empty()) return false;
    std::size_t used = 0;
    try {
      (void)std::stod(out, &used);
    } catch (...) {
      return false;
    }
    return used == out.size();
  }
  bool array(std::vector<double>& out) {
    if (!eat('[')) return false;
    if (eat(']')) return true;
    do {
      std::string v;
      if (!number(v)) return false;
      out.push_back(std::stod(v));
    } while (eat(','));
    return eat(']');
  }
  const std::string& s_;
  std::size_t pos_ = 0;

 public:
  std::vector<std::string> keys;
};

TEST_F(LcpCommand, GoodFileGivesOneLineOfJson) {
  // 2 z1 + z2 = 5, z1 + 2 z2 = 6: z = (4/3, 7/3).
  const std::string f = write("good.txt", "2\n2 1\n1 2\n-5 -6\n");
  for (const char* solver : {"lemke", "pgs", "fb", "smooth", "enum", "auto"}) {
    const CliRun r = run(f + " --solver " + solver + " --tol 1e-12");
    ASSERT_EQ(r.status, 0) << solver << ": " << r.err;
    ASSERT_EQ(r.out.back(), '\n');
    const std::string line = r.out.substr(0, r.out.size() - 1);
    EXPECT_EQ(line.find('\n'), std::string::npos);
    std::map<std::string, std::string> m;
    std::map<std::string, std::vector<double>> a;
    Json json(line);
    ASSERT_TRUE(json.object(m, a)) << line;
    // The specified keys in their order, then the added "selected".
    const std::vector<std::string> order{"n", "solver", "status", "iterations", "residual",
                                         "time_s", "z", "w", "selected"};
    EXPECT_EQ(json.keys, order) << line;
    EXPECT_EQ(m["n"], "2");
    EXPECT_EQ(m["solver"], solver);
    EXPECT_EQ(m["status"], "solved");
    EXPECT_EQ(m["selected"], std::string(solver) == "auto" ? "lemke" : solver);
    ASSERT_EQ(a["z"].size(), 2u);
    ASSERT_EQ(a["w"].size(), 2u);
    // --tol 1e-12 with |q| = 6: every solver is within ~1e-11 of the exact answer.
    EXPECT_NEAR(a["z"][0], 4.0 / 3.0, 1e-10) << solver;
    EXPECT_NEAR(a["z"][1], 7.0 / 3.0, 1e-10) << solver;
    EXPECT_LE(std::stod(m["residual"]), 6e-12) << solver;
  }
}

TEST_F(LcpCommand, PrintsFullPrecision) {
  // z = 1/3 exactly representable only to 17 significant digits: %.17g round-trips the double.
  const CliRun r = run(write("third.txt", "1\n3\n-1\n") + " --solver lemke");
  ASSERT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("\"z\":[0.33333333333333331]"), std::string::npos) << r.out;
}

// The issue's input, M = [[3, 0], [0, -1e30]], q = [2, -3]: w_2 = -1e30 z_2 - 3 < 0 for every
// z_2 >= 0, so there is no solution. It used to print `solved` with exit 0 beside a residual of
// about 1; no solver may call it solved now, and the exit status says so.
TEST_F(LcpCommand, TheIssuesInfeasibleProblemIsNotSolved) {
  const std::string f = write("issue.txt", "2\n3 0\n0 -1e30\n2 -3\n");
  for (const char* solver : {"lemke", "pgs", "fb", "smooth", "enum", "auto"}) {
    const CliRun r = run(f + " --solver " + solver);
    EXPECT_NE(r.status, 0) << solver << ": " << r.out << r.err;
    std::map<std::string, std::string> m;
    std::map<std::string, std::vector<double>> a;
    ASSERT_FALSE(r.out.empty()) << solver << ": " << r.err;
    ASSERT_TRUE(Json(r.out.substr(0, r.out.size() - 1)).object(m, a)) << r.out;
    EXPECT_NE(m["status"], "solved") << solver << ": " << r.out;
  }
}

// The 2x2 above with row 1 times 1e5 and row 2 times 1e-5 (same solution): Lemke must not stop on a
// basis that only looks feasible in the large row.
TEST_F(LcpCommand, BadlyScaledRowsAreSolved) {
  const CliRun r = run(write("scaled2.txt", "2\n2e5 1e5\n1e-5 2e-5\n-5e5 -6e-5\n") + " --solver lemke");
  ASSERT_EQ(r.status, 0) << r.out;
  std::map<std::string, std::string> m;
  std::map<std::string, std::vector<double>> a;
  ASSERT_TRUE(Json(r.out.substr(0, r.out.size() - 1)).object(m, a)) << r.out;
  EXPECT_EQ(m["status"], "solved");
  ASSERT_EQ(a["z"].size(), 2u);
  EXPECT_NEAR(a["z"][0], 4.0 / 3.0, 1e-12);  // exact pivoting on the balanced 2x2: a few ulps
  EXPECT_NEAR(a["z"][1], 7.0 / 3.0, 1e-12);
}

TEST_F(LcpCommand, NoSolutionExitsWithOneAndStillPrintsJson) {
  const CliRun r = run(write("ray.txt", "2\n1 -1\n-1 1\n-1 -1\n") + " --solver lemke");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("\"status\":\"ray_termination\""), std::string::npos) << r.out;
}

struct Malformed {
  const char* name;
  const char* text;
  int line;
};

void PrintTo(const Malformed& m, std::ostream* os) { *os << m.name; }

class LcpCommandMalformed : public LcpCommand, public ::testing::WithParamInterface<Malformed> {};

TEST_P(LcpCommandMalformed, ExitsWithTwoAndNamesTheLine) {
  const Malformed& c = GetParam();
  const std::string f = write(std::string(c.name) + ".txt", c.text);
  const CliRun r = run(f);
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
  EXPECT_NE(r.err.find(f), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("line " + std::to_string(c.line) + ":"), std::string::npos) << r.err;
}

INSTANTIATE_TEST_SUITE_P(Files, LcpCommandMalformed,
                         ::testing::Values(Malformed{"too_few_rows", "3\n1 0 0\n0 1 0\n", 4},
                                           Malformed{"non_number", "2\n1 0\n0 one\n-1 -1\n", 3},
                                           Malformed{"nan", "2\n1 0\n0 1\nNaN -1\n", 4},
                                           Malformed{"inf", "2\n1 inf\n0 1\n-1 -1\n", 2},
                                           Malformed{"overflow", "2\n1 0\n0 1\n-1 1e400\n", 4},
                                           Malformed{"wrong_n", "3\n1 0\n0 1\n-1 -1\n", 2},
                                           Malformed{"bad_n", "two\n1 0\n0 1\n-1 -1\n", 1}),
                         [](const auto& param_info) { return std::string(param_info.param.name); });

TEST_F(LcpCommand, MissingFileAndBadOptions) {
  const CliRun missing = run((dir_ / "absent.txt").string());
  EXPECT_EQ(missing.status, 2);
  EXPECT_NE(missing.err.find("absent.txt"), std::string::npos) << missing.err;
  const std::string f = write("ok.txt", "1\n1\n-1\n");
  EXPECT_EQ(run(f + " --solver simplex").status, 2);
  EXPECT_EQ(run(f + " --tol -1").status, 2);
  EXPECT_EQ(run(f + " --tol nan").status, 2);
  EXPECT_EQ(run(f + " --tol 1e999").status, 2);
}

// A number below the smallest double reads as zero, as strtod rounds it, rather than being refused.
TEST_F(LcpCommand, UnderflowReadsAsZero) {
  const CliRun r = run(write("tiny.txt", "2\n1 0\n0 1\n-1 1e-400\n"));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"z\":[1,0]"), std::string::npos) << r.out;
}

// Enumeration over 2^n bases is limited to n <= 10: a larger problem is refused before any output.
TEST_F(LcpCommand, EnumerationRefusesLargeProblems) {
  std::string text = "11\n";
  for (int i = 0; i < 11; ++i) {
    for (int j = 0; j < 11; ++j) text += (i == j ? "2 " : "0 ");
    text += "\n";
  }
  for (int j = 0; j < 11; ++j) text += "-1 ";
  const CliRun r = run(write("big.txt", text + "\n") + " --solver enum");
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(r.out.empty()) << r.out;
  EXPECT_NE(r.err.find("too large for --solver enum"), std::string::npos) << r.err;
}

}  // namespace lcp_command_test
