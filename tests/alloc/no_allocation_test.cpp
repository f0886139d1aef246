// "No heap allocation inside a step": this executable replaces the global operator new with a
// counting one and checks that right-hand-side evaluations and integrator steps allocate nothing.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>

#include "../test_support.hpp"
#include "formulations/initial_state.hpp"
#include "formulations/multibody_ode.hpp"
#include "integrators/dopri5.hpp"
#include "integrators/rk4.hpp"
#include "io/model_file.hpp"

namespace {
std::atomic<long> g_allocations{0};
}

void* operator new(std::size_t n) {
  ++g_allocations;
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n) { return operator new(n); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }

namespace stickslip {
namespace {

long allocations_during(const std::function<void()>& f) {
  const long before = g_allocations.load();
  f();
  return g_allocations.load() - before;
}

class NoAllocation : public ::testing::TestWithParam<const char*> {};

TEST_P(NoAllocation, InRightHandSideAndSteps) {
  const ModelFile mf = read_model_file(test::source_path(GetParam()));
  MultibodyOde ode(mf.model, mf.options);
  Vec y, dy(ode.dimension());
  ode.pack(assembled_initial_state(mf.model, mf.options, ode.workspace()), y);
  ode.derivative(0.0, y, dy);  // warm-up
  EXPECT_EQ(allocations_during([&] {
              for (int k = 0; k < 100; ++k) ode.derivative(0.01 * k, y, dy);
            }),
            0);

  Rk4Integrator rk4(1e-3);
  rk4.reset(ode, 0.0, y);
  EXPECT_EQ(allocations_during([&] {
              for (int k = 0; k < 100; ++k) rk4.step(ode, 100.0);
            }),
            0);

  IntegratorOptions o;
  o.step = 0;
  Dopri5Integrator dopri(o);
  dopri.reset(ode, 0.0, y);
  Vec out(ode.dimension());
  EXPECT_EQ(allocations_during([&] {
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
