// A snapshot of a run: named arrays of numbers (and a few texts) that the parts of a run (integrator,
// scheme, run loop) save so that a run can continue from it bit for bit (checkpoints,
// docs/cli.md "Checkpoints"). Keys are dotted paths owned by the part that writes them
// ("integrator.h", "run.next_output"). Reals are kept as doubles, integers as 64-bit integers, so a
// snapshot written to a file exactly (io/checkpoint_file.hpp) restores the same bits.
#pragma once

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "math/types.hpp"

namespace stickslip {

// A snapshot that lacks a key or holds it with another type or size.
class SnapshotError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Snapshot {
 public:
  struct Entry {
    enum class Kind { reals, integers, text } kind = Kind::reals;
    std::vector<double> reals;
    std::vector<std::int64_t> integers;
    std::string text;
  };

  void put(const std::string& key, double x) { put_reals(key, {x}); }
  void put(const std::string& key, const Vec& v) { put_reals(key, std::vector<double>(v.data(), v.data() + v.size())); }
  void put_reals(const std::string& key, std::vector<double> values);
  void put_integer(const std::string& key, std::int64_t n) { put_integers(key, {n}); }
  void put_integers(const std::string& key, std::vector<std::int64_t> values);
  void put_text(const std::string& key, const std::string& text);
  template <class T>
  void put_enums(const std::string& key, const std::vector<T>& values) {
    std::vector<std::int64_t> n;
    n.reserve(values.size());
    for (const T& v : values) n.push_back(static_cast<std::int64_t>(v));
    put_integers(key, std::move(n));
  }

  bool has(const std::string& key) const { return entries_.count(key) != 0; }
  double real(const std::string& key) const;
  Vec vector(const std::string& key) const;
  const std::vector<double>& reals(const std::string& key) const;
  std::int64_t integer(const std::string& key) const;
  const std::vector<std::int64_t>& integers(const std::string& key) const;
  const std::string& text(const std::string& key) const;
  // Throws SnapshotError unless the array has `size` entries.
  const std::vector<double>& reals(const std::string& key, std::size_t size) const;
  const std::vector<std::int64_t>& integers(const std::string& key, std::size_t size) const;
  template <class T>
  std::vector<T> enums(const std::string& key, std::size_t size, std::int64_t lowest, std::int64_t highest) const {
    std::vector<T> out;
    for (std::int64_t n : integers(key, size)) {
      if (n < lowest || n > highest) throw SnapshotError("checkpoint entry '" + key + "' holds an out-of-range value");
      out.push_back(static_cast<T>(n));
    }
    return out;
  }

  const std::map<std::string, Entry>& entries() const { return entries_; }
  std::map<std::string, Entry>& entries() { return entries_; }

 private:
  const Entry& find(const std::string& key, Entry::Kind kind) const;
  std::map<std::string, Entry> entries_;
};

}  // namespace stickslip
