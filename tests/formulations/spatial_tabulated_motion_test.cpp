// A spatial prescribed body moved by tabulated time functions (`type: table`, the shared time
// function reader; ground motion in any of the six coordinates), carrying a dynamic body on a
// spherical joint: against the closed-form motion of a turntable rising at constant speed.
#include <gtest/gtest.h>

#include <cmath>

#include "../simulation_support.hpp"

namespace stickslip {
namespace spatial_tabulated_motion_test {

using test::at;

// Turntable: yaw ψ = Ω t and height z = c t, each a table of five rows on t = 0 .. 2 s. A natural
// cubic spline through points on a line is that line (its second derivatives solve a system whose
// right side is the differences of equal slopes), so the table reproduces ψ, ψ̇ = Ω, ψ̈ = 0 to
// rounding. A bob (2 kg) hangs from the turntable at radius ρ = 0.3 m on a spherical joint: its
// centre moves on the helix (ρ cos Ωt, ρ sin Ωt, c t) and the joint pulls it with
//   F = m (−Ω² ρ (cos Ωt, sin Ωt, 0) − g),   g = (0, 0, −9.81),
// while nothing turns it (the joint passes no moment, the bob's inertia is isotropic): ω stays 0.
TEST(SpatialTabulatedMotion, TurntableFromTablesCarriesABobOnTheAnalyticHelix) {
  const double Omega = 3, c = 0.2, rho = 0.3, m = 2, g = 9.81;
  test::TempDir dir;
  std::string yaw = "t,yaw\n", lift = "time,height\n";
  for (int k = 0; k <= 4; ++k) {
    const double t = 0.5 * k;
    yaw += test::num(t) + "," + test::num(Omega * t) + "\n";
    lift += test::num(t) + "," + test::num(c * t) + "\n";
  }
  dir.write("yaw.csv", yaw);
  dir.write("lift.csv", lift);
  const std::string model = dir.write("turntable.yaml", R"(
dimension: spatial
gravity: [0, 0, -9.81]
bodies:
  - name: turntable
    motion: prescribed
    z: {type: table, file: lift.csv}
    yaw: {type: table, file: yaw.csv}
  - {name: bob, mass: 2, inertia: [0.01, 0.01, 0.01], position: [0.3, 0, 0], velocity: [0, 0.9, 0.2]}
joints:
  - {name: pin, type: spherical, bodies: [turntable, bob], location: [0.3, 0, 0]}
simulation: {integrator: dopri5, rtol: 1e-11, atol: 1e-13, t_end: 2, output_interval: 0.01}
)");
  const MemorySink out = test::run(read_model_file(model));
  for (std::size_t k = 0; k < out.rows.size(); ++k) {
    const double t = at(out, k, "t"), s = std::sin(Omega * t), co = std::cos(Omega * t);
    // The prescribed body: the table's line, to the spline's rounding (1e-15 of the values).
    EXPECT_NEAR(at(out, k, "turntable.z"), c * t, 1e-14) << t;
    EXPECT_LT(test::orientation(out, "turntable", k).angularDistance(Quat(Eigen::AngleAxisd(Omega * t, Vec3::UnitZ()))), 1e-13)
        << t;
    EXPECT_NEAR(at(out, k, "turntable.wz"), Omega, 1e-12) << t;
    EXPECT_NEAR(at(out, k, "turntable.vz"), c, 1e-13) << t;
    // The bob on its helix: the joint holds it to the integration error (dopri5 at rtol 1e-11 over
    // 2 s; an index-1 solve without Baumgarte terms, so the drift is that error; seen: 2.6e-12 m).
    // The joint force is the centripetal force plus the weight at every row, from the KKT solve at
    // the row's state: off by at most m Ω² times the position error (1e-9 N for 1e-10 m; seen 5e-15 N).
    EXPECT_NEAR(at(out, k, "bob.x"), rho * co, 1e-10) << t;
    EXPECT_NEAR(at(out, k, "bob.y"), rho * s, 1e-10) << t;
    EXPECT_NEAR(at(out, k, "bob.z"), c * t, 1e-10) << t;
    EXPECT_NEAR(at(out, k, "pin.fx"), -m * Omega * Omega * rho * co, 1e-9) << t;
    EXPECT_NEAR(at(out, k, "pin.fy"), -m * Omega * Omega * rho * s, 1e-9) << t;
    EXPECT_NEAR(at(out, k, "pin.fz"), m * g, 1e-9) << t;
    EXPECT_LT(test::body_omega(out, "bob", k).norm(), 1e-12) << t;
  }
}

}  // namespace spatial_tabulated_motion_test
}  // namespace stickslip
