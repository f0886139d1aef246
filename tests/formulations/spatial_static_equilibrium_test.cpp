// The static equilibrium start (formulations/static_equilibrium.hpp) of spatial models: a box
// (0.2 × 0.2 × 0.1 m, 1 kg) on its four bottom corners, compliant (Hertz-type, F = K δⁿ, K = 1e7,
// n = 1.5), against the equations it must satisfy:
//   centred on a level floor:  every corner carries W/4 and sinks by δ = (W / 4K)^(1/n), no tilt;
//   a vertical load P off the centre: in the tilted pose found, Σ N_i = W + P, the moments of the
//     corners' forces and the load about the centre balance, and each corner's penetration from the
//     pose is (N_i / K)^(1/n);
//   on an incline below μ_s: the friction holds the weight's component along the slope, the normal
//     forces its component across it, with a positive friction margin; above μ_s a negative one.
// Started there, nothing moves under the compliant scheme (Karnopp) and the event-driven one (Coulomb).
#include "formulations/static_equilibrium.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "../simulation_support.hpp"
#include "formulations/initial_state.hpp"
#include "incline_box.hpp"
#include "math/least_squares.hpp"

namespace stickslip::test {
namespace spatial_static_equilibrium_test {

constexpr double kG = 9.81, kMass = 1.0, kW = kMass * kG, kK = 1e7, kN = 1.5;

const std::string kCorners = R"(    type: box_plane
    half_extents: [0.1, 0.1, 0.05]
    normal: {law: hunt_crossley, K: 1e7, n: 1.5, e: 0.5}
)";

std::string friction(const std::string& scheme) {
  return scheme == "compliant" ? "    friction: {law: karnopp, mu_s: 0.5, mu_k: 0.4, dv: 1e-4}\n"
                               : "    friction: {law: coulomb, mu_s: 0.5, mu_k: 0.4}\n";
}

// A level floor, a vertical load P at `load_point` (box frame) when P ≠ 0.
std::string level_box(double P, const Vec3& load_point, const std::string& scheme) {
  std::string s = R"(
dimension: spatial
gravity: [0, 0, -9.81]
bodies:
  - {name: box, mass: 1, inertia: [0.004166666666666667, 0.004166666666666667, 0.006666666666666667], position: [0, 0, 0.05]}
)";
  if (P != 0)
    s += "forces:\n  - {name: load, type: point_force, body: box, point: [" + num(load_point.x()) + ", " + num(load_point.y()) + ", " +
         num(load_point.z()) + "], frame: global, fz: " + num(-P) + "}\n";
  s += "contacts:\n  - name: corner\n    bodies: [ground, box]\n    plane: {point: [0, 0, 0], normal: [0, 0, 1]}\n" + kCorners + friction(scheme);
  return s + "simulation: {scheme: " + scheme + ", t_end: 0.5, output_interval: 0.05, initial: static_equilibrium}\n";
}

StaticEquilibrium equilibrium_of(const ModelFile& mf) {
  Workspace ws(mf.model);
  return static_equilibrium(mf.model, mf.options, assembled_initial_state(mf.model, mf.options, ws));
}

// Newton's method stops at steps of 1e-13 of the coordinates (quadratic convergence leaves far less);
// the forces then balance to rounding of the weight (static_equilibrium_test.cpp).
constexpr double kPositionTolerance = 1e-13, kForceTolerance = 1e-12 * kW;

Vec3 centre(const State& s) { return s.q.segment<3>(0); }
Quat turn(const State& s) { return Quat(s.q[3], s.q[4], s.q[5], s.q[6]); }
Vec3 corner_offset(int c) { return {c & 1 ? 0.1 : -0.1, c & 2 ? 0.1 : -0.1, -0.05}; }

TEST(SpatialStaticEquilibrium, CentredBoxSinksEquallyOnItsFourCorners) {
  const ModelFile mf = model_from_yaml(level_box(0, Vec3::Zero(), "compliant"));
  const StaticEquilibrium eq = equilibrium_of(mf);
  EXPECT_LT(eq.force_residual, kForceTolerance);
  const double delta = std::pow(kW / (4 * kK), 1 / kN);
  EXPECT_NEAR(centre(eq.state).z(), 0.05 - delta, kPositionTolerance);
  EXPECT_NEAR(centre(eq.state).x(), 0.0, kPositionTolerance);
  EXPECT_NEAR(turn(eq.state).angularDistance(Quat::Identity()), 0.0, kPositionTolerance / 0.1);
  for (int c = 0; c < 4; ++c) {
    EXPECT_NEAR(eq.contact_forces[static_cast<std::size_t>(c)].normal, kW / 4, kForceTolerance) << c;
    EXPECT_NEAR(eq.contact_forces[static_cast<std::size_t>(c)].tangential.norm(), 0.0, kForceTolerance) << c;
  }
  EXPECT_GT(eq.friction_margin, 0.0);
}

// P = 5 N at (0.06, −0.03) on the top face: the box leans towards it about both axes (~1e-4 rad).
TEST(SpatialStaticEquilibrium, OffCentreLoadBalancesInTheTiltedPose) {
  const double P = 5.0;
  const Vec3 load_point(0.06, -0.03, 0.05);
  const ModelFile mf = model_from_yaml(level_box(P, load_point, "compliant"));
  const StaticEquilibrium eq = equilibrium_of(mf);
  EXPECT_LT(eq.force_residual, kForceTolerance);
  const Vec3 r = centre(eq.state);
  const Quat q = turn(eq.state);
  EXPECT_GT(q.angularDistance(Quat::Identity()), 1e-5);
  double total = 0;
  Vec3 moment = (q * load_point).cross(Vec3(0, 0, -P));
  for (int c = 0; c < 4; ++c) {
    const double n = eq.contact_forces[static_cast<std::size_t>(c)].normal;
    const Vec3 arm = q * corner_offset(c), corner = r + arm;
    total += n;
    moment += arm.cross(Vec3(0, 0, n));
    // The corner's penetration in the pose is the law's at its force.
    EXPECT_NEAR(-corner.z(), std::pow(n / kK, 1 / kN), kPositionTolerance) << c;
  }
  EXPECT_NEAR(total, kW + P, kForceTolerance);
  EXPECT_NEAR(moment.norm(), 0.0, kForceTolerance * 0.1);
}

// The run's largest move of the box's centre from where it started.
double largest_move(const ModelFile& mf) {
  MemorySink out;
  simulate(mf.model, mf.options, out);
  double moved = 0;
  for (const char* c : {"box.x", "box.y", "box.z"}) {
    const auto v = out.series(c);
    for (const double x : v) moved = std::max(moved, std::abs(x - v.front()));
  }
  return moved;
}

// Started at the equilibrium under the off-centre load, nothing moves: the rounding of the equilibrium
// and of the steps (the planar box: 3e-15 m over 0.5 s), under both schemes. (Started at zero
// penetration it sinks by the static penetration, 2e-5 m or more, through a stiff transient that
// costs seconds of run time: not run here.)
TEST(SpatialStaticEquilibrium, NoSinkingTransientFromIt) {
  for (const std::string scheme : {"compliant", "event-driven"}) {
    SCOPED_TRACE(scheme);
    const ModelFile mf = model_from_yaml(level_box(5.0, Vec3(0.06, -0.03, 0.05), scheme));
    EXPECT_LT(largest_move(mf), 1e-12);
  }
}

// How far the tangent sums of the reported split may move from Newton's (friction_check in
// static_equilibrium.cpp). Newton's multipliers λ̂ (the least-norm solution of Cᵀ λ = −r, C the 8
// tangent rows of the four closed corners, r the weight and the laws' normal forces) balance the
// box to its force residual. The split reported is λ̂ + Δλ, Δλ in the span of Z, the directions whose
// eigenvalue in the Gram matrix S = C M⁻¹ Cᵀ scaled to a unit diagonal (D S D, D = diag(S)^−½) is
// at most 1e-6 of the largest (math/least_squares.hpp): exactly dependent but for the corners'
// compliant tilt. For Δλ = D V_r c (V_r those eigenvectors, Λ_r their eigenvalues):
//   ‖M^−½ Cᵀ Δλ‖² = cᵀ Λ_r c ≤ λ_r ‖c‖²,   ‖c‖ ≤ ‖Δλ‖ / min D = ‖Δλ‖ √max S_ii,
// and the translational part of Cᵀ Δλ, the shift of the sums along t₁ and t₂, is at most √m times
// the first norm:  |Δ Σ| ≤ √(m λ_r max S_ii) ‖Δλ‖,  λ_r the largest eigenvalue dropped.
struct SplitShiftBound {
  double bound = 0;
};

SplitShiftBound split_shift_bound(const StaticEquilibrium& eq, double alpha) {
  const Vec3 n(-std::sin(alpha), 0, std::cos(alpha)), t2(-std::cos(alpha), 0, -std::sin(alpha)), t1 = t2.cross(n);
  const Quat q = turn(eq.state);
  const Mat3 inertia_inv = (q.toRotationMatrix() * Vec3(0.004166666666666667, 0.004166666666666667, 0.006666666666666667)
                                .cwiseInverse().asDiagonal() * q.toRotationMatrix().transpose());
  // The closed corners (those carrying a normal force): their tangent rows [t; r × t] (world frame).
  std::vector<Vec3> arms;
  std::vector<int> closed;
  Vec r = Vec::Zero(6);  // the weight and the normal forces, as forces on the box about its centre
  r.head<3>() = Vec3(0, 0, -kW);
  for (int c = 0; c < 8; ++c) {
    const double normal = eq.contact_forces[static_cast<std::size_t>(c)].normal;
    if (!(normal > 0)) continue;
    const Vec3 arm = q * Vec3(c & 1 ? 0.1 : -0.1, c & 2 ? 0.1 : -0.1, c & 4 ? 0.05 : -0.05);
    arms.push_back(arm);
    closed.push_back(c);
    r.head<3>() += normal * n;
    r.tail<3>() += arm.cross(normal * n);
  }
  const auto m = static_cast<Eigen::Index>(2 * arms.size());
  Mat C(m, 6), Minv = Mat::Zero(6, 6);
  Vec reported(m);
  Minv.topLeftCorner<3, 3>() = Mat3::Identity() / kMass;
  Minv.bottomRightCorner<3, 3>() = inertia_inv;
  for (std::size_t k = 0; k < arms.size(); ++k)
    for (int j = 0; j < 2; ++j) {
      const Vec3 t = j == 0 ? t1 : t2;
      const auto row = static_cast<Eigen::Index>(2 * k) + j;
      C.row(row) << t.transpose(), arms[k].cross(t).transpose();
      reported[row] = eq.contact_forces[static_cast<std::size_t>(closed[k])].tangential[j];
    }
  Eigen::CompleteOrthogonalDecomposition<Mat> cod;
  cod.setThreshold(kRankThreshold);
  cod.compute(C.transpose());
  const Vec newton = cod.solve(-r);
  const Mat S = C * Minv * C.transpose();
  const Vec d = S.diagonal().cwiseSqrt().cwiseInverse();
  const Eigen::SelfAdjointEigenSolver<Mat> eig(d.asDiagonal() * S * d.asDiagonal());
  const Vec& ev = eig.eigenvalues();  // ascending
  double dropped = 0;
  for (Eigen::Index i = 0; i < ev.size() && ev[i] <= kDependentDirections * ev[ev.size() - 1]; ++i) dropped = ev[i];
  return {std::sqrt(kMass * std::max(dropped, 0.0) * S.diagonal().maxCoeff()) * (reported - newton).norm()};
}

// On a plane tilted by α (tan α = 0.3 < μ_s = 0.5): the corners' friction holds the weight's
// component down the slope (their t₂ rows, incline_box.hpp) and their normal forces its component
// across it; the friction margin is positive. At tan α = 0.6 > μ_s no distribution holds it: a
// negative margin, which the run reports in a warning.
TEST(SpatialStaticEquilibrium, InclineHeldByFrictionBelowTheStaticCoefficientOnly) {
  for (const double tan_alpha : {0.3, 0.6}) {
    SCOPED_TRACE(tan_alpha);
    const double alpha = std::atan(tan_alpha);
    const ModelFile mf = model_from_yaml(incline_box_model(tan_alpha, 0.05, kCorners + friction("compliant"),
                                                           "simulation: {scheme: compliant, initial: static_equilibrium}\n"));
    const StaticEquilibrium eq = equilibrium_of(mf);
    EXPECT_LT(eq.force_residual, kForceTolerance);
    double normal = 0, down = 0, across = 0;
    for (int c = 0; c < 8; ++c) {
      const ContactForce& f = eq.contact_forces[static_cast<std::size_t>(c)];
      normal += f.normal;
      across += f.tangential[0];
      down += f.tangential[1];
    }
    if (tan_alpha > 0.5) {  // no split holds it: the forces reported are not a holding split
      EXPECT_LT(eq.friction_margin, 0.0);
      continue;
    }
    EXPECT_GT(eq.friction_margin, 0.0);
    // The normal forces are the laws' at Newton's pose (no rows), and the tangent rows carry no force
    // along n: their sum balances W cos α to Newton's force residual along n (at most √2 times its
    // largest component in x and z).
    const double newton = std::sqrt(2.0) * kForceTolerance;
    EXPECT_NEAR(normal, kW * std::cos(alpha), newton);
    // The tangent sums are the resultant of the reported split along t₁, t₂; its shift from Newton's
    // split is bounded below (SplitShiftBound).
    const SplitShiftBound shift = split_shift_bound(eq, alpha);
    EXPECT_NEAR(down, -kW * std::sin(alpha), newton + shift.bound) << shift.bound;
    EXPECT_NEAR(across, 0.0, newton + shift.bound) << shift.bound;
    EXPECT_LT(shift.bound, 1e-6 * kW);  // the bound says something: the tilt's eigenvalues are small
  }
}

}  // namespace spatial_static_equilibrium_test
}  // namespace stickslip::test

namespace stickslip::test {
namespace spatial_static_equilibrium_test {

// The same box as a box shape on a plane shape, its contact law from a material: the equilibrium
// start takes the contacts between shapes (their corners against the plane, as the event-driven
// scheme compiles them), so it sinks by the same δ = (W / 4K)^(1/n) to Newton's tolerance, and the
// compliant run (the detection's points) starts at rest there.
std::string shape_box(const std::string& lower_shape) {
  return R"(
dimension: spatial
gravity: [0, 0, -9.81]
materials:
  - {name: rubber, normal: {law: hunt_crossley_chi, K: 1e7, n: 1.5, chi: 0.5}, friction: {law: coulomb_tanh, mu: 0.5, v_t: 1e-3}}
bodies:
  - {name: floor, motion: fixed, shapes: [)" + lower_shape + R"(]}
  - {name: box, mass: 1, inertia: [0.004166666666666667, 0.004166666666666667, 0.006666666666666667], position: [0, 0, 0.05],
     shapes: [{name: block, type: box, half_extents: [0.1, 0.1, 0.05], material: rubber}]}
simulation: {scheme: compliant, t_end: 0.2, output_interval: 0.05, initial: static_equilibrium}
)";
}

TEST(SpatialStaticEquilibrium, ShapeContactsOnAPlaneTakePartInIt) {
  const ModelFile mf = model_from_yaml(shape_box("{name: ground, type: plane, normal: [0, 0, 1], material: rubber}"));
  Workspace ws(mf.model);
  const State s = assembled_initial_state(mf.model, mf.options, ws);
  const double delta = std::pow(kW / (4 * kK), 1 / kN);
  EXPECT_NEAR(centre(s).z(), 0.05 - delta, kPositionTolerance);
  EXPECT_NEAR(centre(s).x(), 0.0, kPositionTolerance);
  EXPECT_NEAR(turn(s).angularDistance(Quat::Identity()), 0.0, kPositionTolerance / 0.1);
  // Started there, the compliant run's forces (the detection's four corners at δ) carry the weight:
  // no sinking transient (from zero penetration the box would sink by δ = 3.9e-5 m). What moves is
  // the integrator's error: this contact is barely damped (χ = 0.5 s/m: ζ ≈ 0.004), so dopri5's local
  // errors stay, bounded by its absolute tolerance atol = 1e-9 m (1.3e-10 m seen).
  EXPECT_LT(largest_move(mf), 1e-9);
}

// A box on a box: the points between them switch as the bodies move (edges, corners), so no fixed set
// of rows is the equilibrium problem. The start is refused at the shape, naming the setting.
TEST(SpatialStaticEquilibrium, ShapePairsWithSwitchingPointsAreRefused) {
  const ModelFile mf = model_from_yaml(
      shape_box("{name: table, type: box, half_extents: [0.5, 0.5, 0.05], position: [0, 0, -0.05], material: rubber}"));
  MemorySink out;
  try {
    simulate(mf.model, mf.options, out);
    FAIL() << "the start was not refused";
  } catch (const ModelError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("the static equilibrium start (simulation.initial: static_equilibrium) runs shape contacts"),
              std::string::npos) << what;
    EXPECT_NE(what.find("'table' (box) and 'block' (box)"), std::string::npos) << what;
    EXPECT_NE(what.find("simulation.initial: as_given"), std::string::npos) << what;
  }
}

}  // namespace spatial_static_equilibrium_test
}  // namespace stickslip::test
