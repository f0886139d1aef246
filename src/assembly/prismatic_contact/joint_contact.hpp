// Contact analysis inside a frictional prismatic joint, in the joint's frame (Qi, Luo & Huang 2011):
// from the joint reaction on the slider, moved to the centre of the contact region and affine in
// the friction multiplier eta, find the 16 corner forces, their gaps, the contact mode and eta.
//
// One evaluation:
//   1. the equivalent friction coefficient k: -mu sgn(v) for a sliding joint (v the slider's
//      velocity relative to the guide along e1, so that k N opposes it), -mu v / v_t near rest with
//      the paper's regularisation (rule regularised_sign);
//   2. a solution of the LCP of eq. (31)-(33) with eta eliminated through eq. (36)
//      (contact_lcp.hpp). The LCP has many solutions once the slider tips, and friction adds wedged
//      ones with different total normal force, hence different friction. By default the one
//      reported is the least-displacement solution (contact_faces.hpp says why and how): the
//      slider's faces are walked in order of displacement and the first that can carry the load is
//      taken. Method smoothed_newton is the paper's: the smoothed complementarity function
//      (eq. (34)) with the scaling of eq. (35) (solvers/smoothed_newton.hpp; forces in units of
//      k_f, the largest of the five forces b_f = A_c fc_hat, since the paper's k_f mixes newtons and
//      newton-metres; gaps in units of the larger clearance), Lemke's method when it fails; it
//      reports whichever solution its path reaches. Method lemke is the cross-check.
//   3. the forces on the chosen contacts: the least-norm ones (force_selection.hpp);
//   4. eta from eq. (36), f1c(eta) = k sum(f_i + g_i), exactly for the reported forces.
// A joint at rest under rule exact_stick (the default) sticks when it can: with eta the value that
// keeps it at rest (the axial relative acceleration, affine in eta, is zero), the tangential force
// at every loaded corner is the same fraction kappa of its normal force (the paper's single k read
// as a sticking ratio), kappa solves eq. (36), and the joint sticks when |kappa| <= mu. Otherwise it
// starts to slide against the friction it would have needed. No creep: the paper's regularisation
// puts k = 0 at rest, and a loaded joint then slides slowly under any load.
//
// Named conditions replace NaN: no transverse load (every corner force zero, eta from eq. (36)), a
// vanishing overlap (the contact region has no length: the slider has left its guide), no
// consistent mode at rest (a jammed joint), no solution found (no set of contacts can carry the
// load), and for the LCP methods friction locking (their LCP cannot be formed).
#pragma once

#include <vector>

#include "assembly/prismatic_contact/contact_faces.hpp"
#include "assembly/prismatic_contact/contact_lcp.hpp"
#include "assembly/prismatic_contact/contact_mode.hpp"
#include "assembly/prismatic_contact/force_selection.hpp"
#include "solvers/lemke.hpp"
#include "solvers/smoothed_newton.hpp"

namespace stickslip::prismatic_contact {

enum class LcpMethod { none, least_displacement, smoothed_newton, lemke };
const char* to_string(LcpMethod method);

enum class FrictionRule {
  exact_stick,       // at rest: stick while the friction needed is inside the cone
  regularised_sign,  // Qi, Luo & Huang 2011: sgn(v) -> v / v_t for |v| <= v_t
};

struct PrismaticContactOptions {
  FrictionRule rule = FrictionRule::exact_stick;
  double sign_velocity = 1e-3;       // v_t of regularised_sign [m/s] (the paper's value)
  double rest_speed = 0.0;           // exact_stick: |v| <= rest_speed counts as at rest
  double vanishing_overlap = 1e-9;   // c <= this * max(a, b): the overlap has vanished
  double load_threshold = 1e-9;      // a contact carries load above this * k_f
  LcpMethod method = LcpMethod::least_displacement;
  // smoothed_newton and lemke:
  double lcp_tolerance = 1e-12;      // smoothed Newton, on the residual in the units of eq. (35)
  double closed_gap = 1e-8;          // a gap below this * max(eps, delta) is closed
  bool fallback = true;              // the other of smoothed_newton / lemke when the first fails
  // Corner springs that hold the slider towards the centre of its clearance where the load leaves
  // it free (contact_lcp.hpp), stiffness this * k_f per unit clearance; they decide only which
  // contacts close (the reported forces meet the reaction without them).
  double centring = 1e-6;
};

struct PrismaticContactInput {
  SliderSection section;
  double friction_coefficient = 0.0;  // mu
  double half_length = 0.0;           // c (contact_region)
  AffineWrench reaction;              // on the slider, at p0, joint-frame components, affine in eta
  double slip_velocity = 0.0;         // of the slider relative to the guide, along e1
  // The slider's axial acceleration relative to the guide, acceleration + acceleration_per_eta eta
  // (eq. (7)); needed by exact_stick at rest only. acceleration_per_eta has the sign of the axial
  // force per eta on the slider (reaction.per_eta.force.x()): the slider accelerates along it.
  double acceleration = 0.0;
  double acceleration_per_eta = 0.0;
};

enum class ContactCondition {
  solved,
  unloaded,             // no transverse load: no corner force (eta from eq. (36) all the same)
  vanishing_overlap,    // c too small for a contact region
  friction_locking,     // smoothed_newton, lemke: the LCP cannot express eta through eq. (36)
  no_consistent_mode,   // at rest, neither sticking nor sliding is consistent
  no_contact_solution,  // no solution of the LCP found
  invalid_input,        // non-finite values, a, b, eps/delta <= 0, mu < 0, f1c independent of eta
};
const char* to_string(ContactCondition condition);

enum class JointMotion { sliding, sticking, starting_to_slide };
const char* to_string(JointMotion motion);

struct PrismaticContactResult {
  ContactCondition condition = ContactCondition::invalid_input;
  JointMotion motion = JointMotion::sliding;
  double eta = 0.0;
  double friction_force = 0.0;          // f1c: the guide's axial force on the slider
  double coefficient = 0.0;             // k (sliding) or kappa (sticking)
  double normal_force = 0.0;            // sum of the 16 normal forces
  double relative_acceleration = 0.0;   // acceleration + acceleration_per_eta eta
  double force_scale = 0.0;             // k_f of eq. (35)
  CornerForces forces;
  CornerGaps gaps;                      // units of delta
  ContactMode mode;
  LcpMethod method = LcpMethod::none;   // that found the contacts (last evaluation)
  int evaluations = 0;                  // contact problems solved (several while deciding stick)
  int faces_tried = 0;                  // least_displacement, over all evaluations
  int newton_iterations = 0;            // smoothed_newton, over all evaluations

  bool ok() const { return condition == ContactCondition::solved || condition == ContactCondition::unloaded; }
};

class PrismaticContactSolver {
 public:
  // Lists the section's contact faces (allocates); solve() with another section lists them again.
  explicit PrismaticContactSolver(const SliderSection& section, PrismaticContactOptions options = {});
  PrismaticContactOptions& options() { return options_; }

  // No heap allocation for the section given at construction.
  void solve(const PrismaticContactInput& input, PrismaticContactResult& result);

 private:
  // The contact problem for a given k; eliminate: eta unknown (sliding).
  bool evaluate(double k, bool eliminate, PrismaticContactResult& result);
  bool walk_faces(const EquationRows& A, const Vec5& r, ContactSet& closed, Vec16& start,
                  PrismaticContactResult& result);
  bool solve_lcp(double k, bool eliminate, double kf, ContactSet& closed, Vec16& start,
                 PrismaticContactResult& result);
  void slide(double k, PrismaticContactResult& result);
  bool try_stick(double mu, double eta_rest, double& f1c, PrismaticContactResult& result);
  double stick_residual(double kappa);

  PrismaticContactOptions options_;
  SliderSection section_;
  std::vector<ContactFace> faces_;
  InfeasibilityCertificates certificates_;
  solvers::SmoothedNewtonSolver smoothed_;
  solvers::LemkeSolver lemke_;
  solvers::LcpResult lcp_result_;
  ContactLcp lcp_;
  Vec start_ = Vec::Zero(kContacts);
  // The problem in hand.
  double c_ = 0.0;
  ContactLoad load_;
  bool evaluation_failed_ = false;
  PrismaticContactResult* trial_ = nullptr;
};

}  // namespace stickslip::prismatic_contact
