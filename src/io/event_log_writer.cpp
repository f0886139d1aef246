#include "io/event_log_writer.hpp"

#include <cerrno>
#include <cmath>
#include <cstring>
#include <stdexcept>

#include "io/csv_writer.hpp"

namespace stickslip {

CsvEventSink::CsvEventSink(const std::string& path) : path_(path) { check_writable(path); }

void CsvEventSink::open() {
  if (file_) return;
  file_ = std::fopen(path_.c_str(), "w");
  if (!file_) throw std::runtime_error("cannot write '" + path_ + "': " + std::strerror(errno));
  std::fputs("t,contact,event,from,to,vn_before,vn_after\n", file_);
  std::fflush(file_);
}

CsvEventSink::~CsvEventSink() {
  if (file_) std::fclose(file_);
}

void CsvEventSink::write(const EventRecord& e) {
  open();
  std::string line;
  append_number(line, e.t);
  line += ',' + e.contact + ',' + e.kind + ',' + contact_state_name(e.from) + ',' + contact_state_name(e.to) + ',';
  if (!std::isnan(e.vn_before)) append_number(line, e.vn_before);
  line += ',';
  if (!std::isnan(e.vn_after)) append_number(line, e.vn_after);
  line += '\n';
  std::fputs(line.c_str(), file_);
  std::fflush(file_);
  ++count_;
}

std::string event_log_path(const std::string& results_path) {
  const std::string suffix = ".csv";
  if (results_path.size() > suffix.size() &&
      results_path.compare(results_path.size() - suffix.size(), suffix.size(), suffix) == 0) {
    return results_path.substr(0, results_path.size() - suffix.size()) + ".events.csv";
  }
  return results_path + ".events.csv";
}

}  // namespace stickslip
