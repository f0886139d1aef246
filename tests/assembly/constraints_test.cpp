// The analytic Jacobian G, velocity residual Φ̇ and acceleration term γ of every joint and driver
// type are checked against finite differences of Φ itself along arbitrary motions, including a
// prescribed (time-driven) body, so that G q̈ = γ is the exact second time derivative of Φ = 0.
#include <gtest/gtest.h>

#include <random>

#include "assembly/body_kinematics.hpp"
#include "assembly/constraints.hpp"

namespace stickslip {
namespace constraints_test {

Model test_model() {
  ModelBuilder mb("constraints");
  Body a;
  a.name = "a";
  a.mass = 1;
  a.inertia = 0.1;
  Body b = a;
  b.name = "b";
  Body c = a;
  c.name = "c";
  Body p;
  p.name = "platform";
  p.motion = BodyMotion::prescribed;
  p.prescribed = {TimeFunction::sine(0.8, 3.1, 0.2, 0.0), TimeFunction::sine(0.1, 9.0, 0.0, 0.05),
                  TimeFunction::polynomial({0.1, 0.4, -0.3})};
  const int ia = mb.add_body(a), ib = mb.add_body(b), ic = mb.add_body(c), ip = mb.add_body(p);
  const auto joint = [&](const char* name, JointType type, int i, int j) {
    Joint jt;
    jt.name = name;
    jt.type = type;
    jt.body_i = i;
    jt.body_j = j;
    jt.point_i = Vec2(0.3, -0.2);
    jt.point_j = Vec2(-0.4, 0.15);
    jt.axis_i = Vec2(0.6, 0.8);
    mb.add_joint(jt, 0.25);
  };
  joint("rev", JointType::revolute, ia, ib);
  joint("pri", JointType::prismatic, ip, ia);  // a slides on the moving platform
  joint("weld", JointType::weld, ib, ic);
  joint("rev_ground", JointType::revolute, Model::kGround, ic);
  const auto driver = [&](const char* name, DriverTarget target, int body, int jnt) {
    Driver d;
    d.name = name;
    d.target = target;
    d.body = body;
    d.joint = jnt;
    d.function = TimeFunction::sine(0.3, 2.0, 0.1, 0.2);
    mb.add_driver(d);
  };
  driver("dx", DriverTarget::body_x, ib, -1);
  driver("dth", DriverTarget::body_angle, ic, -1);
  driver("djr", DriverTarget::joint_coordinate, -1, 0);
  driver("djp", DriverTarget::joint_coordinate, -1, 1);
  return mb.build();
}

struct Evaluation {
  Vec phi, phi_dot, gamma;
  Mat G;
};

Evaluation evaluate(const Model& m, const State& s) {
  Workspace ws(m);
  compute_body_kinematics(m, s, ws);
  assemble_constraints(m, s, ws);
  return {ws.phi, ws.phi_dot, ws.gamma, ws.G};
}

class ConstraintDerivatives : public ::testing::TestWithParam<int> {};

TEST_P(ConstraintDerivatives, MatchFiniteDifferencesOfPhi) {
  const Model m = test_model();
  std::mt19937 rng(static_cast<unsigned>(GetParam()));
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  State s = initial_state(m);
  s.t = 0.4 + 0.3 * u(rng);
  Vec acc(m.nv);
  for (int k = 0; k < m.nq; ++k) {
    s.q[k] = u(rng);
    s.v[k] = 2 * u(rng);
    acc[k] = 3 * u(rng);
  }
  const Evaluation e0 = evaluate(m, s);

  // G against central differences in q: truncation ~h²|Φ'''| ≈ 1e-10, rounding ~1e-16/h ≈ 1e-11.
  const double h = 1e-5;
  for (int k = 0; k < m.nq; ++k) {
    State sp = s, sm = s;
    sp.q[k] += h;
    sm.q[k] -= h;
    const Vec col = (evaluate(m, sp).phi - evaluate(m, sm).phi) / (2 * h);
    EXPECT_LT((col - e0.G.col(k)).cwiseAbs().maxCoeff(), 1e-8) << "column " << k;
  }

  // Along q(τ) = q + v τ + a τ²/2 at time t + τ: dΦ/dτ = Φ̇ and d²Φ/dτ² = G a - γ.
  // The platform's y = 0.1 sin 9t dominates the higher derivatives: |Φ'''| ≲ 0.1·9³ ≈ 73,
  // |Φ''''| ≲ 0.1·9⁴ ≈ 660. First difference, h1 = 1e-6: truncation h1²/6·73 ≈ 1e-11, rounding
  // 1e-16/h1 = 1e-10 → 1e-8. Second difference, h2 = 1e-4: truncation h2²/12·660 ≈ 6e-7, rounding
  // 4e-16/h2² ≈ 4e-8 → 1e-5.
  const auto at = [&](double tau) {
    State st = s;
    st.t = s.t + tau;
    st.q = s.q + tau * s.v + 0.5 * tau * tau * acc;
    return evaluate(m, st).phi;
  };
  const double h1 = 1e-6, h2 = 1e-4;
  const Vec d1 = (at(h1) - at(-h1)) / (2 * h1);
  const Vec d2 = (at(h2) - 2 * e0.phi + at(-h2)) / (h2 * h2);
  EXPECT_LT((d1 - e0.phi_dot).cwiseAbs().maxCoeff(), 1e-8);
  EXPECT_LT((d2 - (e0.G * acc - e0.gamma)).cwiseAbs().maxCoeff(), 1e-5);
}

INSTANTIATE_TEST_SUITE_P(RandomStates, ConstraintDerivatives, ::testing::Range(1, 9));

TEST(ConstraintRows, NameTheirOwners) {
  const Model m = test_model();
  EXPECT_EQ(constraint_row_owner(m, 0), "joint rev");
  EXPECT_EQ(constraint_row_owner(m, 2), "joint pri");
  EXPECT_EQ(constraint_row_owner(m, m.drivers[1].row_offset), "driver dth");
}

}  // namespace constraints_test
}  // namespace stickslip
