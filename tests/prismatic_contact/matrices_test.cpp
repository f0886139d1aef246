// The matrices of Qi, Luo & Huang 2011, eq. (18)-(20) and (28)-(30), against the mechanics they come
// from, written out here independently of src/: the six equivalence equations of the 16 corner
// forces, term by term, and the gaps of a rigid small displacement of the slider, eq. (25)-(27).
#include <gtest/gtest.h>

#include <random>

#include "assembly/prismatic_contact/corner_forces.hpp"
#include "assembly/prismatic_contact/gap_kinematics.hpp"

namespace stickslip::prismatic_contact {
namespace matrices_test {

struct Case {
  double a, b, c, k;
};

std::vector<Case> cases() {
  std::mt19937 rng(12);
  std::uniform_real_distribution<double> len(0.02, 0.6), fric(-0.8, 0.8);
  std::vector<Case> out{{0.05, 0.05, 0.1, -0.3}, {0.1, 0.1, 0.1, 0.1}, {0.05, 0.05, 0.02, 0.0}};
  for (int i = 0; i < 20; ++i) out.push_back({len(rng), len(rng), len(rng), fric(rng)});
  return out;
}

// The six equivalence equations as rows over the 16 forces (f1..f8, g1..g8), written out term by
// term: F1, F2, F3, M1, M2, M3 of the resultant at p0 (f_i up at the bottom corners 1, 2, 5, 6 and
// down at the top ones; g_i towards -e2 at y = +a (1, 4, 5, 8), +e2 at y = -a; friction k N along e1).
Eigen::Matrix<double, 6, 16> written_equations(double a, double b, double c, double k) {
  Eigen::Matrix<double, 6, 16> E = Eigen::Matrix<double, 6, 16>::Zero();
  auto F = [](int i) { return i - 1; };       // column of f_i
  auto G = [](int i) { return 8 + i - 1; };   // column of g_i
  for (int i = 1; i <= 8; ++i) E(0, F(i)) = E(0, G(i)) = k;
  for (int i : {1, 4, 5, 8}) E(1, G(i)) = -1;
  for (int i : {2, 3, 6, 7}) E(1, G(i)) = 1;
  for (int i : {1, 2, 5, 6}) E(2, F(i)) = 1;
  for (int i : {3, 4, 7, 8}) E(2, F(i)) = -1;
  const int m1f[8] = {1, -1, 1, -1, 1, -1, 1, -1}, m1g[8] = {-1, 1, -1, 1, -1, 1, -1, 1};
  const int m2f[8] = {1, 1, -1, -1, -1, -1, 1, 1}, m2k[8] = {-1, -1, 1, 1, -1, -1, 1, 1};
  const int m3g[8] = {1, -1, -1, 1, -1, 1, 1, -1}, m3k[8] = {-1, 1, 1, -1, -1, 1, 1, -1};
  for (int i = 0; i < 8; ++i) {
    E(3, i) = a * m1f[i];
    E(3, 8 + i) = b * m1g[i];
    E(4, i) = c * m2f[i] + k * b * m2k[i];
    E(4, 8 + i) = k * b * m2k[i];
    E(5, i) = k * a * m3k[i];
    E(5, 8 + i) = c * m3g[i] + k * a * m3k[i];
  }
  return E;
}

TEST(EquivalenceMatrix, MatchesTheWrittenEquations) {
  for (const Case& t : cases()) {
    const SliderSection s{t.a, t.b};
    const EquivalenceMatrix H = force_equivalence(s, t.c, t.k);
    // Entries are lengths and ratios of order one: rounding only.
    EXPECT_LT((H - written_equations(t.a, t.b, t.c, t.k)).cwiseAbs().maxCoeff(), 1e-14) << t.a << " " << t.c;
  }
}

template <std::size_t N>
Eigen::Matrix<double, 5, N> columns(const Eigen::Matrix<double, 5, 16>& T, const std::array<int, N>& idx) {
  Eigen::Matrix<double, 5, N> out;
  for (std::size_t j = 0; j < N; ++j) out.col(j) = T.col(idx[j]);
  return out;
}

// Eq. (17): the transverse rows T (F2, F3, M1, M2, M3) split by the blocks y1, x2, x3:
// T_y1 y1 + T_x2 x2 + T_x3 x3 = fc_hat, so A_g = -T_y1^-1 T_x2, A_f = -T_y1^-1 T_x3, A_c = T_y1^-1.
TEST(EquivalenceBlocks, Eq18To20SolveTheTransverseEquations) {
  const std::array<int, 5> y1{8, 10, 12, 1, 7};       // g1 g3 g5 f2 f8
  const std::array<int, 5> x2{9, 11, 13, 14, 15};     // g2 g4 g6 g7 g8
  const std::array<int, 6> x3{0, 2, 3, 4, 5, 6};      // f1 f3 f4 f5 f6 f7
  for (const Case& t : cases()) {
    const Eigen::Matrix<double, 5, 16> T = written_equations(t.a, t.b, t.c, t.k).bottomRows<5>();
    const Eigen::Matrix<double, 5, 5> Ty1 = columns(T, y1);
    const Eigen::Matrix<double, 5, 5> inv = Ty1.inverse();
    const EquivalenceBlocks m = equivalence_blocks(SliderSection{t.a, t.b}, t.c, t.k);
    // The entries are ratios of lengths up to 1/min(b, c) ~ 50: a few ulps of that.
    const double tol = 1e-12 * (1 + 1 / std::min(t.b, t.c)) * (1 + t.a / (t.b * t.c));
    EXPECT_LT((m.Ag + inv * columns(T, x2)).cwiseAbs().maxCoeff(), tol) << t.a << " " << t.b << " " << t.c << " " << t.k;
    EXPECT_LT((m.Af + inv * columns(T, x3)).cwiseAbs().maxCoeff(), tol) << t.a << " " << t.b << " " << t.c << " " << t.k;
    EXPECT_LT((m.Ac - inv).cwiseAbs().maxCoeff(), tol) << t.a << " " << t.b << " " << t.c << " " << t.k;
  }
}

TEST(EquivalenceBlocks, IndexTablesNameTheSameForces) {
  EXPECT_EQ(kY1Forces, (std::array<int, 5>{8, 10, 12, 1, 7}));
  EXPECT_EQ(kX2Forces, (std::array<int, 5>{9, 11, 13, 14, 15}));
  EXPECT_EQ(kX3Forces, (std::array<int, 6>{0, 2, 3, 4, 5, 6}));
}


// Eq. (25)-(27) written out: u_bar_i(2) = u2 + beta3 x_i - beta1 z_i, u_bar_i(3) = u3 + beta1 y_i - beta2 x_i;
// h_i = eps -/+ u_bar_i(2) for y_i = +a / -a, v_i = delta +/- u_bar_i(3) for z_i = -b / +b (delta = 1).
struct WrittenGaps {
  double h[9], v[9];  // 1-based
};
WrittenGaps written_gaps(double a, double b, double c, double eps, const Eigen::Matrix<double, 5, 1>& u) {
  const double xs[9] = {0, -c, -c, -c, -c, c, c, c, c};
  const double ys[9] = {0, a, -a, -a, a, a, -a, -a, a};
  const double zs[9] = {0, -b, -b, b, b, -b, -b, b, b};
  WrittenGaps g{};
  for (int i = 1; i <= 8; ++i) {
    const double u2 = u[0] + u[4] * xs[i] - u[2] * zs[i];
    const double u3 = u[1] + u[2] * ys[i] - u[3] * xs[i];
    g.h[i] = ys[i] > 0 ? eps - u2 : eps + u2;
    g.v[i] = zs[i] < 0 ? 1 + u3 : 1 - u3;
  }
  return g;
}

TEST(GapKinematics, GapsOfARigidDisplacementSatisfyEq28To30) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> small(-0.5, 0.5), ratio(0.3, 3.0);
  for (const Case& t : cases()) {
    const SliderSection s{t.a, t.b, ratio(rng)};
    Eigen::Matrix<double, 5, 1> u;
    for (int j = 0; j < 5; ++j) u[j] = small(rng) / (j < 2 ? 1.0 : std::max(t.a, std::max(t.b, t.c)));
    const WrittenGaps w = written_gaps(t.a, t.b, t.c, s.clearance_ratio, u);
    const CornerGaps g = gaps_from_displacement(s, t.c, u);
    for (int i = 0; i < 8; ++i) {
      EXPECT_NEAR(g.h[i], w.h[i + 1], 1e-14);  // gaps of order one: rounding
      EXPECT_NEAR(g.v[i], w.v[i + 1], 1e-14);
    }
    const Vec5 x1(w.h[1], w.h[3], w.h[5], w.v[2], w.v[8]);
    // eq. (28): recovers the displacement (divides by b c: a few ulps of 1/(b c))
    const double tol = 1e-13 / (t.b * t.c);
    EXPECT_LT((displacement_from_gaps(s, t.c, x1) - u).cwiseAbs().maxCoeff(), tol);
    // eq. (29)-(30)
    const GapRelations rel = gap_relations(s);
    const Vec5 y2 = rel.Ah * x1 + rel.bh;
    const Vec6 y3 = rel.Av * x1 + rel.bv;
    const Vec5 y2_expected(w.h[2], w.h[4], w.h[6], w.h[7], w.h[8]);
    const Vec6 y3_expected(w.v[1], w.v[3], w.v[4], w.v[5], w.v[6], w.v[7]);
    EXPECT_LT((y2 - y2_expected).cwiseAbs().maxCoeff(), 1e-13 * (1 + t.a / t.b));
    EXPECT_LT((y3 - y3_expected).cwiseAbs().maxCoeff(), 1e-13 * (1 + t.a / t.b));
  }
}

TEST(GapKinematics, CentredSliderHasEveryGapEqualToItsClearance) {
  const SliderSection s{0.05, 0.05, 2.0};
  const CornerGaps g = gaps_from_displacement(s, 0.1, SliderDisplacement::Zero());
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(g.h[i], 2.0);
    EXPECT_EQ(g.v[i], 1.0);
  }
}

TEST(GapKinematics, IndexTablesPairGapsWithForces) {
  for (int j = 0; j < 5; ++j) EXPECT_EQ(kX1Gaps[j], kY1Forces[j]);
  for (int j = 0; j < 5; ++j) EXPECT_EQ(kY2Gaps[j], kX2Forces[j]);
  for (int j = 0; j < 6; ++j) EXPECT_EQ(kY3Gaps[j], kX3Forces[j]);
}

}  // namespace matrices_test
}  // namespace stickslip::prismatic_contact
