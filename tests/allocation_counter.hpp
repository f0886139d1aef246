// A heap-allocation counter for the "no allocation inside a step / a solve" tests. Include it in
// exactly ONE source file of a test executable: it defines the allocator entry points.
//
// How allocations are counted. Eigen allocates with std::malloc (Eigen::internal::aligned_malloc),
// not with operator new, so replacing only the global operator new/delete would miss every
// Eigen temporary. The counter therefore sits one level lower, on malloc itself, which also sees
// operator new (libstdc++'s operator new calls malloc):
//   - normal builds: malloc/calloc/realloc/free/memalign/posix_memalign/aligned_alloc are defined
//     here, each forwarding to glibc's own entry points (__libc_malloc, ...), so the allocator is
//     unchanged and only a relaxed atomic increment is added while a test has armed the counter;
//   - AddressSanitizer builds: ASan owns malloc and operator new, so they are not replaced (that
//     would blind ASan); ASan's allocation hook is registered instead, which it calls for every
//     allocation, malloc and operator new alike.
// The counter is global and atomic; gtest runs the tests on one thread, and the armed window covers
// only the code measured.
#pragma once

#include <atomic>
#include <cstddef>

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

namespace stickslip::test {

// Number of heap allocations made by f().
template <class F>
long allocations_in(F&& f) {
  g_allocations.store(0);
  g_armed.store(true);
  f();
  g_armed.store(false);
  return g_allocations.load();
}

}  // namespace stickslip::test
