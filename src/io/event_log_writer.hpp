// The event log as CSV: t,contact,event,from,to,vn_before,vn_after (one row per event; velocities
// empty when they do not apply). Flushed at every event so a failed run keeps its log.
#pragma once

#include <cstdio>
#include <string>

#include "formulations/event_log.hpp"

namespace stickslip {

class CsvEventSink final : public EventSink {
 public:
  explicit CsvEventSink(const std::string& path);  // throws std::runtime_error
  ~CsvEventSink() override;
  CsvEventSink(const CsvEventSink&) = delete;
  CsvEventSink& operator=(const CsvEventSink&) = delete;
  void write(const EventRecord& e) override;
  long count() const { return count_; }

 private:
  std::FILE* file_ = nullptr;
  long count_ = 0;
};

// "results.csv" → "results.events.csv".
std::string event_log_path(const std::string& results_path);

}  // namespace stickslip
