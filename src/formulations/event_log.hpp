// The event log every scheme writes beside its results: one record per change of a contact's state
// (onset, separation, impact, stick, slip, reversal), with the normal velocities around impacts.
#pragma once

#include <limits>
#include <string>
#include <vector>

namespace stickslip {

// Contact states, as written in the `<contact>.state` output column.
enum class ContactState { open = 0, stick = 1, slip_positive = 2, slip_negative = 3 };
const char* contact_state_name(ContactState s);  // "open", "stick", "slip+", "slip-"

struct EventRecord {
  double t = 0;
  std::string contact;  // the contact (or joint) whose state changed
  std::string kind;     // "onset", "separation", "impact", "stick", "slip", ...
  ContactState from = ContactState::open, to = ContactState::open;
  double vn_before = std::numeric_limits<double>::quiet_NaN();  // normal velocity before an impact
  double vn_after = std::numeric_limits<double>::quiet_NaN();   // and after it
};

class EventSink {
 public:
  virtual ~EventSink() = default;
  virtual void write(const EventRecord& e) = 0;
  virtual void flush() {}  // everything written so far reaches its destination
};

class MemoryEventSink final : public EventSink {
 public:
  void write(const EventRecord& e) override { events.push_back(e); }
  std::vector<EventRecord> events;
};

}  // namespace stickslip
