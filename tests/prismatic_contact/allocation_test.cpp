// One joint-local contact solve does not touch the heap once the solver exists (it runs inside every
// right-hand-side evaluation of a model with a frictional prismatic joint). Allocations are counted
// at the malloc level (tests/allocation_counter.hpp).
#include <gtest/gtest.h>

#include "../allocation_counter.hpp"
#include "assembly/prismatic_contact/adams_friction.hpp"
#include "assembly/prismatic_contact/joint_contact.hpp"
#include "example_load.hpp"

namespace stickslip::prismatic_contact {
namespace allocation_test {

using test::allocations_in;

TEST(Allocation, CounterSeesEigen) {
  EXPECT_GE(allocations_in([] { Vec v = Vec::Ones(100); EXPECT_EQ(v.sum(), 100.0); }), 1);
}

TEST(Allocation, ContactSolveDoesNotAllocate) {
  for (LcpMethod method : {LcpMethod::least_displacement, LcpMethod::smoothed_newton, LcpMethod::lemke}) {
    PrismaticContactOptions o;
    o.method = method;
    PrismaticContactSolver solver(example::kSection, o);
    PrismaticContactResult r;
    // sliding in the constant phase, sliding tipped, at rest (stick and start of sliding), regularised
    const PrismaticContactInput inputs[] = {example::input(0.1, 0.5), example::input(0.44, 0.5),
                                            example::input(0.1, 0.0, 20.0), example::input(0.1, 0.0, 100.0)};
    for (const PrismaticContactInput& in : inputs) {
      EXPECT_EQ(allocations_in([&] { solver.solve(in, r); }), 0) << to_string(method);
      EXPECT_TRUE(r.ok()) << to_string(method) << " " << to_string(r.condition);
    }
    solver.options().rule = FrictionRule::regularised_sign;
    EXPECT_EQ(allocations_in([&] { solver.solve(example::input(0.1, 2e-4), r); }), 0) << to_string(method);
  }
}

TEST(Allocation, AdamsClosureDoesNotAllocate) {
  const PrismaticContactInput in = example::input(0.42, 0.5);
  const AdamsFrictionParameters p{example::kMu, BendingArm::overlap, 0.0, 0.05};
  AdamsSliding s;
  EXPECT_EQ(allocations_in([&] { s = adams_sliding(in.reaction, in.half_length, -example::kMu, p); }), 0);
  EXPECT_TRUE(s.ok);
}

}  // namespace allocation_test
}  // namespace stickslip::prismatic_contact
