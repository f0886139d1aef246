// The event log as CSV: t,contact,event,from,to,vn_before,vn_after (one row per event; velocities
// empty when they do not apply). Flushed at every event so a failed run keeps its log. Like the
// results file, it is created only when the run starts (open()), not when the model is still checked.
#pragma once

#include <cstdio>
#include <string>

#include "formulations/event_log.hpp"

namespace stickslip {

class CsvEventSink final : public EventSink {
 public:
  explicit CsvEventSink(const std::string& path);  // checks it can be written; throws std::runtime_error
  ~CsvEventSink() override;
  CsvEventSink(const CsvEventSink&) = delete;
  CsvEventSink& operator=(const CsvEventSink&) = delete;
  void open();  // creates or truncates the file and writes the header (write() opens it too)
  void write(const EventRecord& e) override;
  long count() const { return count_; }
  bool opened() const { return file_ != nullptr; }

 private:
  std::string path_;
  std::FILE* file_ = nullptr;
  long count_ = 0;
};

// "results.csv" → "results.events.csv".
std::string event_log_path(const std::string& results_path);

}  // namespace stickslip
