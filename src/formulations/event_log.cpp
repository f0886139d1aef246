#include "formulations/event_log.hpp"

namespace stickslip {

const char* contact_state_name(ContactState s) {
  switch (s) {
    case ContactState::open: return "open";
    case ContactState::stick: return "stick";
    case ContactState::slip_positive: return "slip+";
    case ContactState::slip_negative: return "slip-";
  }
  return "?";
}

}  // namespace stickslip
