// The quantities a sweep keeps from every run (the `keep:` section of a sweep file): a value of an
// output column (its final value, its change, its maximum, minimum or largest magnitude), the time
// of the first event of a kind, whether a body overturned, summary figures (wall time, steps,
// contact events). They are gathered while the run streams its rows, so no run is held in memory.
#pragma once

#include <limits>
#include <string>
#include <vector>

#include "formulations/event_log.hpp"
#include "formulations/output.hpp"
#include "formulations/simulation.hpp"

namespace stickslip {

enum class QuantityKind {
  final,        // value of `column` in the last row
  change,       // last row minus first row
  max,          // over the output rows
  min,
  max_abs,
  first_event,  // time of the first event `event` (of `contact`, if given); empty when none
  overturned,   // 1 if the body's angle moved by `angle` or more from its initial angle at some row, else 0
  wall_time,    // [s]
  steps,        // accepted steps
  contact_events,
};

struct QuantitySpec {
  std::string name;    // column of the sweep table
  QuantityKind kind = QuantityKind::final;
  std::string column;  // output column (final ... max_abs); the body (overturned)
  std::string event;   // event kind (first_event): onset, impact, separation, detachment, stick, slip, reversal
  std::string contact; // first_event: only this contact's events ("" any)
  double angle = 1.5707963267948966;  // overturned: threshold [rad]
};

// The output columns the quantities read (`<body>.theta` for overturned); checked against a
// model's columns before a sweep starts.
std::vector<std::string> columns_read(const QuantitySpec& q);

// Follows one run: give it as the run's output sink and event sink, then read values().
class QuantityRecorder final : public OutputSink, public EventSink {
 public:
  // Events may come before the first row (the decisions at t_start).
  explicit QuantityRecorder(const std::vector<QuantitySpec>& specs) : specs_(specs), tracks_(specs.size()) {}
  void begin(const std::vector<std::string>& columns) override;  // throws std::invalid_argument for a missing column
  void write(const std::vector<double>& row) override;
  void end() override {}
  void write(const EventRecord& e) override;

  // One value per spec (NaN: no such event).
  std::vector<double> values(const SimulationSummary& summary) const;

 private:
  struct Track {
    int column = -1;
    double first = 0, last = 0, max = -std::numeric_limits<double>::infinity(),
           min = std::numeric_limits<double>::infinity(), max_abs = 0;
    bool overturned = false;
    double event_time = std::numeric_limits<double>::quiet_NaN();
  };
  const std::vector<QuantitySpec>& specs_;
  std::vector<Track> tracks_;
  long rows_ = 0;
};

}  // namespace stickslip
