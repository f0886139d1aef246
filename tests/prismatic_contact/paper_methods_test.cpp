// The paper's way of solving the contact LCP (Qi, Luo & Huang 2011, eq. (34)-(35): the smoothed
// Newton method with its scaling) and Lemke's method as a cross-check, against the least-displacement
// solution reported by default. Where the LCP's solution is unique up to the forces' twist (the
// slider resting on its lower face) all three agree; once the slider tips, the LCP has many
// solutions and the iterative methods may land on another one: still a solution of the same
// equations, never with less displacement.
#include <gtest/gtest.h>

#include "assembly/prismatic_contact/joint_contact.hpp"
#include "example_load.hpp"

namespace stickslip::prismatic_contact {
namespace paper_methods_test {

using namespace example;

PrismaticContactResult solve(const PrismaticContactInput& in, LcpMethod method) {
  PrismaticContactOptions o;
  o.method = method;
  o.fallback = false;
  PrismaticContactSolver solver(in.section, o);
  PrismaticContactResult r;
  solver.solve(in, r);
  return r;
}

// Sum over the corners of the squared transverse displacement, from the gaps (units of delta^2).
double displacement_energy(const PrismaticContactResult& r, double eps) {
  double e = 0.0;
  for (int i = 0; i < 8; ++i) e += (r.gaps.v[i] - 1.0) * (r.gaps.v[i] - 1.0) + (r.gaps.h[i] - eps) * (r.gaps.h[i] - eps);
  return e;
}

void expect_valid(const PrismaticContactInput& in, const PrismaticContactResult& r, const std::string& what) {
  const Eigen::Matrix<double, 6, 1> res = resultant(in.section, in.half_length, r.coefficient, r.forces);
  const Wrench w = in.reaction.at(r.eta);
  // The LCP's own tolerance (1e-12 of k_f) carried through 1/c-sized entries: 1e-9 of the forces.
  const double tol = 1e-9 * std::max(r.normal_force, r.force_scale);
  EXPECT_LT((res.head<3>() - w.force).cwiseAbs().maxCoeff(), tol) << what;
  EXPECT_LT((res.tail<3>() - w.moment).cwiseAbs().maxCoeff(), tol * in.half_length) << what;
  for (int j = 0; j < kContacts; ++j) {
    EXPECT_GE(contact_value(r.forces, j), -tol) << what;
    EXPECT_GE(gap_value(r.gaps, j), -1e-9) << what;
    if (contact_value(r.forces, j) > tol) {
      EXPECT_LE(gap_value(r.gaps, j), 1e-8) << what << " contact " << j;  // the closed-gap threshold
    }
  }
}

TEST(PaperMethods, AgreeWithTheLeastDisplacementSolutionInTheConstantPhase) {
  int lemke_solved = 0;
  for (double s : {0.0, 0.1, 0.2, 0.3, 0.32}) {
    for (double v : {0.5, -0.5}) {
      const PrismaticContactInput in = input(s, v);
      const PrismaticContactResult best = solve(in, LcpMethod::least_displacement);
      ASSERT_EQ(best.condition, ContactCondition::solved);
      const PrismaticContactResult smooth = solve(in, LcpMethod::smoothed_newton);
      ASSERT_EQ(smooth.condition, ContactCondition::solved) << s;  // the paper's method converges here
      const PrismaticContactResult lemke = solve(in, LcpMethod::lemke);
      for (const PrismaticContactResult* r : {&smooth, &lemke}) {
        if (!r->ok()) continue;  // Lemke may end on a ray: the matrix is not copositive-plus
        lemke_solved += r == &lemke;
        expect_valid(in, *r, to_string(r->method) + (" s = " + std::to_string(s)));
        EXPECT_EQ(r->mode, best.mode) << to_string(r->method) << " " << s;
        EXPECT_NEAR(r->eta, best.eta, 1e-9 * kWeight) << to_string(r->method) << " " << s;
        for (int j = 0; j < kContacts; ++j)
          EXPECT_NEAR(contact_value(r->forces, j), contact_value(best.forces, j), 1e-9 * kWeight) << s << " " << j;
      }
    }
  }
  std::printf("Lemke terminated on %d of 10 constant-phase problems\n", lemke_solved);
}

TEST(PaperMethods, FindOtherSolutionsOnceTheSliderTips) {
  int differ = 0;
  for (double c : {0.055, 0.04, 0.03, 0.02, 0.01, 0.005}) {
    const PrismaticContactInput in = input(kGuide - 2 * c, 0.5);
    const PrismaticContactResult best = solve(in, LcpMethod::least_displacement);
    ASSERT_EQ(best.condition, ContactCondition::solved);
    for (LcpMethod m : {LcpMethod::smoothed_newton, LcpMethod::lemke}) {
      const PrismaticContactResult r = solve(in, m);
      if (!r.ok()) continue;
      expect_valid(in, r, std::string(to_string(m)) + " c = " + std::to_string(c));
      // The reported solution moves the slider least (to the closed-gap threshold).
      EXPECT_GE(displacement_energy(r, 1.0), displacement_energy(best, 1.0) - 1e-6) << to_string(m) << " " << c;
      differ += std::abs(r.normal_force - best.normal_force) > 1e-6 * best.normal_force;
    }
  }
  std::printf("%d paper-method solutions with another total normal force than the reported one\n", differ);
}

}  // namespace paper_methods_test
}  // namespace stickslip::prismatic_contact
