// The files of one `stickslip run` or `resume`: the results (CSV or .npy), the event log and the
// contact points of shape contacts (in the results' format), created
// together when the scheme starts writing rows (after the model has passed every set-up check), with
// the lock that keeps a second writer out and the digests a checkpoint keeps of what was written
// (docs/cli.md, "Checkpoints").
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/signals.hpp"
#include "formulations/output.hpp"
#include "io/csv_writer.hpp"
#include "io/event_log_writer.hpp"
#include "io/npy_writer.hpp"
#include "io/output_file.hpp"
#include "math/snapshot.hpp"

namespace stickslip::app {

// The digest of a file's bytes [from, digested) (io/file_digest.hpp), brought up to date at each
// checkpoint with the bytes written since the last one, so that the whole costs one reading of the
// file over the run. Kept in the checkpoint as `<key>_digest`: the digest, from and the length.
struct FileDigest {
  std::uint64_t from = 0, digested = 0, hash = 0xcbf29ce484222325ULL;  // FNV-1a's start

  // The bytes [digested, to) of `path` join the digest; throws OutputError when they cannot be read.
  void extend(const std::string& path, std::uint64_t to);
  void save(Snapshot& s, const std::string& key) const;
  void restore(const Snapshot& s, const std::string& key);  // throws SnapshotError
  // What is wrong with `path` against the digest ("" when its bytes up to the length are the same).
  std::string check(const std::string& path, const char* what) const;
};

class ResultFiles final : public OutputSink {
 public:
  // Checks that the files can be written (OutputError) without creating them; resuming, keeps their
  // lengths and digests at the checkpoint (SnapshotError when the checkpoint's entries do not fit).
  ResultFiles(const std::string& path, const std::string& format, const std::string& events_path,
              const std::string& points_path, const Snapshot* checkpoint, SetUpWatch& setting_up);

  // Creates (or, resuming, cuts back) the files, under the results file's lock: the run starts
  // writing, and the set-up watch hands stop requests to the run loop.
  void begin(const std::vector<std::string>& columns) override;
  void write(const std::vector<double>& row) override { results().write(row); }
  void flush() override;
  // Rows and events reach the disk within about a second of wall time even when they come rarely.
  void flush_if_due();
  void end() override { end(false); }
  // `durable`: the files synced before they are closed (a stopped run that may be resumed).
  void end(bool durable);
  // flush(), and what is written so far to the disk: before a checkpoint that counts these bytes.
  void sync();

  CsvEventSink* events() { return events_sink_.get(); }
  bool begun() const { return npy_ ? npy_->begun() : csv_->begun(); }
  std::uint64_t results_bytes() const { return npy_ ? npy_->bytes() : csv_->bytes(); }
  std::uint64_t events_bytes() const { return events_sink_ ? events_sink_->bytes() : 0; }
  // The contact points' sink (the run loop begins, flushes and ends it), or null.
  OutputSink* points() { return points_npy_ ? static_cast<OutputSink*>(points_npy_.get()) : points_csv_.get(); }
  bool points_begun() const { return points_npy_ ? points_npy_->begun() : points_csv_ && points_csv_->begun(); }
  std::uint64_t points_bytes() const {
    return points_npy_ ? points_npy_->bytes() : points_csv_ ? points_csv_->bytes() : 0;
  }
  void end_points() {
    if (OutputSink* p = points()) p->end();
  }
  // Resuming: the lock is taken at once (the files exist), so that a second resume of the same
  // checkpoint is refused before it sets anything up (OutputError); then the files are compared
  // with what the run had written up to the checkpoint ("" when they are the same).
  void lock_now() { lock_.emplace(path_); }
  std::string changed_since_checkpoint() const;
  // At a checkpoint (the files flushed): the bytes written since the last one join the digests.
  void save_digests(Snapshot& s);
  // A refused model writes nothing: drop what was buffered (the files are removed).
  void discard();

 private:
  OutputSink& results() { return npy_ ? static_cast<OutputSink&>(*npy_) : *csv_; }
  SetUpWatch& setting_up_;
  std::string path_, events_path_, points_path_;
  bool npy_format_;
  std::optional<OutputLock> lock_;
  FileDigest results_, events_, points_;
  std::unique_ptr<CsvSink> csv_;
  std::unique_ptr<NpySink> npy_;
  std::unique_ptr<CsvEventSink> events_sink_;
  std::unique_ptr<CsvSink> points_csv_;
  std::unique_ptr<NpySink> points_npy_;
};

}  // namespace stickslip::app
