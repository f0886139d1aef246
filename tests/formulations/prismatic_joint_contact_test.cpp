// Frictional spatial prismatic joints under the compliant scheme (Qi, Luo & Huang 2011; issue 12):
// example 1 of the paper (examples/prismatic_joint_contact/slider_out_of_guide.yaml), a slider pushed
// out of its guide by 100 N. Checked against the closed form of its constant-contact phase, the time
// its right end reaches the guide's end, the force equivalence of the 16 corner forces written out
// here independently from the output columns, Coulomb's law, and the named conditions.
#include <gtest/gtest.h>

#include <cmath>
#include <utility>
#include <vector>

#include "../simulation_support.hpp"
#include "formulations/compliant/multibody_ode.hpp"
#include "math/errors.hpp"

namespace stickslip {
namespace prismatic_joint_contact_test {

constexpr const char* kExample = "examples/prismatic_joint_contact/slider_out_of_guide.yaml";
// The example's data.
constexpr double kMass = 15.602, kG = 9.8, kMu = 0.3, kPush = 100, kLength = 0.2, kGuide = 0.5, kA = 0.05, kB = 0.05;
constexpr double kAcceleration = (kPush - kMu * kMass * kG) / kMass;

double at(const MemorySink& out, std::size_t k, const std::string& column) {
  const int c = out.column(column);
  EXPECT_GE(c, 0) << column;
  return out.rows[k][static_cast<std::size_t>(c)];
}

MemorySink run_example(double t_end, double output_interval) {
  ModelFile mf = read_model_file(test::source_path(kExample));
  mf.options.t_end = t_end;
  mf.options.output_interval = output_interval;
  MemorySink out;
  simulate(mf.model, mf.options, out);
  return out;
}

// While the slider is wholly inside the guide its lower face carries the weight, the friction is
// μ m g and the acceleration (F − μ m g)/m: to rounding in every evaluation, and along the path the
// integrator follows to its tolerance (rtol 1e-10: positions to ~1e-10 m).
TEST(PrismaticJointContact, ConstantContactPhaseAcceleratesAtTheClosedForm) {
  ModelFile mf = read_model_file(test::source_path(kExample));
  MultibodyOde ode(mf.model, mf.options);
  Vec y;
  ode.pack(ode.state(), y);
  const int x = mf.model.bodies[1].q_offset, vx = mf.model.nq + mf.model.bodies[1].v_offset;
  for (double t : {0.0, 0.1, 0.2, 0.3, 0.4}) {
    y[x] = 0.1 + 0.5 * kAcceleration * t * t;
    y[vx] = kAcceleration * t;
    ode.evaluate(t, y);
    const Workspace& ws = ode.workspace();
    EXPECT_NEAR(ws.qdd[mf.model.bodies[1].v_offset], kAcceleration, 1e-13 * kPush / kMass) << t;
    const JointContactSlot& slot = ws.joint_contacts.at(0);
    EXPECT_NEAR(slot.result.friction_force, -kMu * kMass * kG, 1e-12 * kMass * kG);
    EXPECT_NEAR(slot.half_length, kLength / 2, 1e-15);
    EXPECT_EQ(prismatic_contact::describe(slot.result.mode), "lower: face") << t;
  }
  const MemorySink out = run_example(0.4, 0.01);
  for (std::size_t k = 0; k < out.rows.size(); ++k) {
    const double t = at(out, k, "t");
    EXPECT_NEAR(at(out, k, "slider.x"), 0.1 + 0.5 * kAcceleration * t * t, 1e-9) << t;
    EXPECT_NEAR(at(out, k, "slider.vx"), kAcceleration * t, 1e-9) << t;
  }
}

// The overhang starts when the slider's right end reaches the guide's end: s = L − l = 0.3 m at
// t = √(2 · 0.3 / a) = 0.41586 s. Before it c = l/2, after it c = (L − s)/2.
TEST(PrismaticJointContact, OverhangStartsWhenTheConstantAccelerationBringsTheEndsFlush) {
  const double t_flush = std::sqrt(2 * (kGuide - kLength) / kAcceleration);
  EXPECT_NEAR(t_flush, 0.41586, 1e-5);  // docs/prismatic-contact.md, beside the paper's 0.4252 s
  const MemorySink out = run_example(0.45, 0.001);
  int before = 0, after = 0;
  for (std::size_t k = 0; k < out.rows.size(); ++k) {
    const double t = at(out, k, "t"), s = at(out, k, "slider.x") - 0.1, c = at(out, k, "guide.c");
    if (t < t_flush) {
      EXPECT_NEAR(c, kLength / 2, 1e-15) << t;  // the overlap, (s + l) − s, to rounding
      ++before;
    } else {
      EXPECT_NEAR(c, (kGuide - s) / 2, 1e-12) << t;
      EXPECT_LT(c, kLength / 2) << t;
      ++after;
    }
  }
  EXPECT_GT(before, 400);
  EXPECT_GT(after, 30);
}

// The geometry of a frictional joint between the ground (guide, P_i at the origin) and a slider
// body that keeps its orientation (the joint locks it) with P_j at `pj_offset` from its centre.
struct JointLayout {
  std::string joint, slider;
  Mat3 frame;  // columns e1, e2, e3 (world)
  Vec3 pj_offset;
  double slider_lower, slider_upper, guide_lower, guide_upper, a, b, mu;
};

// At every output step: the resultant of the 16 corner forces (positions and directions written out
// here from the paper's corner numbering, corner_forces.hpp) equals the transferred joint reaction,
// the ideal reaction on the slider (the .fx … .mz columns, world frame, at P_j) plus the friction
// η e1, moved to the contact centre p0: m^c = m + (P_j − p0) × f. Coulomb: the friction is
// −μ sgn(v) Σ N while sliding and inside the cone while sticking. Tolerance: the corner forces solve
// the equivalence to rounding (1e-12 of the load); 1e-9 of the largest force. Returns the number of
// output steps sliding and sticking.
std::pair<int, int> check_corner_forces(const MemorySink& out, const JointLayout& L) {
  const double corner[8][3] = {{-1, 1, -1}, {-1, -1, -1}, {-1, -1, 1}, {-1, 1, 1},
                               {1, 1, -1},  {1, -1, -1},  {1, -1, 1},  {1, 1, 1}};
  const std::string& j = L.joint;
  int sliding = 0, sticking = 0;
  for (std::size_t k = 0; k < out.rows.size(); ++k) {
    const double t = at(out, k, "t");
    const double c = at(out, k, j + ".c"), eta = at(out, k, j + ".eta"), fn = at(out, k, j + ".fn");
    const double ff = at(out, k, j + ".ff"), v = at(out, k, j + ".vt");
    const double ratio = fn > 0 ? ff / fn : 0.0;  // every loaded corner carries the same k N
    Vec3 force = Vec3::Zero(), moment = Vec3::Zero();
    double largest = 1.0;
    for (int i = 0; i < 8; ++i) {
      const Vec3 p(corner[i][0] * c, corner[i][1] * L.a, corner[i][2] * L.b);
      const double f = at(out, k, j + ".f" + std::to_string(i + 1)), g = at(out, k, j + ".g" + std::to_string(i + 1));
      EXPECT_GE(f, 0);
      EXPECT_GE(g, 0);
      // f pushes the slider off the face it touches (up at the lower corners), g off its side wall.
      const Vec3 fi = ratio * (f + g) * Vec3::UnitX() - corner[i][1] * g * Vec3::UnitY() - corner[i][2] * f * Vec3::UnitZ();
      force += fi;
      moment += p.cross(fi);
      largest = std::max({largest, f, g});
    }
    // The reaction in joint-frame components, at P_j (axial coordinate s from P_i at the origin).
    const Vec3 f_ideal = L.frame.transpose() * Vec3(at(out, k, j + ".fx"), at(out, k, j + ".fy"), at(out, k, j + ".fz"));
    const Vec3 m_ideal = L.frame.transpose() * Vec3(at(out, k, j + ".mx"), at(out, k, j + ".my"), at(out, k, j + ".mz"));
    const Vec3 body(at(out, k, L.slider + ".x"), at(out, k, L.slider + ".y"), at(out, k, L.slider + ".z"));
    const Vec3 pj = L.frame.transpose() * (body + L.pj_offset);
    const double s = pj.x();
    const double centre = (std::max(s + L.slider_lower, L.guide_lower) + std::min(s + L.slider_upper, L.guide_upper)) / 2;
    const Vec3 f_c = f_ideal + eta * Vec3::UnitX();
    const Vec3 m_c = m_ideal + (pj - Vec3(centre, 0, 0)).cross(f_c);
    EXPECT_LT((force - f_c).norm(), 1e-9 * largest) << t;
    EXPECT_LT((moment - m_c).norm(), 1e-9 * largest) << t;
    const auto motion = static_cast<prismatic_contact::JointMotion>(static_cast<int>(at(out, k, j + ".motion")));
    if (motion == prismatic_contact::JointMotion::sliding) {
      EXPECT_NEAR(ff, -L.mu * (v > 0 ? 1 : -1) * fn, 1e-12 * fn) << t;
      ++sliding;
    } else if (motion == prismatic_contact::JointMotion::sticking) {
      EXPECT_LE(std::abs(ff), L.mu * fn * (1 + 1e-12)) << t;
      ++sticking;
    }
  }
  return {sliding, sticking};
}

TEST(PrismaticJointContact, CornerForcesCarryTheTransferredReactionAtEveryOutputStep) {
  const MemorySink out = run_example(0.8, 0.002);
  const JointLayout layout{"guide", "slider", Mat3::Identity(), Vec3(-0.1, 0, 0), 0, kLength, 0, kGuide, kA, kB, kMu};
  const auto [sliding, sticking] = check_corner_forces(out, layout);
  EXPECT_GT(sliding, 200);
  EXPECT_GT(sticking, 50);  // it stops before leaving the guide and stays
  int tipped = 0;
  for (std::size_t k = 0; k < out.rows.size(); ++k) tipped += at(out, k, "guide.c") < (kLength / 2 + kMu * kB) / 2 - 1e-9;
  EXPECT_GT(tipped, 50);
}

// Example 2 (examples/prismatic_joint_contact/crank_slider.yaml): the same equivalence and Coulomb's
// law over the file's whole run (3 s at 0.002 s, 0.1 s of test time in Release). The rod is pinned at
// the slider's centre and every load lies in the plane through the axis, so the reaction at p0 has no
// moment: one face carries the transverse force, the lower (0x33: f1, f2, f5, f6) or, while the rod
// lifts the slider (the rows of 1.616-1.624 s and 2.418-2.458 s), the upper (0xcc: f3, f4, f7, f8); the friction is
// μ |F⊥|, and Adams' approximation agrees with it exactly.
TEST(PrismaticJointContact, CrankSliderCornerForcesAndAdams) {
  ModelFile mf = read_model_file(test::source_path("examples/prismatic_joint_contact/crank_slider.yaml"));
  MemorySink out;
  simulate(mf.model, mf.options, out);
  ASSERT_NEAR(at(out, out.rows.size() - 1, "t"), 3.0, 1e-12);
  Mat3 frame;
  frame << 1, 0, 0, 0, 0, 1, 0, -1, 0;  // e1 = x, e2 = −z, e3 = y
  const JointLayout layout{"guide", "slider", frame, Vec3::Zero(), -0.1, 0.1, 0, 2, 0.1, 0.1, 0.1};
  const auto [sliding, sticking] = check_corner_forces(out, layout);
  EXPECT_GT(sliding, 1400);
  int upper = 0;
  for (std::size_t k = 0; k < out.rows.size(); ++k) {
    EXPECT_NEAR(at(out, k, "guide.c"), 0.1, 1e-15);
    const double mode = at(out, k, "guide.mode");
    EXPECT_TRUE(mode == 0x33 || mode == 0xcc) << at(out, k, "t") << " " << mode;  // one face
    upper += mode == 0xcc;
    if (at(out, k, "guide.motion") != 0) continue;  // at rest at t = 0: no friction needed
    EXPECT_NEAR(at(out, k, "guide.adams"), std::abs(at(out, k, "guide.ff")), 1e-9 * at(out, k, "guide.fn"));
  }
  EXPECT_GT(upper, 10);
}

// The slider tips onto two edges when the overlap falls to l/2 + μ b (docs/prismatic-contact.md),
// then stops before it leaves the guide with 3.4 mm of overlap left, and sticks. The times are the
// joint-local integration's (tests/prismatic_contact/example_one_test.cpp: RK4 at h = 1e-4 s, which
// finds the tipping and the stop within a step of its own, about 1e-4 s); the example's run, which
// its readme_numbers.py quotes, gives 0.4711 s and 0.5460 s: within the 1e-3 s allowed here for the
// steps of both and the first row of the new mode (rows every 0.5 ms).
TEST(PrismaticJointContact, SliderTipsThenStopsInsideTheGuide) {
  const MemorySink out = run_example(0.8, 0.0005);
  double t_stop = -1, t_tip = -1;
  for (std::size_t k = 0; k < out.rows.size(); ++k) {
    const double t = at(out, k, "t");
    const auto motion = static_cast<prismatic_contact::JointMotion>(static_cast<int>(at(out, k, "guide.motion")));
    if (t_stop < 0 && motion == prismatic_contact::JointMotion::sticking) t_stop = t;
    const auto mode = static_cast<std::uint16_t>(at(out, k, "guide.mode"));
    if (t_tip < 0 && prismatic_contact::describe(prismatic_contact::ContactMode{mode}) != "lower: face") t_tip = t;
  }
  EXPECT_NEAR(t_tip, 0.4712, 1e-3);
  EXPECT_NEAR(t_stop, 0.5463, 1e-3);
  const std::size_t last = out.rows.size() - 1;
  EXPECT_GT(2 * at(out, last, "guide.c"), 0.003);
  EXPECT_LT(2 * at(out, last, "guide.c"), 0.004);
  // Stopped exactly: once stuck inside its rest band the scheme sets the joint's speed to zero.
  EXPECT_LE(std::abs(at(out, last, "guide.vt")), 1e-20);
}

// No transverse load (no gravity): every corner force is zero (condition unloaded, never NaN), the
// friction zero, and the slider accelerates at F/m until it leaves the guide, where the run stops
// with an error naming the joint and the condition, the rows before it written.
TEST(PrismaticJointContact, UnloadedJointThenVanishingOverlap) {
  std::string yaml = test::read_text(test::source_path(kExample));
  yaml = test::replace_all(yaml, "gravity: [0, 0, -9.8]", "gravity: [0, 0, 0]");
  ModelFile mf = test::model_from_yaml(yaml);
  mf.options.output_interval = 0.01;
  MemorySink out;
  try {
    simulate(mf.model, mf.options, out);
    FAIL() << "the slider left its guide without an error";
  } catch (const NumericalError& e) {
    const std::string what = e.what();
    EXPECT_EQ(e.element(), "joint guide") << what;
    EXPECT_NE(what.find("vanishing_overlap"), std::string::npos) << what;
    // s = L at t = √(2 L m / F) (the slider's left end at the guide's right end).
    EXPECT_NEAR(e.t(), std::sqrt(2 * kGuide * kMass / kPush), 1e-3) << what;
  }
  ASSERT_GT(out.rows.size(), 20u);
  for (std::size_t k = 0; k < out.rows.size(); ++k) {
    for (double value : out.rows[k]) ASSERT_TRUE(std::isfinite(value));
    EXPECT_EQ(at(out, k, "guide.fn"), 0.0);
    EXPECT_EQ(at(out, k, "guide.eta"), 0.0);
    EXPECT_EQ(at(out, k, "guide.mode"), 0.0);
    const double t = at(out, k, "t");
    EXPECT_NEAR(at(out, k, "slider.vx"), kPush / kMass * t, 1e-9);
  }
}

// Two frictional joints coupled through the multibody solve (Gauss-Seidel over the joints): a
// slider (m2 = 15.602 kg, pushed by 100 N) in a guide carried by a second slider (m1 = 31.204 kg)
// in a guide on the ground, gravity −z. The upper joint slides at once, (F − μ m2 g)/m2; its friction
// drags the lower slider forward with μ m2 g, less than the μ (m1 + m2) g the ground's guide can hold,
// so the lower joint sticks carrying exactly that. Closed forms to rounding (friction forces, normal
// forces) and to the integrator's tolerance (positions).
TEST(PrismaticJointContact, StackedSlidersCoupleThroughTheSolve) {
  const std::string yaml = R"(name: stacked
dimension: spatial
gravity: [0, 0, -9.8]
bodies:
  - {name: lower, mass: 31.204, inertia: [0.052, 0.442, 0.442], position: [0.5, 0, 0]}
  - {name: upper, mass: 15.602, inertia: [0.026, 0.065, 0.065], position: [0.5, 0, 0.1]}
joints:
  - name: ground_guide
    type: prismatic
    bodies: [ground, lower]
    points: [[0, 0, 0], [0, 0, 0]]
    axis: [1, 0, 0]
    reference: [0, 1, 0]
    contact: {section: [0.05, 0.05], slider: [-0.2, 0.2], guide: [-1, 2], mu: 0.3}
  - name: upper_guide
    type: prismatic
    bodies: [lower, upper]
    points: [[0, 0, 0.1], [0, 0, 0]]
    axis: [1, 0, 0]
    reference: [0, 1, 0]
    contact: {section: [0.05, 0.05], slider: [-0.1, 0.1], guide: [-0.2, 0.2], mu: 0.3}
forces:
  - {name: push, type: point_force, body: upper, fx: 100}
simulation: {t_end: 0.2, output_interval: 0.01, integrator: dopri5, rtol: 1e-10, atol: 1e-12}
)";
  const ModelFile mf = test::model_from_yaml(yaml);
  MemorySink out;
  simulate(mf.model, mf.options, out);
  const double m1 = 31.204, m2 = kMass, a2 = (kPush - kMu * m2 * kG) / m2;
  ASSERT_EQ(out.rows.size(), 21u);
  for (std::size_t k = 1; k < out.rows.size(); ++k) {
    const double t = at(out, k, "t");
    EXPECT_EQ(at(out, k, "ground_guide.motion"), 1) << t;  // sticking
    EXPECT_EQ(at(out, k, "upper_guide.motion"), 0) << t;   // sliding
    EXPECT_NEAR(at(out, k, "upper_guide.ff"), -kMu * m2 * kG, 1e-12 * m2 * kG) << t;
    EXPECT_NEAR(at(out, k, "ground_guide.ff"), -kMu * m2 * kG, 1e-12 * m2 * kG) << t;
    EXPECT_NEAR(at(out, k, "upper_guide.fn"), m2 * kG, 1e-12 * m2 * kG) << t;
    EXPECT_NEAR(at(out, k, "ground_guide.fn"), (m1 + m2) * kG, 1e-12 * (m1 + m2) * kG) << t;
    EXPECT_NEAR(at(out, k, "lower.x"), 0.5, 1e-12) << t;
    EXPECT_NEAR(at(out, k, "upper.x"), 0.5 + 0.5 * a2 * t * t, 1e-9) << t;
  }
}

// The effect of each key of `contact:` (docs/testing.md, "Every file key"), on one evaluation of
// example 1 with a key changed: the slider at s (from the guide's left end) moving at v.
struct Evaluation {
  prismatic_contact::PrismaticContactResult result;
  double adams = 0;
  double qdd = 0;
};
Evaluation evaluate_example(const std::string& from, const std::string& to, double s, double v);
Evaluation evaluate_example(const std::vector<std::pair<std::string, std::string>>& changes, double s, double v) {
  std::string yaml = test::read_text(test::source_path(kExample));
  for (const auto& [from, to] : changes) {
    EXPECT_NE(yaml.find(from), std::string::npos) << from;
    yaml = test::replace_all(yaml, from, to);
  }
  const ModelFile mf = test::model_from_yaml(yaml);
  MultibodyOde ode(mf.model, mf.options);
  Vec y;
  ode.pack(ode.state(), y);
  const Body& b = mf.model.bodies[1];
  y[b.q_offset] = 0.1 + s;
  y[mf.model.nq + b.v_offset] = v;
  ode.evaluate(0.0, y);
  const JointContactSlot& slot = ode.workspace().joint_contacts.at(0);
  return {slot.result, slot.adams_friction, ode.workspace().qdd[b.v_offset]};
}
Evaluation evaluate_example(const std::string& from, const std::string& to, double s, double v) {
  if (from.empty()) return evaluate_example(std::vector<std::pair<std::string, std::string>>{}, s, v);
  return evaluate_example({{from, to}}, s, v);
}

TEST(PrismaticJointContact, FileKeysTakeEffect) {
  const double mg = kMass * kG;
  // method adams: the friction is μ N_eq with the bending arm X = c (half_overlap, the example's):
  // μ m g inside the guide, μ m g (1 + |c − l/2|/c) once it overhangs (m^c = (c − l/2) m g, s = 0.35,
  // c = 0.075), against the contact analysis's μ m g until it tips.
  const std::string method = "      mu: 0.3\n";
  const Evaluation adams = evaluate_example(method, method + "      method: adams\n", 0.35, 1.0);
  EXPECT_NEAR(adams.result.friction_force, -kMu * mg * (1 + 0.025 / 0.075), 1e-9 * mg);
  EXPECT_NEAR(evaluate_example("", "", 0.35, 1.0).result.friction_force, -kMu * mg, 1e-9 * mg);
  EXPECT_NEAR(evaluate_example(method, method + "      method: adams\n", 0.1, 1.0).result.friction_force, -kMu * mg, 1e-9 * mg);
  // adams: bending_arm overlap (X = 2c) and a fixed arm; torsion_arm R with a torque about the axis.
  const std::string arm = "adams: {bending_arm: half_overlap}";
  EXPECT_NEAR(evaluate_example(arm, "adams: {bending_arm: overlap}", 0.35, 1.0).adams, kMu * mg * (1 + 0.025 / 0.15), 1e-9 * mg);
  EXPECT_NEAR(evaluate_example(arm, "adams: {bending_arm: 0.05}", 0.35, 1.0).adams, kMu * mg * (1 + 0.025 / 0.05), 1e-9 * mg);
  const std::string push = "fx: 100}";
  const std::string twist = push + "\n  - {name: twist, type: torque, body: slider, tx: 5}";
  // A torque of 5 N m about the axis: Adams adds |T_tors|/R, R = max(a, b) = 0.05 m by default.
  EXPECT_NEAR(evaluate_example(push, twist, 0.1, 1.0).adams, kMu * (mg + 5 / 0.05), 1e-9 * mg);
  EXPECT_NEAR(evaluate_example({{push, twist}, {arm, "adams: {torsion_arm: 0.02}"}}, 0.1, 1.0).adams,
              kMu * (mg + 5 / 0.02), 1e-9 * mg);
  // friction_rule regularised_sign with sign_velocity: k = −μ v / v_t below v_t.
  const Evaluation regular = evaluate_example(method, method + "      friction_rule: regularised_sign\n      sign_velocity: 0.01\n", 0.1, 0.004);
  EXPECT_NEAR(regular.result.friction_force, -kMu * mg * 0.4, 1e-9 * mg);
  EXPECT_NEAR(evaluate_example(method, method + "      friction_rule: regularised_sign\n", 0.1, 0.004).result.friction_force,
              -kMu * mg, 1e-9 * mg);  // the default v_t = 1e-3 m/s
  // rest_speed: at 0.05 m/s the tipped slider (s = 0.45) sticks inside a band of 0.1 m/s, and slides
  // with the default band.
  const Evaluation banded = evaluate_example(method, method + "      rest_speed: 0.1\n", 0.45, 0.05);
  EXPECT_EQ(banded.result.motion, prismatic_contact::JointMotion::sticking);
  EXPECT_NEAR(banded.qdd, 0.0, 1e-9);
  EXPECT_EQ(evaluate_example("", "", 0.45, 0.05).result.motion, prismatic_contact::JointMotion::sliding);
  // solution: the method that found the contacts; in constant contact all three give the same forces.
  const Evaluation lemke = evaluate_example(method, method + "      solution: lemke\n", 0.1, 1.0);
  EXPECT_EQ(lemke.result.method, prismatic_contact::LcpMethod::lemke);
  EXPECT_NEAR(lemke.result.normal_force, mg, 1e-9 * mg);
  EXPECT_EQ(evaluate_example(method, method + "      solution: smoothed_newton\n", 0.1, 1.0).result.method,
            prismatic_contact::LcpMethod::smoothed_newton);
  EXPECT_EQ(evaluate_example("", "", 0.1, 1.0).result.method, prismatic_contact::LcpMethod::least_displacement);
  // clearance_ratio ε/δ: the lateral gaps of a slider centred across its section are ε, in units of δ.
  EXPECT_NEAR(evaluate_example(method, method + "      clearance_ratio: 2.5\n", 0.1, 1.0).result.gaps.h[0], 2.5, 1e-12);
  EXPECT_NEAR(evaluate_example("", "", 0.1, 1.0).result.gaps.h[0], 1.0, 1e-12);
}

}  // namespace prismatic_joint_contact_test
}  // namespace stickslip
