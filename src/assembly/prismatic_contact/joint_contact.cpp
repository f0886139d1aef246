// Contact analysis inside a frictional prismatic joint (Qi, Luo & Huang 2011); see joint_contact.hpp.
#include "assembly/prismatic_contact/joint_contact.hpp"

#include <algorithm>
#include <cmath>

#include "laws/sign.hpp"
#include "math/root_finding.hpp"

namespace stickslip::prismatic_contact {

const char* to_string(ContactCondition condition) {
  switch (condition) {
    case ContactCondition::solved: return "solved";
    case ContactCondition::unloaded: return "unloaded";
    case ContactCondition::vanishing_overlap: return "vanishing_overlap";
    case ContactCondition::friction_locking: return "friction_locking";
    case ContactCondition::no_consistent_mode: return "no_consistent_mode";
    case ContactCondition::no_contact_solution: return "no_contact_solution";
    case ContactCondition::invalid_input: return "invalid_input";
  }
  return "?";
}

const char* to_string(LcpMethod method) {
  switch (method) {
    case LcpMethod::none: return "none";
    case LcpMethod::least_displacement: return "least_displacement";
    case LcpMethod::smoothed_newton: return "smoothed_newton";
    case LcpMethod::lemke: return "lemke";
  }
  return "?";
}

const char* to_string(JointMotion motion) {
  switch (motion) {
    case JointMotion::sliding: return "sliding";
    case JointMotion::sticking: return "sticking";
    case JointMotion::starting_to_slide: return "starting_to_slide";
  }
  return "?";
}

namespace {

// A contact set carries the load when the equations' residual is below this fraction of the load.
constexpr double kFeasible = 1e-9;

bool finite(const Wrench& w) { return w.force.allFinite() && w.moment.allFinite(); }

bool valid(const PrismaticContactInput& in) {
  const SliderSection& s = in.section;
  return std::isfinite(s.half_width) && s.half_width > 0.0 && std::isfinite(s.half_height) && s.half_height > 0.0 &&
         std::isfinite(s.clearance_ratio) && s.clearance_ratio > 0.0 && std::isfinite(in.friction_coefficient) &&
         in.friction_coefficient >= 0.0 && std::isfinite(in.half_length) && finite(in.reaction.constant) &&
         finite(in.reaction.per_eta) && in.reaction.per_eta.force.x() != 0.0 && std::isfinite(in.slip_velocity) &&
         std::isfinite(in.acceleration) && std::isfinite(in.acceleration_per_eta);
}

// The transverse equations A n = r the forces must meet (eq. (17) before it is solved for y1), with
// eta = (k sum(n) - f1c0) / f1c_eta substituted when it is unknown; moment rows divided by a
// length so that every row is a force.
void transverse_equations(const SliderSection& section, double c, double k, const ContactLoad& load, bool eliminate,
                          EquationRows& A, Vec5& r) {
  A = force_equivalence(section, c, k).bottomRows<5>();
  r = load.transverse;
  if (eliminate) {
    A -= (load.transverse_per_eta * (k / load.axial_per_eta)) * Vec16::Ones().transpose();
    r -= load.transverse_per_eta * (load.axial / load.axial_per_eta);
  }
  const double length = std::max({section.half_width, section.half_height, c});
  A.bottomRows<3>() /= length;
  r.tail<3>() /= length;
}

}  // namespace

PrismaticContactSolver::PrismaticContactSolver(const SliderSection& section, PrismaticContactOptions options)
    : options_(options), section_(section), faces_(contact_faces(section)), smoothed_(kContacts), lemke_(kContacts) {
  auto& o = smoothed_.options();
  o.scaling = solvers::SmoothingScaling::custom;
  o.row_scale = Vec::Ones(kContacts);
  o.variable_scale = Vec::Ones(kContacts);
  lcp_result_.z = Vec::Zero(kContacts);
  lcp_result_.w = Vec::Zero(kContacts);
}

// The first face, in order of displacement, whose closed contacts can carry the load.
bool PrismaticContactSolver::walk_faces(const EquationRows& A, const Vec5& r, ContactSet& closed, Vec16& start,
                                        PrismaticContactResult& result) {
  const double tolerance = kFeasible * r.cwiseAbs().maxCoeff();
  certificates_.begin(A, r, tolerance);
  for (const ContactFace& face : faces_) {
    if (certificates_.rules_out(face.closed)) continue;
    for (int j = 0; j < kContacts; ++j) closed[j] = (face.closed >> j) & 1u;
    ++result.faces_tried;
    if (nonnegative_least_squares(A, r, closed, start) > tolerance) {
      certificates_.add(A, r - A * start, start);
      continue;
    }
    result.gaps = face_gaps(section_, face.q);
    result.method = LcpMethod::least_displacement;
    return true;
  }
  return false;
}

// The paper's way: the LCP of eq. (31) by the smoothed Newton method with the scaling of eq. (35),
// or by Lemke's method; its closed contacts and forces.
bool PrismaticContactSolver::solve_lcp(double k, bool eliminate, double kf, ContactSet& closed, Vec16& start,
                                       PrismaticContactResult& result) {
  assemble_contact_lcp(section_, c_, k, load_, eliminate, options_.centring * kf, lcp_);
  // Eq. (35): forces (y1, x2, x3) in units of k_f, gaps (x1, y2, y3) in units of the clearance.
  const double gap_scale = std::max(1.0, section_.clearance_ratio);
  auto& o = smoothed_.options();
  o.newton.tolerance = options_.lcp_tolerance;
  o.row_scale.head<5>().setConstant(kf);
  o.row_scale.tail<11>().setConstant(gap_scale);
  o.variable_scale.head<5>().setConstant(gap_scale);
  o.variable_scale.tail<11>().setConstant(kf);
  const auto run = [&](LcpMethod method) {
    if (method == LcpMethod::lemke) {
      lemke_.solve(lcp_.M, lcp_.q, lcp_result_);
    } else {
      // From the slider centred in its clearance, every force k_f.
      start_.head<5>() << section_.clearance_ratio, section_.clearance_ratio, section_.clearance_ratio, 1.0, 1.0;
      start_.tail<11>().setConstant(kf);
      smoothed_.solve(lcp_.M, lcp_.q, start_, lcp_result_);
      result.newton_iterations += lcp_result_.iterations;
    }
    result.method = method;
  };
  const LcpMethod first = options_.method;
  run(first);
  if (!lcp_result_.solved() && options_.fallback)
    run(first == LcpMethod::lemke ? LcpMethod::smoothed_newton : LcpMethod::lemke);
  if (!lcp_result_.solved()) return false;
  unpack(lcp_result_.z, lcp_result_.w, result.forces, result.gaps);
  for (int j = 0; j < kContacts; ++j) {
    closed[j] = gap_value(result.gaps, j) <= options_.closed_gap * gap_scale;
    start[j] = contact_value(result.forces, j);
  }
  return true;
}

bool PrismaticContactSolver::evaluate(double k, bool eliminate, PrismaticContactResult& result) {
  ++result.evaluations;
  result.coefficient = k;
  assemble_contact_lcp(section_, c_, k, load_, eliminate, 0.0, lcp_);
  // The LCP of eq. (31) expresses eta through x2, x3 alone; it cannot when alpha = 0 (the walk over
  // the faces, which keeps all 16 forces as unknowns, does not need it).
  if (eliminate && options_.method != LcpMethod::least_displacement &&
      !(std::abs(lcp_.alpha) > 1e-12 * std::abs(load_.axial_per_eta))) {
    result.condition = ContactCondition::friction_locking;
    return false;
  }
  const double kf = lcp_.q.head<5>().cwiseAbs().maxCoeff();
  result.force_scale = kf;
  EquationRows A;
  Vec5 r;
  transverse_equations(section_, c_, k, load_, eliminate, A, r);
  if (kf == 0.0 || r.cwiseAbs().maxCoeff() == 0.0) {  // no transverse load: the slider floats centred
    result.condition = ContactCondition::unloaded;
    result.forces = CornerForces{};
    result.gaps = face_gaps(section_, Vec5::Zero());
    result.normal_force = 0.0;
    result.mode = ContactMode{};
    return true;
  }
  ContactSet closed{};
  Vec16 start, selected;
  const bool found = options_.method == LcpMethod::least_displacement ? walk_faces(A, r, closed, start, result)
                                                                       : solve_lcp(k, eliminate, kf, closed, start, result);
  if (!found) {
    result.condition = ContactCondition::no_contact_solution;
    return false;
  }
  const double tolerance = kFeasible * r.cwiseAbs().maxCoeff();
  // The LCP methods' forces meet the equations to their tolerance (and carry the centring springs):
  // start from forces on their closed contacts that meet them exactly, when there are such.
  if (options_.method != LcpMethod::least_displacement && nonnegative_least_squares(A, r, closed, selected) <= tolerance)
    start = selected;
  const ForceSelection sel = minimum_norm_forces(A, r, closed, start, selected);
  const Vec16& forces = sel.converged && sel.residual <= tolerance ? selected : start;
  for (int j = 0; j < kContacts; ++j) contact_value(result.forces, j) = forces[j];
  result.normal_force = result.forces.sum();
  result.mode = contact_mode(result.forces, options_.load_threshold * kf);
  result.condition = ContactCondition::solved;
  return true;
}

// eta from eq. (36) for the reported forces: f1c0 + f1c_eta eta = k sum.
void PrismaticContactSolver::slide(double k, PrismaticContactResult& result) {
  if (!evaluate(k, true, result)) return;
  result.eta = (k * result.normal_force - load_.axial) / load_.axial_per_eta;
  result.friction_force = load_.axial + load_.axial_per_eta * result.eta;
}

double PrismaticContactSolver::stick_residual(double kappa) {
  if (!evaluate(kappa, false, *trial_)) {
    evaluation_failed_ = true;
    return -load_.axial;  // as without friction
  }
  return kappa * trial_->normal_force - load_.axial;
}

// At rest, with eta = eta_rest (the value that keeps the slider at rest): kappa in [-mu, mu] solves
// eq. (36). False when the cone is too narrow (the joint slides); true otherwise, with the result
// filled (or a failure named). f1c is the axial force the joint needs to stay at rest.
bool PrismaticContactSolver::try_stick(double mu, double eta_rest, double& f1c, PrismaticContactResult& result) {
  const ContactLoad sliding = load_;
  load_.transverse = sliding.transverse + sliding.transverse_per_eta * eta_rest;
  load_.transverse_per_eta.setZero();
  load_.axial = sliding.axial + sliding.axial_per_eta * eta_rest;
  f1c = load_.axial;
  trial_ = &result;
  evaluation_failed_ = false;
  double kappa = 0.0;
  bool sticks = true;
  if (f1c != 0.0) {
    const double end = std::copysign(mu, f1c);
    const double h_end = mu > 0.0 ? stick_residual(end) : -f1c;
    sticks = !evaluation_failed_ && (h_end == 0.0 || (h_end > 0.0) != (-f1c > 0.0));
    if (sticks) kappa = find_root([this](double x) { return stick_residual(x); }, 0.0, end, -f1c, h_end, 0.0).x;
  }
  if (evaluation_failed_) {
    sticks = true;  // the failure is the answer
  } else if (sticks && evaluate(kappa, false, result)) {
    result.motion = JointMotion::sticking;
    result.eta = eta_rest;
    result.friction_force = f1c;
  }
  load_ = sliding;
  return sticks;
}

void PrismaticContactSolver::solve(const PrismaticContactInput& input, PrismaticContactResult& result) {
  result = PrismaticContactResult{};
  if (!valid(input)) return;  // invalid_input
  if (input.section.half_width != section_.half_width || input.section.half_height != section_.half_height ||
      input.section.clearance_ratio != section_.clearance_ratio) {
    section_ = input.section;
    faces_ = contact_faces(section_);  // allocates: a solver per joint avoids it
  }
  c_ = input.half_length;
  load_ = contact_load(input.reaction);
  const double mu = input.friction_coefficient;
  const double v = input.slip_velocity;
  if (!(c_ > options_.vanishing_overlap * std::max(section_.half_width, section_.half_height))) {
    result.condition = ContactCondition::vanishing_overlap;
    return;
  }
  const auto finish_sliding = [&](double k) {
    slide(k, result);
    result.relative_acceleration = input.acceleration + input.acceleration_per_eta * result.eta;
  };
  if (options_.rule == FrictionRule::regularised_sign) return finish_sliding(-mu * laws::sgn_linear(v, options_.sign_velocity));
  if (std::abs(v) > options_.rest_speed) return finish_sliding(-mu * laws::sgn(v));
  // invalid_input: at rest the axial dynamics are needed, and the slider accelerates along the axial
  // force on it (a positive inverse mass)
  if (!(input.acceleration_per_eta * input.reaction.per_eta.force.x() > 0.0)) return;
  const double eta_rest = -input.acceleration / input.acceleration_per_eta;
  double f1c_needed = 0.0;
  if (try_stick(mu, eta_rest, f1c_needed, result)) {
    if (result.motion == JointMotion::sticking)
      result.relative_acceleration = input.acceleration + input.acceleration_per_eta * eta_rest;
    return;
  }
  // It slides against the friction it would have needed to stay at rest.
  const PrismaticContactResult tried = result;
  result = PrismaticContactResult{};
  result.evaluations = tried.evaluations;
  result.faces_tried = tried.faces_tried;
  result.newton_iterations = tried.newton_iterations;
  finish_sliding(std::copysign(mu, f1c_needed));
  if (!result.ok()) return;
  result.motion = JointMotion::starting_to_slide;
  if (result.relative_acceleration * f1c_needed > 0.0) result.condition = ContactCondition::no_consistent_mode;
}

}  // namespace stickslip::prismatic_contact
