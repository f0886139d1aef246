// What each spatial joint allows. Assembled configurations are built from the joint coordinates
// (spatial_support.hpp `assembled_j`, which never calls the constraint equations): there Φ = 0 and
// G v = 0 for every admissible velocity, to rounding. Off the assembled configuration the rows stay
// independent (rank G = equation count). With body i held still, the velocities of body j that keep
// Φ̇ = 0 (the null space of G_j) are exactly the joint's relative motions, characterised here by the
// motion of the joint point and of the axes, not by the construction.
#include <cmath>

#include "spatial_support.hpp"

namespace stickslip::spatial::test {
namespace joint_motion_test {

// Rounding: Φ and G v are sums of a few products of O(1) numbers (|r|, |s'| <= 1 per component,
// joint coordinates <= π, rates <= 1): 1e-12 is a few hundred ε_mach times the largest term.
constexpr double kRounding = 1e-12;
// Singular values of G below this count as zero: the rows are unit vectors and products of unit
// vectors with lengths <= 4, so a genuine direction has a singular value far above it.
constexpr double kRankThreshold = 1e-8;

Eigen::VectorXd random_coordinates(Random& rng, int n, double scale) {
  Eigen::VectorXd s(n);
  for (int k = 0; k < n; ++k) s[k] = rng.uniform(-scale, scale);
  return s;
}

int rank_of(const Eigen::MatrixXd& m) {
  if (m.size() == 0) return 0;
  const Eigen::JacobiSVD<Eigen::MatrixXd> svd(m);
  return static_cast<int>((svd.singularValues().array() > kRankThreshold).count());
}

class SpatialJointMotion : public ::testing::TestWithParam<SpatialJointType> {
 protected:
  SpatialJointType type() const { return GetParam(); }
  const SpatialJointKind& kind() const { return spatial_joint_kind(GetParam()); }
};

TEST_P(SpatialJointMotion, RegistryCountsMatchTheFreedom) {
  EXPECT_EQ(kind().rows + joint_coordinates(type()).count(), 6);
  EXPECT_EQ(kind().type, type());
  Random rng(1);
  ConstraintBlock blk;
  kind().evaluate(rng.frame(), rng.pose(), rng.pose(), blk);
  EXPECT_EQ(blk.rows, kind().rows);
}

TEST_P(SpatialJointMotion, AssembledConfigurationsSatisfyPhiAndVelocityConstraints) {
  Random rng(200 + static_cast<int>(type()));
  const int n = joint_coordinates(type()).count();
  for (int trial = 0; trial < 20; ++trial) {
    const SpatialJointFrame frame = rng.frame();
    const SpatialPose bi = rng.pose();
    const SpatialPose bj = assembled_j(type(), frame, bi, random_coordinates(rng, n, M_PI), random_coordinates(rng, n, 1.0));
    const ConstraintBlock blk = evaluate(joint_function(type(), frame), bi, bj);
    EXPECT_LE(blk.phi.head(blk.rows).cwiseAbs().maxCoeff(), kRounding);
    EXPECT_LE(phi_dot(blk, bi, bj).cwiseAbs().maxCoeff(), kRounding);
  }
}

TEST_P(SpatialJointMotion, RowsAreIndependentOnRandomPoses) {
  Random rng(300 + static_cast<int>(type()));
  for (int trial = 0; trial < 20; ++trial) {
    const ConstraintBlock blk = evaluate(joint_function(type(), rng.frame()), rng.pose(), rng.pose());
    Eigen::MatrixXd both(blk.rows, 12);
    both << blk.Gi.topRows(blk.rows), blk.Gj.topRows(blk.rows);
    EXPECT_EQ(rank_of(both), kind().rows);
    EXPECT_EQ(rank_of(blk.Gj.topRows(blk.rows)), kind().rows);
    EXPECT_EQ(rank_of(blk.Gi.topRows(blk.rows)), kind().rows);
  }
}

// Body i still; the null space of G_j on an assembled configuration, as twists of body j.
TEST_P(SpatialJointMotion, NullSpaceIsTheJointsRelativeMotion) {
  Random rng(400 + static_cast<int>(type()));
  const int n = joint_coordinates(type()).count();
  for (int trial = 0; trial < 10; ++trial) {
    const SpatialJointFrame frame = rng.frame();
    SpatialPose bi = rng.pose();
    set_velocity(bi, Vec6::Zero());
    const Eigen::VectorXd s = random_coordinates(rng, n, M_PI);
    const SpatialPose bj = assembled_j(type(), frame, bi, s, Eigen::VectorXd::Zero(n));
    const ConstraintBlock blk = evaluate(joint_function(type(), frame), bi, bj);
    const Eigen::MatrixXd gj = blk.Gj.topRows(blk.rows);
    const Eigen::JacobiSVD<Eigen::MatrixXd> svd(gj, Eigen::ComputeFullV);
    ASSERT_EQ(rank_of(gj), kind().rows);
    const Eigen::MatrixXd kernel = svd.matrixV().rightCols(6 - kind().rows);
    ASSERT_EQ(kernel.cols(), n);

    // The twists of the joint coordinates' rates (one each) span that null space.
    Eigen::MatrixXd constructed(6, n), together(6, 2 * n);
    for (int k = 0; k < n; ++k) constructed.col(k) = velocity_of(assembled_j(type(), frame, bi, s, Eigen::VectorXd::Unit(n, k)));
    together << kernel, constructed;
    EXPECT_EQ(rank_of(constructed), n);
    EXPECT_EQ(rank_of(together), n);

    // Physical characterisation of every null-space twist: ω (world) and the velocity of P_j.
    const Vec3 a_i = bi.A * frame.axis_i, a_j = bj.A * frame.axis_j;
    for (int k = 0; k < kernel.cols(); ++k) {
      const Vec3 omega = bj.A * kernel.col(k).tail<3>();
      const Vec3 v_point = kernel.col(k).head<3>() + bj.A * kernel.col(k).tail<3>().cross(frame.point_j);
      switch (type()) {
        case SpatialJointType::spherical:  // the point stays, any rotation
          EXPECT_LE(v_point.norm(), kRankThreshold);
          break;
        case SpatialJointType::revolute:  // the point stays, rotation about the axis only
          EXPECT_LE(v_point.norm(), kRankThreshold);
          EXPECT_LE(omega.cross(a_i).norm(), kRankThreshold);
          break;
        case SpatialJointType::cylindrical:  // slide along and rotation about the axis
          EXPECT_LE(v_point.cross(a_i).norm(), kRankThreshold);
          EXPECT_LE(omega.cross(a_i).norm(), kRankThreshold);
          break;
        case SpatialJointType::prismatic:  // slide along the axis, no rotation
          EXPECT_LE(v_point.cross(a_i).norm(), kRankThreshold);
          EXPECT_LE(omega.norm(), kRankThreshold);
          break;
        case SpatialJointType::universal:  // the point stays, rotations about the two pins only
          EXPECT_LE(v_point.norm(), kRankThreshold);
          EXPECT_LE(std::abs(omega.dot(a_i.cross(a_j))), kRankThreshold);
          break;
        case SpatialJointType::weld:
          ADD_FAILURE() << "a weld leaves no motion";
          break;
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllJoints, SpatialJointMotion, ::testing::ValuesIn(all_joint_types()),
                         joint_test_name);

// The frame check the model builder will use names what is wrong.
TEST(SpatialJointFrames, ProblemsAreNamed) {
  SpatialJointFrame f;
  EXPECT_STREQ(spatial_joint_frame_problem(f), "");
  f.axis_j = Vec3(0, 0, 2);
  EXPECT_STREQ(spatial_joint_frame_problem(f), "axis_j is not a unit vector");
  f = SpatialJointFrame{};
  f.ref_i = Vec3(0, 0.6, 0.8);
  EXPECT_STREQ(spatial_joint_frame_problem(f), "ref_i is not perpendicular to axis_i");
}

}  // namespace joint_motion_test
}  // namespace stickslip::spatial::test
