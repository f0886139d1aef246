// Rows below the resolution of Lemke's path, and ties at fast-blocking rows (lemke.cpp: "Degeneracy"
// and "Acceptance"). The path's values carry rounding of the path's own scale, so a row whose terms
// are far smaller than that comes out violated; the row-relative acceptance rejects such an end and
// the restart from it, at the scale of the deficits, must find the true solution.
#include <gtest/gtest.h>

#include <array>

#include "lcp_fixtures.hpp"
#include "solvers/enumeration.hpp"
#include "solvers/equilibration.hpp"
#include "solvers/frictional_contact.hpp"
#include "solvers/lemke.hpp"

namespace stickslip::solvers {
namespace lemke_restart_test {

// M = I, q = (-1e-17, -0.25): z = -q. To the path, w_1 = q_1 + z0 is 0.25 - 1e-17 = 0.25 in double, an
// exact tie with z0, which leaves first and w_1 at -1e-17: the whole of row 1. Unit entries make the
// pivoting exact, hence the equality to a few ulps.
TEST(LemkeRestart, RowBelowThePathsResolutionIsSolvedAtItsOwnScale) {
  const Mat M = Mat::Identity(2, 2);
  const Vec q = Vec2(-1e-17, -0.25);
  const LcpResult r = solve_lemke(M, q);
  ASSERT_EQ(r.status, LcpStatus::solved);
  EXPECT_NEAR(r.z[0] / 1e-17, 1.0, 1e-15);
  EXPECT_NEAR(r.z[1] / 0.25, 1.0, 1e-15);
  EXPECT_LE(relative_residual(M, q, r.z, r.w), 1e-15);
}

// Two decoupled P-matrix blocks, the second one's q 1e17 times smaller: the unique solution is that of
// each block alone, the small one's as it is at its own scale (solved here with q scaled up by 1e17,
// which changes nothing but the resolution). Without the restart most seeds end `singular`. 1e-12:
// pivoting on well-conditioned 3 x 3 blocks is exact to ~1e-14, and the scaled reference carries the
// rounding of the factor 1e17 (not a power of two).
TEST(LemkeRestart, ScaleSeparatedBlocksAreEachSolvedExactly) {
  constexpr double kSmall = 1e-17;
  for (unsigned seed = 1; seed <= 30; ++seed) {
    const Mat A = fixtures::random_spd(3, seed), B = fixtures::random_pd_nonsymmetric(3, seed + 100);
    const Vec qa = fixtures::uniform_vector(3, seed + 200), qb = fixtures::uniform_vector(3, seed + 300);
    Mat M = Mat::Zero(6, 6);
    M.topLeftCorner(3, 3) = A;
    M.bottomRightCorner(3, 3) = B;
    Vec q(6);
    q << qa, kSmall * qb;
    const LcpResult r = solve_lemke(M, q);
    ASSERT_EQ(r.status, LcpStatus::solved) << "seed " << seed;
    const LcpResult ra = solve_lemke(A, qa), rb = solve_lemke(B, qb);
    ASSERT_TRUE(ra.solved() && rb.solved());
    const double za = std::max(ra.z.cwiseAbs().maxCoeff(), 1e-300), zb = std::max(rb.z.cwiseAbs().maxCoeff(), 1e-300);
    EXPECT_LE((r.z.head(3) - ra.z).cwiseAbs().maxCoeff(), 1e-12 * za) << "seed " << seed;
    EXPECT_LE((r.z.tail(3) / kSmall - rb.z).cwiseAbs().maxCoeff(), 1e-12 * zb) << "seed " << seed;
    EXPECT_LE(relative_residual(M, q, r.z, r.w), 1e-12) << "seed " << seed;
  }
}

// The impact LCP of the shaken block stack (event-driven scheme): a contact approaching at 0.18 m/s
// beside one separating at 3.8e-8 m/s that slides at 1.26e-13 m/s. The lifted problem (Pfeiffer &
// Glocker's slack σ ≥ |v_T| when no impulse acts) has σ = 1.26e-13 for the second contact; z0 left
// at a near tie with σ = 0, a violation of the whole of that row. Now it is solved, the separating
// contact takes no impulse.
TEST(LemkeRestart, SlipSpeedSlackOfASeparatingContact) {
  Mat W(4, 4);
  W << 0.21, 0.013, 0, 0,  //
      0.013, 0.41, 0, 0,   //
      0, 0, 0.2, -0.006,   //
      0, 0, -0.006, 0.42;
  const Vec b = (Vec(4) << -0.17971978730082422, 0.023560144475428431, 3.8e-8, 1.2603047030397077e-13).finished();
  const std::array<FrictionContact, 2> contacts{{{0, 1, 0.6}, {2, 3, 0.6}}};
  Mat M;
  Vec q;
  ASSERT_TRUE(frictional_contact_to_lcp(W, b, contacts, M, q));
  const LcpResult r = solve_lemke(M, q);
  ASSERT_EQ(r.status, LcpStatus::solved);
  EXPECT_LE(relative_residual(M, q, r.z, r.w), 1e-12);
  Vec p;
  contact_impulses_from_lcp(r.z, contacts, 4, p);
  EXPECT_GT(p[0], 0.0);
  EXPECT_EQ(p[2], 0.0);
  EXPECT_EQ(p[3], 0.0);
}

// The admissible-force LP of a sliding block on two compliant corners (Karnopp stage, compliant
// scheme): its constraint rows differ by 3e-7, and at the fifth pivot two rows block at ratios
// 2.74224028e-8 and 2.74226645e-8 with the rate 5.1e6. A tie window in ratio units alone took them
// for a tie and passed the first by 2.6e-13, leaving it at -1.3e-6 (a wrong basis, rejected). The
// window divided by the rate takes the first: the path ends in the solution by itself, in 7 pivots
// (the restart would need 3 more), the unique one enumeration finds.
TEST(LemkeRestart, FastBlockingRowIsNotPassedAtATie) {
  const double a = 0.7071069192151973, c = 0.70710664315787108;
  Mat M(7, 7);
  M << 0, 0, 0, -a, a, c, -c,  //
      0, 0, 0, a, -a, -c, c,   //
      0, 0, 0, -1, -1, -1, -1, //
      a, -a, 1, 0, 0, 0, 0,    //
      -a, a, 1, 0, 0, 0, 0,    //
      -c, c, 1, 0, 0, 0, 0,    //
      c, -c, 1, 0, 0, 0, 0;
  const Vec q = (Vec(7) << 0, 0, 1, -3.9429992133823877, -1.0000006565920803, -0.999999890464637,
                 -3.9429986663256713).finished();
  const LcpResult r = solve_lemke(M, q);
  ASSERT_EQ(r.status, LcpStatus::solved);
  EXPECT_EQ(r.iterations, 7);
  const std::vector<Vec> all = enumerate_solutions(M, q);
  ASSERT_EQ(all.size(), 1u);
  // 1e-9: the basis has a condition number of ~1e7 (rows 3e-7 apart), so two exact solves of it may
  // differ by ~1e-9 in unknowns of order 1.
  EXPECT_LE((r.z - all[0]).cwiseAbs().maxCoeff(), 1e-9);
  EXPECT_LE(relative_residual(M, q, r.z, r.w), 1e-12);
}

}  // namespace lemke_restart_test
}  // namespace stickslip::solvers
