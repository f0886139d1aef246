// How fast a compliant contact's dynamics are, for the stability check of a fixed-step integrator
// (rk4). A closed contact with normal law F(δ, δ̇) on the mass m it drives behaves, linearised about
// the penetration δ, like m δ̈ + c δ̇ + k δ = 0 with k = ∂F/∂δ and c = ∂F/∂δ̇; its eigenvalues have
// modulus ρ = √(k/m) when underdamped and ρ = c/2m + √(c²/4m² − k/m) when overdamped. RK4 is stable
// on such a mode only for h·ρ below about 2.8 (2√2 on the imaginary axis, 2.785 on the real one).
#pragma once

#include "laws/normal_law.hpp"

namespace stickslip {

// RK4's stability boundary on |hλ| (taken on both axes).
constexpr double kRk4StabilityLimit = 2.78;

// The penetration a contact is expected to reach: the approach speed's kinetic energy stored
// elastically, V(δ) = ½ m v², or the static load m|g| carried, F_e(δ) = m|g|, whichever is deeper.
double expected_penetration(const laws::NormalLaw& law, double approach_speed, double mass, double gravity);

// ρ at penetration δ (rate 0) for the law on the mass m, with v⁻ the approach speed of laws written
// through a restitution coefficient.
double contact_rate(const laws::NormalLaw& law, double penetration, double mass, double impact_speed);

}  // namespace stickslip
