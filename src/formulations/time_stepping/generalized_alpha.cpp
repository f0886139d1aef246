// The generalized-α method of the time-stepping scheme (`method: generalized_alpha`; docs/schemes.md,
// "Two integrators of the smooth forces"). The smooth forces (applied forces, springs, the gyroscopic
// term) are integrated by the generalized-α method of Chung & Hulbert (1993) on the Lie group of the
// bodies (Arnold & Brüls 2007: increments in the body-frame velocities, q ⊕ Δ), while joints, drivers,
// impacts and friction stay the impulses of one complementarity problem, kept out of the α-averaging
// as in the nonsmooth generalized-α scheme (Chen, Acary, Virlez & Brüls 2013; Brüls, Acary & Cardona
// 2014). With z = ẍ_{n+1} = M⁻¹ f(q_{n+1}, v_{n+1}, t_{n+1}) the smooth acceleration at the step's end and
// d = M⁻¹ Hᵀ P the impulses' velocity change:
//   (1 − α_m) a_{n+1} + α_m a_n = (1 − α_f) z + α_f ẍ_n              (a: the pseudo-acceleration)
//   v_{n+1} = v_n + h (1 − γ) a_n + h γ a_{n+1} + d
//   q_{n+1} = q_n ⊕ [h v_n + h² (½ − β) a_n + h² β a_{n+1} + w h d]
// with α_m = (2ρ∞ − 1)/(ρ∞ + 1), α_f = ρ∞/(ρ∞ + 1), γ = ½ + α_f − α_m, β = ¼ (γ + ½)²: second order, and the
// modes the step does not resolve (hω → ∞) damped by ρ∞ per step. The forces at the step's end are
// linearised about a point of the motion (alpha_free_velocity), as the θ-method's about its midpoint.
// The impulses' weight w in the positions:
//   - w = ½ (no spring elements): an impulse over a step moves the positions as a constant force over
//     it would (to O(h³)), so sliding friction and the reactions of joints and contacts keep the
//     second order; eliminating a_{n+1},
//       q_{n+1} = q_n ⊕ [½ h (v_n + v_{n+1}) + (γ/2 − β) h² (a_n − a_{n+1})],
//     the θ-method's update with θ = ½ and a shift of O(h³) (0 at ρ∞ = 1): the impulse problem, its rows
//     at q_n ⊕ ½h v_n, the predicted gaps and the drift terms are the θ-method's, with the shift;
//   - w = β/γ (spring elements): the springs' response to the impulses' displacement then makes the
//     velocities v_{n+1} = v_free + W̃⁻¹ Hᵀ P exactly, with W̃ = M − hγκ C − h²βκ K (κ = (1 − α_f)/(1 − α_m)),
//     the matrix the impulse problem sees (with w = ½ it would be W̃⁻¹(M + h²κ(γ/2 − β)K)M⁻¹, not
//     symmetric); eliminating a_{n+1}, q_{n+1} = q_n ⊕ h [(1 − θ) v_n + θ v_{n+1} + h (½ − θ) a_n], θ = β/γ:
//     the θ-method's update with that θ (0.505 at ρ∞ = 0.8) and a known shift. A tangential impulse
//     (sliding friction) then moves the positions by (β/γ − ½) h d more than a force would: a
//     first-order error of that small factor.
// a_0 = ẍ_0 = M⁻¹ f(q_0, v_0, t_0), the gyroscopic term included.
#include "assembly/applied_forces.hpp"
#include "assembly/body_kinematics.hpp"
#include "assembly/kinematic_map.hpp"
#include "formulations/time_stepping/spring_jacobians.hpp"
#include "formulations/time_stepping/time_stepper.hpp"

namespace stickslip {

void TimeStepper::set_up_alpha() {
  theta_ = gyroscopic_theta_ = opt_.theta;
  gyroscopic_weight_ = 1.0;
  if (!alpha_) return;
  const double rho = opt_.spectral_radius;
  alpha_m_ = (2 * rho - 1) / (rho + 1);
  alpha_f_ = rho / (rho + 1);
  gamma_ = 0.5 + alpha_f_ - alpha_m_;
  beta_ = 0.25 * (gamma_ + 0.5) * (gamma_ + 0.5);
  theta_ = implicit_ ? beta_ / gamma_ : 0.5;
  gyroscopic_weight_ = gamma_ * (1 - alpha_f_) / (1 - alpha_m_);
  gyroscopic_theta_ = 1.0;
  for (Vec* v : {&accel_, &smooth_accel_, &alpha_base_, &alpha_shift_, &alpha_start_}) v->setZero(model_.nv);
}

// a_0 = ẍ_0 = M⁻¹ f at the start (the gyroscopic term included; joints and contacts act by impulses).
void TimeStepper::start_alpha() {
  end_ = s_;
  compute_body_kinematics(model_, s_, ws_);
  assemble_applied_forces(model_, s_, ws_);  // every term
  smooth_accel_ = ws_.mass_inv.cwiseProduct(ws_.f);
  accel_ = smooth_accel_;
}

// A0 = (α_f ẍ_n − α_m a_n)/(1 − α_m) (a_{n+1} = A0 + κ z), V0 = v_n + h(1 − γ) a_n + hγ A0. The forces at the
// step's end, f(q_{n+1}, v_{n+1}, t_{n+1}): the loads at (q_n ⊕ h v_n, v_n, t_{n+1}), an O(h²) error in z that
// keeps the second order; the spring elements linearised about (q_n, v_n), which is on the motion
// whatever the step, f_s + K [h v_n + h² ((½ − β) a_n + β A0)] + C (V0 − v_n) (exact for a linear spring).
// About a point that h v_n or h² a_n move (the predictor of the recurrence), a stiff spring's
// linearisation may be anything: at hω = 100 and ρ∞ = 0 the method's first step overshoots the velocity
// 25 times, and a spring's direction then turns over. Then v_free = V0 + W̃⁻¹ (hγκ f) (file comment), and
// the positions' known shift over h.
void TimeStepper::alpha_free_velocity(double h) {
  const double kappa = (1 - alpha_f_) / (1 - alpha_m_);
  alpha_start_ = (alpha_f_ * smooth_accel_ - alpha_m_ * accel_) / (1 - alpha_m_);
  alpha_base_ = s_.v + h * (1 - gamma_) * accel_ + h * gamma_ * alpha_start_;
  end_.t = s_.t + h;
  end_.v = s_.v;
  if (implicit_) {  // the springs' linearisation, in alpha_shift_ (written again below)
    end_.q = s_.q;
    compute_body_kinematics(model_, end_, ws_);
    spring_jacobians(model_, ws_, K_, C_);
    assemble_applied_forces(model_, end_, ws_, {.loads = false, .springs = true, .gyroscopic = false});
    alpha_shift_ = ws_.f;
    scratch_ = h * s_.v + (h * h) * ((0.5 - beta_) * accel_ + beta_ * alpha_start_);
    alpha_shift_.noalias() += K_ * scratch_;
    scratch_ = alpha_base_ - s_.v;
    alpha_shift_.noalias() += C_ * scratch_;
  }
  integrate(model_, s_.q, s_.v, h, end_.q);
  compute_body_kinematics(model_, end_, ws_);
  assemble_applied_forces(model_, end_, ws_, {.springs = false, .gyroscopic = false});
  if (implicit_) ws_.f += alpha_shift_;
  const double w = h * gamma_ * kappa;
  free_velocity(alpha_base_, w, w, h * h * beta_ * kappa, h);
  if (implicit_) {
    alpha_shift_ = h * (0.5 - theta_) * accel_;
  } else {  // with a_{n+1} of the free velocity (the impulses do not change it)
    scratch_ = (v_free_ - s_.v - h * (1 - gamma_) * accel_) / (h * gamma_);
    alpha_shift_ = h * (0.5 * gamma_ - beta_) * (accel_ - scratch_);
  }
}

// After the step's velocities: a_{n+1} from v_{n+1} less the impulses' change d, ẍ_{n+1} = z, and the
// shift added to the positions' velocity (before s_.v becomes v_{n+1}).
void TimeStepper::advance_alpha(double h) {
  if (implicit_) {  // d = M⁻¹ Hᵀ P: the springs' response to the impulses belongs to z
    scratch_.setZero();
    problem_.add_mass_velocity_change(ws_.mass_inv, scratch_);
    scratch_ = v_new_ - scratch_;
  } else {  // v_free is v_{n+1} − d (joint-contact friction, an impulse too, included)
    scratch_ = v_free_;
  }
  Vec& accel_end = alpha_base_;  // V0 is spent: a_{n+1} goes there first
  accel_end = (scratch_ - s_.v - h * (1 - gamma_) * accel_) / (h * gamma_);
  if (!implicit_) alpha_shift_ = h * (0.5 * gamma_ - beta_) * (accel_ - accel_end);  // with the final a_{n+1}
  accel_ = accel_end;
  smooth_accel_ = (accel_ - alpha_start_) * ((1 - alpha_m_) / (1 - alpha_f_));
  v_position_ += alpha_shift_;
}

}  // namespace stickslip
