// "No heap allocation inside a step": right-hand-side evaluations and integrator steps of the
// smooth formulation allocate nothing once the workspace exists, counted at the malloc level so
// Eigen temporaries are seen too (tests/allocation_counter.hpp).
#include <gtest/gtest.h>

#include "../allocation_counter.hpp"
#include "../test_support.hpp"
#include "formulations/initial_state.hpp"
#include "formulations/multibody_ode.hpp"
#include "integrators/dopri5.hpp"
#include "integrators/rk4.hpp"
#include "io/model_file.hpp"

namespace stickslip {
namespace {

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
                                           "examples/double_pendulum/double_pendulum.yaml"));

}  // namespace
}  // namespace stickslip
