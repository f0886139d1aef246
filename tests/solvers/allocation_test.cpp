// Checks that the solvers' solve() calls do not touch the heap once their workspace is reserved and
// the result vectors have the problem's size (the event-driven scheme solves thousands of small LCPs).
//
// How allocations are counted. Eigen allocates with std::malloc (Eigen::internal::aligned_malloc),
// not with operator new, so replacing only the global operator new/delete would miss every
// Eigen temporary. The counter therefore sits one level lower, on malloc itself, which also sees
// operator new (libstdc++'s operator new calls malloc):
//   - normal builds: this file defines malloc/calloc/realloc/free/memalign/posix_memalign/
//     aligned_alloc, each forwarding to glibc's own entry points (__libc_malloc, ...), so the
//     allocator is unchanged for the rest of test_solvers and only a relaxed atomic increment is
//     added while a test has armed the counter;
//   - AddressSanitizer builds: ASan owns malloc and operator new, so the file does not replace them
//     (that would blind ASan) and registers ASan's allocation hook instead, which it calls for
//     every allocation, malloc and operator new alike.
// The counter is global and atomic; gtest runs these tests on one thread, and the armed window
// covers only the solve() call.
#include <gtest/gtest.h>

#include <atomic>
#include <cstddef>
#include <cstring>
#include <memory>
#include <vector>

#include "lcp_fixtures.hpp"
#include "solvers/auto_select.hpp"
#include "solvers/frictional_contact_2d.hpp"
#include "solvers/mlcp.hpp"

namespace {
std::atomic<long> g_allocations{0};
std::atomic<bool> g_armed{false};
void count_allocation() {
  if (g_armed.load(std::memory_order_relaxed)) g_allocations.fetch_add(1, std::memory_order_relaxed);
}
}  // namespace

#if defined(__SANITIZE_ADDRESS__)
extern "C" int __sanitizer_install_malloc_and_free_hooks(void (*malloc_hook)(const volatile void*, std::size_t),
                                                         void (*free_hook)(const volatile void*));
namespace {
void on_malloc(const volatile void*, std::size_t) { count_allocation(); }
void on_free(const volatile void*) {}
const int g_hooks_installed = __sanitizer_install_malloc_and_free_hooks(on_malloc, on_free);
}  // namespace
#else
extern "C" {
void* __libc_malloc(std::size_t);
void* __libc_calloc(std::size_t, std::size_t);
void* __libc_realloc(void*, std::size_t);
void* __libc_memalign(std::size_t, std::size_t);
void __libc_free(void*);

void* malloc(std::size_t size) noexcept {
  count_allocation();
  return __libc_malloc(size);
}
void* calloc(std::size_t count, std::size_t size) noexcept {
  count_allocation();
  return __libc_calloc(count, size);
}
void* realloc(void* p, std::size_t size) noexcept {
  count_allocation();
  return __libc_realloc(p, size);
}
void free(void* p) noexcept { __libc_free(p); }
void* memalign(std::size_t alignment, std::size_t size) noexcept {
  count_allocation();
  return __libc_memalign(alignment, size);
}
void* aligned_alloc(std::size_t alignment, std::size_t size) noexcept {
  count_allocation();
  return __libc_memalign(alignment, size);
}
int posix_memalign(void** out, std::size_t alignment, std::size_t size) noexcept {
  count_allocation();
  void* p = __libc_memalign(alignment, size);
  if (!p) return 12;  // ENOMEM
  *out = p;
  return 0;
}
}
#endif

namespace stickslip::solvers {
namespace {

// Number of heap allocations made by f().
template <class F>
long allocations_in(F&& f) {
  g_allocations.store(0);
  g_armed.store(true);
  f();
  g_armed.store(false);
  return g_allocations.load();
}

TEST(Allocation, CounterSeesOperatorNewAndEigen) {
  EXPECT_GE(allocations_in([] { auto p = std::make_unique<int>(3); EXPECT_EQ(*p, 3); }), 1);
  EXPECT_GE(allocations_in([] { Vec v = Vec::Ones(100); EXPECT_EQ(v.sum(), 100.0); }), 1);
  EXPECT_EQ(allocations_in([] {}), 0);
}

TEST(Allocation, LemkePivotLoopDoesNotAllocate) {
  LemkeSolver lemke(60);
  for (Eigen::Index n : {60, 17}) {  // at and below capacity
    const Mat M = fixtures::random_spd(n, 3);
    const Vec q = fixtures::uniform_vector(n, 4);
    LcpResult r;
    lemke.solve(M, q, r);  // sizes the result
    const Vec q2 = fixtures::uniform_vector(n, 5);
    EXPECT_EQ(allocations_in([&] { lemke.solve(M, q2, r); }), 0) << n;
    ASSERT_TRUE(r.solved());
    EXPECT_GT(r.iterations, n / 4);  // the pivot loop really ran
  }
  // The degenerate problem of lemke_test.cpp: the lexicographic tie-breaking path, a refresh.
  Mat M(4, 4);
  M << 1, -1, 0, 3, 2, 0, 3, -3, 2, 0, -1, -1, -2, 3, 3, 2;
  const Vec q = Eigen::Vector4d(-1, -1, 0, -1);
  lemke.options().refresh_interval = 1;
  LcpResult r;
  lemke.solve(M, q, r);
  EXPECT_EQ(allocations_in([&] { lemke.solve(M, q, r); }), 0);
  EXPECT_TRUE(r.solved());
}

TEST(Allocation, IterativeSolversDoNotAllocate) {
  const Eigen::Index n = 25;
  const Mat M = fixtures::random_spd(n, 8);
  const Vec q = fixtures::uniform_vector(n, 9);
  LcpResult r;
  PgsSolver pgs(n);
  FischerBurmeisterSolver fb(n);
  SmoothedNewtonSolver smooth(n);
  EnumerationSolver enumeration(8);
  pgs.solve(M, q, r);
  EXPECT_EQ(allocations_in([&] { pgs.solve(M, q, r); }), 0);
  EXPECT_EQ(allocations_in([&] { pgs.solve(M, q, r.z, r); }), 0);  // warm start
  EXPECT_EQ(allocations_in([&] { fb.solve(M, q, r); }), 0);
  EXPECT_TRUE(r.solved());
  EXPECT_EQ(allocations_in([&] { smooth.solve(M, q, r); }), 0);
  EXPECT_TRUE(r.solved());
  LcpResult small;
  enumeration.solve(M.topLeftCorner(8, 8), q.head(8), small);
  EXPECT_EQ(allocations_in([&] { enumeration.solve(M.topLeftCorner(8, 8), q.head(8), small); }), 0);
  EXPECT_TRUE(small.solved());
}

TEST(Allocation, ContactAndMixedSolversDoNotAllocate) {
  const Eigen::Index m = 10;
  const Mat W = fixtures::delassus(m, 15, 2);
  const SparseMat Ws = W.sparseView();
  const Vec b = fixtures::approaching_velocities(m, 3);
  std::vector<Contact2D> contacts;
  for (int c = 0; c < m; ++c) contacts.push_back({2 * c, 2 * c + 1, 0.4});
  FrictionalContact2DSolver friction(2 * m);
  LcpResult r;
  friction.solve(W, b, contacts, r);
  EXPECT_EQ(allocations_in([&] { friction.solve(W, b, contacts, r); }), 0);
  EXPECT_EQ(allocations_in([&] { friction.solve(Ws, b, contacts, r.z, r); }), 0);
  EXPECT_TRUE(r.solved());

  const Mat K = fixtures::random_spd(12, 6);
  const Vec q = fixtures::uniform_vector(12, 7);
  MlcpSolver mlcp(12);
  mlcp.solve(K, q, 4, r);
  EXPECT_EQ(allocations_in([&] { mlcp.solve(K, q, 4, r); }), 0);
  EXPECT_TRUE(r.solved());

  LcpSolver automatic(12);
  automatic.solve(K, q, r);
  EXPECT_EQ(allocations_in([&] { automatic.solve(K, q, r); }), 0);
  EXPECT_TRUE(r.solved());
}

}  // namespace
}  // namespace stickslip::solvers
