// Dahl friction ż = v - σ0 |v| z/μ, F = -σ0 z F_N (see dahl.hpp).
#include "laws/dahl.hpp"

#include <array>
#include <cmath>

namespace stickslip::laws {

namespace {

constexpr std::string_view kName = "dahl";
constexpr std::array kSpecs{
    ParamSpec{"mu", "-", "Coulomb friction coefficient mu", std::nullopt, Bound::positive()},
    ParamSpec{"sigma0", "1/m", "bristle stiffness sigma0 (times F_N)", std::nullopt,
              Bound::positive()},
};

}  // namespace

Dahl::Dahl(const Params& p)
    : p_{check_parameter(kName, kSpecs[0], p.mu), check_parameter(kName, kSpecs[1], p.sigma0)} {}

double Dahl::bristle_rate(double v, double z) const noexcept {
  return v - p_.sigma0 * std::abs(v) * z / p_.mu;
}

double Dahl::force(const FrictionInput& in, const double* z) const noexcept {
  return -p_.sigma0 * z[0] * in.normal_force;
}

void Dahl::state_rate(const FrictionInput& in, const double* z, double* zdot) const noexcept {
  zdot[0] = bristle_rate(in.slip_velocity, z[0]);
}

// The isotropic Dahl bristle on a spatial contact: z is a 2-vector in the tangent plane,
//   ż = v − σ0 |v| z/μ,   F = −σ0 z F_N,
// so a steady slip gives F = −μ F_N v̂ and |z| ≤ μ/σ0 is kept as in the scalar law.
void Dahl::state_rate_vector(const double* slip, double /*normal_force*/, const double* z,
                             double* zdot) const noexcept {
  const double decay = p_.sigma0 * std::hypot(slip[0], slip[1]) / p_.mu;
  zdot[0] = slip[0] - decay * z[0];
  zdot[1] = slip[1] - decay * z[1];
}

void Dahl::force_vector(const double* /*slip*/, double normal_force, const double* z, double* force) const noexcept {
  force[0] = -p_.sigma0 * z[0] * normal_force;
  force[1] = -p_.sigma0 * z[1] * normal_force;
}

const LawSpec<FrictionLaw>& Dahl::registration() {
  static const LawSpec<FrictionLaw> spec{
      kName, "Dahl 1968: z' = v - sigma0 |v| z/mu, F = -sigma0 z F_N", kSpecs,
      [](const ParamValues& v) -> std::unique_ptr<FrictionLaw> {
        return std::make_unique<Dahl>(
            Params{parameter_value(v, "mu"), parameter_value(v, "sigma0")});
      }};
  return spec;
}

}  // namespace stickslip::laws
