#include "formulations/stepping.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "assembly/contact_kinematics.hpp"
#include "formulations/run_loop.hpp"
#include "math/number_format.hpp"
#include "model/shape_compiler.hpp"

namespace stickslip {

namespace {

const char* const kKindNames[] = {"driver", "point force", "torque", "joint actuator"};

template <class Elements>
int find_named(const Elements& elements, const std::string& name) {
  for (std::size_t k = 0; k < elements.size(); ++k) {
    if (elements[k].name == name) return static_cast<int>(k);
  }
  return -1;
}

// As simulate(): the event-driven scheme runs contacts between shapes as the explicit point contacts
// they compile into (model/shape_compiler.hpp).
Model scheme_model(Model model, const SimulationOptions& options) {
  if (options.scheme != Scheme::event_driven || !model.has_shape_contacts()) return model;
  return compile_shape_contacts(model, scheme_name(options.scheme));
}

}  // namespace

Simulation::Simulation(Model model, SimulationOptions options, SimulationCallbacks callbacks)
    : model_(scheme_model(std::move(model), options)), original_(model_), options_(std::move(options)), callbacks_(std::move(callbacks)) {
  check_simulation(model_, options_);
  choice_ = choose_integrator(model_, options_);
  options_.integrator = choice_.name;
  observer_ = std::make_unique<Observer>(model_);
  start(nullptr);
}

Simulation::~Simulation() = default;

// A new run loop and strategy over model_, started from the model's initial state or a checkpoint.
void Simulation::start(const Snapshot* checkpoint) {
  strategy_.reset();
  loop_ = std::make_unique<RunLoop>(model_, options_, sink_, callbacks_, &events_);
  strategy_ = make_steps(model_, options_, loop_->reporter());
  loop_->begin(*strategy_, checkpoint);
  failed_ = false;
  summary_.reset();
  finished_ = !(strategy_->time() < options_.t_end);
  if (finished_) finish();
}

double Simulation::time() const { return strategy_->time(); }

void Simulation::check_running() const {
  if (failed_) {
    throw std::logic_error("the simulation failed at t = " + short_number(time()) +
                           " s; restore a checkpoint taken before, or start a new simulation");
  }
  if (finished_) throw std::logic_error("the simulation has reached its end (t = " + short_number(time()) + " s)");
}

void Simulation::take_step(double t_pause) {
  check_running();
  if (stepping_) throw std::logic_error("the controller called before each step may not step the simulation itself");
  stepping_ = true;
  bool going = false;
  try {
    if (before_step) before_step(*this);
    going = loop_->step(*strategy_, t_pause);
  } catch (const NumericalError&) {
    stepping_ = false;
    failed_ = true;
    throw;
  } catch (...) {  // the controller's exception: the step was not taken
    stepping_ = false;
    throw;
  }
  stepping_ = false;
  if (!going || !(strategy_->time() < options_.t_end)) finish();
}

void Simulation::finish() {
  finished_ = true;
  summary_ = loop_->end(*strategy_);
  summary_->integrator = choice_.name;
  summary_->integrator_reason = choice_.reason;
}

void Simulation::step() { take_step(options_.t_end); }

void Simulation::advance(double t) {
  if (!std::isfinite(t) || t > options_.t_end) {
    throw std::invalid_argument("cannot advance to t = " + short_number(t) + " s, beyond the end of the run (t_end = " +
                                short_number(options_.t_end) + " s)");
  }
  if (t < time()) {
    throw std::invalid_argument("cannot advance to t = " + short_number(t) + " s: the simulation is at t = " +
                                short_number(time()) + " s");
  }
  while (!finished_ && time() < t) take_step(t);
}

const std::vector<std::string>& Simulation::columns() const { return observer_->columns(); }

std::vector<double> Simulation::current_row() {
  const StateSample s = strategy_->current();
  std::vector<double> row;
  observer_->record(s.state, s.workspace, row, s.modes);
  return row;
}

const State& Simulation::state() { return strategy_->current().state; }

const Workspace& Simulation::workspace() { return strategy_->current().workspace; }

void Simulation::set_state(State s) {
  check_running();
  if (s.t != time()) {
    throw std::invalid_argument("a state set between steps is at the simulation's time t = " + short_number(time()) +
                                " s, not " + short_number(s.t));
  }
  if (s.q.size() != model_.nq || s.v.size() != model_.nv || s.z.size() != model_.nz) {
    throw std::invalid_argument("the state has " + std::to_string(s.q.size()) + " positions, " +
                                std::to_string(s.v.size()) + " velocities and " + std::to_string(s.z.size()) +
                                " law states; the model " + std::to_string(model_.nq) + ", " +
                                std::to_string(model_.nv) + " and " + std::to_string(model_.nz));
  }
  if (!s.q.allFinite() || !s.v.allFinite() || !s.z.allFinite()) throw std::invalid_argument("the state must be finite");
  loop_->inputs_changed();  // the state was moved from outside: energy is not the model's own any more
  strategy_->start_from(s);
}

BodyMotionState Simulation::body_state(const std::string& body) {
  const int k = model_.body_index(body);
  if (k < 0) throw std::invalid_argument("no body '" + body + "' in the model");
  const Body& b = model_.bodies[static_cast<std::size_t>(k)];
  const BodyKinematics& kin = workspace().bodies[static_cast<std::size_t>(k)];
  BodyMotionState m;
  if (b.dimension == Dimension::spatial) {
    // The principal frame the kinematics use, turned back to the model's body frame (observer.cpp).
    const Quat& frame = b.spatial.principal_frame;
    m.position = kin.spatial.r;
    m.orientation = kin.spatial.p * frame.conjugate();
    m.velocity = kin.spatial.v;
    m.angular_velocity = frame * kin.spatial.omega;
    return m;
  }
  m.position << kin.r, 0.0;
  m.angle = kin.theta;
  m.velocity << kin.v, 0.0;
  m.angular_velocity << 0.0, 0.0, kin.omega;
  return m;
}

void Simulation::set_body_state(const std::string& body, const BodyMotionState& m) {
  const int k = model_.body_index(body);
  if (k < 0) throw std::invalid_argument("no body '" + body + "' in the model");
  const Body& b = model_.bodies[static_cast<std::size_t>(k)];
  if (!b.is_dynamic()) throw std::invalid_argument("body '" + body + "' is not dynamic: its motion is not a state");
  State s = state();
  if (b.dimension == Dimension::spatial) {
    const Quat p = (m.orientation.normalized() * b.spatial.principal_frame).normalized();
    s.q.segment<7>(b.q_offset) << m.position, p.w(), p.vec();
    s.v.segment<6>(b.v_offset) << m.velocity, b.spatial.principal_frame.conjugate() * m.angular_velocity;
  } else {
    s.q.segment<3>(b.q_offset) << m.position.x(), m.position.y(), m.angle;
    s.v.segment<3>(b.v_offset) << m.velocity.x(), m.velocity.y(), m.angular_velocity.z();
  }
  set_state(std::move(s));
}

namespace {

// A point of a contact between shapes as the scheme holds it (its row of the contact points file).
ContactStatus shape_point_status(const Model& model, const ShapePointView& p) {
  ContactStatus r;
  r.shape_i = model.shapes[static_cast<std::size_t>(p.shape_i)].name;
  r.shape_j = model.shapes[static_cast<std::size_t>(p.shape_j)].name;
  r.name = r.shape_i + "|" + r.shape_j + "#" + std::to_string(p.id);  // as the event log names it
  r.point_id = p.id;
  r.state = p.state;
  r.gap = p.gap;
  r.normal_velocity = p.vn;
  r.point = p.position;
  r.normal = p.normal;
  r.slip_velocity = Vec2(p.slip, 0.0);
  r.normal_force = p.normal_force;
  r.friction_force = Vec2(p.friction.norm(), 0.0);
  r.friction = p.friction;
  r.force = p.normal_force * p.normal + p.friction;
  return r;
}

}  // namespace

// The model's contacts, then the points of the contacts between shapes. Contacts compiled from
// shapes (the event-driven scheme) come once, as shape points.
std::vector<ContactStatus> Simulation::contacts() {
  const StateSample sample = strategy_->current();
  std::vector<ContactStatus> out;
  for (std::size_t c = 0; c < model_.contacts.size(); ++c) {
    const Contact& contact = model_.contacts[c];
    if (contact.from_shapes() && sample.shape_points) continue;
    const ContactKinematics& k = sample.workspace.contacts[c];
    const ContactForce& f = sample.workspace.contact_forces[c];
    ContactStatus r;
    r.name = contact.name;
    r.state = sample.modes ? sample.modes[c] : contact_state(f.normal, state_slip(contact, k));
    r.gap = k.gap;
    r.normal_velocity = k.vn;
    if (contact.spatial()) {
      r.point = k.point3;
      r.normal = k.normal3;
      r.tangents = {k.tangents3[0], k.tangents3[1]};
    } else {
      r.point << k.point, 0.0;
      r.normal << k.normal, 0.0;
      r.tangents[0] << k.tangent, 0.0;
    }
    r.slip_velocity = k.vt;
    r.normal_force = f.normal;
    r.friction_force = f.tangential;
    r.friction = f.tangential[0] * r.tangents[0] + f.tangential[1] * r.tangents[1];
    r.force = f.normal * r.normal + r.friction;
    out.push_back(r);
  }
  if (sample.shape_points) {
    for (const ShapePointView& p : *sample.shape_points) out.push_back(shape_point_status(model_, p));
  }
  return out;
}

int Simulation::index_of(const std::string& name, Kind kind) const {
  int k = -1;
  switch (kind) {
    case driver_input: k = find_named(model_.drivers, name); break;
    case force_input: k = find_named(model_.point_forces, name); break;
    case torque_input: k = find_named(model_.torques, name); break;
    case actuator_input: k = find_named(model_.actuators, name); break;
  }
  if (k < 0) throw std::invalid_argument(std::string("no ") + kKindNames[kind] + " '" + name + "' in the model");
  return k;
}

// The element's functions replaced by the input's (a segment from t0, or constants).
void Simulation::apply(const std::string& name, const Input& input) {
  const Kind kind = static_cast<Kind>(input.kind);
  const auto& v = input.values;
  const std::size_t k = static_cast<std::size_t>(index_of(name, kind));
  switch (kind) {
    case driver_input: model_.drivers[k].function = TimeFunction::segment(input.t0, v[0], v[1], v[2]); break;
    case force_input: {
      PointForce& f = model_.point_forces[k];
      f.fx = TimeFunction::constant(v[0]);
      f.fy = TimeFunction::constant(v[1]);
      f.fz = TimeFunction::constant(v[2]);
      break;
    }
    case torque_input: {
      AppliedTorque& t = model_.torques[k];
      t.tx = TimeFunction::constant(v[0]);
      t.ty = TimeFunction::constant(v[1]);
      t.torque = TimeFunction::constant(v[2]);
      break;
    }
    case actuator_input: model_.actuators[k].effort = TimeFunction::constant(v[0]); break;
  }
}

void Simulation::set_input(const std::string& name, const Input& input) {
  check_running();
  for (double x : input.values) {
    if (!std::isfinite(x)) throw std::invalid_argument(std::string("the ") + kKindNames[input.kind] + " '" + name + "' must be set to finite values");
  }
  apply(name, input);
  inputs_[name] = input;
  loop_->inputs_changed();
  try {
    strategy_->inputs_changed();
  } catch (const NumericalError&) {
    failed_ = true;
    throw;
  }
}

void Simulation::set_driver(const std::string& name, double value, double rate, double acceleration) {
  set_input(name, {driver_input, time(), {value, rate, acceleration}});
}

void Simulation::set_point_force(const std::string& name, const Vec3& force) {
  if (model_.dimension == Dimension::planar && force.z() != 0) {
    throw std::invalid_argument("point force '" + name + "' of a planar model has no z component");
  }
  set_input(name, {force_input, time(), {force.x(), force.y(), force.z()}});
}

void Simulation::set_torque(const std::string& name, const Vec3& torque) {
  if (model_.dimension == Dimension::planar && (torque.x() != 0 || torque.y() != 0)) {
    throw std::invalid_argument("torque '" + name + "' of a planar model acts about z only");
  }
  set_input(name, {torque_input, time(), {torque.x(), torque.y(), torque.z()}});
}

void Simulation::set_actuator(const std::string& name, double effort) {
  set_input(name, {actuator_input, time(), {effort, 0, 0}});
}

// The loop's and the strategy's checkpoint, with the inputs (inputs.names, one per line; per input
// its kind, t0 and values) and this simulation's count of events.
Snapshot Simulation::checkpoint() {
  if (failed_) check_running();
  Snapshot snapshot = loop_->snapshot(*strategy_);
  std::string names;
  std::vector<double> values;
  for (const auto& [name, input] : inputs_) {
    names += name + "\n";
    values.insert(values.end(), {static_cast<double>(input.kind), input.t0, input.values[0], input.values[1],
                                 input.values[2]});
  }
  if (!inputs_.empty()) {
    snapshot.put_text("inputs.names", names);
    snapshot.put_reals("inputs.values", values);
  }
  snapshot.put_integers("stepping.counts", {static_cast<std::int64_t>(events_.events.size()),
                                            static_cast<std::int64_t>(sink_.rows.size())});
  return snapshot;
}

void Simulation::restore(const Snapshot& snapshot) {
  std::map<std::string, Input> inputs;
  if (snapshot.has("inputs.names")) {
    const std::string& text = snapshot.text("inputs.names");
    std::vector<std::string> names;
    for (std::size_t start = 0, end; (end = text.find('\n', start)) != std::string::npos; start = end + 1) {
      names.push_back(text.substr(start, end - start));
    }
    const std::vector<double>& v = snapshot.reals("inputs.values", 5 * names.size());
    for (std::size_t k = 0; k < names.size(); ++k) {
      const double kind = v[5 * k];
      if (!(kind >= 0 && kind <= static_cast<double>(actuator_input))) {
        throw SnapshotError("checkpoint entry 'inputs.values' holds an unknown input");
      }
      inputs[names[k]] = {static_cast<int>(kind), v[5 * k + 1], {v[5 * k + 2], v[5 * k + 3], v[5 * k + 4]}};
    }
  }
  const auto& counts = snapshot.integers("stepping.counts", 2);
  model_ = original_;
  for (const auto& [name, input] : inputs) apply(name, input);
  inputs_ = std::move(inputs);
  // Rows and events after the checkpoint are dropped (those of another simulation are not there).
  if (static_cast<std::size_t>(counts[1]) < sink_.rows.size()) sink_.rows.resize(static_cast<std::size_t>(counts[1]));
  if (static_cast<std::size_t>(counts[0]) < events_.events.size()) {
    events_.events.resize(static_cast<std::size_t>(counts[0]));
  }
  start(&snapshot);
  if (!inputs_.empty()) loop_->inputs_changed();
}

SimulationSummary Simulation::summary() const {
  if (summary_) return *summary_;
  SimulationSummary s = loop_->summary();
  s.t_final = time();
  s.integrator = choice_.name;
  s.integrator_reason = choice_.reason;
  return s;
}

}  // namespace stickslip
