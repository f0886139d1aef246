#include "io/checkpoint_file.hpp"

#include <charconv>
#include <cmath>
#include <fstream>
#include <sstream>

#include "io/input_error.hpp"
#include "io/input_file.hpp"
#include "io/output_file.hpp"

namespace stickslip {

namespace {

constexpr const char* kMagic = "stickslip-checkpoint 1\n";

void append_hex(std::string& out, double x) {
  if (std::isnan(x)) {
    out += std::signbit(x) ? "-nan" : "nan";
    return;
  }
  if (std::isinf(x)) {
    out += x < 0 ? "-inf" : "inf";
    return;
  }
  char buf[40];
  if (std::signbit(x)) out += '-';
  const auto r = std::to_chars(buf, buf + sizeof buf, std::abs(x), std::chars_format::hex);
  out += "0x";
  out.append(buf, r.ptr);
}

class Parser {
 public:
  Parser(const std::string& text, const std::string& file) : text_(text), file_(file) {}

  [[noreturn]] void fail(const std::string& what) const { throw InputError(file_, line_, 0, "", what); }
  bool at_end() const { return pos_ >= text_.size(); }
  std::string word() {
    const std::size_t end = text_.find_first_of(" \n", pos_);
    if (end == std::string::npos || end == pos_) fail("a checkpoint entry is cut short");
    std::string w = text_.substr(pos_, end - pos_);
    pos_ = end;
    return w;
  }
  void expect(char c) {
    if (pos_ >= text_.size() || text_[pos_] != c) fail(c == '\n' ? "expected the end of the line" : "expected a space");
    ++pos_;
    if (c == '\n') ++line_;
  }
  std::int64_t integer() {
    const std::string w = word();
    std::int64_t n = 0;
    const auto r = std::from_chars(w.data(), w.data() + w.size(), n);
    if (r.ec != std::errc() || r.ptr != w.data() + w.size()) fail("expected an integer, got '" + w + "'");
    return n;
  }
  std::size_t count() {
    const std::int64_t n = integer();
    if (n < 0 || static_cast<std::uint64_t>(n) > text_.size()) fail("an entry's count is out of range");
    return static_cast<std::size_t>(n);
  }
  double real() {
    std::string w = word();
    if (w == "nan" || w == "-nan") return std::copysign(NAN, w[0] == '-' ? -1.0 : 1.0);
    if (w == "inf") return INFINITY;
    if (w == "-inf") return -INFINITY;
    const bool negative = !w.empty() && w[0] == '-';
    const std::size_t at = negative ? 1 : 0;
    if (w.compare(at, 2, "0x") != 0) fail("expected a hexadecimal float, got '" + w + "'");
    double x = 0;
    const auto r = std::from_chars(w.data() + at + 2, w.data() + w.size(), x, std::chars_format::hex);
    if (r.ec != std::errc() || r.ptr != w.data() + w.size()) fail("expected a hexadecimal float, got '" + w + "'");
    return negative ? -x : x;
  }
  std::string bytes(std::size_t n) {
    if (text_.size() - pos_ < n) fail("a text entry is cut short");
    std::string s = text_.substr(pos_, n);
    for (char c : s) line_ += c == '\n';
    pos_ += n;
    return s;
  }
  std::size_t position() const { return pos_; }
  int line() const { return line_; }

 private:
  const std::string& text_;
  const std::string& file_;
  std::size_t pos_ = 0;
  int line_ = 1;
};

}  // namespace

std::uint64_t fnv1a64(std::string_view bytes, std::uint64_t h) {
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return h;
}

std::string checkpoint_text(const Snapshot& snapshot) {
  std::string out = kMagic;
  for (const auto& [key, e] : snapshot.entries()) {
    out += key;
    switch (e.kind) {
      case Snapshot::Entry::Kind::reals:
        out += " r " + std::to_string(e.reals.size());
        for (double x : e.reals) {
          out += ' ';
          append_hex(out, x);
        }
        break;
      case Snapshot::Entry::Kind::integers:
        out += " i " + std::to_string(e.integers.size());
        for (std::int64_t n : e.integers) out += ' ' + std::to_string(n);
        break;
      case Snapshot::Entry::Kind::text:
        out += " s " + std::to_string(e.text.size()) + ' ' + e.text;
        break;
    }
    out += '\n';
  }
  char digest[17];
  std::snprintf(digest, sizeof digest, "%016llx", static_cast<unsigned long long>(fnv1a64(out)));
  return out + "end " + std::to_string(snapshot.entries().size()) + ' ' + digest + '\n';
}

void write_checkpoint(const std::string& path, const Snapshot& snapshot) {
  write_file_atomically(path, checkpoint_text(snapshot));
}

Snapshot parse_checkpoint(const std::string& text, const std::string& file) {
  Parser p(text, file);
  if (text.compare(0, std::char_traits<char>::length(kMagic), kMagic) != 0) {
    throw InputError(file, 1, 0, "", "not a stickslip checkpoint (it does not start with 'stickslip-checkpoint 1')");
  }
  p.bytes(std::char_traits<char>::length(kMagic));
  Snapshot s;
  for (;;) {
    if (p.at_end()) p.fail("the checkpoint is cut short (no 'end' line)");
    const std::size_t line_start = p.position();
    const std::string key = p.word();
    p.expect(' ');
    if (key == "end") {
      const std::size_t n = p.count();
      p.expect(' ');
      const std::string digest = p.word();
      p.expect('\n');
      if (!p.at_end()) p.fail("text after the 'end' line");
      if (n != s.entries().size()) p.fail("the 'end' line counts " + std::to_string(n) + " entries, the file has " + std::to_string(s.entries().size()));
      char expected[17];
      std::snprintf(expected, sizeof expected, "%016llx",
                    static_cast<unsigned long long>(fnv1a64(text.substr(0, line_start))));
      if (digest != expected) p.fail("the checkpoint's digest does not match its contents (changed or damaged)");
      return s;
    }
    if (s.has(key)) p.fail("repeated entry '" + key + "'");
    const std::string kind = p.word();
    p.expect(' ');
    const std::size_t n = p.count();
    if (kind == "r") {
      std::vector<double> v;
      for (std::size_t k = 0; k < n; ++k) {
        p.expect(' ');
        v.push_back(p.real());
      }
      s.put_reals(key, std::move(v));
    } else if (kind == "i") {
      std::vector<std::int64_t> v;
      for (std::size_t k = 0; k < n; ++k) {
        p.expect(' ');
        v.push_back(p.integer());
      }
      s.put_integers(key, std::move(v));
    } else if (kind == "s") {
      p.expect(' ');
      s.put_text(key, p.bytes(n));
    } else {
      p.fail("unknown entry type '" + kind + "' (r, i or s)");
    }
    p.expect('\n');
  }
}

Snapshot read_checkpoint(const std::string& path) {
  return parse_checkpoint(read_input_text(path, kCheckpointFileLimit), path);
}

}  // namespace stickslip
