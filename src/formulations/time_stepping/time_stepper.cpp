#include "math/number_format.hpp"
#include "formulations/time_stepping/time_stepper.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <stdexcept>

#include "assembly/applied_forces.hpp"
#include "assembly/body_kinematics.hpp"
#include "assembly/constraints.hpp"
#include "assembly/contact_kinematics.hpp"
#include "assembly/kinematic_map.hpp"
#include "assembly/projection.hpp"
#include "formulations/time_stepping/spring_jacobians.hpp"
#include "math/errors.hpp"

namespace stickslip {
namespace {

// The dynamic bodies (v_offset, width) a row touches among `body_i`, `body_j` (-1: none).
RowBodies row_bodies(const Model& m, int body_i, int body_j) {
  RowBodies out;
  const int bodies[2] = {body_i, body_j};
  for (int a = 0; a < 2; ++a) {
    if (bodies[a] < 0 || !m.bodies[bodies[a]].is_dynamic()) continue;
    out.offset[a] = m.bodies[bodies[a]].v_offset;
    out.width[a] = m.bodies[bodies[a]].nv();
  }
  return out;
}

std::vector<int> contact_tangent_rows(const Model& m) {
  std::vector<int> rows;
  for (const Contact& c : m.contacts) rows.push_back(c.tangent_rows());
  return rows;
}

// The bodies each row of H touches: joint and driver rows, then per contact its normal row and its
// tangent rows.
std::vector<RowBodies> impulse_row_bodies(const Model& m) {
  std::size_t n = static_cast<std::size_t>(m.n_constraints);
  for (const Contact& c : m.contacts) n += 1 + static_cast<std::size_t>(c.tangent_rows());
  std::vector<RowBodies> rows(n);
  for (const Joint& j : m.joints)
    for (int r = 0; r < joint_equation_count(j); ++r)
      rows[static_cast<std::size_t>(j.row_offset + r)] = row_bodies(m, j.body_i, j.body_j);
  for (const Driver& d : m.drivers) {
    auto& row = rows[static_cast<std::size_t>(d.row_offset)];
    if (d.target == DriverTarget::joint_coordinate) {
      const Joint& j = m.joints[d.joint];
      row = row_bodies(m, j.body_i, j.body_j);
    } else {
      row = row_bodies(m, d.body, -1);
    }
  }
  std::size_t r = static_cast<std::size_t>(m.n_constraints);
  for (const Contact& c : m.contacts) {
    const RowBodies bodies = row_bodies(m, c.body_i, c.body_j);
    for (int k = 0; k <= c.tangent_rows(); ++k) rows[r++] = bodies;
  }
  return rows;
}

ImpulseSolverOptions solver_options(const TimeSteppingOptions& o) {
  ImpulseSolverOptions s;
  s.kind = parse_impulse_solver(o.solver);
  s.tolerance = o.tolerance;
  s.max_iterations = o.max_iterations;
  s.min_iterations = o.min_iterations;
  s.relaxation = o.relaxation;
  s.subspace_after = o.subspace_after;
  s.subspace_rounds = o.subspace_rounds;
  s.stall_sweeps = o.stall_sweeps;
  s.rescue_variables = o.rescue_variables;
  s.interior_point_rescue = o.interior_point_rescue;
  s.proximal_rescue_rows = o.proximal_rescue_rows;
  s.direct_contacts = o.direct_contacts;
  s.velocity_sweeps = o.velocity_sweeps;
  return s;
}

// The step's problem; a solver that cannot take the model's contacts (Lemke with spatial contacts)
// is refused under the option's key.
ImpulseProblem impulse_problem(const Model& model, const SimulationOptions& options) {
  try {
    ImpulseSolverOptions solver = solver_options(options.time_stepping);
    solver.disc_contacts = model.has_shape_contacts();  // shape points come with the steps
    return ImpulseProblem(model.nv, model.n_constraints, contact_tangent_rows(model), impulse_row_bodies(model), solver,
                          has_spring_elements(model));
  } catch (const std::invalid_argument& e) {
    throw ModelError("simulation.time_stepping.solver", e.what());
  }
}

}  // namespace

TimeStepper::TimeStepper(const Model& model, const SimulationOptions& options)
    : model_(model),
      opt_(options.time_stepping),
      projection_(options.projection),
      projection_tolerance_(options.projection_tolerance),
      ws_(model),
      problem_(impulse_problem(model, options)),
      implicit_(has_spring_elements(model)),
      alpha_(options.time_stepping.method == TimeSteppingMethod::generalized_alpha),
      shapes_(model),
      explicit_(static_cast<int>(model.contacts.size())) {
  if (!(opt_.theta > 0 && opt_.theta <= 1)) {
    throw ModelError("simulation.time_stepping.theta", "θ must lie in (0, 1]");
  }
  if (alpha_ && !(opt_.spectral_radius >= 0 && opt_.spectral_radius <= 1)) {
    throw ModelError("simulation.time_stepping.spectral_radius", "the spectral radius ρ∞ must lie in [0, 1]");
  }
  const auto require = [](bool ok, const char* key, const char* what) {
    if (!ok) throw ModelError(std::string("simulation.time_stepping.") + key, what);
  };
  require(opt_.drift_correction >= 0 && opt_.drift_correction < 2, "drift_correction", "β must lie in [0, 2)");
  require(opt_.activation_gap >= 0 && std::isfinite(opt_.activation_gap), "activation_gap", "must be a finite number >= 0");
  require(opt_.tolerance > 0 && std::isfinite(opt_.tolerance), "tolerance", "must be a finite number > 0");
  require(opt_.max_iterations >= 1, "max_iterations", "must be >= 1");
  require(opt_.min_iterations >= 0, "min_iterations", "must be >= 0");
  require(opt_.relaxation > 0 && opt_.relaxation < 2, "relaxation", "the relaxation ω must lie in (0, 2)");
  require(opt_.subspace_after >= 0, "subspace_after", "must be >= 0");
  require(opt_.subspace_rounds >= 0, "subspace_rounds", "must be >= 0");
  require(opt_.stall_sweeps >= 0, "stall_sweeps", "must be >= 0");
  require(opt_.rescue_variables >= 0, "rescue_variables", "must be >= 0");
  require(opt_.proximal_rescue_rows >= 0, "proximal_rescue_rows", "must be >= 0");
  require(opt_.contact_margin >= 0 && std::isfinite(opt_.contact_margin), "contact_margin", "must be a finite number >= 0");
  margin_ = std::max(opt_.contact_margin, opt_.activation_gap);
  check_model();
  base_tangent_rows_ = contact_tangent_rows(model);
  base_row_bodies_ = impulse_row_bodies(model);
  const std::size_t nc = model.contacts.size();
  v_free_.setZero(model.nv);
  v_new_.setZero(model.nv);
  v_position_.setZero(model.nv);
  scratch_.setZero(model.nv);
  if (implicit_) {
    K_.setZero(model.nv, model.nv);
    C_.setZero(model.nv, model.nv);
    iteration_matrix_.setZero(model.nv, model.nv);
  }
  velocity_pre_.assign(model.bodies.size(), BodyVector());
  velocity_post_.assign(model.bodies.size(), BodyVector());
  for (std::size_t b = 0; b < model.bodies.size(); ++b) {
    velocity_pre_[b].setZero(model.bodies[b].nv());
    velocity_post_[b].setZero(model.bodies[b].nv());
  }
  for (std::size_t b = 0; b < model.bodies.size(); ++b)
    if (model.bodies[b].motion == BodyMotion::prescribed) prescribed_bodies_.push_back(static_cast<int>(b));
  for (const Contact& c : model.contacts) {
    const auto prescribed = [&](int b) { return model.bodies[static_cast<std::size_t>(b)].motion == BodyMotion::prescribed; };
    prescribed_contact_.push_back(prescribed(c.body_i) || prescribed(c.body_j) ? 1 : 0);
  }
  slip_start_.assign(ws_.joint_contacts.size(), 0.0);
  set_up_joint_friction();
  state_.assign(nc, ContactState::open);
  new_at_rest_.assign(nc, 0);
  previous_ = state_;
  vn_before_.assign(nc, 0.0);
  vn_after_.assign(nc, 0.0);
  gap_predicted_.assign(nc, 0.0);
  closing_fit_.assign(static_cast<std::size_t>(problem_.rows()), 0);
  closing_target_.setZero(problem_.rows());
  closing_velocity_.setZero(model.nv);
  list_spinning_bodies();
  set_up_alpha();
}

void TimeStepper::reset(const State& s) {
  s_ = s;
  mid_ = s;
  steps_ = 0;
  last_h_ = 0;
  problem_.impulses().setZero();
  // Redundant constraints (found by the initial analysis, initial_state.cpp) make the bilateral block
  // of every step's problem singular, and Lemke's mixed LCP would fail: regularise it.
  problem_.regularise_bilateral(ws_.redundant_constraints ? 1e-10 : 0.0);
  compute_body_kinematics(model_, s_, ws_);
  compute_contact_kinematics(model_, ws_);
  if (shapes_.active()) {  // the points found at the start, with nothing carried
    carried_state_.clear();
    shapes_.detect(model_, ws_, margin_);
    adopt_shape_points();
    support_split_.impulses() = problem_.impulses();
  }
  for (int c = 0; c < contact_count(); ++c) {
    const ContactKinematics& k = kinematics(c);
    const bool touching = k.in_range && k.gap <= opt_.activation_gap;
    const std::size_t i = static_cast<std::size_t>(c);
    state_[i] = touching ? slip_state(k.vt, k.tangent_rows, kTimeSteppingStickSpeed) : ContactState::open;
    vn_before_[i] = vn_after_[i] = k.vn;
  }
  previous_ = state_;
  vanished_.clear();
  if (alpha_) start_alpha();
}

void TimeStepper::prescribed_velocities(double t, std::vector<BodyVector>& out) const {
  for (int b : prescribed_bodies_) out[static_cast<std::size_t>(b)] = prescribed_velocity(model_.bodies[b], t);
}

double TimeStepper::prescribed_velocity_term(int c, ContactDirection d, const std::vector<BodyVector>& body_velocity) const {
  const Contact& contact = this->contact(c);
  const ContactKinematics& k = kinematics(c);
  double u = 0;
  if (!model_.bodies[contact.body_i].is_dynamic()) u += k.w_i(d).dot(body_velocity[static_cast<std::size_t>(contact.body_i)]);
  if (!model_.bodies[contact.body_j].is_dynamic()) u += k.w_j(d).dot(body_velocity[static_cast<std::size_t>(contact.body_j)]);
  return u;
}

// The rows' configuration q_m = q_k ⊕ θh v_k (θ-method: and its forces, without the gyroscopic term,
// which the step takes implicitly in implicit_gyroscopic.cpp).
void TimeStepper::predict(double h) {
  mid_.t = s_.t + theta_ * h;
  integrate(model_, s_.q, s_.v, theta_ * h, mid_.q);
  mid_.v = s_.v;
  compute_body_kinematics(model_, mid_, ws_);
  if (!alpha_) assemble_applied_forces(model_, mid_, ws_, {.gyroscopic = false});
  if (model_.n_constraints > 0) assemble_constraints(model_, mid_, ws_);
  // The velocity level only; a Moreau-Jean contact of the model beyond the activation gap takes no
  // part, so its tangent rows are not needed (fill_contact_rows reads them for active contacts only).
  const bool moreau = opt_.formulation == ContactFormulation::moreau_jean;
  compute_contact_rows(model_, ws_, moreau ? opt_.activation_gap : std::numeric_limits<double>::infinity());
  if (shapes_.active()) {
    carry_shape_points();
    shapes_.detect(model_, ws_, margin_);
    adopt_shape_points();
  }
  prescribed_velocities(s_.t, velocity_pre_);
  prescribed_velocities(s_.t + h, velocity_post_);
}

// v_free = v_base + W̃⁻¹ (w f) with W̃ = M − c_C C − c_K K (c_C = hθ, c_K = (hθ)², w = h, v_base = v_k for
// the θ-method; generalized_alpha.cpp for its own), f in ws_ and the spring Jacobians K_, C_ already
// computed; then the spinning bodies' gyroscopic impulses (implicit_gyroscopic.cpp).
void TimeStepper::free_velocity(const Vec& v_base, double weight, double c_damping, double c_stiffness, double h) {
  if (!implicit_) {
    v_free_ = v_base + weight * ws_.mass_inv.cwiseProduct(ws_.f);
  } else {
    iteration_matrix_ = -c_damping * C_ - c_stiffness * K_;
    iteration_matrix_.diagonal() += ws_.mass;
    ldlt_.compute(iteration_matrix_);
    scratch_ = weight * ws_.f;
    ldlt_.solveInPlace(scratch_);
    v_free_ = v_base + scratch_;
  }
  if (spinning_.empty()) return;
  begin_gyroscopic_step();
  correct_spins(v_free_, h, s_.t + h);
  v_free_ += spin_change_;
}

void TimeStepper::fill_bilateral_rows(double h) {
  const double beta = opt_.drift_correction, theta = theta_;
  for (int r = 0; r < model_.n_constraints; ++r) {
    ImpulseRow& row = problem_.row(r);
    for (int a = 0; a < 2; ++a)
      if (row.offset[a] >= 0) row.w[a] = ws_.G.block(r, row.offset[a], 1, row.w[a].size());
    const double phi_t = ws_.phi_dot[r] - row.dot(s_.v);  // Φ_t and the known velocities
    double error = ws_.phi[r] + (1 - 2 * theta) * h * ws_.phi_dot[r];
    if (alpha_) error += h * row.dot(alpha_shift_);  // generalized_alpha.cpp
    problem_.b(r) = row.dot(v_free_) + phi_t + beta * error / h;
  }
}

void TimeStepper::fill_contact_rows(double h) {
  const bool moreau = opt_.formulation == ContactFormulation::moreau_jean;
  bool stiction_decided = false;  // an active spatial contact sticks with μ_s ≠ μ_k
  for (int c = 0; c < problem_.contact_count(); ++c) {
    const std::size_t k = static_cast<std::size_t>(c);
    const ContactKinematics& kin = kinematics(c);
    ContactRows& cr = problem_.contact(c);
    // Rows of the normal and (below, an active contact's) of each tangent direction, restricted to
    // the dynamic bodies; slots without a dynamic body (offset -1) are never read.
    const auto copy_row = [&](int r) {
      const ContactDirection d = r == 0 ? ContactDirection::normal() : ContactDirection::tangent(r - 1);
      ImpulseRow& row = problem_.row(r == 0 ? cr.normal : cr.tangent + r - 1);
      if (row.offset[0] >= 0) row.w[0] = kin.w_i(d);
      if (row.offset[1] >= 0) row.w[1] = kin.w_j(d);
    };
    copy_row(0);
    const ImpulseRow& normal = problem_.row(cr.normal);
    const double vn_pre = normal.dot(s_.v) + known_velocity(c, ContactDirection::normal(), velocity_pre_);
    vn_before_[k] = vn_pre;
    // ĝ: the gap at the end of the step if v_N stayed as it is (linearised about the midpoint).
    double g_end = kin.gap + (1 - 2 * theta_) * h * kin.vn;
    if (alpha_) g_end += h * normal.dot(alpha_shift_);  // generalized_alpha.cpp
    gap_predicted_[k] = g_end;
    // Shape points anticipate under Moreau-Jean too (as Siconos does): a point that would close
    // within the step takes part in it, so a falling part stops at the surface instead of a step's
    // travel inside it (the gap-closing fit then closes what is left; docs/schemes.md).
    const bool closing = g_end + h * std::min(kin.vn, 0.0) <= opt_.activation_gap;
    cr.active = kin.in_range && (moreau ? kin.gap <= opt_.activation_gap || (c >= explicit_ && closing) : closing);
    if (!cr.active) continue;  // its tangent rows are not read (impulse_problem.hpp)
    for (int r = 1; r <= cr.tangent_rows; ++r) copy_row(r);
    cr.mu = starts_stuck(k) ? mu_static_[k] : mu_kinetic_[k];
    stiction_decided = stiction_decided || (cr.tangent_rows > 1 && starts_stuck(k) && mu_static_[k] != mu_kinetic_[k]);
    double bias = 0;
    if (moreau) {
      bias = restitution_[k] * std::min(vn_pre, 0.0);
      // A persistent contact closes the small gap the velocity-level conditions let open on rotating
      // bodies through the closing velocity of all of them (gap_closure.cpp), not a target per row.
    } else {
      bias = (g_end >= 0 ? g_end : opt_.drift_correction * g_end) / h;
    }
    problem_.b(cr.normal) = normal.dot(v_free_) + known_velocity(c, ContactDirection::normal(), velocity_post_) + bias;
    for (int t = 0; t < cr.tangent_rows; ++t) {
      problem_.b(cr.tangent + t) =
          problem_.row(cr.tangent + t).dot(v_free_) + known_velocity(c, ContactDirection::tangent(t), velocity_post_);
    }
  }
  // Exact stiction (stick_slip_decision.hpp) is decided on the split the sweeps reach from the last
  // step's: a subspace step on disc cones lands on a split with several corners on their cones (one
  // end of the indeterminate family), from which the next steps' sweeps leave a slip of a few 1e-9
  // m/s, below what warrants a refined solve, and a box held at 0.999 μ_s creeps by it (7e-9 m in
  // 1 s). Such steps go without the disc subspace steps, as the planar ones keep theirs.
  problem_.allow_disc_subspace_steps(!stiction_decided);
}

// A contact is closed after the step when it carried a normal impulse (above the solver's tolerance
// after Gauss-Seidel), or when it took part in the step and its gap at the step's end (linearised:
// ĝ + θ h v_N⁺) is within the activation gap: a resting contact that did not need an impulse in one
// step (it was closing a drift gap) stays closed.
bool TimeStepper::contact_closed(int c, double h) const {
  const std::size_t k = static_cast<std::size_t>(c);
  const ContactRows& cr = problem_.contact(c);
  const double zero_impulse = problem_.last_solve_iterative() ? opt_.tolerance : 0.0;
  return cr.active && (problem_.impulses()[cr.normal] > zero_impulse ||
                       gap_predicted_[k] + theta_ * h * vn_after_[k] <= opt_.activation_gap);
}

ContactOutcome TimeStepper::contact_outcome(int c) const {
  const ContactRows& cr = problem_.contact(c);
  ContactOutcome out;
  out.tangent_rows = cr.tangent_rows;
  out.mu = cr.mu;
  out.normal_impulse = problem_.impulses()[cr.normal];
  for (int t = 0; t < cr.tangent_rows; ++t) {
    out.slip_velocity[t] = problem_.row(cr.tangent + t).dot(v_new_) + known_velocity(c, ContactDirection::tangent(t), velocity_post_);
    out.friction_impulse[t] = problem_.impulses()[cr.tangent + t];
  }
  return out;
}

// What an iterative solve leaves: slip speeds up to twice its tolerance (and 1e-6 m/s at least).
namespace {
double iterative_stick_speed(double tolerance) { return std::max(kTimeSteppingStickSpeed, 2 * tolerance); }
}  // namespace

// A contact that stuck at the step's start, is on its cone (or loaded inside it) after an iterative
// solve and slips by what that solve may leave (stick_slip_decision.hpp): the step is solved again from its answer to
// kRefineShare of its goal, and v⁺ recomputed; the contacts are then decided on that answer.
void TimeStepper::refine_hanging_decisions(double h) {
  if (!problem_.last_solve_iterative() || problem_.last_solve_unconverged()) return;
  const double stick_speed = iterative_stick_speed(opt_.tolerance);
  bool hangs = false;
  for (int c = 0; c < problem_.contact_count() && !hangs; ++c) {
    const std::size_t k = static_cast<std::size_t>(c);
    // Only where the decision changes the next step's coefficient (μ_s ≠ μ_k) is it worth a solve.
    if (!starts_stuck(k) || !problem_.contact(c).active || mu_static_[k] == mu_kinetic_[k]) continue;
    vn_after_[k] = problem_.row(problem_.contact(c).normal).dot(v_new_) + known_velocity(c, ContactDirection::normal(), velocity_post_);
    hangs = contact_closed(c, h) && decision_hangs(contact_outcome(c), ContactState::stick, stick_speed);
  }
  if (!hangs) return;
  problem_.refine(kRefineShare);
  v_new_ = v_free_;
  problem_.add_velocity_change(ws_.mass_inv, v_new_);
}

void TimeStepper::update_contact_states(double h) {
  previous_ = state_;
  const bool iterative = problem_.last_solve_iterative();
  const double stick_speed = iterative ? iterative_stick_speed(opt_.tolerance) : kExactStickSpeed;
  for (int c = 0; c < problem_.contact_count(); ++c) {
    const std::size_t k = static_cast<std::size_t>(c);
    const ContactRows& cr = problem_.contact(c);
    vn_after_[k] = problem_.row(cr.normal).dot(v_new_) + known_velocity(c, ContactDirection::normal(), velocity_post_);
    state_[k] = contact_closed(c, h) ? stick_slip_state(contact_outcome(c), stick_speed) : ContactState::open;
  }
}

void TimeStepper::throw_if_not_finite(double t) const {
  if (v_new_.allFinite() && s_.q.allFinite()) return;
  if (!problem_.finite()) {
    throw NumericalError(t, "time-stepping solver", "the contact impulses are not finite");
  }
  for (std::size_t b = 0; b < model_.bodies.size(); ++b) {
    const Body& body = model_.bodies[b];
    if (body.is_dynamic() && !v_new_.segment(body.v_offset, body.nv()).allFinite()) {
      throw NumericalError(t, "body " + body.name, "the velocity of body '" + body.name + "' is not finite");
    }
  }
  throw NumericalError(t, "time-stepping", "the state is not finite");
}

// `unconverged: error`: a step whose contact problem ended above the tolerance stops the run (the
// state stays that of the step's start; the run loop adds the step number).
void TimeStepper::throw_unconverged(double t) const {
  char text[240];
  std::snprintf(text, sizeof text,
                "the contact problem did not converge: residual %.3g above the goal %.3g (tolerance %g) after %d "
                "sweeps%s; raise time_stepping.max_iterations or tolerance, or set unconverged: warn",
                problem_.last_residual(), problem_.last_goal(), opt_.tolerance, problem_.last_iterations(),
                problem_.last_iterations() < opt_.max_iterations ? " (the residual had stopped falling)" : "");
  throw NumericalError(t, "time-stepping solver", text);
}

void TimeStepper::on_unconverged(std::function<void(const ContactProblemRecord&)> receiver) {
  unconverged_receiver_ = std::move(receiver);
  problem_.keep_warm_start(static_cast<bool>(unconverged_receiver_));
}

void TimeStepper::report_unconverged(double t) {
  if (unconverged_receiver_) {
    problem_.describe(unconverged_record_);
    unconverged_record_.t = t;
    unconverged_record_.step = steps_ + 1;
    unconverged_record_.tolerance = opt_.tolerance;
    unconverged_receiver_(unconverged_record_);
  }
  if (opt_.unconverged_error) throw_unconverged(t);
}

void TimeStepper::step(double t_next) {
  const double h = t_next - s_.t;
  if (alpha_) alpha_free_velocity(h);  // forces at the step's end (generalized_alpha.cpp)
  predict(h);
  if (!alpha_) {
    if (implicit_) spring_jacobians(model_, ws_, K_, C_);
    const double a = h * theta_;
    free_velocity(s_.v, h, a, a * a, h);
  }
  fill_bilateral_rows(h);
  fill_contact_rows(h);
  if (implicit_) {
    problem_.assemble_implicit(ldlt_);
  } else {
    problem_.assemble(ws_.mass_inv);
  }
  shift_by_closing_velocity(t_next, h);
  problem_.solve();
  v_new_ = v_free_;
  problem_.add_velocity_change(ws_.mass_inv, v_new_);
  // A refined solve recomputes v⁺ from the problem alone: the spins settle after it.
  refine_hanging_decisions(h);
  if (!spinning_.empty()) settle_gyroscopic_term(t_next, h);
  if (problem_.last_solve_unconverged()) report_unconverged(t_next);
  if (!ws_.joint_contacts.empty()) add_joint_contact_friction(h);
  if (!friction_joints_.empty()) {
    if (any_contact_active()) {
      settle_joint_friction_with_contacts(h);
    } else {
      add_joint_friction(h);
    }
  }
  v_position_ = (1 - theta_) * s_.v + theta_ * v_new_;
  if (alpha_) advance_alpha(h);  // also adds the known shift to v_position_
  integrate(model_, s_.q, v_position_, h, s_.q);
  s_.v = v_new_;
  s_.t = t_next;
  throw_if_not_finite(t_next);
  if (projection_ && model_.n_constraints > 0) project_positions(model_, s_, ws_, projection_tolerance_, 10);
  update_contact_states(h);
  if (shapes_.active()) support_split_.apply(problem_, model_, layout_bodies_, explicit_, state_, ws_.mass_inv);
  last_h_ = h;
  ++steps_;
}

void TimeStepper::evaluate_output() {
  compute_body_kinematics(model_, s_, ws_);
  if (model_.n_constraints > 0) assemble_constraints(model_, s_, ws_);
  compute_contact_kinematics(model_, ws_);
  const double inv_h = last_h_ > 0 ? 1.0 / last_h_ : 0.0;
  const Vec& p = problem_.impulses();
  for (int r = 0; r < model_.n_constraints; ++r) ws_.lambda[r] = p[r] * inv_h;
  for (int c = 0; c < explicit_; ++c) {
    const ContactRows& cr = problem_.contact(c);
    ContactForce& f = ws_.contact_forces[static_cast<std::size_t>(c)];
    f.normal = p[cr.normal] * inv_h;
    f.tangential.setZero();
    for (int t = 0; t < cr.tangent_rows; ++t) f.tangential[t] = p[cr.tangent + t] * inv_h;
  }
  if (shapes_.active()) {
    shapes_.update_velocities(model_, ws_);
    record_shape_points(inv_h);
  }
}

}  // namespace stickslip
