#include "io/event_log_writer.hpp"

#include <cmath>

#include "io/csv_writer.hpp"

namespace stickslip {

CsvEventSink::CsvEventSink(const std::string& path) : path_(path) { check_writable(path); }

CsvEventSink::CsvEventSink(const std::string& path, std::uint64_t bytes)
    : path_(path), resume_bytes_(bytes), resuming_(true) {
  check_writable(path);
}

void CsvEventSink::open() {
  if (opened()) return;
  if (resuming_) {
    out_.file().open_at(path_, resume_bytes_);
  } else {
    out_.file().create(path_);
    // The header goes out at once: a run killed before its first event leaves a log that reads
    // as one with no events, not an empty file that is no event log at all.
    out_.buffer() = "t,contact,event,from,to,vn_before,vn_after\n";
    out_.flush();
  }
}

CsvEventSink::~CsvEventSink() {
  try {
    out_.close();
  } catch (const OutputError&) {  // reported by close() when it matters; a destructor must not throw
  }
}

void CsvEventSink::write(const EventRecord& e) {
  open();
  std::string& line = out_.buffer();
  append_number(line, e.t);
  line += ',';
  line += e.contact;
  line += ',';
  line += e.kind;
  line += ',';
  line += contact_state_name(e.from);
  line += ',';
  line += contact_state_name(e.to);
  line += ',';
  if (!std::isnan(e.vn_before)) append_number(line, e.vn_before);
  line += ',';
  if (!std::isnan(e.vn_after)) append_number(line, e.vn_after);
  line += '\n';
  out_.record_done();
  ++count_;
}

std::string event_log_path(const std::string& results_path) {
  for (const std::string suffix : {".csv", ".npy"}) {
    if (results_path.size() > suffix.size() &&
        results_path.compare(results_path.size() - suffix.size(), suffix.size(), suffix) == 0) {
      return results_path.substr(0, results_path.size() - suffix.size()) + ".events.csv";
    }
  }
  return results_path + ".events.csv";
}

std::string contact_points_path(const std::string& results_path) {
  for (const std::string suffix : {".csv", ".npy"}) {
    if (results_path.size() > suffix.size() &&
        results_path.compare(results_path.size() - suffix.size(), suffix.size(), suffix) == 0) {
      return results_path.substr(0, results_path.size() - suffix.size()) + ".points" + suffix;
    }
  }
  return results_path + ".points.csv";
}

}  // namespace stickslip
