// .npy results: a 2-D float64 array whose header holds only the shape, whatever the number of columns
// (NumPy 1.24 and later refuse headers over 10 000 bytes by default), with the column names beside it
// in <stem>.columns.txt; a resumed run refuses names that are not its columns.
#include "io/npy_writer.hpp"

#include <gtest/gtest.h>

#include <cstring>

#include "../test_support.hpp"

namespace stickslip {
namespace npy_writer_test {

TEST(NpyResults, TheHeaderHoldsTheShapeOnlyWhateverTheColumns) {
  // Format 1.0: magic, version, a 2-byte length, the dictionary padded to 64 bytes, ending in '\n'.
  for (const std::size_t columns : {std::size_t{1}, std::size_t{24}, std::size_t{100000}}) {
    const std::string h = npy_matrix_header(columns, 0);
    EXPECT_EQ(h.size(), 128u) << columns;
    EXPECT_EQ(h.substr(0, 8), std::string("\x93NUMPY\x01\x00", 8));
    EXPECT_EQ(static_cast<std::size_t>(static_cast<unsigned char>(h[8]) | static_cast<unsigned char>(h[9]) << 8),
              h.size() - 10);
    EXPECT_NE(h.find("{'descr': '<f8', 'fortran_order': False, 'shape': (0, " + std::to_string(columns) + "), }"),
              std::string::npos)
        << h;
    EXPECT_EQ(h.back(), '\n');
    // The row count is rewritten in place after every block: its room does not move the data.
    EXPECT_EQ(npy_matrix_header(columns, 18446744073709551615ULL).size(), h.size());
  }
}

TEST(NpyResults, TheColumnNamesGoBesideTheResults) {
  EXPECT_EQ(npy_columns_path("out/r.npy"), "out/r.columns.txt");
  EXPECT_EQ(npy_columns_path("r.dat"), "r.dat.columns.txt");
  test::TempDir dir;
  const std::string path = dir.file("r.npy");
  {
    NpySink sink(path);
    sink.begin({"t", "bob.x"});
    sink.write({0.0, 1.5});
    sink.write({0.1, -2.25});
    sink.end();
  }
  EXPECT_EQ(test::read_text(dir.file("r.columns.txt")), "t\nbob.x\n");
  const std::string bytes = test::read_text(path);
  ASSERT_EQ(bytes.size(), 128u + 4 * 8);
  EXPECT_EQ(bytes.substr(0, 128), npy_matrix_header(2, 2));
  double values[4];
  std::memcpy(values, bytes.data() + 128, sizeof values);
  EXPECT_EQ(values[3], -2.25);
  // Resuming another run's results: names that are not this run's columns are refused by name.
  NpySink resumed(path, bytes.size());
  try {
    resumed.begin({"t", "bob.y"});
    FAIL() << "resumed with other columns";
  } catch (const OutputError& e) {
    EXPECT_NE(std::string(e.what()).find("r.columns.txt"), std::string::npos) << e.what();
  }
}

}  // namespace npy_writer_test
}  // namespace stickslip
