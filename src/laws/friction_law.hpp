// FrictionLaw: the interface of the tangential (friction) laws.
//
// Conventions (docs/contact-laws.md, "Friction laws"):
//   v   = slip_velocity, the relative tangential velocity of the body the force acts on with respect
//         to the other body, along the contact's tangent [m/s];
//   F_N = normal_force >= 0 [N]; coefficient-type laws scale with it;
//   F   = the returned friction force on that body along the same tangent [N]; it opposes slip
//         (F <= 0 for v > 0 in the laws without internal state).
//   stick_force = the tangential force that would keep the contact at zero relative tangential
//         acceleration, when the formulation can compute it (NaN otherwise). Only laws with
//         uses_stick_force() read it (Karnopp, and Coulomb at v = 0).
// Laws with internal state (Dahl, LuGre: the bristle deflection z [m]) expose state_size() > 0;
// the formulation stores z and integrates state_rate(). Laws are immutable, allocation-free and
// thread-safe to evaluate.
#pragma once

#include <cmath>
#include <limits>
#include <string_view>

namespace stickslip::laws {

struct FrictionInput {
  double slip_velocity = 0.0;                                      // v [m/s]
  double normal_force = 0.0;                                       // F_N >= 0 [N]
  double stick_force = std::numeric_limits<double>::quiet_NaN();  // [N], NaN if unknown
};

class FrictionLaw {
 public:
  virtual ~FrictionLaw() = default;

  // Registry name of the law ("coulomb", "lugre", ...).
  virtual std::string_view name() const noexcept = 0;

  // Number of internal state variables z (0, or 1 for Dahl and LuGre).
  virtual int state_size() const noexcept { return 0; }

  // Writes the initial internal state (state_size() values; 0 = relaxed bristles).
  virtual void initial_state(double* z) const noexcept {
    for (int i = 0; i < state_size(); ++i) z[i] = 0.0;
  }

  // A typical magnitude of each internal state (the bristle deflection at breakaway, μ/σ0, for Dahl
  // and LuGre), so integrators can set absolute tolerances in proportion: z is ~1e-7 m when σ0 is
  // 1e6 /m, far below the tolerance that suits positions.
  virtual double state_scale() const noexcept { return 1.0; }
  // Friction force F on the body, given the input and the current state z (ignored, may be null,
  // when state_size() == 0). Laws whose force depends on ż compute ż internally.
  virtual double force(const FrictionInput& in, const double* z) const noexcept = 0;

  // ż = f(v, z) for laws with state; writes state_size() values (nothing for stateless laws).
  virtual void state_rate(const FrictionInput& /*in*/, const double* /*z*/,
                          double* /*zdot*/) const noexcept {}

  // Isotropic friction on a slip-velocity vector v = (v₁, v₂) in a contact's tangent plane (spatial
  // contacts): the force opposes the slip and its magnitude is the law's at the slip speed |v|,
  //   F = F_law(|v|) v/|v|  (F = 0 at v = 0; every stateless law has F_law(0) = 0 or reads a stick
  //   force: stick_force_vector below),
  // so the law's curve is the same in every direction. z and ż have 2·state_size() values (one
  // bristle deflection per tangent row); laws with a state override both (Dahl, LuGre).
  virtual void force_vector(const double* slip, double normal_force, const double* /*z*/,
                            double* force) const noexcept {
    const double speed = std::hypot(slip[0], slip[1]);
    force[0] = force[1] = 0.0;
    if (!(speed > 0)) return;
    const double magnitude = this->force(FrictionInput{speed, normal_force}, nullptr);
    force[0] = magnitude * (slip[0] / speed);
    force[1] = magnitude * (slip[1] / speed);
  }
  // The same for a law that reads the stick force (Karnopp): inside its stick band (|v| below dv) the
  // force that would hold the contact, `stick_force` (two values; NaN: unknown, then force_vector()),
  // projected onto the disc |F| <= μ_s F_N: the isotropic form of the one row's clamp.
  void stick_force_vector(const double* slip, double normal_force, const double* stick_force,
                          double* force) const noexcept {
    const double speed = std::hypot(slip[0], slip[1]);
    if (!uses_stick_force() || !in_stick_band(speed) || std::isnan(stick_force[0]) || std::isnan(stick_force[1])) {
      force_vector(slip, normal_force, nullptr, force);
      return;
    }
    const double bound = static_coefficient() * normal_force, magnitude = std::hypot(stick_force[0], stick_force[1]);
    const double scale = magnitude > bound ? bound / magnitude : 1.0;
    force[0] = scale * stick_force[0];
    force[1] = scale * stick_force[1];
  }
  virtual void state_rate_vector(const double* /*slip*/, double /*normal_force*/, const double* /*z*/,
                                 double* /*zdot*/) const noexcept {}

  // True for the set-valued Coulomb law: usable by the event-driven and time-stepping
  // formulations only (through static/kinetic coefficients); a compliant formulation refuses it.
  virtual bool set_valued() const noexcept { return false; }

  // True when force() reads FrictionInput::stick_force.
  virtual bool uses_stick_force() const noexcept { return false; }

  // Half-width dv of a zero-velocity band (Karnopp) inside which the law treats the contact as stuck
  // and reads the stick force; 0 for laws without one.
  virtual double stick_band() const noexcept { return 0.0; }
  // True when slip velocity v is inside that band (always, for a law that reads the stick force
  // without a band).
  bool in_stick_band(double v) const noexcept {
    const double dv = stick_band();
    return dv <= 0 || (v > -dv && v < dv);
  }

  // μ_s: the largest force ratio |F|/F_N while sticking (peak of the law); μ_k: the ratio while
  // sliding fast. Used by the LCP-based schemes; for single-coefficient laws both are μ.
  virtual double static_coefficient() const noexcept = 0;
  virtual double kinetic_coefficient() const noexcept = 0;

 protected:
  FrictionLaw() = default;
  FrictionLaw(const FrictionLaw&) = default;
  FrictionLaw& operator=(const FrictionLaw&) = default;
};

}  // namespace stickslip::laws
