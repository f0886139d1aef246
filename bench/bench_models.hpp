// Models shared by several benchmarks, so that figures compared in docs/performance.md (a step
// against the cost of writing its row) come from the same model.
#pragma once

namespace stickslip::bench {

// A 0.2 m × 0.4 m block tilted by 0.2 rad on its left corner, released: rocking on two frictional
// corners with plastic impacts. No simulation section: each benchmark adds its own.
inline constexpr const char* kRockingBlock =
    "gravity: [0, -9.81]\n"
    "bodies: [{name: b, mass: 1, inertia: 0.016666666666666666, position: [0.05827279162511192, 0.21588024864775446], angle: 0.2}]\n"
    "contacts:\n"
    "  - {name: l, type: point_line, bodies: [ground, b], point: [-0.1, -0.2], impact: {law: newton, e: 0},"
    " friction: {law: coulomb, mu_s: 2, mu_k: 2}}\n"
    "  - {name: r, type: point_line, bodies: [ground, b], point: [0.1, -0.2], impact: {law: newton, e: 0},"
    " friction: {law: coulomb, mu_s: 2, mu_k: 2}}\n";

}  // namespace stickslip::bench
