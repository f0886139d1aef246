#include "io/csv_writer.hpp"

#include <charconv>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <stdexcept>

namespace stickslip {

void append_number(std::string& out, double x) {
  char buf[32];
  const auto res = std::to_chars(buf, buf + sizeof buf, x);
  out.append(buf, res.ptr);
}

void check_writable(const std::string& path) {
  const bool existed = std::filesystem::exists(path);
  std::FILE* f = std::fopen(path.c_str(), "a");  // "a" neither truncates nor moves existing bytes
  if (!f) throw std::runtime_error("cannot write '" + path + "': " + std::strerror(errno));
  std::fclose(f);
  if (!existed) std::filesystem::remove(path);
}

CsvSink::CsvSink(const std::string& path) : path_(path) { check_writable(path); }

CsvSink::~CsvSink() { end(); }

void CsvSink::begin(const std::vector<std::string>& columns) {
  file_ = std::fopen(path_.c_str(), "w");
  if (!file_) throw std::runtime_error("cannot write '" + path_ + "': " + std::strerror(errno));
  begun_ = true;
  std::string line;
  for (std::size_t k = 0; k < columns.size(); ++k) {
    if (k) line += ',';
    line += columns[k];
  }
  line += '\n';
  std::fputs(line.c_str(), file_);
}

void CsvSink::write(const std::vector<double>& row) {
  if (!file_) throw std::logic_error("CsvSink::write before begin");
  std::string line;
  line.reserve(row.size() * 12);
  for (std::size_t k = 0; k < row.size(); ++k) {
    if (k) line += ',';
    append_number(line, row[k]);
  }
  line += '\n';
  if (std::fputs(line.c_str(), file_) < 0) throw std::runtime_error("cannot write '" + path_ + "'");
  if (++rows_ % 256 == 0) std::fflush(file_);
}

void CsvSink::end() {
  if (file_) {
    std::fclose(file_);
    file_ = nullptr;
  }
}

}  // namespace stickslip
