// The event log as CSV: t,contact,event,from,to,vn_before,vn_after (one row per event; velocities
// empty when they do not apply). Written like the results (io/block_writer.hpp): whole lines in
// blocks, at least once a second, at flush() and at close; every write checked. Like the results
// file, it is created only when the run starts (open()), not when the model is still checked.
#pragma once

#include <cstdint>
#include <string>

#include "formulations/event_log.hpp"
#include "io/block_writer.hpp"

namespace stickslip {

class CsvEventSink final : public EventSink {
 public:
  explicit CsvEventSink(const std::string& path);  // checks it can be written; throws OutputError
  // Resuming: open() keeps the file's first `bytes` bytes and writes after them.
  CsvEventSink(const std::string& path, std::uint64_t bytes);
  ~CsvEventSink() override;
  CsvEventSink(const CsvEventSink&) = delete;
  CsvEventSink& operator=(const CsvEventSink&) = delete;
  void open();  // creates or truncates the file and writes the header (write() opens it too)
  void write(const EventRecord& e) override;
  void flush() override { out_.flush(); }
  void flush_if_due() { out_.flush_if_due(); }  // between steps (io/block_writer.hpp)
  void close(bool durable = false) { out_.close(durable); }  // `durable`: synced first
  void sync() { out_.sync(); }  // flush(), and the lines to the disk
  long count() const { return count_; }
  bool opened() const { return out_.file().is_open(); }
  std::uint64_t bytes() const { return out_.bytes(); }
  void discard() { out_.discard(); }

 private:
  std::string path_;
  BlockWriter out_;
  std::uint64_t resume_bytes_ = 0;
  bool resuming_ = false;
  long count_ = 0;
};

// "results.csv" (or "results.npy") → "results.events.csv".
std::string event_log_path(const std::string& results_path);
// The contact points file beside the results (docs/cli.md): results.csv → results.points.csv,
// results.npy → results.points.npy (the results' format).
std::string contact_points_path(const std::string& results_path);

}  // namespace stickslip
