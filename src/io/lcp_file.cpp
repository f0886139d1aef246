// Reader of the plain-text LCP format (see lcp_file.hpp): line-oriented, strict about counts and
// numbers, and precise about where a malformed file goes wrong.
#include "io/lcp_file.hpp"

#include "io/input_error.hpp"
#include "io/input_file.hpp"
#include "io/number_text.hpp"

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>
#include <vector>

namespace stickslip::io {

namespace {

// Splits a line into white-space separated tokens.
std::vector<std::string> tokens_of(const std::string& line) {
  std::vector<std::string> out;
  std::istringstream s(line);
  for (std::string t; s >> t;) out.push_back(t);
  return out;
}

class Reader {
 public:
  explicit Reader(std::istream& in) : in_(in) {}

  // Next non-blank line's tokens; false at end of input.
  bool next(std::vector<std::string>& toks) {
    for (std::string line; std::getline(in_, line);) {
      ++line_;
      toks = tokens_of(line);
      if (!toks.empty()) return true;
    }
    ++line_;  // errors at end of file point just past the last line
    return false;
  }

  int line() const { return line_; }

 private:
  std::istream& in_;
  int line_ = 0;
};

LcpFileResult fail(int line, const std::string& what) {
  LcpFileResult r;
  r.line = line;
  r.error = "line " + std::to_string(line) + ": " + what;
  return r;
}

// Reads exactly n finite numbers from one line into out; `what` names the line ("row 2 of M").
bool read_numbers(Reader& reader, long n, const std::string& what, double* out, LcpFileResult& err) {
  std::vector<std::string> toks;
  if (!reader.next(toks)) {
    err = fail(reader.line(), "expected " + what + " (" + std::to_string(n) + " numbers), found end of file");
    return false;
  }
  if (static_cast<long>(toks.size()) != n) {
    err = fail(reader.line(), what + " has " + std::to_string(toks.size()) + " numbers, expected " +
                                  std::to_string(n));
    return false;
  }
  for (long j = 0; j < n; ++j) {
    const std::string& t = toks[static_cast<std::size_t>(j)];
    double v = 0.0;
    const NumberText read = parse_real(t, v);
    if (read != NumberText::ok) {
      err = fail(reader.line(), "entry " + std::to_string(j + 1) + " of " + what + ": " + number_text_problem(read, t));
      return false;
    }
    if (!std::isfinite(v)) {
      err = fail(reader.line(), "entry " + std::to_string(j + 1) + " of " + what + " is not finite: '" + t + "'");
      return false;
    }
    out[j] = v;
  }
  return true;
}

// The first line: a single integer n in [1, kMaxLcpFileSize].
bool read_size(Reader& reader, long& n, LcpFileResult& err) {
  std::vector<std::string> toks;
  if (!reader.next(toks)) {
    err = fail(reader.line(), "expected the size n, found end of file");
    return false;
  }
  const std::string& t = toks[0];
  const auto [ptr, ec] = std::from_chars(t.data(), t.data() + t.size(), n);
  if (toks.size() != 1 || ec != std::errc() || ptr != t.data() + t.size()) {
    err = fail(reader.line(), "the first line must hold only the size n (an integer), found '" +
                                  (toks.size() == 1 ? t : t + " ...") + "'");
    return false;
  }
  if (n < 1 || n > kMaxLcpFileSize) {
    err = fail(reader.line(), "size n = " + t + " out of range [1, " + std::to_string(kMaxLcpFileSize) + "]");
    return false;
  }
  return true;
}

}  // namespace

LcpFileResult read_lcp(std::istream& in) {
  Reader reader(in);
  LcpFileResult err;
  long n = 0;
  if (!read_size(reader, n, err)) return err;
  LcpFileResult r;
  r.size_line = reader.line();
  r.M.resize(n, n);
  r.q.resize(n);
  std::vector<double> row(static_cast<std::size_t>(n));
  for (long i = 0; i < n; ++i) {
    if (!read_numbers(reader, n, "row " + std::to_string(i + 1) + " of M", row.data(), err)) return err;
    for (long j = 0; j < n; ++j) r.M(i, j) = row[static_cast<std::size_t>(j)];
  }
  if (!read_numbers(reader, n, "q", r.q.data(), err)) return err;
  std::vector<std::string> toks;
  if (reader.next(toks))
    return fail(reader.line(), "unexpected content after q (the file has more rows than n = " +
                                   std::to_string(n) + " says)");
  r.ok = true;
  return r;
}

LcpFileResult read_lcp_file(const std::string& path) {
  std::string text;
  try {
    text = read_input_text(path, kLcpFileLimit);
  } catch (const InputError& e) {
    LcpFileResult r;
    r.error = e.what();  // names the file
    return r;
  }
  std::istringstream in(std::move(text));
  return read_lcp(in);
}

}  // namespace stickslip::io
