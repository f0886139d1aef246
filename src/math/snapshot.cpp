#include "math/snapshot.hpp"

namespace stickslip {

void Snapshot::put_reals(const std::string& key, std::vector<double> values) {
  Entry& e = entries_[key];
  e = Entry{};
  e.kind = Entry::Kind::reals;
  e.reals = std::move(values);
}

void Snapshot::put_integers(const std::string& key, std::vector<std::int64_t> values) {
  Entry& e = entries_[key];
  e = Entry{};
  e.kind = Entry::Kind::integers;
  e.integers = std::move(values);
}

void Snapshot::put_text(const std::string& key, const std::string& text) {
  Entry& e = entries_[key];
  e = Entry{};
  e.kind = Entry::Kind::text;
  e.text = text;
}

const Snapshot::Entry& Snapshot::find(const std::string& key, Entry::Kind kind) const {
  const auto it = entries_.find(key);
  if (it == entries_.end()) throw SnapshotError("checkpoint lacks '" + key + "'");
  if (it->second.kind != kind) throw SnapshotError("checkpoint entry '" + key + "' has the wrong type");
  return it->second;
}

const std::vector<double>& Snapshot::reals(const std::string& key) const { return find(key, Entry::Kind::reals).reals; }

const std::vector<double>& Snapshot::reals(const std::string& key, std::size_t size) const {
  const std::vector<double>& r = reals(key);
  if (r.size() != size) {
    throw SnapshotError("checkpoint entry '" + key + "' has " + std::to_string(r.size()) + " values, expected " +
                        std::to_string(size) + " (a checkpoint of another model?)");
  }
  return r;
}

double Snapshot::real(const std::string& key) const { return reals(key, 1)[0]; }

Vec Snapshot::vector(const std::string& key) const {
  const std::vector<double>& r = reals(key);
  return Eigen::Map<const Vec>(r.data(), static_cast<Eigen::Index>(r.size()));
}

const std::vector<std::int64_t>& Snapshot::integers(const std::string& key) const {
  return find(key, Entry::Kind::integers).integers;
}

const std::vector<std::int64_t>& Snapshot::integers(const std::string& key, std::size_t size) const {
  const std::vector<std::int64_t>& r = integers(key);
  if (r.size() != size) {
    throw SnapshotError("checkpoint entry '" + key + "' has " + std::to_string(r.size()) + " values, expected " +
                        std::to_string(size) + " (a checkpoint of another model?)");
  }
  return r;
}

std::int64_t Snapshot::integer(const std::string& key) const { return integers(key, 1)[0]; }

const std::string& Snapshot::text(const std::string& key) const { return find(key, Entry::Kind::text).text; }

}  // namespace stickslip
