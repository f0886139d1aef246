// How the time-stepping scheme reports the load of redundant rigid supports (formulations/
// time_stepping/support_split.hpp): the least-norm split of the impulses among a body pair's sticking
// points, which leaves the generalised impulse, hence the motion, as the solver made it.
#include <gtest/gtest.h>

#include <cmath>

#include "../simulation_support.hpp"
#include "formulations/initial_state.hpp"
#include "formulations/time_stepping/time_stepper.hpp"

namespace stickslip {
namespace support_split_test {

using test::at;
using test::model_from_yaml;
using test::num;

constexpr double g = 9.81;
constexpr double kHalf = 0.1, kHalfHeight = 0.05;         // the block: 0.2 × 0.2 × 0.1 m
constexpr double kMass = 500 * 0.2 * 0.2 * 2 * kHalfHeight;  // 2 kg of wood
constexpr double kStep = 1e-3;

// The block resting centred on a fixed table (a box, top at z = 0), optionally pressed by a vertical
// point force `press` [N] at (px, py) on its top face.
std::string block_on_table(double press, double px, double py) {
  std::string text = R"(
dimension: spatial
gravity: [0, 0, -9.81]
materials:
  - {name: wood, density: 500, impact: {law: newton, e: 0}, friction: {law: coulomb, mu_s: 0.6, mu_k: 0.5}}
bodies:
  - {name: table, motion: fixed, position: [0, 0, -0.5], shapes: [{type: box, half_extents: [1, 1, 0.5], material: wood}]}
  - {name: block, position: [0, 0, 0.05], shapes: [{type: box, half_extents: [0.1, 0.1, 0.05], material: wood}]}
)";
  if (press != 0) {
    text += "forces:\n  - {name: press, type: point_force, body: block, point: [" + num(px) + ", " + num(py) + ", " +
            num(kHalfHeight) + "], frame: global, fz: " + num(-press) + "}\n";
  }
  return text + "simulation: {scheme: time-stepping, step: 1e-3, t_end: 0.5, output_interval: 0.01}\n";
}

// The tolerance on each point's force. Gauss-Seidel stops at a natural residual of 1e-6 max(1, ‖b‖∞)
// = 1e-6 m/s here (‖b‖∞ ~ g h = 1e-2 m/s), so the 12 rows' velocities u = W p + b sit within
// √12 · 1e-6 m/s of an exact solution's. The reported split is the orthogonal projection of p onto
// range(J) (support_split.hpp), which maps every exact solution to the one exact split; its error is
// then at most ‖u‖ / λ⁺_min(W), λ⁺_min the smallest nonzero eigenvalue of W = J M⁻¹ Jᵀ for the four
// corners (computed here: 0.93 kg⁻¹), divided by h for a force.
double force_tolerance() {
  const double inertia_xy = kMass * (0.04 + 0.01) / 12, inertia_z = kMass * 0.08 / 12;
  Eigen::Matrix<double, 12, 6> J;
  int row = 0;
  for (double x : {-kHalf, kHalf})
    for (double y : {-kHalf, kHalf})
      for (int d = 0; d < 3; ++d, ++row) {
        const Vec3 direction = Vec3::Unit(d), r(x, y, -kHalfHeight);
        J.row(row) << direction.transpose(), r.cross(direction).transpose();
      }
  Eigen::Matrix<double, 6, 1> minv;
  minv << 1 / kMass, 1 / kMass, 1 / kMass, 1 / inertia_xy, 1 / inertia_xy, 1 / inertia_z;
  const Eigen::Matrix<double, 12, 12> W = J * minv.asDiagonal() * J.transpose();
  const Eigen::SelfAdjointEigenSolver<Eigen::Matrix<double, 12, 12>> eig(W);
  double smallest = INFINITY;
  for (int k = 0; k < 12; ++k)
    if (eig.eigenvalues()[k] > 1e-9 * eig.eigenvalues()[11]) smallest = std::min(smallest, eig.eigenvalues()[k]);
  return std::sqrt(12.0) * 1e-6 / smallest / kStep;
}

// The least-norm split of a load W at (e_x, e_y) over four supports at (±a, ±a): minimise Σ p_i² with
// Σ p_i = W, Σ p_i x_i = W e_x, Σ p_i y_i = W e_y. Lagrange: p_i = λ₀ + λ_x x_i + λ_y y_i, the linear
// load distribution of a rigid plate; with Σ x_i = Σ y_i = Σ x_i y_i = 0 and Σ x_i² = 4a²,
//   p_i = W/4 (1 + e_x x_i / a² + e_y y_i / a²).
// (The friction rows take part too, but with no horizontal load their least-norm impulses are zero:
// a friction pattern with zero resultant and zero moment about z is a null direction.)
double linear_share(double load, double ex, double ey, double x, double y) {
  return load / 4 * (1 + ex * x / (kHalf * kHalf) + ey * y / (kHalf * kHalf));
}

// Checks every point of every row after the first step against `expected(x, y)`.
template <class Expected>
void expect_points(const MemorySink& points, const Expected& expected, double tolerance) {
  int checked = 0;
  for (std::size_t k = 0; k < points.rows.size(); ++k) {
    if (at(points, k, "t") == 0) continue;  // no forces before a step
    const double x = at(points, k, "x"), y = at(points, k, "y");
    EXPECT_NEAR(at(points, k, "fn"), expected(x, y), tolerance) << "t = " << at(points, k, "t") << " at " << x << ", " << y;
    EXPECT_NEAR(std::hypot(at(points, k, "ftx"), at(points, k, "fty")), 0.0, tolerance);
    ++checked;
  }
  EXPECT_EQ(checked, 4 * 50);  // four points in each of the 50 rows
}

MemorySink points_of(const ModelFile& mf) {
  MemorySink rows, points;
  SimulationCallbacks cb;
  cb.contact_points = &points;
  simulate(mf.model, mf.options, rows, cb);
  return points;
}

// A box resting centred on a box: four corners, each m g / 4 in every row of the run (the split does
// not drift from step to step), where Gauss-Seidel alone leaves diagonal pairs up to 15 % apart.
TEST(SupportSplit, CentredBoxCarriesEqualCornerLoads) {
  const double tolerance = force_tolerance();
  ASSERT_LT(tolerance, 1e-2);  // 0.2 % of a corner's 4.9 N: a test that can tell the splits apart
  expect_points(points_of(model_from_yaml(block_on_table(0, 0, 0))), [](double, double) { return kMass * g / 4; },
                tolerance);
}

// Pressed off-centre (a vertical force of m g at (0.05, 0.03) on its top face): the load W = 2 m g at
// e = (0.025, 0.015) m, split linearly over the corners: 1 ± 0.25 ± 0.15 of W/4.
TEST(SupportSplit, OffCentreLoadIsSharedLinearlyAsOnARigidPlate) {
  const double press = kMass * g, px = 0.05, py = 0.03, load = kMass * g + press;
  const double ex = press * px / load, ey = press * py / load;
  // The bound of force_tolerance() holds as it is: the residual goal is on velocities, not on the load.
  expect_points(points_of(model_from_yaml(block_on_table(press, px, py))),
                [&](double x, double y) { return linear_share(load, ex, ey, x, y); }, force_tolerance());
}

// The reported split gives the block the solver's generalised impulse Hᵀ p in every step (the motion
// uses the solver's impulses alone, so it is the run's without the split): the difference of the two
// impulse vectors is a null direction of Hᵀ, to rounding (1e-15 of the impulses' size, m g h / 4 ~ 5e-3
// N s, through 12 rows).
TEST(SupportSplit, LeavesTheGeneralisedImpulseAsSolved) {
  const ModelFile mf = model_from_yaml(block_on_table(kMass * g, 0.05, 0.03));
  TimeStepper stepper(mf.model, mf.options);
  stepper.reset(assembled_initial_state(mf.model, mf.options, stepper.workspace()));
  const Vec unit = Vec::Ones(mf.model.nv);
  for (int k = 1; k <= 100; ++k) {
    stepper.step(k * kStep);
    const ImpulseProblem& problem = stepper.problem();
    const Vec difference = problem.impulses() - stepper.support_split().impulses();
    Vec generalised = Vec::Zero(mf.model.nv);
    for (int r = 0; r < problem.rows(); ++r) problem.row(r).scatter(difference[r], unit, generalised);
    EXPECT_LT(generalised.cwiseAbs().maxCoeff(), 1e-15 * 12) << "step " << k;
    EXPECT_EQ(stepper.support_split().replaced(), 1) << "step " << k;  // the four corners, as one pair
    EXPECT_GT(difference.cwiseAbs().maxCoeff(), 0.0);  // the split is not the solver's
  }
}

}  // namespace support_split_test
}  // namespace stickslip
