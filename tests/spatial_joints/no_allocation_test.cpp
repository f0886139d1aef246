// The spatial joint evaluations allocate nothing (fixed-size Eigen only): every joint, the driver
// row, the relative rotation with its spring-damper and the reactions, counted at the malloc level
// (tests/allocation_counter.hpp; this is the one file of this executable that includes it).
#include "../allocation_counter.hpp"
#include "spatial_support.hpp"

namespace stickslip::spatial::test {
namespace no_allocation_test {

using stickslip::test::allocations_in;

TEST(SpatialJointsAllocation, CounterSeesEigenTemporaries) {
  EXPECT_GE(allocations_in([] {
              Eigen::VectorXd v = Eigen::VectorXd::Ones(100);
              EXPECT_EQ(v.sum(), 100.0);
            }),
            1);
}

TEST(SpatialJointsAllocation, EvaluationsAllocateNothing) {
  Random rng(900);
  const SpatialJointFrame frame = rng.frame();
  const SpatialPose bi = rng.pose(), bj = rng.pose();
  const Eigen::VectorXd lambda = Eigen::VectorXd::Constant(6, 0.5);
  const std::vector<SpatialJointType>& types = all_joint_types();
  double sink = 0;
  EXPECT_EQ(allocations_in([&] {
              ConstraintBlock blk;
              for (SpatialJointType type : types) {
                spatial_joint_kind(type).evaluate(frame, bi, bj, blk);
                const SpatialJointReaction r = spatial_joint_reaction(type, frame, bi, bj, lambda);
                sink += blk.c[0] + r.moment_j.x();
              }
              relative_rotation(bi, bj, frame, 0.3, blk, 0);
              const RelativeRotation rot = relative_rotation_state(bi, bj, frame, 0.0);
              sink += rotational_spring_damper({1.0, 0.1, 0.0}, rot).Qj[3] + blk.phi[0];
            }),
            0);
  EXPECT_TRUE(std::isfinite(sink));
}

}  // namespace no_allocation_test
}  // namespace stickslip::spatial::test
