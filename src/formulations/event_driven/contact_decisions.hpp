// The complementarity problems that decide the contact structure of the event-driven scheme.
//
// Modes (acceleration level; Pfeiffer & Glocker 1996, ch. 6; Zhang & Wang 2017 eq. (18)-(38)). At an
// instant, every closed rigid contact is a normal candidate (λ_N ≥ 0 ⟂ g̈_N ≥ 0) and every closed
// contact whose slip velocity vanishes is a tangential candidate with the friction split into
// positive and negative saturation margins:
//   F⁺ = μ_s N + λ_T ≥ 0 ⟂ g̈_T⁺ ≥ 0,   F⁻ = μ_s N − λ_T ≥ 0 ⟂ g̈_T⁻ ≥ 0,   g̈_T = g̈_T⁺ − g̈_T⁻
// (their eq. (18)-(20)), N the normal force (known for a compliant contact, λ_N for a rigid one).
// With z = [λ_N; F⁺; g̈_T⁻] and w = [g̈_N; g̈_T⁺; F⁻] this is one LCP (their eq. (38), extended to rigid
// contacts), solved by Lemke's method: λ_N = 0 with g̈_N > 0 opens a contact, g̈_T⁺ > 0 (g̈_T⁻ > 0)
// starts a positive (negative) slip, g̈_T = 0 keeps it stuck with |λ_T| ≤ μ_s N.
//
// Impacts (velocity level, Newton's law with Coulomb friction; Glocker 2001): for the rigid contacts
// that touch, impulses P_N ≥ 0 ⟂ v_N⁺ + e v_N⁻ ≥ 0 and |P_T| ≤ μ_k P_N with Coulomb's law on v_T⁺,
// v⁺ = v⁻ + M_c⁻¹ (W_N P_N + W_T P_T) (bilateral constraints hold through the impact), solved
// exactly as an LCP (the 2D lifting of solvers/frictional_contact.hpp) by Lemke's method.
// Several contacts on one body (the corners of stacked blocks) make W singular and the impulses
// indeterminate: the LCP is then solved by proximal iterations along the dependent directions
// (solvers/dependent_contact_lcp.hpp), which find an admissible impulse distribution where the
// plain pivoting meets singular bases.
//
// Spatial contacts (two tangent rows; spatial_contact_decisions.cpp) pose both problems on the
// polyhedral cone of k generators (Stewart & Trinkle 1996; solvers/pyramid_contact_lcp.hpp, k =
// simulation.event_driven.friction_facets), which lies inside the Coulomb disc. Sticking is first
// tried on the disc itself (all_stick): a contact whose holding force fits the disc sticks, exactly;
// only when that fails does the LCP choose among slips, and a contact it lets slip starts along its
// tangential acceleration, after which the smooth phase applies the disc's friction −μ_k N v̂_T.
#pragma once

#include <vector>

#include "formulations/event_driven/modal_dynamics.hpp"
#include "solvers/dependent_contact_lcp.hpp"
#include "solvers/lemke.hpp"
#include "solvers/pyramid_contact_lcp.hpp"

namespace stickslip {

struct ModeDecision {
  std::vector<ContactState> modes;
  std::vector<double> normal_force, tangential_force;  // per contact, from the LCP solution
  // Spatial contacts that start to slip: the direction of their tangential acceleration (t₁, t₂).
  std::vector<TangentVector> slip_direction;
  int pivots = 0;
};

struct ImpactResult {
  Vec v_after;                       // v⁺
  std::vector<double> vn_before, vn_after, normal_impulse, tangential_impulse;  // per contact
  std::vector<char> involved;        // contacts in the impact problem
  int pivots = 0;
};

class ContactDecisions {
 public:
  explicit ContactDecisions(const Model& model);
  // A stop request, asked by the mode and impact LCPs' pivoting (LemkeOptions::should_stop).
  void on_stop_request(std::function<bool()> should_stop) { lemke_.options().should_stop = std::move(should_stop); }

  // Decides the modes at state s. `normal_candidate[c]`: closed rigid contact; `tangent_candidate[c]`:
  // closed contact with zero slip velocity. Other contacts keep their entries of `modes`.
  // Throws NumericalError when the LCP has no solution (Painlevé-type inconsistency).
  ModeDecision decide(ModalDynamics& dyn, const State& s, const std::vector<ContactState>& modes,
                      const std::vector<char>& normal_candidate, const std::vector<char>& tangent_candidate);

  // Impact of the rigid contacts flagged in `involved` at state s (dyn evaluated there).
  ImpactResult impact(ModalDynamics& dyn, const State& s, const std::vector<char>& involved,
                      const std::vector<double>& restitution);

 private:
  // The spatial problems on the polyhedral cone (spatial_contact_decisions.cpp); dyn evaluated with
  // the candidates' forces removed (decide) or at the impact's state (impact, which has filled `out`
  // with the velocities before and the contacts `ids` involved).
  ModeDecision decide_on_pyramid(ModalDynamics& dyn, const State& s, const std::vector<ContactState>& modes,
                                 const std::vector<char>& normal_candidate, const std::vector<char>& tangent_candidate);
  void impact_on_pyramid(ModalDynamics& dyn, const State& s, const std::vector<int>& ids,
                         const std::vector<double>& restitution, ImpactResult& out);
  void solve_on_pyramid(const Mat& W, const Vec& b, const std::vector<solvers::PyramidContact>& contacts, int facets,
                        double t, const char* what, solvers::DependentContactResult& sol);
  bool all_stick(ModalDynamics& dyn, const State& s, const std::vector<ContactState>& modes,
                 const std::vector<char>& normal_candidate, const std::vector<char>& tangent_candidate,
                 ModeDecision& out);

  const Model& model_;
  solvers::LemkeSolver lemke_;
  solvers::DependentContactLcp dependent_lcp_;
};

}  // namespace stickslip
