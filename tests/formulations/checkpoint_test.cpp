// Checkpoints (SimulationOptions::checkpoint_interval, resume()): a run continued from any of its
// checkpoints writes exactly the rows, events and contact points of the uninterrupted run after that point, bit for
// bit, under every scheme and integrator; with an integrator whose history is saved, taking
// checkpoints changes nothing at all.
#include <gtest/gtest.h>

#include "../simulation_support.hpp"

namespace stickslip {
namespace checkpoint_test {

using test::source_path;

// Which rescue a capped Gauss-Seidel hands its solves to (the ones before it turned off).
enum class Rescue { lemke, interior_point, proximal };

struct Case {
  const char* name;
  const char* model;
  Scheme scheme;
  const char* integrator;  // "": the model file's
  double t_end, output_interval, checkpoint_interval;
  bool projection = false;
  double step = 0;  // 0: the model file's
  // Time-stepping: a Gauss-Seidel sweep cap that leaves solves to the rescues (0: the model file's),
  // and the rescue that is to take them.
  int sweep_cap = 0;
  Rescue rescue = Rescue::lemke;
  // Time-stepping: the generalized-α method (its pseudo-acceleration is carried from step to step).
  bool alpha = false;
};

struct Taken {
  Snapshot snapshot;
  std::size_t rows = 0, events = 0, points = 0;
};

struct Recorded {
  MemorySink rows, points;  // points: the contacts between shapes (SimulationCallbacks::contact_points)
  MemoryEventSink events;
  std::vector<Taken> checkpoints;
  SimulationSummary summary;
};

ModelFile load(const Case& c) {
  ModelFile mf = read_model_file(source_path(c.model));
  mf.options.scheme = c.scheme;
  if (*c.integrator) mf.options.integrator = c.integrator;
  if (c.step > 0) mf.options.integrator_options.step = c.step;
  mf.options.t_end = c.t_end;
  mf.options.output_interval = c.output_interval;
  mf.options.projection = c.projection;
  if (c.alpha) mf.options.time_stepping.method = TimeSteppingMethod::generalized_alpha;
  if (c.sweep_cap > 0) {
    TimeSteppingOptions& ts = mf.options.time_stepping;
    ts.solver = "pgs";
    ts.max_iterations = c.sweep_cap;
    ts.min_iterations = 0;
    if (c.rescue != Rescue::lemke) ts.rescue_variables = 0;
    if (c.rescue == Rescue::proximal) ts.interior_point_rescue = false;
  }
  return mf;
}

Recorded run(const ModelFile& mf, double checkpoint_interval) {
  Recorded r;
  SimulationOptions o = mf.options;
  o.checkpoint_interval = checkpoint_interval;
  SimulationCallbacks cb;
  cb.checkpoint = [&r](Snapshot& s) {
    r.checkpoints.push_back({s, r.rows.rows.size(), r.events.events.size(), r.points.rows.size()});
  };
  cb.contact_points = &r.points;
  r.summary = simulate(mf.model, o, r.rows, cb, &r.events);
  return r;
}

void expect_same_event(const EventRecord& a, const EventRecord& b, std::size_t k) {
  EXPECT_EQ(a.t, b.t) << "event " << k;
  EXPECT_EQ(a.contact, b.contact) << "event " << k;
  EXPECT_EQ(a.kind, b.kind) << "event " << k;
  EXPECT_EQ(a.from, b.from) << "event " << k;
  EXPECT_EQ(a.to, b.to) << "event " << k;
  // NaN where the velocity does not apply: compare the bits' meaning, not with ==.
  EXPECT_TRUE(a.vn_before == b.vn_before || (std::isnan(a.vn_before) && std::isnan(b.vn_before))) << "event " << k;
  EXPECT_TRUE(a.vn_after == b.vn_after || (std::isnan(a.vn_after) && std::isnan(b.vn_after))) << "event " << k;
}

class Checkpoints : public ::testing::TestWithParam<Case> {};

TEST_P(Checkpoints, ResumedRunsContinueTheOriginalBitForBit) {
  const Case& c = GetParam();
  const ModelFile mf = load(c);
  const Recorded original = run(mf, c.checkpoint_interval);
  ASSERT_GE(original.checkpoints.size(), 2u) << "the case should take several checkpoints";
  if (c.sweep_cap > 0) {  // the rescues' counts below are then worth comparing
    const SimulationSummary& o = original.summary;
    EXPECT_GT(c.rescue == Rescue::lemke            ? o.complementarity_rescued
              : c.rescue == Rescue::interior_point ? o.complementarity_interior_point_rescued
                                                   : o.complementarity_proximal_rescued,
              0);
  }
  if (mf.options.integrator != "bdf" || c.scheme == Scheme::time_stepping) {
    // An integrator that saves its history is not disturbed by checkpoints.
    const Recorded plain = run(mf, 0.0);
    ASSERT_EQ(plain.rows.rows.size(), original.rows.rows.size());
    for (std::size_t k = 0; k < plain.rows.rows.size(); ++k) ASSERT_EQ(plain.rows.rows[k], original.rows.rows[k]) << k;
  }
  for (const Taken& taken : original.checkpoints) {
    SCOPED_TRACE("checkpoint at t = " + std::to_string(taken.snapshot.real("run.t")));
    MemorySink rows, points;
    MemoryEventSink events;
    SimulationOptions options = mf.options;
    options.checkpoint_interval = c.checkpoint_interval;  // the same options as the original run
    SimulationCallbacks cb;
    cb.contact_points = &points;
    const SimulationSummary s = resume(mf.model, options, taken.snapshot, rows, cb, &events);
    ASSERT_EQ(taken.rows + rows.rows.size(), original.rows.rows.size());
    for (std::size_t k = 0; k < rows.rows.size(); ++k) {
      ASSERT_EQ(rows.rows[k], original.rows.rows[taken.rows + k]) << "row " << taken.rows + k;
    }
    ASSERT_EQ(taken.points + points.rows.size(), original.points.rows.size());
    for (std::size_t k = 0; k < points.rows.size(); ++k) {
      ASSERT_EQ(points.rows[k], original.points.rows[taken.points + k]) << "point row " << taken.points + k;
    }
    ASSERT_EQ(taken.events + events.events.size(), original.events.events.size());
    for (std::size_t k = 0; k < events.events.size(); ++k) {
      expect_same_event(events.events[k], original.events.events[taken.events + k], taken.events + k);
    }
    // The summary counts the whole run.
    EXPECT_EQ(s.output_rows, original.summary.output_rows);
    EXPECT_EQ(s.stats.steps, original.summary.stats.steps);
    EXPECT_EQ(s.contact_events, original.summary.contact_events);
    EXPECT_EQ(s.max_drift, original.summary.max_drift);
    EXPECT_EQ(s.t_final, original.summary.t_final);
    const SimulationSummary& o = original.summary;
    EXPECT_EQ(s.complementarity_solves, o.complementarity_solves);
    EXPECT_EQ(s.complementarity_iterations, o.complementarity_iterations);
    EXPECT_EQ(s.complementarity_max_iterations, o.complementarity_max_iterations);
    EXPECT_EQ(s.complementarity_direct, o.complementarity_direct);
    EXPECT_EQ(s.complementarity_gyroscopic, o.complementarity_gyroscopic);
    EXPECT_EQ(s.complementarity_unconverged, o.complementarity_unconverged);
    EXPECT_EQ(s.complementarity_stalled, o.complementarity_stalled);
    EXPECT_EQ(s.complementarity_rescued, o.complementarity_rescued);
    EXPECT_EQ(s.complementarity_rescue_attempts, o.complementarity_rescue_attempts);
    EXPECT_EQ(s.complementarity_interior_point_rescued, o.complementarity_interior_point_rescued);
    EXPECT_EQ(s.complementarity_interior_point_attempts, o.complementarity_interior_point_attempts);
    EXPECT_EQ(s.complementarity_interior_point_iterations, o.complementarity_interior_point_iterations);
    EXPECT_EQ(s.complementarity_proximal_rescued, o.complementarity_proximal_rescued);
    EXPECT_EQ(s.complementarity_proximal_attempts, o.complementarity_proximal_attempts);
    EXPECT_EQ(s.complementarity_proximal_newton_steps, o.complementarity_proximal_newton_steps);
    EXPECT_EQ(s.complementarity_max_residual, o.complementarity_max_residual);
  }
}

INSTANTIATE_TEST_SUITE_P(
    Schemes, Checkpoints,
    ::testing::Values(
        Case{"sliding_block_compliant_dopri5", "examples/scheme_comparison/sliding_block.yaml", Scheme::compliant,
             "dopri5", 0.3, 0.005, 0.05},
        Case{"sliding_block_compliant_rk4", "examples/scheme_comparison/sliding_block.yaml", Scheme::compliant, "rk4",
             0.1, 0.005, 0.02},
        Case{"sliding_block_compliant_bdf", "examples/scheme_comparison/sliding_block.yaml", Scheme::compliant, "bdf",
             0.3, 0.005, 0.05},
        Case{"sliding_block_event_driven", "examples/scheme_comparison/sliding_block.yaml", Scheme::event_driven,
             "dopri5", 0.6, 0.005, 0.1},
        Case{"sliding_block_time_stepping", "examples/scheme_comparison/sliding_block.yaml", Scheme::time_stepping,
             "dopri5", 0.6, 0.005, 0.1},
        Case{"four_bar_projection", "examples/four_bar/four_bar.yaml", Scheme::compliant, "dopri5", 1.0, 0.01, 0.2,
             true},
        Case{"four_bar_redundant_time_stepping", "examples/four_bar/four_bar_redundant.yaml", Scheme::time_stepping,
             "dopri5", 1.0, 0.01, 0.2},
        // Joint friction (a Newton solve warm-started from the last multipliers) and LuGre states, bdf.
        Case{"lugre_joint_friction_bdf", "examples/lugre_double_pendulum/case1.yaml", Scheme::compliant, "", 1.0,
             0.02, 0.25},
        Case{"rocking_block_event_driven_bdf", "examples/free_standing_body/case1_e-0.915.yaml", Scheme::event_driven,
             "", 1.0, 0.02, 0.2},
        // rk4 at 1 µs: two checkpoints instead of four under the sanitizers.
        Case{"rocking_block_event_driven_rk4", "examples/free_standing_body/case1_e0.yaml", Scheme::event_driven,
             "rk4", test::release_or_sanitized(0.01, 0.006), 0.001, 0.002, false, 1e-6},
        Case{"rough_guide_time_stepping", "examples/slider_crank_rough_guide/slider_crank_rough_guide.yaml",
             Scheme::time_stepping, "dopri5", 0.5, 0.02, 0.1},
        Case{"stack_time_stepping_every_step", "examples/block_wall/stack.yaml", Scheme::time_stepping, "dopri5", 0.05,
             0.0, 0.01},
        // Gauss-Seidel capped at two sweeps, so that solves go on to Lemke's rescue, or, with that
        // off, to the interior-point rescue, or, with both off, to the proximal one: the summary's
        // counts of each continue across a resume.
        Case{"stack_lemke_rescue", "examples/block_wall/stack.yaml", Scheme::time_stepping, "dopri5", 0.3, 0.01, 0.1,
             false, 0, 2, Rescue::lemke},
        Case{"stack_interior_point_rescue", "examples/block_wall/stack.yaml", Scheme::time_stepping, "dopri5", 0.3,
             0.01, 0.1, false, 0, 2, Rescue::interior_point},
        Case{"stack_proximal_rescue", "examples/block_wall/stack.yaml", Scheme::time_stepping, "dopri5", 0.3, 0.01,
             0.1, false, 0, 2, Rescue::proximal},
        // A frictional prismatic joint (Qi, Luo & Huang 2011 example 1) sliding, tipping, then stuck:
        // its η is found afresh in every step, nothing to carry.
        Case{"prismatic_contact_time_stepping", "examples/prismatic_joint_contact/slider_out_of_guide.yaml",
             Scheme::time_stepping, "dopri5", 0.8, 0.01, 0.1},
        // Spatial slips carry their directions ŝ from one phase to the next (ModalDynamics).
        Case{"spatial_box_event_driven", "examples/box_on_incline/box_on_incline_rigid.yaml", Scheme::event_driven,
             "dopri5", 0.6, 0.01, 0.1},
        // Spatial models. The box's eight corners carry LuGre bristles, two states each (their
        // tangent plane's components), under an adaptive and a multistep integrator (the stiff
        // bristles make dopri5's steps tiny: under the sanitizers 0.1 s with two checkpoints, at 0.04
        // and 0.08 s, instead of 0.3 s with five).
        Case{"spatial_box_lugre_compliant_dopri5", "examples/box_on_incline/box_on_incline.yaml", Scheme::compliant,
             "dopri5", test::release_or_sanitized(0.3, 0.1), 0.005, test::release_or_sanitized(0.05, 0.04)},
        Case{"spatial_box_lugre_compliant_bdf", "examples/box_on_incline/box_on_incline.yaml", Scheme::compliant,
             "bdf", 0.2, 0.005, 0.05},
        // A ball on a tilted plane (Stribeck) under a second ball with Dahl bristles (sphere_sphere,
        // whose tangent frame follows the normal).
        Case{"spatial_balls_dahl_compliant", "tests/data/spatial_contacts.yaml", Scheme::compliant, "dopri5", 0.1,
             0.002, 0.02},
        // A free body's orientation is a unit quaternion, renormalised as it goes.
        Case{"tumbling_t_handle_dopri5", "examples/tumbling_t_handle/tumbling_t_handle.yaml", Scheme::compliant,
             "dopri5", 2.0, 0.01, 0.4},
        Case{"tumbling_t_handle_rk4", "examples/tumbling_t_handle/tumbling_t_handle.yaml", Scheme::compliant, "rk4",
             0.5, 0.01, 0.1, false, 1e-4},
        // Spatial contacts under time-stepping: the box's corners, and the sphere's slip turning into
        // rolling at t = 0.291 s (between two checkpoints).
        Case{"spatial_box_time_stepping", "examples/box_on_incline/box_on_incline_rigid.yaml", Scheme::time_stepping,
             "dopri5", 0.3, 0.01, 0.05, false, 1e-3},
        Case{"rolling_sphere_time_stepping", "examples/rolling_sphere/rolling_sphere.yaml", Scheme::time_stepping,
             "dopri5", 0.4, 0.01, 0.1},
        // Spinning bodies (issue 32): the implicit gyroscopic term's rounds on a top's pivot, under
        // both integrators; the generalized-α method with contacts (the box's corners).
        Case{"spinning_top_time_stepping", "examples/spinning_top/spinning_top.yaml", Scheme::time_stepping, "dopri5",
             0.3, 0.01, 0.1, false, 1e-3},
        Case{"spinning_top_generalized_alpha", "examples/spinning_top/spinning_top.yaml", Scheme::time_stepping,
             "dopri5", 0.3, 0.01, 0.1, false, 1e-3, 0, Rescue::lemke, true},
        Case{"spatial_box_generalized_alpha", "examples/box_on_incline/box_on_incline_rigid.yaml",
             Scheme::time_stepping, "dopri5", 0.3, 0.01, 0.05, false, 1e-3, 0, Rescue::lemke, true},
        Case{"rolling_sphere_event_driven", "examples/rolling_sphere/rolling_sphere.yaml", Scheme::event_driven,
             "dopri5", 0.4, 0.01, 0.1},
        Case{"rolling_sphere_compliant", "examples/rolling_sphere/rolling_sphere.yaml", Scheme::compliant, "dopri5",
             0.4, 0.01, 0.1},
        // The frictional prismatic joint (Qi, Luo & Huang 2011, example 1): the slider runs past the
        // guide's end, tips onto two edges and stops.
        Case{"slider_out_of_guide_compliant", "examples/prismatic_joint_contact/slider_out_of_guide.yaml",
             Scheme::compliant, "dopri5", 0.8, 0.01, 0.2},
        // Contacts between shapes (issue 30): the pile's points appearing, persisting and vanishing
        // as the parts land (identities, carried impulses and layouts across the checkpoints); the
        // stack sliding on its shaking table; the capsule grip under the compliant scheme (detected
        // at every evaluation, nothing carried).
        Case{"pile_time_stepping", "examples/pile_in_bin/pile_in_bin.yaml", Scheme::time_stepping, "dopri5",
             test::release_or_sanitized(0.4, 0.3), 0.05, 0.1},
        Case{"shaking_stack_time_stepping", "examples/shaking_stack/shaking_stack.yaml", Scheme::time_stepping,
             "dopri5", 0.6, 0.01, 0.2},
        Case{"capsule_grip_compliant", "examples/capsule_grip/capsule_grip.yaml", Scheme::compliant, "dopri5", 0.03,
             0.002, 0.01}),
    [](const ::testing::TestParamInfo<Case>& param_info) { return std::string(param_info.param.name); });

}  // namespace checkpoint_test
}  // namespace stickslip
