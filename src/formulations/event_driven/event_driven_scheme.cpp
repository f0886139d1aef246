// The event-driven scheme (Pfeiffer & Glocker 1996; Zhang & Wang 2017, fig. 3): smooth phases with
// fixed contact modes integrated by RK4, DOPRI5 or BDF; the event functions (formulations/
// event_functions.hpp) are watched on every step and located on the dense output; at an event the
// contact structure is decided anew (formulations/event_driven/event_settle.hpp: impacts by the impulse LCP, modes
// by the acceleration LCP), the active constraints are projected, and integration restarts from the
// event. The step strategy of the run loop (formulations/run_loop.hpp).
#include <limits>
#include <cmath>
#include <sstream>

#include "math/number_format.hpp"
#include "assembly/body_kinematics.hpp"
#include "assembly/contact_kinematics.hpp"
#include "assembly/kinematic_map.hpp"
#include "formulations/event_driven/event_functions.hpp"
#include "formulations/event_driven/event_settle.hpp"
#include "formulations/event_driven/joint_friction_modes.hpp"
#include "formulations/initial_state.hpp"
#include "formulations/event_driven/modal_projection.hpp"
#include "formulations/observer.hpp"
#include "formulations/run_loop.hpp"
#include "formulations/run_monitors.hpp"
#include "formulations/scheme_snapshot.hpp"
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
    position_rate(model_, state_.q, state_.v, dydt.head(model_.nq));
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
    normalise(model_, s.q);  // the integrator moves the coordinates freely
    s.v = y.tail(model_.nv);
  }
  void pack(const State& s, Vec& y) const {
    y.resize(dimension());
    y.head(model_.nq) = s.q;
    y.tail(model_.nv) = s.v;
  }
  ModalDynamics& dyn() { return dyn_; }
  const ModalDynamics& dyn() const { return dyn_; }
  const State& state() const { return state_; }

 private:
  const Model& model_;
  ModalDynamics dyn_;
  State state_;
};

class EventDrivenSteps final : public StepStrategy {
 public:
  EventDrivenSteps(const Model& model, const SimulationOptions& options, const StepReporter& reporter)
      : model_(model), opt_(options), reporter_(reporter), sys_(model, options),
        settler_(model, options, reporter.events, reporter.warn), projection_(model) {
    if (reporter_.should_stop) {
      settler_.on_stop_request(reporter_.should_stop);
      sys_.dyn().on_stop_request(reporter_.should_stop);
    }
  }

  void set_up() override;
  double time() const override { return integ_->t(); }
  bool lands_on_output_times() const override { return fixed_step_; }
  double take_step(double t_limit) override;
  StateSample sample(double t) override {
    integ_->interpolate(t, y_out_);
    return evaluated(t, y_out_);
  }
  StateSample current() override { return evaluated(integ_->t(), integ_->y()); }
  void complete_step() override;
  void finish(SimulationSummary& summary) override;
  bool resumable() const override { return integ_->saves_history(); }
  void restart_here() override {
    const Vec y = integ_->y();
    integ_->restart(sys_, integ_->t(), y);
  }
  void save(Snapshot& snapshot) const override;
  void restore(const Snapshot& snapshot) override;
  void inputs_changed() override;
  void start_from(const State& s) override {
    begin_at(assembled_state(model_, sys_.dyn().workspace(), s), false);
  }
  std::string step_limiter() const override {
    std::vector<char> closed(model_.contacts.size());
    for (std::size_t c = 0; c < closed.size(); ++c) closed[c] = sys_.dyn().modes()[c] != ContactState::open;
    return state_component_owner(model_, integ_->limiting_component(), &closed);
  }

 private:
  void set_force_scale();
  void check_model();
  void begin_at(const State& s, bool first);
  void warn(const std::string& m) { reporter_.warn(m); }
  StateSample evaluated(double t, const Vec& y) {
    sys_.evaluate(t, y);
    if (!model_.shape_contacts_compiled) return {sys_.state(), sys_.dyn().workspace(), sys_.dyn().modes().data()};
    compiled_shape_points(model_, sys_.dyn().workspace(), sys_.dyn().modes().data(), shape_points_);
    return {sys_.state(), sys_.dyn().workspace(), sys_.dyn().modes().data(), &shape_points_};
  }
  void settle(double t, Vec& y, const std::vector<int>& triggered);
  double coincidence_band(const EventFunction& e) const {
    return stickslip::coincidence_band(e.kind, opt_.integrator_options.rtol, force_scale_);
  }
  void arm(double t, const Vec& y);
  bool find_event(const Integrator& integ, double& t_event, std::vector<int>& triggered);

  std::vector<ShapePointView> shape_points_;  // compiled shape contacts (model/shape_compiler.hpp)
  const Model& model_;
  const SimulationOptions& opt_;
  StepReporter reporter_;
  EventDrivenSystem sys_;
  EventSettler settler_;
  ModalProjection projection_;
  std::unique_ptr<Integrator> integ_;
  bool fixed_step_ = false;
  std::vector<EventFunction> functions_;
  std::vector<char> armed_;
  Vec y_out_;
  double last_event_t_ = NAN;
  double force_scale_ = 1.0;  // Σ m |g| + 1 N: the size of contact forces, for tolerances
  bool immediate_ = false;    // the located event sits at the start of its phase
  int events_at_instant_ = 0;
  // The event found in the last step (applied by complete_step()).
  bool event_pending_ = false;
  double event_t_ = 0;
  std::vector<int> triggered_;
  long joint_events_ = 0;  // stick/slip changes of frictional joints (decide_joint_friction)
};

// At an event (or the start): the contact structure is settled, then the active constraints are
// projected.
void EventDrivenSteps::settle(double t, Vec& y, const std::vector<int>& triggered) {
  State s;
  sys_.unpack(t, y, s);
  settler_.settle(sys_.dyn(), s, triggered, immediate_);
  if (!sys_.dyn().friction_joints().empty()) {
    // The joints whose functions were located here; every one at the start (no joint entries).
    const std::size_t nc = model_.contacts.size();
    std::vector<char> due(model_.joints.size(), 1);
    if (triggered.size() > nc) {
      for (std::size_t j = 0; j < due.size(); ++j) due[j] = triggered[nc + j] >= 0;
    }
    joint_events_ += decide_joint_friction(sys_.dyn(), s, due, reporter_.events);
  }
  projection_.project(sys_.dyn(), s, settler_.slip_starts());
  sys_.pack(s, y);
}

// Closings are always watched (a contact that has just rebounded starts at g_N = 0 and leaves);
// the other functions only when they start positive.
void EventDrivenSteps::arm(double t, const Vec& y) {
  functions_ = event_functions(sys_.dyn());
  sys_.evaluate(t, y);
  armed_.assign(functions_.size(), 0);
  for (std::size_t i = 0; i < functions_.size(); ++i) {
    armed_[i] = functions_[i].kind == EventFunction::closing || event_value(functions_[i], sys_.dyn()) > 0;
  }
}

// Earliest armed event function that crossed zero in the last step (located to the event tolerance).
bool EventDrivenSteps::find_event(const Integrator& integ, double& t_event, std::vector<int>& triggered) {
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
  triggered.assign(model_.contacts.size() + model_.joints.size(), -1);
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
    int& kind = triggered[static_cast<std::size_t>(trigger_index(functions_[i], model_))];
    if (kind < 0) kind = functions_[i].kind;
  }
  // Other contacts sitting on the same boundary (within rounding, e.g. the mirror image of the
  // triggering contact) change with it, so symmetric systems stay symmetric.
  integ.interpolate(t_event, y);
  sys_.evaluate(t_event, y);
  for (std::size_t i = 0; i < functions_.size(); ++i) {
    int& kind = triggered[static_cast<std::size_t>(trigger_index(functions_[i], model_))];
    if (kind < 0 && std::abs(event_value(functions_[i], sys_.dyn())) <= coincidence_band(functions_[i])) {
      kind = functions_[i].kind;
    }
  }
  // A function that is zero where the phase starts and negative right after means the mode the last
  // decision chose is left at once: the decision was made on a degenerate boundary.
  immediate_ = t_event <= t0 + 2 * opt_.event_driven.event_tolerance;
  return true;
}

// What the event-driven scheme models: friction in spatial revolute joints (and constant friction in
// prismatic ones) only, contacts whose
// friction is Coulomb's (other laws act through their μ_s, μ_k, with a warning) and has no internal
// state (the same for the joints).
void EventDrivenSteps::check_model() {
  for (std::size_t k = 0; k < model_.joints.size(); ++k) {
    const Joint& j = model_.joints[k];
    const bool constant_slide = j.type == JointType::prismatic && j.friction && j.friction->constant_bound > 0;
    if (j.friction && (j.dimension != Dimension::spatial || (j.type != JointType::revolute && !constant_slide))) {
      throw ModelError("joints[" + std::to_string(k) + "].friction",
                       "joint '" + j.name + "' has friction, which the event-driven scheme models in spatial revolute "
                       "joints only (and as a constant force in prismatic ones); use the compliant scheme (or, for a "
                       "spatial joint, the time-stepping scheme)");
    }
    if (j.friction && j.friction->law->state_size() > 0) {
      throw ModelError("joints[" + std::to_string(k) + "].friction.law",
                       "joint '" + j.name + "': friction law '" + std::string(j.friction->law->name()) +
                           "' has an internal state, which the event-driven scheme does not integrate; use 'coulomb' "
                           "or the compliant scheme");
    }
    if (j.friction && !j.friction->law->set_valued()) {
      warn("joint '" + j.name + "': friction law '" + std::string(j.friction->law->name()) +
           "' is applied as Coulomb's law with mu_s = " + number_text(j.friction->law->static_coefficient()) +
           ", mu_k = " + number_text(j.friction->law->kinetic_coefficient()) + " by the event-driven scheme");
    }
    if (model_.joints[k].contact) {
      throw ModelError("joints[" + std::to_string(k) + "]" + ".contact",
                       "joint '" + model_.joints[k].name +
                           "' has contact analysis (friction), which the event-driven scheme does not model yet; the "
                           "compliant and the time-stepping schemes do (--scheme compliant, --scheme time-stepping)");
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
           number_text(c.friction->static_coefficient()) + ", mu_k = " +
           number_text(c.friction->kinetic_coefficient()) + " by the event-driven scheme");
    }
  }
}

void EventDrivenSteps::set_force_scale() {
  force_scale_ = 1.0;
  for (const Body& b : model_.bodies) {
    if (b.is_dynamic()) force_scale_ += b.mass * model_.gravity.norm();
  }
  settler_.set_force_scale(force_scale_);
}

void EventDrivenSteps::set_up() {
  check_model();
  set_force_scale();
  integ_ = make_integrator(opt_.integrator, opt_.integrator_options);
  fixed_step_ = opt_.integrator == "rk4";
  begin_at(assembled_initial_state(model_, opt_, sys_.dyn().workspace(), reporter_.warn), true);
}

// The contact structure settled at s, the integrator started there.
void EventDrivenSteps::begin_at(const State& s, bool first) {
  Vec y;
  sys_.pack(s, y);
  immediate_ = false;
  settle(s.t, y, std::vector<int>(model_.contacts.size(), -1));
  if (first) {
    integ_->reset(sys_, s.t, y);
  } else {
    integ_->restart(sys_, s.t, y);  // the method picks a first step suited to the new state
  }
  arm(s.t, y);
}

// New loads may leave the present modes (a sticking contact pushed beyond its cone): they are
// decided again at once, and the integrator restarts with the new right-hand side.
void EventDrivenSteps::inputs_changed() {
  const double t = integ_->t();
  Vec y = integ_->y();
  immediate_ = false;
  settle(t, y, std::vector<int>(model_.contacts.size(), -1));
  integ_->restart(sys_, t, y);
  arm(t, y);
}

double EventDrivenSteps::take_step(double t_limit) {
  integ_->step(sys_, t_limit);
  event_pending_ = find_event(*integ_, event_t_, triggered_);
  if (!event_pending_) return integ_->t();
  if (event_t_ == last_event_t_ && ++events_at_instant_ > kMaxEventsAtOneInstant) {
    throw NumericalError(event_t_, "contacts", "the contact modes do not settle (chattering at one instant)");
  }
  if (event_t_ != last_event_t_) events_at_instant_ = 0;
  last_event_t_ = event_t_;
  return event_t_;
}

void EventDrivenSteps::complete_step() {
  Vec y;
  if (event_pending_) {
    event_pending_ = false;
    integ_->interpolate(event_t_, y);
    settle(event_t_, y, triggered_);
    integ_->restart(sys_, event_t_, y);
    arm(event_t_, y);
    return;
  }
  if (opt_.projection) {
    y = integ_->y();
    State s;
    sys_.unpack(integ_->t(), y, s);
    projection_.project(sys_.dyn(), s, {}, opt_.projection_tolerance);
    sys_.pack(s, y);
    integ_->set_state(sys_, y);
  }
}

void EventDrivenSteps::save(Snapshot& snapshot) const {
  integ_->save(snapshot, "integrator.");
  sys_.dyn().save(snapshot, "dynamics.");
  settler_.save(snapshot, "settler.");
  save_flags(snapshot, "event_driven.armed", armed_);
  snapshot.put("event_driven.last_event_t", last_event_t_);
  snapshot.put_integer("event_driven.events_at_instant", events_at_instant_);
  snapshot.put_integer("event_driven.immediate", immediate_ ? 1 : 0);
  if (joint_events_ > 0) snapshot.put_integer("event_driven.joint_events", joint_events_);
}

void EventDrivenSteps::restore(const Snapshot& snapshot) {
  check_model();
  set_force_scale();
  integ_ = make_integrator(opt_.integrator, opt_.integrator_options);
  fixed_step_ = opt_.integrator == "rk4";
  sys_.dyn().restore(snapshot, "dynamics.");
  settler_.restore(snapshot, "settler.");
  functions_ = event_functions(sys_.dyn());
  armed_ = restore_flags(snapshot, "event_driven.armed", functions_.size());
  last_event_t_ = snapshot.real("event_driven.last_event_t");
  events_at_instant_ = static_cast<int>(snapshot.integer("event_driven.events_at_instant"));
  immediate_ = snapshot.integer("event_driven.immediate") != 0;
  joint_events_ = snapshot.has("event_driven.joint_events") ? snapshot.integer("event_driven.joint_events") : 0;
  integ_->restore(sys_, snapshot, "integrator.");
}

void EventDrivenSteps::finish(SimulationSummary& summary) {
  summary.contact_events = settler_.contact_events() + joint_events_;
  summary.stats = integ_->stats();
}

}  // namespace

std::unique_ptr<StepStrategy> make_event_driven_steps(const Model& model, const SimulationOptions& options,
                                                      const StepReporter& reporter) {
  return std::make_unique<EventDrivenSteps>(model, options, reporter);
}

}  // namespace stickslip
