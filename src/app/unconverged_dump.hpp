// `--dump-unconverged FOLDER`: each time-stepping contact problem left above the tolerance is written
// into FOLDER/step_N/ (io/contact_problem_writer.hpp), at most kLimit of them. A folder that cannot be
// written is reported once as a warning and the run goes on: the results matter more than the dump.
#pragma once

#include <functional>
#include <string>

#include "formulations/contact_problem_record.hpp"

namespace stickslip::app {

class UnconvergedDump {
 public:
  static constexpr long kLimit = 100;
  UnconvergedDump(std::string folder, std::function<void(const std::string&)> warn)
      : folder_(std::move(folder)), warn_(std::move(warn)) {}
  void write(const ContactProblemRecord& problem);
  // "wrote N contact problems ... to FOLDER" on stdout, when a folder was given.
  void print_summary() const;

 private:
  std::string folder_;
  std::function<void(const std::string&)> warn_;
  long written_ = 0, skipped_ = 0;
  bool failed_ = false;
};

}  // namespace stickslip::app
