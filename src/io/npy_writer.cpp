#include "io/npy_writer.hpp"

#include <bit>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace stickslip {

namespace {

// A Python string literal of a column name.
std::string quoted(const std::string& name) {
  std::string out = "'";
  for (char c : name) {
    if (c == '\\' || c == '\'') out += '\\';
    out += c;
  }
  return out + "'";
}

// Magic, version, header length and the dictionary padded to a multiple of 64 bytes.
std::string framed(std::string dict, bool ascii) {
  // Format 1.0 has a 2-byte header length and an ASCII header; 2.0 a 4-byte length; 3.0 UTF-8.
  const int major = !ascii ? 3 : dict.size() + 12 > 65535 ? 2 : 1;
  const std::size_t prefix = major == 1 ? 10 : 12;
  const std::size_t total = (prefix + dict.size() + 1 + 63) / 64 * 64;  // aligned to 64 bytes
  dict += std::string(total - prefix - dict.size() - 1, ' ') + '\n';
  std::string out = "\x93NUMPY";
  out += static_cast<char>(major);
  out += '\0';
  const std::uint32_t len = static_cast<std::uint32_t>(dict.size());
  out += static_cast<char>(len & 0xff);
  out += static_cast<char>((len >> 8) & 0xff);
  if (major > 1) {
    out += static_cast<char>((len >> 16) & 0xff);
    out += static_cast<char>((len >> 24) & 0xff);
  }
  return out + dict;
}

}  // namespace

std::string npy_columns_path(const std::string& results_path) {
  const std::filesystem::path p(results_path);
  const std::string ext = p.extension().string();
  const std::filesystem::path stem = ext == ".npy" || ext == ".csv" ? p.parent_path() / p.stem() : p;
  return stem.string() + ".columns.txt";
}

std::string npy_matrix_header(std::size_t columns, std::uint64_t rows) {
  const std::string count = std::to_string(rows);
  std::string dict = "{'descr': '<f8', 'fortran_order': False, 'shape': (" + count + ", " + std::to_string(columns) +
                     "), }";
  dict += std::string(20 - count.size(), ' ');  // room for any row count
  return framed(dict, true);
}

std::string npy_header(const std::vector<std::string>& columns, std::uint64_t rows) {
  std::string dict = "{'descr': [";
  bool ascii = true;
  for (std::size_t k = 0; k < columns.size(); ++k) {
    if (k) dict += ", ";
    dict += '(';  // appended piece by piece: GCC 12 warns falsely on "literal" + a temporary string
    dict += quoted(columns[k]);
    dict += ", '<f8')";
    for (unsigned char c : columns[k]) ascii &= c < 0x80;
  }
  const std::string count = std::to_string(rows);
  dict += "], 'fortran_order': False, 'shape': (" + count + ",), }";
  dict += std::string(20 - count.size(), ' ');  // room for any row count
  return framed(dict, ascii);
}

NpySink::NpySink(const std::string& path) : path_(path), columns_path_(npy_columns_path(path)) {
  check_writable(path);
  check_writable(columns_path_);
}

NpySink::NpySink(const std::string& path, std::uint64_t bytes)
    : path_(path), columns_path_(npy_columns_path(path)), resume_bytes_(bytes), resuming_(true) {
  check_writable(path);
}

NpySink::~NpySink() {
  try {
    out_.close();
  } catch (const OutputError&) {  // reported by end() when it matters; a destructor must not throw
  }
}

// Resuming: the names beside the results must be this run's columns, one per line.
void NpySink::check_resumed_columns() const {
  std::ifstream in(columns_path_);
  std::string line;
  std::vector<std::string> names;
  while (std::getline(in, line)) names.push_back(line);
  if (names != columns_)
    throw OutputError(columns_path_, "its column names are not the model's (are they the results of this run?)");
}

void NpySink::begin(const std::vector<std::string>& columns) {
  static_assert(std::endian::native == std::endian::little, "the .npy writer writes the machine's doubles as '<f8'");
  columns_ = columns;
  const std::string header = npy_matrix_header(columns.size(), 0);
  header_bytes_ = header.size();
  const std::uint64_t row_bytes = 8 * columns.size();
  if (resuming_) {
    check_resumed_columns();
    std::ifstream in(path_, std::ios::binary);
    std::string head(header.size(), '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    // The header it has is the one this run writes for the row count it states.
    const std::size_t shape = head.find("'shape': (");
    const bool same_header =
        in && shape != std::string::npos &&
        head == npy_matrix_header(columns.size(), std::strtoull(head.c_str() + shape + 10, nullptr, 10));
    if (!same_header || resume_bytes_ < header_bytes_ || (resume_bytes_ - header_bytes_) % row_bytes != 0) {
      throw OutputError(path_, "it is not the .npy results of this run (its header or size does not fit)");
    }
    out_.file().open_at(path_, resume_bytes_);
    rows_on_disk_ = (resume_bytes_ - header_bytes_) / row_bytes;
  } else {
    OutputFile names;
    names.create(columns_path_);
    std::string text;
    for (const std::string& c : columns) text += c + '\n';
    names.write(text);
    names.close();
    out_.file().create(path_);
    out_.file().write(header);
  }
  out_.on_block([this, row_bytes] {
    rows_on_disk_ = (out_.file().size() - header_bytes_) / row_bytes;
    update_count();
  });
  begun_ = true;
}

void NpySink::update_count() { out_.file().write_at(0, npy_matrix_header(columns_.size(), rows_on_disk_)); }

void NpySink::write(const std::vector<double>& row) {
  std::string& b = out_.buffer();
  const std::size_t at = b.size();
  b.resize(at + 8 * row.size());
  std::memcpy(b.data() + at, row.data(), 8 * row.size());
  out_.record_done();
}

}  // namespace stickslip
