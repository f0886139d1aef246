#include "io/lcp_file.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace stickslip::io {
namespace lcp_file_test {

LcpFileResult parse(const std::string& text) {
  std::istringstream in(text);
  return read_lcp(in);
}

TEST(LcpFile, ReadsTheFormat) {
  const LcpFileResult r = parse("3\n1 2 3\n4\t5 6\n7 8 9.5e-1\n-1 +2 3\n");
  ASSERT_TRUE(r.ok) << r.error;
  Mat M(3, 3);
  M << 1, 2, 3, 4, 5, 6, 7, 8, 0.95;
  EXPECT_EQ(r.M, M);
  EXPECT_EQ(r.q, Vec3(-1, 2, 3));
}

TEST(LcpFile, ToleratesBlankLinesAndCrLf) {
  const LcpFileResult r = parse("\n2\r\n1 0\r\n\n0 1\r\n-1 -1\r\n\n\n");
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.q, Vec2(-1, -1));
}

struct Bad {
  std::string text;
  int line;
  std::string fragment;
};

void PrintTo(const Bad& b, std::ostream* os) { *os << "line " << b.line << ": " << b.fragment; }

class MalformedFile : public ::testing::TestWithParam<Bad> {};

TEST_P(MalformedFile, ReportsTheLine) {
  const Bad& b = GetParam();
  const LcpFileResult r = parse(b.text);
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.line, b.line) << r.error;
  EXPECT_NE(r.error.find("line " + std::to_string(b.line) + ":"), std::string::npos) << r.error;
  EXPECT_NE(r.error.find(b.fragment), std::string::npos) << r.error;
}

INSTANTIATE_TEST_SUITE_P(
    Cases, MalformedFile,
    ::testing::Values(Bad{"", 1, "found end of file"},                             // empty
                      Bad{"2\n1 2\n", 3, "row 2 of M"},                            // too few rows
                      Bad{"2\n1 2\n3 4\n", 4, "expected q"},                       // no q
                      Bad{"2\n1 2 3\n3 4\n1 1\n", 2, "has 3 numbers, expected 2"},  // long row
                      Bad{"2\n1 2\n3 x\n1 1\n", 3, "expected a number, got 'x'"},           // non-number
                      Bad{"2\n1 2\n3 4\n1 1,\n", 4, "expected a number, got '1,'"},         // junk suffix
                      Bad{"2\n1 nan\n3 4\n1 1\n", 2, "not finite: 'nan'"},          // NaN
                      Bad{"2\n1 2\n3 4\n-inf 1\n", 4, "not finite: '-inf'"},       // inf
                      Bad{"2\n1 2\n3 4\n1 1e999\n", 4, "'1e999' is out of range"},            // overflow
                      Bad{"x\n", 1, "size n"},                                      // bad n
                      Bad{"2.5\n", 1, "size n"},                                    // non-integer n
                      Bad{"0\n", 1, "out of range"},                                // n = 0
                      Bad{"-3\n", 1, "out of range"},                               // negative n
                      Bad{"2 2\n", 1, "size n"},                                    // two numbers
                      Bad{"3\n1 2\n3 4\n1 1\n", 2, "has 2 numbers, expected 3"},  // n larger than data
                      Bad{"1\n1\n1\n5\n", 4, "unexpected content after q"}));      // n smaller

TEST(LcpFile, MissingFileNamesTheFile) {
  const LcpFileResult r = read_lcp_file("/nonexistent/dir/problem.txt");
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.error.find("/nonexistent/dir/problem.txt"), std::string::npos);
}

}  // namespace lcp_file_test
}  // namespace stickslip::io
