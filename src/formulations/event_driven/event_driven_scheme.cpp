// The event-driven scheme (Pfeiffer & Glocker 1996; Zhang & Wang 2017, fig. 3): smooth phases with
// fixed contact modes integrated by RK4, DOPRI5 or BDF; the event functions (formulations/
// event_functions.hpp) are watched on every step and located on the dense output; at an event the
// contact structure is decided anew (formulations/event_driven/event_settle.hpp: impacts by the impulse LCP, modes
// by the acceleration LCP), the active constraints are projected, and integration restarts from the
// event.
#include <chrono>
#include <limits>
#include <cmath>
#include <sstream>

#include "assembly/body_kinematics.hpp"
#include "assembly/contact_kinematics.hpp"
#include "formulations/event_driven/event_functions.hpp"
#include "formulations/event_driven/event_settle.hpp"
#include "formulations/initial_state.hpp"
#include "formulations/event_driven/modal_projection.hpp"
#include "formulations/observer.hpp"
#include "formulations/simulation.hpp"
#include "math/errors.hpp"
#include "math/root_finding.hpp"

namespace stickslip {
namespace {

constexpr int kMaxEventsAtOneInstant = 200;

class EventDrivenSystem final : public OdeSystem {
 public:
  EventDrivenSystem(const Model& model, const SimulationOptions& options)
      : model_(model), dyn_(model, options), state_(initial_state(model, options.t_start)) {}
  int dimension() const override { return model_.nq + model_.nv; }
  void derivative(double t, const Vec& y, Vec& dydt) override {
    if (!y.allFinite()) throw NumericalError(t, "state", "the state is NaN or infinite");
    evaluate(t, y);
    dydt.head(model_.nq) = state_.v;
    dydt.tail(model_.nv) = dyn_.workspace().qdd;
  }
  void evaluate(double t, const Vec& y) {
    unpack(t, y, state_);
    dyn_.evaluate(state_);
  }
  double max_step(double t, const Vec& y) override {
    evaluate(t, y);
    double h = std::numeric_limits<double>::infinity();
    for (std::size_t k = 0; k < model_.contacts.size(); ++k) {
      if (dyn_.modes()[k] != ContactState::open) continue;
      h = std::min(h, closing_step_cap(model_.contacts[k], dyn_.workspace().contacts[k]));
    }
    return h;
  }
  void unpack(double t, const Vec& y, State& s) const {
    s.t = t;
    s.q = y.head(model_.nq);
    s.v = y.tail(model_.nv);
  }
  void pack(const State& s, Vec& y) const {
    y.resize(dimension());
    y.head(model_.nq) = s.q;
    y.tail(model_.nv) = s.v;
  }
  ModalDynamics& dyn() { return dyn_; }
  const State& state() const { return state_; }

 private:
  const Model& model_;
  ModalDynamics dyn_;
  State state_;
};

class EventDrivenRun {
 public:
  EventDrivenRun(const Model& model, const SimulationOptions& options, OutputSink& sink,
                 const SimulationCallbacks& cb, EventSink* events)
      : model_(model), opt_(options), sink_(sink), cb_(cb), events_(events), sys_(model, options), observer_(model),
        settler_(model, options, events, [this](const std::string& m) { warn(m); }), projection_(model) {}
  SimulationSummary run();

 private:
  void check_model();
  void warn(const std::string& m) {
    summary_.warnings.push_back(m);
    if (cb_.warning) cb_.warning(m);
  }
  void write_row(double t, const Vec& y);
  void write_outputs(const Integrator& integ, double t_until);
  void settle(double t, Vec& y, const std::vector<int>& triggered);
  double coincidence_band(const EventFunction& e) const {
    return stickslip::coincidence_band(e.kind, opt_.integrator_options.rtol, force_scale_);
  }
  void arm(double t, const Vec& y);
  bool find_event(const Integrator& integ, double& t_event, std::vector<int>& triggered);

  const Model& model_;
  const SimulationOptions& opt_;
  OutputSink& sink_;
  const SimulationCallbacks& cb_;
  EventSink* events_;
  EventDrivenSystem sys_;
  Observer observer_;
  EventSettler settler_;
  ModalProjection projection_;
  std::vector<EventFunction> functions_;
  std::vector<char> armed_;
  std::vector<double> row_;
  Vec y_out_;
  long next_output_ = 1;
  SimulationSummary summary_;
  double last_event_t_ = NAN;
  double force_scale_ = 1.0;  // Σ m |g| + 1 N: the size of contact forces, for tolerances
  bool immediate_ = false;    // the located event sits at the start of its phase
  int events_at_instant_ = 0;
};

void EventDrivenRun::write_row(double t, const Vec& y) {
  sys_.evaluate(t, y);
  const ModalDynamics& dyn = sys_.dyn();
  observer_.record(sys_.state(), dyn.workspace(), row_, dyn.modes().data());
  sink_.write(row_);
  ++summary_.output_rows;
  summary_.max_drift = std::max(summary_.max_drift, dyn.workspace().phi.norm());
  summary_.max_velocity_drift = std::max(summary_.max_velocity_drift, dyn.workspace().phi_dot.norm());
}

void EventDrivenRun::write_outputs(const Integrator& integ, double t_until) {
  const double dt = opt_.output_interval;
  if (dt <= 0) {
    integ.interpolate(t_until, y_out_);
    write_row(t_until, y_out_);
    return;
  }
  const double slack = 1e-9 * dt;
  for (;;) {
    const double t_out = opt_.t_start + static_cast<double>(next_output_) * dt;
    if (t_out > t_until + slack || t_out > opt_.t_end + slack) break;
    integ.interpolate(std::min(t_out, t_until), y_out_);
    write_row(t_out, y_out_);
    ++next_output_;
  }
}

// At an event (or the start): the contact structure is settled, then the active constraints are
// projected.
void EventDrivenRun::settle(double t, Vec& y, const std::vector<int>& triggered) {
  State s;
  sys_.unpack(t, y, s);
  settler_.settle(sys_.dyn(), s, triggered, immediate_);
  projection_.project(sys_.dyn(), s, settler_.slip_starts());
  sys_.pack(s, y);
}

// Closings are always watched (a contact that has just rebounded starts at g_N = 0 and leaves);
// the other functions only when they start positive.
void EventDrivenRun::arm(double t, const Vec& y) {
  functions_ = event_functions(sys_.dyn());
  sys_.evaluate(t, y);
  armed_.assign(functions_.size(), 0);
  for (std::size_t i = 0; i < functions_.size(); ++i) {
    armed_[i] = functions_[i].kind == EventFunction::closing || event_value(functions_[i], sys_.dyn()) > 0;
  }
}

// Earliest armed event function that crossed zero in the last step (located to the event tolerance).
bool EventDrivenRun::find_event(const Integrator& integ, double& t_event, std::vector<int>& triggered) {
  const double t0 = integ.t_previous(), t1 = integ.t();
  sys_.evaluate(t1, integ.y());
  std::vector<double> end(functions_.size());
  bool any = false;
  for (std::size_t i = 0; i < functions_.size(); ++i) {
    end[i] = event_value(functions_[i], sys_.dyn());
    if (!armed_[i] && end[i] > 0) armed_[i] = 1;  // a function that recovered is watched again
    // A function left unwatched at a degenerate start still fires when it is clearly violated.
    if (!armed_[i] && end[i] < -violation_tolerance(functions_[i].kind, force_scale_)) armed_[i] = 1;
    if (armed_[i] && end[i] <= 0) any = true;
  }
  if (!any) return false;
  Vec y;
  triggered.assign(model_.contacts.size(), -1);
  std::vector<double> roots(functions_.size(), INFINITY);
  double first = INFINITY;
  for (std::size_t i = 0; i < functions_.size(); ++i) {
    if (!armed_[i] || end[i] > 0) continue;
    const auto f = [&](double t) {
      integ.interpolate(t, y);
      sys_.evaluate(t, y);
      return event_value(functions_[i], sys_.dyn());
    };
    // Bracket the first crossing: scan the step when the function starts at (or below) zero, as a
    // contact does right after a rebound.
    double a = t0, fa = f(t0);
    if (fa <= 0) {
      constexpr int kScan = 16;
      for (int j = 1; j < kScan; ++j) {
        const double tj = t0 + (t1 - t0) * j / kScan, fj = f(tj);
        if (fj > 0) {
          a = tj;
          fa = fj;
        } else if (a > t0) {
          break;
        }
      }
    }
    // A rigid contact left open at a penetration (drift, when the mode LCP opens it) approaches only
    // where it goes deeper than it started, by the touching tolerance: located there, not at t0.
    double shift = 0;
    if (a == t0 && fa <= 0 && functions_[i].kind == EventFunction::closing &&
        !model_.contacts[static_cast<std::size_t>(functions_[i].contact)].compliant()) {
      shift = fa - kTouchingGap;
      if (end[i] > shift) continue;
    }
    const auto g = [&](double t) { return f(t) - shift; };
    const RootResult r = find_root(g, a, t1, std::max(fa - shift, 0.0), end[i] - shift, opt_.event_driven.event_tolerance);
    roots[i] = r.bracketed ? r.upper : a;
    first = std::min(first, roots[i]);
  }
  if (!std::isfinite(first)) return false;
  // Events within a short window of the first are one event: symmetric contacts (two legs landing
  // together) change together instead of in an order set by rounding.
  const double window = std::max(1e-9, 100 * opt_.event_driven.event_tolerance);
  t_event = first;
  for (std::size_t i = 0; i < functions_.size(); ++i) {
    if (roots[i] > first + window) continue;
    t_event = std::max(t_event, roots[i]);
    int& kind = triggered[static_cast<std::size_t>(functions_[i].contact)];
    if (kind < 0) kind = functions_[i].kind;
  }
  // Other contacts sitting on the same boundary (within rounding, e.g. the mirror image of the
  // triggering contact) change with it, so symmetric systems stay symmetric.
  integ.interpolate(t_event, y);
  sys_.evaluate(t_event, y);
  for (std::size_t i = 0; i < functions_.size(); ++i) {
    int& kind = triggered[static_cast<std::size_t>(functions_[i].contact)];
    if (kind < 0 && std::abs(event_value(functions_[i], sys_.dyn())) <= coincidence_band(functions_[i])) {
      kind = functions_[i].kind;
    }
  }
  // A function that is zero where the phase starts and negative right after means the mode the last
  // decision chose is left at once: the decision was made on a degenerate boundary.
  immediate_ = t_event <= t0 + 2 * opt_.event_driven.event_tolerance;
  return true;
}

// What the event-driven scheme models: joints without friction, contacts whose friction is Coulomb's
// (other laws act through their μ_s, μ_k, with a warning) and has no internal state.
void EventDrivenRun::check_model() {
  for (std::size_t k = 0; k < model_.joints.size(); ++k) {
    if (model_.joints[k].friction) {
      throw ModelError("joints[" + std::to_string(k) + "].friction",
                       "joint '" + model_.joints[k].name +
                           "' has friction, which the event-driven scheme does not model; use the compliant scheme");
    }
  }
  for (std::size_t k = 0; k < model_.contacts.size(); ++k) {
    const Contact& c = model_.contacts[k];
    if (!c.friction) continue;
    const std::string law(c.friction->name());
    if (c.friction->state_size() > 0) {
      throw ModelError("contacts[" + std::to_string(k) + "].friction",
                       "contact '" + c.name + "': friction law '" + law +
                           "' has an internal state, which the event-driven scheme does not integrate; use 'coulomb' "
                           "or the compliant scheme");
    }
    if (!c.friction->set_valued()) {
      warn("contact '" + c.name + "': friction law '" + law + "' is applied as Coulomb's set-valued law with mu_s = " +
           std::to_string(c.friction->static_coefficient()) + ", mu_k = " +
           std::to_string(c.friction->kinetic_coefficient()) + " by the event-driven scheme");
    }
  }
}

SimulationSummary EventDrivenRun::run() {
  const auto start = std::chrono::steady_clock::now();
  check_model();
  for (const Body& b : model_.bodies) {
    if (b.is_dynamic()) force_scale_ += b.mass * model_.gravity.norm();
  }
  settler_.set_force_scale(force_scale_);
  auto integ = make_integrator(opt_.integrator, opt_.integrator_options);
  const bool fixed_step = opt_.integrator == "rk4";
  State s0 = assembled_initial_state(model_, opt_, sys_.dyn().workspace(), [this](const std::string& m) { warn(m); });
  Vec y;
  sys_.pack(s0, y);
  sink_.begin(observer_.columns());
  immediate_ = false;
  settle(opt_.t_start, y, std::vector<int>(model_.contacts.size(), -1));
  integ->reset(sys_, opt_.t_start, y);
  arm(opt_.t_start, y);
  write_row(opt_.t_start, y);
  long step = 0;
  try {
    while (integ->t() < opt_.t_end) {
      double t_limit = opt_.t_end;
      if (fixed_step && opt_.output_interval > 0) {
        t_limit = std::min(t_limit, opt_.t_start + static_cast<double>(next_output_) * opt_.output_interval);
      }
      integ->step(sys_, t_limit);
      ++step;
      double t_event = 0;
      std::vector<int> triggered;
      if (find_event(*integ, t_event, triggered)) {
        if (t_event == last_event_t_ && ++events_at_instant_ > kMaxEventsAtOneInstant) {
          throw NumericalError(t_event, "contacts", "the contact modes do not settle (chattering at one instant)");
        }
        if (t_event != last_event_t_) events_at_instant_ = 0;
        last_event_t_ = t_event;
        write_outputs(*integ, t_event);
        integ->interpolate(t_event, y);
        settle(t_event, y, triggered);
        integ->restart(sys_, t_event, y);
        arm(t_event, y);
        continue;
      }
      write_outputs(*integ, integ->t());
      if (opt_.projection) {
        y = integ->y();
        State s;
        sys_.unpack(integ->t(), y, s);
        projection_.project(sys_.dyn(), s, {}, opt_.projection_tolerance);
        sys_.pack(s, y);
        integ->set_state(sys_, y);
      }
      if (cb_.progress) cb_.progress(integ->t());
    }
  } catch (NumericalError& e) {
    e.set_step(step + 1);
    sink_.end();
    throw;
  }
  const double last_written = opt_.t_start + static_cast<double>(next_output_ - 1) * opt_.output_interval;
  if (opt_.output_interval > 0 && opt_.t_end - last_written > 1e-9 * opt_.output_interval) {
    write_row(integ->t(), integ->y());
  }
  sink_.end();
  summary_.contact_events = settler_.contact_events();
  summary_.stats = integ->stats();
  summary_.t_final = integ->t();
  summary_.wall_time_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return summary_;
}

}  // namespace

SimulationSummary simulate_event_driven(const Model& model, const SimulationOptions& options, OutputSink& sink,
                                        const SimulationCallbacks& callbacks, EventSink* events) {
  EventDrivenRun run(model, options, sink, callbacks, events);
  return run.run();
}

}  // namespace stickslip
