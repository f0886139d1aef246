#include "io/csv_writer.hpp"

#include <charconv>
#include <fstream>

namespace stickslip {

void append_number(std::string& out, double x) {
  char buf[32];
  const auto res = std::to_chars(buf, buf + sizeof buf, x);
  out.append(buf, res.ptr);
}

std::string csv_header(const std::vector<std::string>& columns) {
  std::string line;
  for (std::size_t k = 0; k < columns.size(); ++k) {
    if (k) line += ',';
    line += columns[k];
  }
  return line;
}

CsvSink::CsvSink(const std::string& path) : path_(path) { check_writable(path); }

CsvSink::CsvSink(const std::string& path, std::uint64_t bytes) : path_(path), resume_bytes_(bytes), resuming_(true) {
  check_writable(path);
}

CsvSink::~CsvSink() {
  try {
    out_.close();
  } catch (const OutputError&) {  // reported by end() when it matters; a destructor must not throw
  }
}

void CsvSink::begin(const std::vector<std::string>& columns) {
  const std::string header = csv_header(columns);
  if (resuming_) {
    std::ifstream in(path_);
    std::string first;
    if (!std::getline(in, first) || first != header) {
      throw OutputError(path_, "its header is not the model's columns (is it the results of this run?)");
    }
    out_.file().open_at(path_, resume_bytes_);
  } else {
    out_.file().create(path_);
    out_.buffer() = header + '\n';
  }
  begun_ = true;
}

// Straight into the block: room for the longest number (24 characters) and a separator per column
// is made once, the numbers are formatted in place, and the block is cut back to what they took.
void CsvSink::write(const std::vector<double>& row) {
  std::string& block = out_.buffer();
  const std::size_t at = block.size();
  block.resize(at + 25 * row.size() + 1);
  char* p = block.data() + at;
  char* const end = block.data() + block.size();
  for (std::size_t k = 0; k < row.size(); ++k) {
    if (k) *p++ = ',';
    p = std::to_chars(p, end, row[k]).ptr;
  }
  *p++ = '\n';
  block.resize(static_cast<std::size_t>(p - block.data()));
  out_.record_done();
}

}  // namespace stickslip
