#include "assembly/accelerations.hpp"

#include <gtest/gtest.h>

#include "assembly/applied_forces.hpp"
#include "assembly/body_kinematics.hpp"
#include "assembly/constraints.hpp"
#include "assembly/reactions.hpp"
#include "formulations/initial_state.hpp"
#include "io/model_file.hpp"
#include "../test_support.hpp"

namespace stickslip {
namespace accelerations_test {

// Point-like bob on a massless rod of length L hinged at the origin, state given by θ and ω.
struct Pendulum {
  double m = 2.0, J = 0.01, L = 1.5, g = 9.81;
  Model model;
  Pendulum() {
    ModelBuilder mb("pendulum");
    mb.set_gravity(Vec2(0, -g));
    Body b;
    b.name = "bob";
    b.mass = m;
    b.inertia = J;
    const int ib = mb.add_body(b);
    Joint j;
    j.name = "pivot";
    j.body_i = Model::kGround;
    j.body_j = ib;
    j.point_j = Vec2(0, L);  // the pivot sits L above the bob in the bob's frame
    mb.add_joint(j);
    model = mb.build();
  }
  State state(double theta, double omega) const {
    State s = initial_state(model);
    s.q << L * std::sin(theta), -L * std::cos(theta), theta;
    s.v << L * omega * std::cos(theta), L * omega * std::sin(theta), omega;
    return s;
  }
};

void evaluate(const Model& m, const State& s, Workspace& ws, Stabilization stab = {}) {
  compute_body_kinematics(m, s, ws);
  assemble_applied_forces(m, s, ws);
  assemble_constraints(m, s, ws);
  solve_accelerations(m, s.t, stab, ws);
}

// At the bottom the pivot pulls the bob up with m g + m v²/L (v = ω L); the angular acceleration is
// zero. Exact relations: only rounding (1e-12 relative) is allowed.
TEST(Accelerations, PendulumReactionAtTheBottom) {
  Pendulum p;
  Workspace ws(p.model);
  const double omega = 2.3;
  evaluate(p.model, p.state(0.0, omega), ws);
  const JointReaction r = joint_reaction(p.model, p.model.joints[0], ws);
  const double expected = p.m * p.g + p.m * omega * omega * p.L;
  EXPECT_NEAR(r.force.y(), expected, 1e-12 * expected);
  EXPECT_NEAR(r.force.x(), 0.0, 1e-12 * expected);
  EXPECT_NEAR(r.moment, 0.0, 1e-12 * expected);
  EXPECT_NEAR(ws.qdd[2], 0.0, 1e-12);
}

// Each joint acts on both its bodies (Newton's third law): on the slider-crank (revolute and
// prismatic joints, the prismatic one carrying a moment), driven and moving, the force on body i
// is minus that on body j and the moments balance about P_i. Exact relations of the same
// multipliers: rounding only (1e-12 of the largest force).
TEST(Accelerations, ReactionsOnBothBodiesOfEveryJoint) {
  const ModelFile mf = read_model_file(test::source_path("examples/slider_crank/slider_crank.yaml"));
  Workspace ws(mf.model);
  State s = assembled_initial_state(mf.model, mf.options, ws);
  evaluate(mf.model, s, ws);
  for (const Joint& j : mf.model.joints) {
    const JointReaction r = joint_reaction(mf.model, j, ws);
    const double scale = 1e-12 * std::max(1.0, r.force.norm());
    EXPECT_NEAR((r.force_i + r.force).norm(), 0.0, scale) << j.name;
    const Vec2 pi = ws.bodies[j.body_i].r + ws.bodies[j.body_i].A * j.point_i;
    const Vec2 pj = ws.bodies[j.body_j].r + ws.bodies[j.body_j].A * j.point_j;
    EXPECT_NEAR(r.moment_i + r.moment + cross2(pj - pi, r.force), 0.0, scale) << j.name;
    if (j.type == JointType::revolute) {
      EXPECT_NEAR(r.moment_i, 0.0, scale) << j.name;
    }
  }
}

// Anywhere on the swing: I_O θ̈ = -m g L sin θ with I_O = J + m L².
TEST(Accelerations, PendulumEquationOfMotion) {
  Pendulum p;
  Workspace ws(p.model);
  for (double theta : {-2.5, -0.7, 0.3, 1.2, 3.0}) {
    evaluate(p.model, p.state(theta, 0.8), ws);
    const double expected = -p.m * p.g * p.L * std::sin(theta) / (p.J + p.m * p.L * p.L);
    EXPECT_NEAR(ws.qdd[2], expected, 1e-12 * (1 + std::abs(expected)));
  }
}

// Baumgarte: with Φ ≠ 0 and Φ̇ ≠ 0 the accelerations satisfy G q̈ = γ - αΦ̇ - βΦ exactly.
TEST(Accelerations, BaumgarteTermsEnterTheConstraintAcceleration) {
  Pendulum p;
  Workspace ws(p.model);
  State s = p.state(0.4, 1.1);
  s.q[0] += 1e-3;  // violate the joint
  s.v[1] -= 2e-3;
  const Stabilization stab{50.0, 900.0};
  evaluate(p.model, s, ws, stab);
  const Vec residual = ws.G * ws.qdd - (ws.gamma - stab.alpha * ws.phi_dot - stab.beta * ws.phi);
  EXPECT_LT(residual.cwiseAbs().maxCoeff(), 1e-11);
}

// Two revolute joints between the same pair of points: rank 2 of 4 rows. analyse_constraints finds
// the dependent rows, and the solve returns the unique accelerations of the pendulum anyway.
TEST(Accelerations, RedundantConstraintsAreDetectedAndSolved) {
  Pendulum p;
  ModelBuilder mb("twice");
  mb.set_gravity(Vec2(0, -p.g));
  Body b;
  b.name = "bob";
  b.mass = p.m;
  b.inertia = p.J;
  const int ib = mb.add_body(b);
  for (const char* name : {"pivot", "pivot_again"}) {
    Joint j;
    j.name = name;
    j.body_j = ib;
    j.point_j = Vec2(0, p.L);
    mb.add_joint(j);
  }
  const Model m = mb.build();
  Workspace ws(m);
  const State s = p.state(0.9, 0.5);
  compute_body_kinematics(m, s, ws);
  assemble_constraints(m, s, ws);
  const ConstraintAnalysis a = analyse_constraints(m, ws);
  EXPECT_EQ(a.rows, 4);
  EXPECT_EQ(a.rank, 2);
  EXPECT_EQ(a.dependent_rows.size(), 2u);
  EXPECT_TRUE(ws.redundant_constraints);
  evaluate(m, s, ws);
  const double expected = -p.m * p.g * p.L * std::sin(0.9) / (p.J + p.m * p.L * p.L);
  EXPECT_NEAR(ws.qdd[2], expected, 1e-10);
  // Minimum norm: the two joints share the load equally.
  EXPECT_NEAR(ws.lambda[0], ws.lambda[2], 1e-10);
}

}  // namespace accelerations_test
}  // namespace stickslip
