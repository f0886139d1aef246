#include "app/result_files.hpp"

#include "io/checkpoint_file.hpp"
#include "io/file_digest.hpp"
#include "io/input_error.hpp"

namespace stickslip::app {

void FileDigest::extend(const std::string& path, std::uint64_t to) {
  try {
    if (to > digested) hash = digest_file_range(path, digested, to, hash);
  } catch (const InputError& e) {  // the file was cut or removed under the run
    throw OutputError(path, e.message());
  }
  digested = to;
}

void FileDigest::save(Snapshot& s, const std::string& key) const {
  s.put_integers(key + "_digest", {static_cast<std::int64_t>(hash), static_cast<std::int64_t>(from),
                                   static_cast<std::int64_t>(digested)});
}

void FileDigest::restore(const Snapshot& s, const std::string& key) {
  const auto& v = s.integers(key + "_digest", 3);
  if (v[1] < 0 || v[2] < v[1]) throw SnapshotError("checkpoint entry '" + key + "_digest' is out of range");
  hash = static_cast<std::uint64_t>(v[0]);
  from = static_cast<std::uint64_t>(v[1]);
  digested = static_cast<std::uint64_t>(v[2]);
}

std::string FileDigest::check(const std::string& path, const char* what) const {
  std::uint64_t now = 0;
  try {
    now = digest_file_range(path, from, digested, fnv1a64(""));
  } catch (const InputError& e) {
    return std::string("the ") + what + " " + e.what();
  }
  if (now == hash) return "";
  return std::string("the ") + what + " '" + path + "' has changed since the checkpoint was written: its first " +
         std::to_string(digested) + " bytes differ from those the run had written (did another run write to it?)";
}

namespace {

std::uint64_t bytes(const Snapshot& s, const char* key) {
  const std::int64_t n = s.integer(key);
  if (n < 0) throw SnapshotError(std::string("checkpoint entry '") + key + "' is negative");
  return static_cast<std::uint64_t>(n);
}

}  // namespace

ResultFiles::ResultFiles(const std::string& path, const std::string& format, const std::string& events_path,
                         const std::string& points_path, const Snapshot* checkpoint, SetUpWatch& setting_up)
    : setting_up_(setting_up), path_(path), events_path_(events_path), points_path_(points_path),
      npy_format_(format == "npy") {
  if (checkpoint && checkpoint->has("app.results_digest")) {  // absent in checkpoints written before it
    results_.restore(*checkpoint, "app.results");
    events_.restore(*checkpoint, "app.events");
    if (!points_path.empty()) points_.restore(*checkpoint, "app.points");
  }
  if (npy_format_) {
    npy_ = checkpoint ? std::make_unique<NpySink>(path, bytes(*checkpoint, "app.results_bytes"))
                      : std::make_unique<NpySink>(path);
  } else {
    csv_ = checkpoint ? std::make_unique<CsvSink>(path, bytes(*checkpoint, "app.results_bytes"))
                      : std::make_unique<CsvSink>(path);
  }
  if (!events_path.empty()) {
    events_sink_ = checkpoint ? std::make_unique<CsvEventSink>(events_path, bytes(*checkpoint, "app.events_bytes"))
                              : std::make_unique<CsvEventSink>(events_path);
  }
  if (!points_path.empty() && npy_format_) {
    points_npy_ = checkpoint ? std::make_unique<NpySink>(points_path, bytes(*checkpoint, "app.points_bytes"))
                             : std::make_unique<NpySink>(points_path);
  } else if (!points_path.empty()) {
    points_csv_ = checkpoint ? std::make_unique<CsvSink>(points_path, bytes(*checkpoint, "app.points_bytes"))
                             : std::make_unique<CsvSink>(points_path);
  }
}

void ResultFiles::begin(const std::vector<std::string>& columns) {
  setting_up_.end();
  if (!lock_) lock_.emplace(path_);  // before any file is created or cut back
  if (events_sink_) events_sink_->open();
  results().begin(columns);
}

void ResultFiles::flush() {
  results().flush();
  if (events_sink_) events_sink_->flush();
}

void ResultFiles::flush_if_due() {
  if (npy_) npy_->flush_if_due();
  if (csv_) csv_->flush_if_due();
  if (events_sink_) events_sink_->flush_if_due();
}

void ResultFiles::end(bool durable) {
  if (!durable) {
    results().end();
  } else if (npy_) {
    npy_->end_durably();
  } else {
    csv_->end_durably();
  }
  if (events_sink_) events_sink_->close(durable);
}

void ResultFiles::sync() {
  if (npy_) npy_->sync();
  if (csv_) csv_->sync();
  if (events_sink_) events_sink_->sync();
}

std::string ResultFiles::changed_since_checkpoint() const {
  std::string problem = results_.check(path_, "results file");
  if (problem.empty() && events_sink_) problem = events_.check(events_path_, "event log");
  if (problem.empty() && (points_npy_ || points_csv_) && points_.digested > 0) problem = points_.check(points_path_, "contact points file");
  return problem;
}

void ResultFiles::save_digests(Snapshot& s) {
  if (npy_format_ && results_.digested == 0) {  // the rows start after the header
    try {
      results_.from = results_.digested = npy_rows_offset(path_);
    } catch (const InputError& e) {
      throw OutputError(path_, e.message());
    }
  }
  results_.extend(path_, results_bytes());
  if (events_sink_) events_.extend(events_path_, events_bytes());
  results_.save(s, "app.results");
  events_.save(s, "app.events");
  if (points()) {
    if (points_npy_ && points_.digested == 0) {
      try {
        points_.from = points_.digested = npy_rows_offset(points_path_);
      } catch (const InputError& e) {
        throw OutputError(points_path_, e.message());
      }
    }
    points_.extend(points_path_, points_bytes());
    points_.save(s, "app.points");
  }
}

void ResultFiles::discard() {
  if (npy_) npy_->discard();
  if (csv_) csv_->discard();
  if (events_sink_) events_sink_->discard();
  if (points_npy_) points_npy_->discard();
  if (points_csv_) points_csv_->discard();
}

}  // namespace stickslip::app
