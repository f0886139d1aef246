// Hertz stiffness K from geometry and elastic constants (Johnson, Contact Mechanics, 1985, §4.2;
// Dong & Hong 2009, Table 1: K = 4/3 R^{1/2} E*):
//   1/E* = (1 - ν1²)/E1 + (1 - ν2²)/E2          effective modulus
//   1/R* = 1/R1 + 1/R2                           effective radius (R < 0: concave surface)
//   K    = 4/3 E* sqrt(R*)   for F = K δ^{3/2}   (point contact of two spheres, or sphere and plane)
// Cylinders: the exact Hertz line contact is not a power law (δ depends on ln of the load). For pins
// in bores (revolute clearance joints) the multibody literature (Lankarani & Nikravesh 1990; Flores
// et al. 2008) uses the sphere formula with R* = R_pin R_bore/(R_bore - R_pin) and n = 3/2; the
// helper below does exactly that, and docs/contact-laws.md says it is an approximation.
// All inputs in SI units; each function throws ParameterError naming the bad argument.
#pragma once

namespace stickslip::laws {

// E* from the Young moduli E1, E2 > 0 [Pa] and Poisson ratios ν1, ν2 in (-1, 0.5].
double effective_modulus(double E1, double nu1, double E2, double nu2);

// R* from two signed radii of curvature [m]: R > 0 convex, R < 0 concave, ±inf flat.
// Requires 1/R1 + 1/R2 > 0 (the surfaces touch at a point from outside).
double effective_radius(double R1, double R2);

// K = 4/3 E* sqrt(R*) [N/m^1.5].
double hertz_stiffness(double E_star, double R_star);

// Sphere of radius R on a plane (half-space).
double hertz_stiffness_sphere_plane(double R, double E1, double nu1, double E2, double nu2);

// Two spheres of radii R1, R2 touching from outside.
double hertz_stiffness_sphere_sphere(double R1, double R2, double E1, double nu1, double E2,
                                     double nu2);

// Pin of radius R_pin inside a bore of radius R_bore > R_pin (internal contact; the sphere formula
// applied to cylinders, as in the clearance-joint literature — an approximation, see above).
double hertz_stiffness_cylinder_in_bore(double R_pin, double R_bore, double E1, double nu1,
                                        double E2, double nu2);

}  // namespace stickslip::laws
