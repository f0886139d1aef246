// The gyroscopic term of the time-stepping step, implicit (docs/schemes.md, "Spinning bodies").
//
// A spatial body's Euler equations J ω̇ = τ − ω × Jω take the gyroscopic term at
// ω_θ = (1 − θ) ω_k + θ ω⁺ (euler_step.hpp): with θ = ½ a torque-free body keeps its kinetic energy and
// |Jω| exactly at any step, where the term at ω_k (an explicit Euler step of Euler's equations)
// multiplied the transverse spin by √(1 + (hΩ)²) per step. The term is a gyroscopic impulse
// γ = −h ω_θ × Jω_θ on the body's rotational rows, added to the free velocity.
//
// The impulse problem stays linear, with W = H W̃⁻¹ Hᵀ as before (M diagonal: every fast path and
// solver unchanged): the step iterates between the problem and the bodies' Euler equations, a chord
// method on γ. Given the step's velocities v (impulses P and gyroscopic impulses γ included), each
// spinning body's ω_b = ω − J⁻¹γ is what it would have without its gyroscopic impulse; Newton's method
// gives the ω* that meets its Euler equation with the same P, the free velocity moves by the change
// of γ (through W̃⁻¹), and the problem is solved again (warm-started) only when that change moves a
// row of it. A body no row touches is exact after its first solve; one in a joint or a contact
// converges at a rate of about hθ|J⁻¹ ∂(ω × Jω)/∂ω| ~ hθΩ per round (seen: a top at 200 rad/s on its
// pivot, h = 1 ms, 0.03 per round, 5 rounds to 1e-10). The fixed point is the step's equation itself:
// W̃ (v⁺ − v_k) = h f − h ω_θ × Jω_θ + Hᵀ P with P solving the problem at v⁺. A model whose bodies are
// planar or isotropic has no spinning body: nothing here runs.
#include <algorithm>
#include <cmath>

#include "formulations/time_stepping/euler_step.hpp"
#include "formulations/time_stepping/time_stepper.hpp"
#include "math/errors.hpp"

namespace stickslip {
namespace {

// Rounds of the chord iteration at most; a step that reaches it is counted (a warning at the end).
constexpr int kMaxRounds = 50;
// The iteration stops when no spinning body's ω moves by more than this relative to max(1, |ω|):
// well below what an exact (Lemke) solve resolves in the impulses; an iterative solve's own
// tolerance, when larger, bounds it instead.
constexpr double kSpinTolerance = 1e-10;

bool anisotropic(const Vec3& J) { return J.maxCoeff() - J.minCoeff() > 1e-12 * J.maxCoeff(); }

}  // namespace

void TimeStepper::list_spinning_bodies() {
  for (std::size_t b = 0; b < model_.bodies.size(); ++b) {
    const Body& body = model_.bodies[b];
    if (!body.is_dynamic() || body.dimension != Dimension::spatial) continue;
    if (!anisotropic(body.spatial.principal_moments)) continue;
    SpinningBody s;
    s.body = static_cast<int>(b);
    s.offset = body.v_offset + 3;
    s.inertia = body.spatial.principal_moments;
    s.omega_start = s.impulse = Vec3::Zero();
    spinning_.push_back(s);
  }
  if (!spinning_.empty()) spin_change_.setZero(model_.nv);
}

void TimeStepper::begin_gyroscopic_step() {
  for (SpinningBody& b : spinning_) {
    b.omega_start = s_.v.segment<3>(b.offset);
    b.impulse.setZero();
  }
}

// Each spinning body's Euler equation at the velocities v (file comment); spin_change_ becomes the
// change of v the new gyroscopic impulses make (W̃⁻¹ times their change). Returns the largest change
// of a body's own ω relative to max(1, |ω*|).
double TimeStepper::correct_spins(const Vec& v, double h, double t) {
  double largest = 0.0;
  if (implicit_) spin_change_.setZero();  // W̃⁻¹ below fills every entry
  for (SpinningBody& b : spinning_) {
    const Vec3 omega = v.segment<3>(b.offset);
    const Vec3 base = omega - b.impulse.cwiseQuotient(b.inertia);
    const EulerStepResult r = solve_euler_step(b.inertia, b.omega_start, base, gyroscopic_weight_ * h, gyroscopic_theta_, omega);
    if (!r.converged) {
      const std::string& name = model_.bodies[static_cast<std::size_t>(b.body)].name;
      throw NumericalError(t, "body " + name,
                           "the implicit gyroscopic step of body '" + name + "' did not converge; take a smaller step");
    }
    b.impulse = b.inertia.cwiseProduct(r.omega - base);
    spin_change_.segment<3>(b.offset) = r.omega - omega;
    largest = std::max(largest, (r.omega - omega).norm() / std::max(1.0, r.omega.norm()));
  }
  if (implicit_) {  // the bodies respond through W̃, not J alone
    for (const SpinningBody& b : spinning_)
      spin_change_.segment<3>(b.offset) = b.inertia.cwiseProduct(spin_change_.segment<3>(b.offset));
    ldlt_.solveInPlace(spin_change_);
  }
  return largest;
}

// b += H Δv for a change Δv of v_free on the rows that take part; true when some row moved (the
// problem must be solved again). Also the joint friction's (joint_friction_step.cpp).
bool TimeStepper::free_velocity_change_moves_rows(const Vec& change) {
  bool moved = false;
  for (int r = 0; r < problem_.rows(); ++r) {
    if (!problem_.row_active(r)) continue;
    const double delta = problem_.row(r).dot(change);
    if (delta == 0.0) continue;
    problem_.b(r) += delta;
    moved = true;
  }
  return moved;
}

// After the step's first solve: rounds of the chord iteration until the spinning bodies' Euler
// equations hold at v⁺ (file comment).
void TimeStepper::settle_gyroscopic_term(double t, double h) {
  for (int round = 0; round < kMaxRounds; ++round) {
    const double tolerance = problem_.last_solve_iterative() ? std::max(kSpinTolerance, opt_.tolerance) : kSpinTolerance;
    if (correct_spins(v_new_, h, t) <= tolerance) return;
    v_free_ += spin_change_;
    if (!free_velocity_change_moves_rows(spin_change_)) {
      v_new_ += spin_change_;
      continue;
    }
    ++gyroscopic_resolves_;
    problem_.solve();
    v_new_ = v_free_;
    problem_.add_velocity_change(ws_.mass_inv, v_new_);
  }
  ++gyroscopic_unconverged_;
}

}  // namespace stickslip
