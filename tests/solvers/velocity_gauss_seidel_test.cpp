// Gauss-Seidel in velocity space (solvers/velocity_gauss_seidel.hpp) against the sweeps over the
// assembled W = H M⁻¹ Hᵀ (box_lcp.cpp, through FrictionalContactSolver): the same iterates sweep by
// sweep up to rounding, the goal met by the natural residual as box_residual measures it on W, islands
// solved independently of one another, and invalid input refused.
#include "solvers/velocity_gauss_seidel.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

namespace stickslip::solvers {
namespace velocity_gauss_seidel_test {

// A random problem on `bodies` blocks of 6 velocities: `contacts` contacts, each between two bodies
// (or one body and the ground), disc cones except every third an interval cone (one tangent row);
// one free row first. Rows have random entries on their bodies' blocks.
struct Problem {
  int nv = 0;
  Mat H;       // dense, for W
  Vec minv, b;
  std::vector<std::array<int, 2>> offsets;   // per row: the first velocity of each block, -1: none
  std::vector<std::vector<double>> entries;  // per row, 12 numbers
  std::vector<FrictionContact> contacts;
  int free_rows = 1;
  Mat W() const { return H * minv.asDiagonal() * H.transpose(); }
};

Problem random_problem(int bodies, int contacts, unsigned seed, int first_body = 0, int total_bodies = -1) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  Problem p;
  p.nv = 6 * (total_bodies < 0 ? bodies : total_bodies);
  p.minv = Vec::NullaryExpr(p.nv, [&] { return 0.5 + std::abs(u(rng)); });
  std::vector<std::array<int, 2>> row_bodies;
  row_bodies.push_back({first_body, -1});  // the free row
  for (int c = 0; c < contacts; ++c) {
    const int i = first_body + static_cast<int>(rng() % static_cast<unsigned>(bodies));
    int j = first_body + static_cast<int>(rng() % static_cast<unsigned>(bodies + 1)) - 1;  // -1 .. : ground sometimes
    if (j == i || j < first_body) j = -1;
    const int tangent_rows = c % 3 == 2 ? 1 : 2;
    const int normal = static_cast<int>(row_bodies.size());
    p.contacts.push_back({normal, normal + 1, 0.2 + 0.4 * std::abs(u(rng)), tangent_rows,
                          tangent_rows == 2 ? FrictionCone::disc : FrictionCone::interval});
    for (int k = 0; k <= tangent_rows; ++k) row_bodies.push_back({i, j});
  }
  const auto n = static_cast<Eigen::Index>(row_bodies.size());
  p.H.setZero(n, p.nv);
  p.b.resize(n);
  p.entries.resize(static_cast<std::size_t>(n));
  p.offsets.assign(static_cast<std::size_t>(n), {-1, -1});
  for (Eigen::Index r = 0; r < n; ++r) {
    auto& e = p.entries[static_cast<std::size_t>(r)];
    e.assign(12, 0.0);
    for (int a = 0; a < 2; ++a) {
      const int body = row_bodies[static_cast<std::size_t>(r)][static_cast<std::size_t>(a)];
      if (body < 0) continue;
      p.offsets[static_cast<std::size_t>(r)][static_cast<std::size_t>(a)] = 6 * body;
      for (int k = 0; k < 6; ++k) {
        e[static_cast<std::size_t>(6 * a + k)] = u(rng);
        p.H(r, 6 * body + k) += e[static_cast<std::size_t>(6 * a + k)];
      }
    }
    p.b[r] = u(rng);
  }
  // Approaching contacts; |b| <= 1 everywhere, so the goal's scale max(1, ‖b‖∞) is 1 for any subset.
  for (const FrictionContact& c : p.contacts) p.b[c.normal] = -0.2 - 0.7 * std::abs(p.b[c.normal]);
  return p;
}

RowOnBlocks row_of(const Problem& p, std::size_t r) {
  RowOnBlocks row;
  row.offset = p.offsets[r];
  for (std::size_t a = 0; a < 2; ++a)
    if (row.offset[a] >= 0) row.entries[a] = &p.entries[r][6 * a];
  return row;
}

// Adds the problem's free row and contacts, their rows shifted by `shift` in the solver's numbering.
void add(VelocityGaussSeidel& solver, const Problem& p, int shift = 0) {
  for (int r = 0; r < p.free_rows; ++r) solver.add_free_row(r + shift, row_of(p, static_cast<std::size_t>(r)), p.b[r]);
  for (FrictionContact c : p.contacts) {
    const auto first = static_cast<std::size_t>(c.normal), rows = static_cast<std::size_t>(1 + c.tangent_rows);
    std::array<RowOnBlocks, 3> h;
    for (std::size_t k = 0; k < rows; ++k) h[k] = row_of(p, first + k);
    const double* b = &p.b[c.normal];
    c.normal += shift;
    c.tangent += shift;
    solver.add_contact(c, std::span(h.data(), rows), std::span(b, rows));
  }
}

void load(VelocityGaussSeidel& solver, const Problem& p) {
  solver.begin(p.nv, 6, p.minv);
  add(solver, p);
}

// k sweeps from the same start: the iterates of the two forms agree to rounding (the products are
// summed in another order: ~1e-15 relative per operation over a few sweeps of a few dozen rows).
TEST(VelocityGaussSeidel, SameIteratesAsTheSweepsOverW) {
  for (unsigned seed = 1; seed <= 6; ++seed) {
    const Problem p = random_problem(5, 8, seed);
    const Mat W = p.W();
    const Vec start = 0.1 * Vec::Random(p.b.size());
    for (int k = 1; k <= 4; ++k) {
      FrictionalContactSolver over_w(p.b.size(), {.tolerance = 1e-300, .max_iterations = k, .min_iterations = k});
      LcpResult r;
      over_w.solve(W, p.b, p.contacts, start, r);
      VelocityGaussSeidel solver;
      solver.options() = {.tolerance = 1e-300, .max_iterations = k, .min_iterations = k, .stall_sweeps = 0};
      load(solver, p);
      Vec z = start, dv;
      const VelocitySweepResult& v = solver.solve(z, dv);
      ASSERT_EQ(v.iterations, k);
      EXPECT_LE((z - r.z).cwiseAbs().maxCoeff(), 1e-12 * (1 + r.z.cwiseAbs().maxCoeff())) << seed << " " << k;
      // Δv = M⁻¹ Hᵀ p of the impulses returned.
      const Vec expected = p.minv.asDiagonal() * (p.H.transpose() * z);
      EXPECT_LE((dv - expected).cwiseAbs().maxCoeff(), 1e-13 * (1 + expected.cwiseAbs().maxCoeff()));
    }
  }
}

// Converged: the natural residual on W itself (box_residual and its unrounded form) within the goal.
TEST(VelocityGaussSeidel, MeetsTheGoalOnTheAssembledOperator) {
  for (unsigned seed = 11; seed <= 16; ++seed) {
    const Problem p = random_problem(6, 10, seed);
    const Mat W = p.W();
    VelocityGaussSeidel solver;
    solver.options().tolerance = 1e-8;
    solver.options().max_iterations = 100000;
    solver.options().stall_sweeps = 0;
    load(solver, p);
    Vec z = Vec::Zero(p.b.size()), dv;
    const VelocitySweepResult& v = solver.solve(z, dv);
    ASSERT_EQ(v.status, LcpStatus::solved) << seed << ": residual " << v.residual << " after " << v.iterations;
    BoxBounds bounds;
    ASSERT_TRUE(contact_box_bounds(p.contacts, p.b.size(), bounds));
    const Vec w = W * z + p.b;
    const double goal = 1e-8 * std::max(1.0, p.b.cwiseAbs().maxCoeff());
    // W p + b recomputed densely differs from the sweeps' H Δv + b by rounding only (1e-15 relative).
    EXPECT_LE(box_residual(z, w, bounds), goal * (1 + 1e-6));
    EXPECT_LE(unrounded_box_residual(z, w, bounds), goal * (1 + 1e-6));
  }
}

// Two problems on disjoint bodies solved together: each island's impulses are bit for bit those of
// its problem solved alone (its sweeps and its stopping never see the other), and the sweeps
// reported are the larger island's.
TEST(VelocityGaussSeidel, IslandsAreSolvedIndependently) {
  Problem a = random_problem(4, 6, 21, 0, 8), b = random_problem(4, 7, 22, 4, 8);
  Vec minv = a.minv;
  minv.tail(24) = b.minv.tail(24);
  a.minv = b.minv = minv;
  const auto na = a.b.size(), nb = b.b.size();
  VelocityGaussSeidel solver;
  solver.options().tolerance = 1e-9;
  load(solver, a);
  Vec za = Vec::Zero(na), dv;
  const int sweeps_a = solver.solve(za, dv).iterations;
  load(solver, b);
  Vec zb = Vec::Zero(nb);
  const int sweeps_b = solver.solve(zb, dv).iterations;
  solver.begin(minv.size(), 6, minv);
  add(solver, a);
  add(solver, b, static_cast<int>(na));
  Vec z = Vec::Zero(na + nb);
  const VelocitySweepResult& r = solver.solve(z, dv);
  EXPECT_GE(r.islands, 2);
  EXPECT_EQ(r.iterations, std::max(sweeps_a, sweeps_b));
  for (Eigen::Index i = 0; i < na; ++i) EXPECT_EQ(z[i], za[i]) << i;
  for (Eigen::Index i = 0; i < nb; ++i) EXPECT_EQ(z[na + i], zb[i]) << i;
}

TEST(VelocityGaussSeidel, RefusesInvalidInput) {
  Problem p = random_problem(3, 4, 31);
  VelocityGaussSeidel solver;
  Vec z = Vec::Zero(p.b.size()), dv;
  p.entries[2][3] = NAN;  // an entry of a used block (row 2: the first contact's tangent row)
  load(solver, p);
  EXPECT_EQ(solver.solve(z, dv).status, LcpStatus::invalid_input);
  p = random_problem(3, 4, 31);
  load(solver, p);
  Vec bad = z;
  bad[1] = INFINITY;  // the warm start
  EXPECT_EQ(solver.solve(bad, dv).status, LcpStatus::invalid_input);
  // A row that moves nothing (no block): no Gauss-Seidel step exists, as box_lcp.cpp reports.
  p.offsets[1] = {-1, -1};
  load(solver, p);
  EXPECT_EQ(solver.solve(z, dv).status, LcpStatus::singular);
  EXPECT_THROW(solver.begin(12, 4, Vec::Ones(12)), std::invalid_argument);
}

}  // namespace velocity_gauss_seidel_test
}  // namespace stickslip::solvers
