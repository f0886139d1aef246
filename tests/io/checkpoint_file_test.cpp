// Checkpoint files (io/checkpoint_file.hpp): every bit of every double survives the text form, and
// a file that was cut, edited or is not a checkpoint is refused with its line.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

#include "../test_support.hpp"
#include "io/checkpoint_file.hpp"
#include "io/input_error.hpp"
#include "io/output_file.hpp"

namespace stickslip {
namespace checkpoint_file_test {

TEST(CheckpointFile, RoundTripsEveryBit) {
  const double denormal = std::numeric_limits<double>::denorm_min();
  const std::vector<double> reals{0.0, -0.0, 1.0 / 3.0, -1e-300, 1.7976931348623157e308, denormal,
                                  std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(),
                                  std::nan(""), 0.1};
  Snapshot s;
  s.put_reals("a.reals", reals);
  s.put_reals("a.empty", {});
  s.put_integers("b.integers", {0, -1, std::numeric_limits<std::int64_t>::max(), std::numeric_limits<std::int64_t>::min()});
  s.put_text("c.text", "a path with spaces\nand a newline ");
  s.put_text("c.empty", "");
  const Snapshot back = parse_checkpoint(checkpoint_text(s), "test");
  ASSERT_EQ(back.reals("a.reals").size(), reals.size());
  for (std::size_t k = 0; k < reals.size(); ++k) {
    if (std::isnan(reals[k])) {
      EXPECT_TRUE(std::isnan(back.reals("a.reals")[k]));
    } else {
      EXPECT_EQ(std::bit_cast<std::uint64_t>(back.reals("a.reals")[k]), std::bit_cast<std::uint64_t>(reals[k])) << k;
    }
  }
  EXPECT_TRUE(back.reals("a.empty").empty());
  EXPECT_EQ(back.integers("b.integers"), s.integers("b.integers"));
  EXPECT_EQ(back.text("c.text"), s.text("c.text"));
  EXPECT_EQ(back.text("c.empty"), "");
  EXPECT_EQ(checkpoint_text(back), checkpoint_text(s));
}

TEST(CheckpointFile, DamagedFilesAreRefusedWithTheirLine) {
  Snapshot s;
  s.put("x", 1.5);
  s.put_integer("n", 3);
  const std::string text = checkpoint_text(s);
  EXPECT_THROW(parse_checkpoint("stickslip results\n", "f"), InputError);
  EXPECT_THROW(parse_checkpoint(text.substr(0, text.size() - 5), "f"), InputError);  // cut short
  std::string edited = text;
  edited[edited.find("0x1.8p+0") + 2] = '2';  // 1.5 became 2.5: still a number, the digest no longer matches
  try {
    parse_checkpoint(edited, "f");
    FAIL() << "an edited checkpoint was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("digest"), std::string::npos) << e.what();
    EXPECT_GT(e.line(), 0);
  }
  EXPECT_THROW(parse_checkpoint(text + "extra\n", "f"), InputError);
}

TEST(CheckpointFile, IsReplacedAtomically) {
  test::TempDir dir;
  const std::string path = dir.file("c.checkpoint");
  Snapshot a, b;
  a.put("v", 1.0);
  b.put("v", 2.0);
  write_checkpoint(path, a);
  write_checkpoint(path, b);
  EXPECT_EQ(read_checkpoint(path).real("v"), 2.0);
  EXPECT_FALSE(std::filesystem::exists(path + ".tmp"));  // the temporary was renamed, not left behind
}

// The check at a run's start (an unwritable folder is an error before the first step) must not
// create the checkpoint's own name: a run killed right after it would leave an empty file there,
// which `stickslip resume` refuses (seen in Schemes/KilledAndResumed, killed at the first sight of
// the file).
TEST(CheckpointFile, WritabilityCheckCreatesNothingUnderItsName) {
  test::TempDir dir;
  const std::string path = dir.file("c.checkpoint");
  check_atomically_writable(path);
  EXPECT_FALSE(std::filesystem::exists(path));
  EXPECT_FALSE(std::filesystem::exists(path + ".tmp"));
  Snapshot a;
  a.put("v", 1.0);
  write_checkpoint(path, a);
  check_atomically_writable(path);  // an existing checkpoint is left as it is
  EXPECT_EQ(read_checkpoint(path).real("v"), 1.0);
  std::filesystem::create_directory(dir.file("a_folder"));
  EXPECT_THROW(check_atomically_writable(dir.file("a_folder")), OutputError);  // a rename cannot replace it
  try {
    check_atomically_writable(dir.file("no_such_folder/c.checkpoint"));
    ADD_FAILURE() << "a folder that does not exist was taken as writable";
  } catch (const OutputError& e) {
    EXPECT_NE(std::string(e.what()).find("no_such_folder/c.checkpoint"), std::string::npos) << e.what();
  }
}

}  // namespace checkpoint_file_test
}  // namespace stickslip
