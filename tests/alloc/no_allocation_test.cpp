// "No heap allocation inside a step": right-hand-side evaluations and integrator steps of the
// smooth formulation allocate nothing once the workspace exists, counted at the malloc level so
// Eigen temporaries are seen too (tests/allocation_counter.hpp).
#include <gtest/gtest.h>

#include "../allocation_counter.hpp"
#include "../test_support.hpp"
#include "formulations/initial_state.hpp"
#include "formulations/compliant/multibody_ode.hpp"
#include "formulations/time_stepping/time_stepper.hpp"
#include "integrators/dopri5.hpp"
#include "integrators/rk4.hpp"
#include "io/model_file.hpp"
#include "solvers/subspace_step.hpp"

namespace stickslip {
namespace no_allocation_test {

using test::allocations_in;

TEST(AllocationCounter, SeesEigenTemporaries) {
  EXPECT_GE(allocations_in([] {
              Vec v = Vec::Ones(100);
              EXPECT_EQ(v.sum(), 100.0);
            }),
            1);
}

class NoAllocation : public ::testing::TestWithParam<const char*> {};

TEST_P(NoAllocation, InRightHandSideAndSteps) {
  const ModelFile mf = read_model_file(test::source_path(GetParam()));
  MultibodyOde ode(mf.model, mf.options);
  Vec y, dy(ode.dimension());
  ode.pack(assembled_initial_state(mf.model, mf.options, ode.workspace()), y);
  ode.derivative(0.0, y, dy);  // warm-up
  EXPECT_EQ(allocations_in([&] {
              for (int k = 0; k < 100; ++k) ode.derivative(0.01 * k, y, dy);
            }),
            0);

  Rk4Integrator rk4(1e-4);
  rk4.reset(ode, 0.0, y);
  EXPECT_EQ(allocations_in([&] {
              for (int k = 0; k < 100; ++k) rk4.step(ode, 1e6);
            }),
            0);

  IntegratorOptions o;
  o.step = 0;
  Dopri5Integrator dopri(o);
  dopri.reset(ode, 0.0, y);
  Vec out(ode.dimension());
  EXPECT_EQ(allocations_in([&] {
              for (int k = 0; k < 50; ++k) {
                dopri.step(ode, 1e6);
                dopri.interpolate(0.5 * (dopri.t() + dopri.t_previous()), out);
              }
            }),
            0);
}

INSTANTIATE_TEST_SUITE_P(Examples, NoAllocation,
                         ::testing::Values("examples/slider_crank/slider_crank.yaml",
                                           "examples/four_bar/four_bar.yaml",
                                           "examples/double_pendulum/double_pendulum.yaml",
                                           // every spatial body feature of stage S1 (issue 11)
                                           "tests/data/spatial_features.yaml",
                                           // every spatial joint feature of stage S2
                                           "tests/data/spatial_joints.yaml",

                                           // the spatial contacts of stage S3
                                           "tests/data/spatial_contacts.yaml",
                                           "examples/box_on_incline/box_on_incline.yaml"));

// A frictional spatial prismatic joint (Qi, Luo & Huang 2011; examples/prismatic_joint_contact):
// every path of an evaluation that succeeds, at rest starting to slide, sliding inside the guide,
// sliding tipped over its end, and stuck there; then steps of both integrators (dopri5's capped, so
// that no trial step carries the slider out of its guide, an error whose message allocates).
TEST(NoAllocation, FrictionalPrismaticJoint) {
  const ModelFile mf = read_model_file(test::source_path("examples/prismatic_joint_contact/slider_out_of_guide.yaml"));
  MultibodyOde ode(mf.model, mf.options);
  Vec y, dy(ode.dimension());
  ode.pack(assembled_initial_state(mf.model, mf.options, ode.workspace()), y);
  const Body& slider = mf.model.bodies[1];
  const auto state = [&](double s, double v) {
    Vec out = y;
    out[slider.q_offset] = 0.1 + s;
    out[mf.model.nq + slider.v_offset] = v;
    return out;
  };
  const Vec states[] = {state(0, 0), state(0.2, 1.0), state(0.45, 1.0), state(0.45, 0)};
  for (const Vec& x : states) ode.derivative(0.0, x, dy);  // warm-up
  EXPECT_EQ(allocations_in([&] {
              for (int k = 0; k < 25; ++k) {
                for (const Vec& x : states) ode.derivative(0.0, x, dy);
              }
            }),
            0);
  ode.evaluate(0.0, states[3]);
  EXPECT_EQ(ode.workspace().joint_contacts[0].result.motion, prismatic_contact::JointMotion::sticking);
  Rk4Integrator rk4(1e-4);
  rk4.reset(ode, 0.0, y);
  EXPECT_EQ(allocations_in([&] {
              for (int k = 0; k < 100; ++k) rk4.step(ode, 1e6);
            }),
            0);
  IntegratorOptions o;
  o.step = 0;
  o.max_step = 1e-3;
  Dopri5Integrator dopri(o);
  dopri.reset(ode, 0.0, y);
  EXPECT_EQ(allocations_in([&] {
              for (int k = 0; k < 50; ++k) dopri.step(ode, 1e6);
            }),
            0);
}

// The time-stepping scheme: no allocation inside a step once the stepper exists, on every solver
// path (Lemke on one and two contacts, the mixed LCP with joints, the implicit spring elements,
// sparse Gauss-Seidel on a wall). The first steps run before counting: they may size solver
// workspaces on first use.
struct SteppingCase {
  const char* name;
  const char* model;  // a file under examples/ or the YAML text
};

void PrintTo(const SteppingCase& c, std::ostream* os) { *os << c.name; }

class NoAllocationTimeStepping : public ::testing::TestWithParam<SteppingCase> {};

TEST_P(NoAllocationTimeStepping, InSteps) {
  const std::string param = GetParam().model;
  ModelFile mf;
  test::TempDir dir;
  if (param.ends_with(".yaml")) {
    mf = read_model_file(test::source_path(param));
  } else {
    mf = read_model_file(dir.write("m.yaml", param));
  }
  TimeStepper stepper(mf.model, mf.options);
  stepper.reset(assembled_initial_state(mf.model, mf.options, stepper.workspace()));
  const double h = 1e-3;
  for (int k = 1; k <= 20; ++k) stepper.step(k * h);
  EXPECT_EQ(allocations_in([&] {
              for (int k = 21; k <= 520; ++k) stepper.step(k * h);
            }),
            0);
  EXPECT_EQ(allocations_in([&] { stepper.evaluate_output(); }), 0);
}

INSTANTIATE_TEST_SUITE_P(
    Models, NoAllocationTimeStepping,
    ::testing::Values(
        // A bouncing ball (one contact) and a block rocking on two frictional corners (Lemke).
        SteppingCase{"BouncingBall", "gravity: [0, -9.81]\nbodies: [{name: ball, mass: 1, inertia: 0.004, position: [0, 0.3]}]\n"
        "contacts: [{name: floor, type: circle_line, bodies: [ground, ball], radius: 0.1, "
        "impact: {law: newton, e: 0.8}, friction: {law: coulomb, mu_s: 0.3, mu_k: 0.3}}]\n"},
        SteppingCase{"RockingBlock", "gravity: [0, -9.81]\nbodies: [{name: b, mass: 1, inertia: 0.0167, position: [0.07953373319843696, 0.208984174720288], angle: 0.1}]\n"
        "contacts:\n"
        "  - {name: l, type: point_line, bodies: [ground, b], point: [-0.1, -0.2], impact: {law: newton, e: 0},"
        " friction: {law: coulomb, mu_s: 2, mu_k: 2}}\n"
        "  - {name: r, type: point_line, bodies: [ground, b], point: [0.1, -0.2], impact: {law: newton, e: 0},"
        " friction: {law: coulomb, mu_s: 2, mu_k: 2}}\n"},
        SteppingCase{"SliderCrankMixedLcp", "examples/slider_crank_rough_guide/slider_crank_rough_guide.yaml"},
        SteppingCase{"FreeStandingBodyImplicitSprings", "examples/free_standing_body_rigid/case3_vertical.yaml"},
        SteppingCase{"WallSparseGaussSeidel", "gravity: [0, -9.81]\nbodies: [{name: table, motion: prescribed, x: {type: sine, amplitude: 0.02, omega: 12}}]\n"
        "generators: [{type: block_wall, name: w, rows: 4, columns: 4, bond: running, base: table,"
        " block: {width: 0.4, height: 0.2, mass: 16}, impact: {law: newton, e: 0},"
        " friction: {law: coulomb, mu_s: 0.6, mu_k: 0.6}}]\n"
        "simulation: {time_stepping: {solver: pgs}}\n"},
        // The same wall solved by the accelerated projected gradient (solvers/accelerated_gradient.hpp).
        // Its residual stalls for 30 iterations on some of these steps, which the rescues then solve
        // again: Lemke's sizes its workspace to each larger problem it meets, the interior-point and
        // proximal point ones allocate (docs/schemes.md). They are off here: this case is about
        // APGD's own iterations.
        SteppingCase{"WallAcceleratedGradient", "gravity: [0, -9.81]\nbodies: [{name: table, motion: prescribed, x: {type: sine, amplitude: 0.02, omega: 12}}]\n"
        "generators: [{type: block_wall, name: w, rows: 4, columns: 4, bond: running, base: table,"
        " block: {width: 0.4, height: 0.2, mass: 16}, impact: {law: newton, e: 0},"
        " friction: {law: coulomb, mu_s: 0.6, mu_k: 0.6}}]\n"
        "simulation: {time_stepping: {solver: apgd, rescue_variables: 0, interior_point_rescue: false, proximal_rescue_rows: 0}}\n"},
        // Spatial contacts (issue 11, S3): the disc cone in Gauss-Seidel (a box on eight corners of
        // an incline, sliding) and in APGD (a spinning ball bouncing), and spatial joints' rows.
        SteppingCase{"SpatialBoxCornersDiscGaussSeidel", "dimension: spatial\ngravity: [0, 0, -9.81]\n"
        "bodies: [{name: box, mass: 1, inertia: [0.004, 0.004, 0.0067], position: [-0.0186, 0, 0.0464],"
        " orientation: {axis: [0, 1, 0], angle: -0.3805}, velocity: [0, 1, 0], angular_velocity: [0, 0, 6]}]\n"
        "contacts: [{name: corner, type: box_plane, bodies: [ground, box], plane: {normal: [-0.4, 0, 1]},"
        " half_extents: [0.1, 0.1, 0.05], impact: {law: newton, e: 0}, friction: {law: coulomb, mu_s: 0.3, mu_k: 0.3}}]\n"
        "simulation: {time_stepping: {solver: pgs}}\n"},
        SteppingCase{"SpatialBallDiscApgd", "dimension: spatial\ngravity: [0, 0, -9.81]\n"
        "bodies: [{name: ball, mass: 1, inertia: [0.004, 0.004, 0.004], position: [0, 0, 0.12], velocity: [0.5, 0.2, 0],"
        " angular_velocity: [3, -2, 1]}]\n"
        "contacts: [{name: floor, type: sphere_plane, bodies: [ground, ball], plane: {normal: [0, 0, 1]}, radius: 0.1,"
        " impact: {law: newton, e: 0.8}, friction: {law: coulomb, mu_s: 0.3, mu_k: 0.3}}]\n"
        "simulation: {time_stepping: {solver: apgd}}\n"},
        SteppingCase{"SpatialSliderCrankJoints", "examples/spatial_slider_crank/spatial_slider_crank.yaml"},
        // Contacts between shapes (issue 30): the detection, the points' identities and the carried
        // impulses in steady state (a block at rest on a table box: four points, one layout), and a box
        // sliding and turning on a plane (its four corners persist while they move).
        SteppingCase{"ShapesBlockOnTable", "dimension: spatial\ngravity: [0, 0, -9.81]\n"
        "materials: [{name: wood, density: 500, impact: {law: newton, e: 0}, friction: {law: coulomb, mu_s: 0.6, mu_k: 0.5}}]\n"
        "bodies: [{name: table, motion: fixed, position: [0, 0, -0.5], shapes: [{type: box, half_extents: [1, 1, 0.5], material: wood}]},"
        " {name: block, position: [0, 0, 0.05], shapes: [{type: box, half_extents: [0.1, 0.1, 0.05], material: wood}]}]\n"},
        SteppingCase{"ShapesBoxSlidingOnPlane", "dimension: spatial\ngravity: [0, 0, -9.81]\n"
        "materials: [{name: steel, density: 7800, impact: {law: newton, e: 0}, friction: {law: coulomb, mu_s: 0.1, mu_k: 0.1}}]\n"
        "bodies: [{name: floor, motion: fixed, shapes: [{type: plane, normal: [0, 0, 1], material: steel}]},"
        " {name: box, position: [0, 0, 0.05], velocity: [2, 1, 0], angular_velocity: [0, 0, 3],"
        " shapes: [{type: box, half_extents: [0.1, 0.1, 0.05], material: steel}]}]\n"},
        // μ_s ≠ μ_k (issue 31): a box on four corners pulled by a ramp crossing μ_s m g at t = 0.29 s,
        // whose stick/slip decisions are made on solves refined to 1e-4 of the tolerance
        // (ImpulseProblem::refine: the sweeps, then the rescues), before and through the breakaway.
        // The proximal point rescue allocates in every solve it is handed (solvers/proximal_newton.hpp:
        // the problem's sparse copy and triplets, Eigen's SparseLU analysis and factorisations): with
        // it at its default, the refined solves that reach it make 13 523 allocations over these 500
        // steps. It is off here; the rest of the refinement path (sweeps, Lemke's and the
        // interior-point rescues) allocates nothing.
        SteppingCase{"SpatialPulledBoxRefinedStickSlip", "dimension: spatial\ngravity: [0, 0, -9.81]\n"
        "bodies: [{name: box, mass: 1, inertia: [0.004166666666666667, 0.004166666666666667, 0.006666666666666667],"
        " position: [0, 0, 0.05]}]\n"
        "forces: [{name: pull, type: point_force, body: box, point: [0, 0, 0], frame: global,"
        " fx: {type: polynomial, coefficients: [4.7628, 0.4905]}}]\n"
        "contacts: [{name: corner, type: box_plane, bodies: [ground, box], plane: {point: [0, 0, 0], normal: [0, 0, 1]},"
        " half_extents: [0.1, 0.1, 0.05], impact: {law: newton, e: 0}, friction: {law: coulomb, mu_s: 0.5, mu_k: 0.4}}]\n"
        "simulation: {time_stepping: {proximal_rescue_rows: 0}}\n"},
        // Spinning bodies (issue 32): the implicit gyroscopic term's Newton solves and its rounds on
        // a top's pivot (mixed LCP), and the generalized-α method with the disc cone (a spinning box
        // on its corners) and with spring elements (its iteration matrix and end-state forces).
        SteppingCase{"SpinningTopImplicitGyroscopic", "examples/spinning_top/spinning_top.yaml"},
        SteppingCase{"GeneralizedAlphaSpinningBox", "dimension: spatial\ngravity: [0, 0, -9.81]\n"
        "bodies: [{name: box, mass: 1, inertia: [0.004, 0.004, 0.0067], position: [-0.0186, 0, 0.0464],"
        " orientation: {axis: [0, 1, 0], angle: -0.3805}, velocity: [0, 1, 0], angular_velocity: [0, 0, 6]}]\n"
        "contacts: [{name: corner, type: box_plane, bodies: [ground, box], plane: {normal: [-0.4, 0, 1]},"
        " half_extents: [0.1, 0.1, 0.05], impact: {law: newton, e: 0}, friction: {law: coulomb, mu_s: 0.3, mu_k: 0.3}}]\n"
        "simulation: {time_stepping: {solver: pgs, method: generalized_alpha}}\n"},
        SteppingCase{"GeneralizedAlphaSpatialSprings", "dimension: spatial\ngravity: [0, 0, -9.81]\n"
        "bodies: [{name: bob, mass: 1, inertia: [0.01, 0.02, 0.03], position: [0, 0, -0.7], angular_velocity: [1, 5, 0.3]}]\n"
        "forces: [{name: coil, type: spring_damper, bodies: [ground, bob], points: [[0, 0, 0], [0, 0.02, 0.1]],"
        " stiffness: 1e4, damping: 2, rest_length: 0.5}]\n"
        "simulation: {time_stepping: {method: generalized_alpha}}\n"},
        // Prescribed spatial bodies, z drivers and spring-dampers (the implicit spring Jacobians).
        SteppingCase{"SpatialFeaturesImplicitSprings", "tests/data/spatial_features.yaml"},
        SteppingCase{"SpatialJointsAllKinds", "tests/data/spatial_joints.yaml"},
        // A frictional prismatic joint (Qi, Luo & Huang 2011 example 1): 520 steps slide, overhang,
        // tip and stop it, and it sticks (the joint-local solve at impulse level, joint_contact_step.cpp).
        SteppingCase{"FrictionalPrismaticJoint", "examples/prismatic_joint_contact/slider_out_of_guide.yaml"},
        // Example 2: a crank-slider with the joint beside revolute, spherical and universal joints.
        SteppingCase{"FrictionalPrismaticCrankSlider", "examples/prismatic_joint_contact/crank_slider.yaml"}),
    [](const ::testing::TestParamInfo<SteppingCase>& c) { return std::string(c.param.name); });

// The subspace steps' sparse velocity-space factorisations (above 96 velocities: FixedPatternLdlt,
// analysed once; Eigen's SimplicialLDLT, used before, allocated in every factorisation: 22 432
// times in these 200 steps). A column of 40 blocks (120 velocities) on a table shaken from t = 0
// (the sine starts at 0.24 m/s): the load moves through the column at every step, Gauss-Seidel
// alone does not meet the tolerance within the sweeps before a subspace step, and the counted
// steps take about 700 subspace steps (checked: else the case would prove nothing).
TEST(NoAllocationTimeStepping, SparseSubspaceSteps) {
  test::TempDir dir;
  const ModelFile mf = read_model_file(dir.write("m.yaml", "gravity: [0, -9.81]\n"
      "bodies: [{name: table, motion: prescribed, x: {type: sine, amplitude: 0.02, omega: 12}}]\n"
      "generators: [{type: block_wall, name: c, rows: 40, columns: 1, base: table,"
      " block: {width: 0.2, height: 0.4, mass: 16}, impact: {law: newton, e: 0},"
      " friction: {law: coulomb, mu_s: 0.6, mu_k: 0.6}}]\n"
      "simulation: {time_stepping: {solver: pgs}}\n"));
  TimeStepper stepper(mf.model, mf.options);
  ASSERT_GT(mf.model.nv, solvers::SubspaceStep::kDenseVelocities);  // the sparse factorisations
  stepper.reset(assembled_initial_state(mf.model, mf.options, stepper.workspace()));
  const double h = 1e-3;
  for (int k = 1; k <= 20; ++k) stepper.step(k * h);
  const long before = stepper.problem().stats().subspace_steps;
  EXPECT_EQ(allocations_in([&] {
              for (int k = 21; k <= 220; ++k) stepper.step(k * h);
            }),
            0);
  EXPECT_GT(stepper.problem().stats().subspace_steps, before);
}

}  // namespace no_allocation_test
}  // namespace stickslip
