// Reactions of the spatial joints from their multipliers (force and moment on each body about its
// joint point, world frame): action and reaction balance for any poses and multipliers, the
// conversion from generalised forces is the one that keeps the power (a force and moment applied at a
// point and converted back give the same generalised force), and on an assembled joint the reaction
// does no work in any motion the joint allows (what it transmits is what it locks).
#include "spatial_support.hpp"

namespace stickslip::spatial::test {
namespace reactions_test {

// Forces and moments are sums of products of multipliers (|λ| <= 1) with unit vectors and lengths
// <= 7 (|P_j - P_i|): 1e-12 is a few hundred ε_mach times their size.
constexpr double kRounding = 1e-12;

Eigen::VectorXd random_lambda(Random& rng, int rows) {
  Eigen::VectorXd lambda(rows);
  for (int r = 0; r < rows; ++r) lambda[r] = rng.uniform(-1, 1);
  return lambda;
}

class SpatialJointReactions : public ::testing::TestWithParam<SpatialJointType> {};

// Every Φ here is unchanged by a common translation of both bodies, so the forces always balance.
// The dot rows are scalars also unchanged by a common rotation, so their moments balance too; the
// point-coincidence rows are a world vector that turns with a common rotation, and off the
// assembled joint they leave the couple (P_j - P_i) × λ_{1..3} (forces ±λ at two points apart).
TEST_P(SpatialJointReactions, BalanceOnAnyPosesUpToTheDriftCouple) {
  Random rng(500 + static_cast<int>(GetParam()));
  const int rows = spatial_joint_kind(GetParam()).rows;
  const bool points_coincide = GetParam() != SpatialJointType::cylindrical && GetParam() != SpatialJointType::prismatic;
  for (int trial = 0; trial < 20; ++trial) {
    const SpatialJointFrame frame = rng.frame();
    const SpatialPose bi = rng.pose(), bj = rng.pose();  // not assembled: P_i != P_j in general
    const Eigen::VectorXd lambda = random_lambda(rng, rows);
    const SpatialJointReaction r = spatial_joint_reaction(GetParam(), frame, bi, bj, lambda);
    EXPECT_LE((r.force_i + r.force_j).norm(), kRounding);
    const Vec3 origin = rng.vec(2.0);
    const Vec3 p_i = bi.r + bi.A * frame.point_i, p_j = bj.r + bj.A * frame.point_j;
    const Vec3 total = r.moment_i + (p_i - origin).cross(r.force_i) + r.moment_j + (p_j - origin).cross(r.force_j);
    const Vec3 couple = points_coincide ? Vec3((p_j - p_i).cross(Vec3(lambda.head<3>()))) : Vec3::Zero();
    EXPECT_LE((total - couple).norm(), kRounding);
    if (!spatial_joint_kind(GetParam()).carries_torque) {
      EXPECT_LE(r.moment_i.norm() + r.moment_j.norm(), kRounding);
    }
  }
}

// On the assembled joint the reactions are a balanced wrench: equal and opposite forces, moments
// that cancel about any common point.
TEST_P(SpatialJointReactions, BalanceOnTheAssembledJoint) {
  Random rng(550 + static_cast<int>(GetParam()));
  const int rows = spatial_joint_kind(GetParam()).rows, n = joint_coordinates(GetParam()).count();
  for (int trial = 0; trial < 20; ++trial) {
    const SpatialJointFrame frame = rng.frame();
    const SpatialPose bi = rng.pose();
    Eigen::VectorXd s(n);
    for (int k = 0; k < n; ++k) s[k] = rng.uniform(-M_PI, M_PI);
    const SpatialPose bj = assembled_j(GetParam(), frame, bi, s, Eigen::VectorXd::Zero(n));
    const SpatialJointReaction r = spatial_joint_reaction(GetParam(), frame, bi, bj, random_lambda(rng, rows));
    EXPECT_LE((r.force_i + r.force_j).norm(), kRounding);
    const Vec3 origin = rng.vec(2.0);
    const Vec3 p_i = bi.r + bi.A * frame.point_i, p_j = bj.r + bj.A * frame.point_j;
    const Vec3 total = r.moment_i + (p_i - origin).cross(r.force_i) + r.moment_j + (p_j - origin).cross(r.force_j);
    EXPECT_LE(total.norm(), kRounding);
  }
}

// With body i still, any admissible velocity of body j (a joint coordinate's rate) takes no power
// from the reaction on body j: F_jᵀ v_P + M_jᵀ ω_j = 0 (v_P the velocity of P_j, ω_j in the world).
TEST_P(SpatialJointReactions, DoNoWorkInTheJointsMotion) {
  Random rng(600 + static_cast<int>(GetParam()));
  const int rows = spatial_joint_kind(GetParam()).rows, n = joint_coordinates(GetParam()).count();
  for (int trial = 0; trial < 10; ++trial) {
    const SpatialJointFrame frame = rng.frame();
    SpatialPose bi = rng.pose();
    set_velocity(bi, Vec6::Zero());
    Eigen::VectorXd s(n), s_dot(n);
    for (int k = 0; k < n; ++k) {
      s[k] = rng.uniform(-M_PI, M_PI);
      s_dot[k] = rng.uniform(-1, 1);
    }
    const SpatialPose bj = assembled_j(GetParam(), frame, bi, s, s_dot);
    const SpatialJointReaction r = spatial_joint_reaction(GetParam(), frame, bi, bj, random_lambda(rng, rows));
    const Vec3 omega = bj.A * bj.omega_body;
    const Vec3 v_point = bj.v_world + omega.cross(bj.A * frame.point_j);
    EXPECT_LE(std::abs(r.force_j.dot(v_point) + r.moment_j.dot(omega)), kRounding);
    // and it is not the zero wrench (the test above would then pass trivially)
    EXPECT_GT(r.force_j.norm() + r.moment_j.norm(), 1e-3);
  }
}

INSTANTIATE_TEST_SUITE_P(AllJoints, SpatialJointReactions, ::testing::ValuesIn(all_joint_types()),
                         joint_test_name);

// A force F at the body point s' and a moment M are the generalised force
// Q = [F; s' × AᵀF + AᵀM]; wrench_about_point inverts that.
TEST(SpatialWrench, ConversionInvertsThePowerEquivalentGeneralisedForce) {
  Random rng(700);
  for (int trial = 0; trial < 10; ++trial) {
    const SpatialPose b = rng.pose();
    const Vec3 s = rng.vec(1.0), force = rng.vec(1.0), moment = rng.vec(1.0);
    Vec6 q;
    q << force, s.cross(b.A.transpose() * force) + b.A.transpose() * moment;
    // the power of Q with the body's velocity is that of F at the point and M
    const Vec3 omega = b.A * b.omega_body;
    EXPECT_NEAR(q.dot(velocity_of(b)), force.dot(b.v_world + omega.cross(b.A * s)) + moment.dot(omega), kRounding);
    Vec3 f_back, m_back;
    wrench_about_point(b, s, q, f_back, m_back);
    EXPECT_LE((f_back - force).norm(), kRounding);
    EXPECT_LE((m_back - moment).norm(), kRounding);
  }
}

// The spherical joint's multipliers are the force on body j at the joint point (G_j = [I, ...]).
TEST(SpatialWrench, SphericalMultipliersAreTheForceOnBodyJ) {
  Random rng(701);
  const SpatialJointFrame frame = rng.frame();
  const SpatialPose bi = rng.pose(), bj = rng.pose();
  const Eigen::VectorXd lambda = random_lambda(rng, 3);
  const SpatialJointReaction r = spatial_joint_reaction(SpatialJointType::spherical, frame, bi, bj, lambda);
  EXPECT_LE((r.force_j - lambda).norm(), kRounding);
}

}  // namespace reactions_test
}  // namespace stickslip::spatial::test
