// Cross-checks: on random problems with a unique solution every solver finds the same z (and on
// positive semidefinite problems, where z need not be unique, the same w = M z + q, which is unique
// for symmetric PSD M). Fixed seeds, sizes 5 to 300. Families: SPD, diagonally dominant P ("p"),
// non-symmetric positive definite ("pdn", far from diagonally dominant) and rank-deficient PSD.
#include <gtest/gtest.h>

#include "lcp_fixtures.hpp"
#include "solvers/auto_select.hpp"

namespace stickslip::solvers {
namespace agreement_test {

struct Case {
  const char* kind;
  Eigen::Index n;
};

void PrintTo(const Case& c, std::ostream* os) { *os << c.kind << " n=" << c.n; }

class Agreement : public ::testing::TestWithParam<Case> {};

TEST_P(Agreement, AllSolversFindTheSameSolution) {
  const auto [kind, n] = GetParam();
  const auto seed = static_cast<unsigned>(n) * 7u + static_cast<unsigned>(kind[1]);
  const std::string k = kind;
  const bool psd = k == "psd";
  const Mat M = k == "spd"   ? fixtures::random_spd(n, seed)
                : k == "p"   ? fixtures::random_p_matrix(n, seed)
                : k == "pdn" ? fixtures::random_pd_nonsymmetric(n, seed)
                             : fixtures::random_psd(n, n / 2 + 1, seed);
  const Vec q = psd ? fixtures::planted_q(M, seed + 1) : fixtures::uniform_vector(n, seed + 1);
  const double scale = residual_scale(q);

  const LcpResult exact = solve_lcp(M, q, {.solver = LcpSolverKind::lemke});
  ASSERT_EQ(exact.status, LcpStatus::solved);
  // Lemke: exact up to rounding (see lemke_test.cpp for the bound).
  EXPECT_LE(exact.residual, 1e-10 * fixtures::magnitude(M, q, exact.z));

  std::vector<LcpSolverKind> others{LcpSolverKind::fischer_burmeister, LcpSolverKind::smoothed_newton,
                                    LcpSolverKind::automatic};
  // PGS theory needs symmetry. On the rank-deficient PSD matrices it converges slowly (n = 50 needs
  // ~1400 sweeps for 1e-6, n = 150 ~70000: a benchmark case, not a unit test), so it runs there
  // for n <= 50 only, to 1e-6; elsewhere to 1e-9. The Newton methods reach 1e-10 in a few steps.
  if (k == "spd" || (psd && n <= 50)) others.push_back(LcpSolverKind::pgs);
  for (LcpSolverKind s : others) {
    const double tol = s == LcpSolverKind::pgs ? (psd ? 1e-6 : 1e-9) : 1e-10;
    const LcpResult r = solve_lcp(M, q, {.solver = s, .tolerance = tol, .max_iterations = 0});
    ASSERT_EQ(r.status, LcpStatus::solved) << to_string(s);
    EXPECT_LE(r.residual, std::max(tol, 1e-8) * scale) << to_string(s);
    // Error bounds from the residual: for SPD (eigenvalues >= 0.1) and the diagonally dominant
    // P-matrices, |dz| <= ~10 * residual / lambda_min; for pdn (symmetric part >= 0.1 I) the bound
    // (1 + ||M||) / 0.1 reaches ~200 at n = 300, but the Newton steps end quadratically, far below
    // their tolerance; w of PSD problems moves by ~||M|| |dz|.
    const double bound = 200.0 * std::max(tol, 1e-10) * scale * (psd ? M.cwiseAbs().maxCoeff() : 1.0);
    if (psd)
      EXPECT_LE((r.w - exact.w).cwiseAbs().maxCoeff(), std::max(bound, 1e-6)) << to_string(s);
    else
      EXPECT_LE((r.z - exact.z).cwiseAbs().maxCoeff(), bound) << to_string(s);
  }
}

INSTANTIATE_TEST_SUITE_P(RandomProblems, Agreement,
                         ::testing::Values(Case{"spd", 5}, Case{"spd", 50}, Case{"spd", 300}, Case{"p", 5},
                                           Case{"p", 50}, Case{"p", 300}, Case{"pdn", 5}, Case{"pdn", 50},
                                           Case{"pdn", 300}, Case{"psd", 5}, Case{"psd", 50},
                                           Case{"psd", 150}, Case{"psd", 300}),
                         [](const auto& param_info) {
                           return std::string(param_info.param.kind) + "_" + std::to_string(param_info.param.n);
                         });

}  // namespace agreement_test
}  // namespace stickslip::solvers
