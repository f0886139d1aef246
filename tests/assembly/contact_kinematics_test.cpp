// Contact kinematics against finite differences: W_N = ∂g_N/∂q, ġ_N = W_Nᵀ v, g̈_N = W_Nᵀ a + ŵ_N and
// v̇_T = W_Tᵀ a + ŵ_T along arbitrary motions, for a point and a circle on a line carried by a
// time-driven platform and for two circles.
#include "assembly/contact_kinematics.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <random>

#include "assembly/body_kinematics.hpp"

namespace stickslip {
namespace contact_kinematics_test {

Model contact_model() {
  ModelBuilder mb("contacts");
  Body a;
  a.name = "a";
  a.mass = 1;
  a.inertia = 0.1;
  Body b = a;
  b.name = "b";
  Body p;
  p.name = "platform";
  p.motion = BodyMotion::prescribed;
  p.prescribed = {TimeFunction::sine(0.3, 4.0, 0.1, 0.0), TimeFunction::sine(0.05, 7.0, 0.0, 0.0),
                  TimeFunction::sine(0.2, 3.0, 0.0, 0.1)};
  const int ia = mb.add_body(a), ib = mb.add_body(b), ip = mb.add_body(p);
  Contact c;
  c.name = "tip";
  c.body_i = ip;
  c.body_j = ia;
  c.line_point = Vec2(0.1, 0.2);
  c.line_direction = Vec2(0.8, 0.6);
  c.center_j = Vec2(0.3, -0.4);
  mb.add_contact(c);
  c.name = "wheel";
  c.radius_j = 0.15;
  mb.add_contact(c);
  Contact cc;
  cc.name = "discs";
  cc.shape = ContactShape::circle_circle;
  cc.body_i = ia;
  cc.body_j = ib;
  cc.center_i = Vec2(0.1, 0.05);
  cc.radius_i = 0.2;
  cc.center_j = Vec2(-0.1, 0.02);
  cc.radius_j = 0.1;
  mb.add_contact(cc);
  return mb.build();
}

std::vector<ContactKinematics> evaluate(const Model& m, const State& s) {
  Workspace ws(m);
  compute_body_kinematics(m, s, ws);
  compute_contact_kinematics(m, ws);
  return ws.contacts;
}

Vec column(const Model& m, const State& s, int contact, bool normal) {
  Workspace ws(m);
  compute_body_kinematics(m, s, ws);
  const ContactKinematics k = contact_kinematics(m, m.contacts[contact], ws);
  Vec w(m.nv);
  contact_direction_column(m, m.contacts[contact], k, normal ? ContactDirection::normal() : ContactDirection::tangent(0), w);
  return w;
}

class ContactDerivatives : public ::testing::TestWithParam<int> {};

TEST_P(ContactDerivatives, MatchFiniteDifferences) {
  const Model m = contact_model();
  std::mt19937 rng(static_cast<unsigned>(GetParam()));
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  State s = initial_state(m);
  s.t = 0.5 + 0.2 * u(rng);
  Vec acc(m.nv);
  for (int i = 0; i < m.nq; ++i) {
    s.q[i] = u(rng);
    s.v[i] = 2 * u(rng);
    acc[i] = 3 * u(rng);
  }
  // Motion q(τ) = q + vτ + aτ²/2, v(τ) = v + aτ at time t + τ.
  const auto at = [&](double tau) {
    State st = s;
    st.t += tau;
    st.q = s.q + tau * s.v + 0.5 * tau * tau * acc;
    st.v = s.v + tau * acc;
    return evaluate(m, st);
  };
  const auto k0 = evaluate(m, s);
  // Step sizes and tolerances: the platform's fastest term is 0.3 sin 4t and body speeds are O(2),
  // so third derivatives are O(30) and fourth O(100). First differences with h1 = 1e-6:
  // truncation ~h1²·30/6 ≈ 5e-12, rounding ~1e-16/h1 = 1e-10 → 1e-8. Second differences with
  // h2 = 1e-4: truncation ~h2²·100/12 ≈ 1e-7, rounding ~4e-16/h2² ≈ 4e-8 → 1e-5.
  const double h1 = 1e-6, h2 = 1e-4;
  const auto kp1 = at(h1), km1 = at(-h1), kp2 = at(h2), km2 = at(-h2);
  for (std::size_t c = 0; c < m.contacts.size(); ++c) {
    SCOPED_TRACE(m.contacts[c].name);
    const Vec wn = column(m, s, static_cast<int>(c), true), wt = column(m, s, static_cast<int>(c), false);
    if (c == 2) {  // between dynamic bodies the relative velocities are W v exactly (the platform's
                   // own velocity adds to them otherwise)
      EXPECT_NEAR(k0[c].vn, wn.dot(s.v), 1e-13);
      EXPECT_NEAR(k0[c].vt[0], wt.dot(s.v), 1e-13);
    }
    EXPECT_NEAR((kp1[c].gap - km1[c].gap) / (2 * h1), k0[c].vn, 1e-8);
    EXPECT_NEAR((kp2[c].gap - 2 * k0[c].gap + km2[c].gap) / (h2 * h2), wn.dot(acc) + k0[c].wn_bias, 1e-5);
    EXPECT_EQ(k0[c].tangent_rows, 1);  // planar contacts: one tangent row
    EXPECT_NEAR((kp1[c].vt[0] - km1[c].vt[0]) / (2 * h1), wt.dot(acc) + k0[c].wt_bias[0], 1e-8);
    EXPECT_NEAR((kp1[c].vn - km1[c].vn) / (2 * h1), wn.dot(acc) + k0[c].wn_bias, 1e-8);
    EXPECT_NEAR((kp1[c].along - km1[c].along) / (2 * h1), k0[c].along_rate, 1e-8);
    // W_N = ∂g/∂q column by column.
    for (int i = 0; i < m.nq; ++i) {
      State sp = s, sm = s;
      sp.q[i] += h1;
      sm.q[i] -= h1;
      EXPECT_NEAR((evaluate(m, sp)[c].gap - evaluate(m, sm)[c].gap) / (2 * h1), wn[i], 1e-8) << "q" << i;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(RandomStates, ContactDerivatives, ::testing::Range(1, 7));

// The per-direction accessors and the generalised force of a contact: planar contacts have one
// tangent row, whose blocks, velocity and bias are W_T's; F_N W_N + F_T W_T lands on both bodies.
TEST(ContactKinematics, DirectionsTangentRowsAndForce) {
  const Model m = contact_model();
  State s = initial_state(m);
  for (int i = 0; i < m.nq; ++i) s.v[i] = 0.3 * i - 0.7;
  const auto k = evaluate(m, s);
  const ContactKinematics& kin = k[2];  // discs: between two dynamic bodies
  const ContactDirection n = ContactDirection::normal(), t = ContactDirection::tangent(0);
  EXPECT_EQ(m.contacts[2].tangent_rows(), 1);
  EXPECT_EQ(kin.tangent_rows, 1);
  EXPECT_EQ(kin.w_i(n), kin.wn_i);
  EXPECT_EQ(kin.w_j(t), kin.wt_j[0]);
  EXPECT_EQ(kin.velocity(n), kin.vn);
  EXPECT_EQ(kin.velocity(t), kin.vt[0]);
  EXPECT_EQ(kin.bias(t), kin.wt_bias[0]);
  EXPECT_EQ(kin.wn_i.size(), 3);  // as wide as a planar body's velocities
  EXPECT_EQ(ContactDirection::planar(true).is_normal(), true);
  EXPECT_EQ(ContactDirection::planar(false).tangent_row, 0);
  Vec f = Vec::Zero(m.nv), wn(m.nv), wt(m.nv);
  add_contact_force(m, m.contacts[2], kin, 2.0, TangentVector(-0.5, 0.0), f);
  contact_direction_column(m, m.contacts[2], kin, n, wn);
  contact_direction_column(m, m.contacts[2], kin, t, wt);
  EXPECT_LT((f - (2.0 * wn - 0.5 * wt)).cwiseAbs().maxCoeff(), 1e-15);
  EXPECT_DOUBLE_EQ(tangent_magnitude(TangentVector(-0.5, 7.0), 1), 0.5);  // rows beyond the count ignored
  EXPECT_DOUBLE_EQ(tangent_magnitude(TangentVector(3.0, 4.0), 2), 5.0);
}

// A disc of radius ρ rolling without slip on a fixed line: v_T = v_x + ρ ω = 0 at the contact point.
TEST(ContactKinematics, RollingDiscHasZeroSlip) {
  ModelBuilder mb("disc");
  Body d;
  d.name = "disc";
  d.mass = 1;
  d.inertia = 0.01;
  d.position = Vec2(0, 0.2);
  d.velocity = Vec2(1.0, 0);
  d.angular_velocity = -5.0;  // ρ = 0.2: rolling to the right
  const int id = mb.add_body(d);
  Contact c;
  c.name = "roll";
  c.body_i = Model::kGround;
  c.body_j = id;
  c.radius_j = 0.2;
  mb.add_contact(c);
  const Model m = mb.build();
  const auto k = evaluate(m, initial_state(m));
  EXPECT_NEAR(k[0].gap, 0.0, 1e-15);
  EXPECT_NEAR(k[0].vt[0], 0.0, 1e-15);
  EXPECT_NEAR(k[0].point.y(), 0.0, 1e-15);
}

TEST(ContactKinematics, LineExtent) {
  Model m = contact_model();
  m.contacts[0].extent_min = 0.0;
  m.contacts[0].extent_max = 0.1;
  State s = initial_state(m);
  s.q.setZero();
  s.q[0] = 5.0;  // far along the line
  EXPECT_FALSE(evaluate(m, s)[0].in_range);
}

// The closing-step cap on a line along x with extent [−0.5, 0.5], for a point at height 0.02 falling
// at 0.1 m/s (closing in 0.2 s) and moving along the line at u.
TEST(ContactKinematics, ClosingStepCapOnABoundedLine) {
  Contact c;
  c.extent_min = -0.5;
  c.extent_max = 0.5;
  const auto cap = [&c](double x, double u, double gap = 0.02) {
    ContactKinematics k;
    k.along = x;
    k.along_rate = u;
    k.in_range = x >= c.extent_min && x <= c.extent_max;
    k.gap = gap;
    k.vn = -0.1;
    return closing_step_cap(c, k);
  };
  const double inf = std::numeric_limits<double>::infinity();
  // Beyond the end, reaching the extent at 0.15 s and the line at 0.2 s (x = 0): halfway between
  // the crossing and the exit at 0.25 s.
  EXPECT_DOUBLE_EQ(cap(-2, 10), 0.5 * (0.2 + 0.25));
  EXPECT_EQ(cap(-2, -10), inf);          // moving away from the extent
  EXPECT_EQ(cap(-5, 10), inf);           // reaches the extent only after 2·0.2 s: passes beside it
  EXPECT_EQ(cap(-2, 10, -0.01), inf);    // already below the line beside it: fallen past the end
  EXPECT_EQ(cap(0.45, 10), inf);         // leaves the extent before the gap closes: passes over the end
  EXPECT_DOUBLE_EQ(cap(0, 0.1), 2 * 0.2 + 1e-12);  // slow along the line: the unbounded line's cap
  c.extent_min = -inf;
  c.extent_max = inf;
  EXPECT_DOUBLE_EQ(cap(-2, 10), 2 * 0.2 + 1e-12);  // unbounded: twice the closing time, as before
}

}  // namespace contact_kinematics_test
}  // namespace stickslip
