// Hertz stiffness from geometry and elastic constants (see hertz_contact.hpp).
#include "math/number_format.hpp"
#include "laws/hertz_contact.hpp"

#include <cmath>
#include <string>

#include "laws/parameter.hpp"

namespace stickslip::laws {

namespace {

void require(bool ok, const char* name, const std::string& what, double value) {
  if (!ok) {
    throw ParameterError(name, what + ", got " + number_text(value));
  }
}

}  // namespace

double effective_modulus(double E1, double nu1, double E2, double nu2) {
  require(std::isfinite(E1) && E1 > 0.0, "E1", "Young's modulus must be > 0", E1);
  require(std::isfinite(E2) && E2 > 0.0, "E2", "Young's modulus must be > 0", E2);
  require(nu1 > -1.0 && nu1 <= 0.5, "nu1", "Poisson's ratio must be in (-1, 0.5]", nu1);
  require(nu2 > -1.0 && nu2 <= 0.5, "nu2", "Poisson's ratio must be in (-1, 0.5]", nu2);
  return 1.0 / ((1.0 - nu1 * nu1) / E1 + (1.0 - nu2 * nu2) / E2);
}

double effective_radius(double R1, double R2) {
  require(!std::isnan(R1) && R1 != 0.0, "R1", "radius must be non-zero", R1);
  require(!std::isnan(R2) && R2 != 0.0, "R2", "radius must be non-zero", R2);
  const double curvature = 1.0 / R1 + 1.0 / R2;  // 1/±inf = 0 for a flat surface
  require(curvature > 0.0, "R2", "1/R1 + 1/R2 must be > 0 (a convex contact)", R2);
  return 1.0 / curvature;
}

double hertz_stiffness(double E_star, double R_star) {
  require(std::isfinite(E_star) && E_star > 0.0, "E_star", "effective modulus must be > 0", E_star);
  require(std::isfinite(R_star) && R_star > 0.0, "R_star", "effective radius must be > 0", R_star);
  return 4.0 / 3.0 * E_star * std::sqrt(R_star);
}

double hertz_stiffness_sphere_plane(double R, double E1, double nu1, double E2, double nu2) {
  require(std::isfinite(R) && R > 0.0, "R", "sphere radius must be > 0", R);
  return hertz_stiffness(effective_modulus(E1, nu1, E2, nu2), R);
}

double hertz_stiffness_sphere_sphere(double R1, double R2, double E1, double nu1, double E2,
                                     double nu2) {
  require(std::isfinite(R1) && R1 > 0.0, "R1", "sphere radius must be > 0", R1);
  require(std::isfinite(R2) && R2 > 0.0, "R2", "sphere radius must be > 0", R2);
  return hertz_stiffness(effective_modulus(E1, nu1, E2, nu2), effective_radius(R1, R2));
}

double hertz_stiffness_cylinder_in_bore(double R_pin, double R_bore, double E1, double nu1,
                                        double E2, double nu2) {
  require(std::isfinite(R_pin) && R_pin > 0.0, "R_pin", "pin radius must be > 0", R_pin);
  require(std::isfinite(R_bore) && R_bore > R_pin, "R_bore", "bore radius must be > R_pin",
          R_bore);
  return hertz_stiffness(effective_modulus(E1, nu1, E2, nu2), effective_radius(R_pin, -R_bore));
}

}  // namespace stickslip::laws
