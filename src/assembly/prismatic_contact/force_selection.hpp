// Corner forces on a given set of contacts: whether the set can carry the load at all, and which
// forces are reported when it can in many ways.
//
// The equations are the five transverse equivalence equations A n = r of the 16 forces n (eq. (17)
// before it is solved for y1; with eta eliminated for a sliding joint, contact_lcp.hpp), rows in
// force units. A contact set can carry the load when some n >= 0 supported on the set meets them:
// non-negative least squares (Lawson & Hanson, Solving Least Squares Problems, 1974, ch. 23).
//
// The forces are statically indeterminate even on a fixed set: four corners of a face carry a load
// that three equations fix (a "twist" of the four forces is free). Reported are those of least
// Euclidean norm: unique, symmetric when the load and the set are, a face's load shared evenly, and
// without friction the limit of equally stiff corner springs as their stiffness grows (their forces
// lie in the row space of the equivalence equations, as the minimum-norm solution does). Found by
// a primal active-set method started from a feasible point: equality-constrained minimum-norm steps
// on the free set (an SVD of the system with the bound columns zeroed), blocked by the first force
// to reach zero, and a force released while its multiplier says the norm can still decrease.
// Neither allocates.
#pragma once

#include <cstdint>

#include "assembly/prismatic_contact/contact_lcp.hpp"

namespace stickslip::prismatic_contact {

using EquationRows = Eigen::Matrix<double, 5, kContacts>;
using ContactSet = std::array<bool, kContacts>;

// min ||A n - r|| over n >= 0 supported on `allowed`; returns ||A n - r||_inf.
double nonnegative_least_squares(const EquationRows& A, const Vec5& r, const ContactSet& allowed, Vec16& n);

// Farkas certificates: a vector y with y . a_j <= 0 for every contact j of a set and y . r > 0
// proves that no n >= 0 on the set meets A n = r (its residual is at least y . r / |y|). The
// residual of a failed non-negative least-squares fit is such a y for its own set and often for
// others; kept across sets (and calls), with the unit vectors +-e_i, they rule out most sets with
// one bitwise AND each. Only a y whose bound y . r / |y| exceeds the feasibility tolerance is used,
// so a set is ruled out exactly when the least-squares fit would have failed too.
class InfeasibilityCertificates {
 public:
  // The certificates evaluated for the equations A n = r.
  void begin(const EquationRows& A, const Vec5& r, double tolerance);
  // True when a certificate proves that the contacts of `set` (bit j: contact j) cannot carry r.
  bool rules_out(std::uint16_t set) const;
  // Keeps the residual y = r - A n of a failed fit n for this and later calls. y is orthogonal to
  // the columns n uses, up to rounding; it is tilted slightly so that it is strictly opposed to
  // them, and proves their infeasibility by its signs alone.
  void add(const EquationRows& A, const Vec5& y, const Vec16& n);

 private:
  void evaluate(const Vec5& y);
  static constexpr int kKept = 16;
  std::array<Vec5, kKept> kept_;
  int kept_count_ = 0, next_ = 0;
  std::array<std::uint16_t, kKept + 10> pushing_{};  // bit j: y . a_j > 0 (contact j escapes y)
  int count_ = 0;
  const EquationRows* A_ = nullptr;
  Vec5 r_ = Vec5::Zero();
  double tolerance_ = 0.0;
};

struct ForceSelection {
  bool converged = false;  // false: n is the last iterate (the caller keeps the start)
  int steps = 0;
  double residual = 0.0;   // ||A n - r||_inf of the returned forces
};

// min ||n|| subject to A n = r, n >= 0, n_j = 0 where !allowed[j]; `start` meets the constraints
// (up to rounding).
ForceSelection minimum_norm_forces(const EquationRows& A, const Vec5& r, const ContactSet& allowed,
                                   const Vec16& start, Vec16& n);

}  // namespace stickslip::prismatic_contact
