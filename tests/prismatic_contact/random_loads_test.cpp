// The contact analysis on randomised sections, contact lengths, loads and sliding states: whatever
// the reaction, the 16 corner forces reported must be equivalent to it (Qi, Luo & Huang 2011,
// eq. (17)-(20) and (36)), complementary to their gaps, and a solution of the LCP of eq. (31)-(33);
// a load symmetric about a plane of the section gives forces symmetric about it.
#include <gtest/gtest.h>

#include <memory>
#include <random>

#include "assembly/prismatic_contact/joint_contact.hpp"

namespace stickslip::prismatic_contact {
namespace random_loads_test {

struct Trial {
  PrismaticContactInput input;
  std::string name;
};

// A slider of half-sizes a, b in [0.02, 0.2], c in [0.01, 0.3], mu in [0, 0.6]; a reaction of
// forces up to 500 N and moments up to 50 N m, depending on eta through a loop (coefficients up to
// 0.3 and 0.03 m) or not; slider on body 2 (f1c = eta) or body 1 (f1c = -eta); sliding either way
// or at rest with an axial acceleration either side of the friction limit.
// Eight sections, so that a solver (which lists its section's contact faces) serves many trials.
std::vector<Trial> trials(int count, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0), unit(0.0, 1.0);
  std::vector<SliderSection> sections;
  for (int i = 0; i < 8; ++i)
    sections.push_back({0.02 + 0.18 * unit(rng), 0.02 + 0.18 * unit(rng), i < 4 ? 1.0 : 0.5 + 1.5 * unit(rng)});
  std::vector<Trial> out;
  for (int t = 0; t < count; ++t) {
    PrismaticContactInput in;
    in.section = sections[t % sections.size()];
    in.half_length = 0.01 + 0.29 * unit(rng);
    in.friction_coefficient = 0.6 * unit(rng);
    in.reaction.constant = {Vec3(0, 500 * u(rng), 500 * u(rng)), Vec3(50 * u(rng), 50 * u(rng), 50 * u(rng))};
    const double side = unit(rng) < 0.5 ? 1.0 : -1.0;
    in.reaction.per_eta.force = Vec3(side, 0, 0);
    if (t % 3 == 0) {  // eta also changes the transverse reaction (a closed loop)
      in.reaction.per_eta.force.tail<2>() = Vec2(0.3 * u(rng), 0.3 * u(rng));
      in.reaction.per_eta.moment = Vec3(0.03 * u(rng), 0.03 * u(rng), 0.03 * u(rng));
    }
    in.acceleration_per_eta = side * (0.1 + unit(rng));  // the slider accelerates along the axial force on it
    in.acceleration = 300 * u(rng) * in.acceleration_per_eta;
    in.slip_velocity = t % 4 == 0 ? 0.0 : u(rng);
    out.push_back({in, "trial " + std::to_string(t)});
  }
  return out;
}

// The reaction at eta, (F1, F2, F3, M1, M2, M3).
Eigen::Matrix<double, 6, 1> reaction_at(const PrismaticContactInput& in, double eta) {
  const Wrench w = in.reaction.at(eta);
  Eigen::Matrix<double, 6, 1> v;
  v << w.force, w.moment;
  return v;
}

double load_size(const PrismaticContactInput& in, double eta) {
  const Eigen::Matrix<double, 6, 1> w = reaction_at(in, eta);
  return std::max(w.head<3>().cwiseAbs().maxCoeff(), w.tail<3>().cwiseAbs().maxCoeff() / in.half_length);
}

// One solver per section (solve() lists the faces again when the section changes).
PrismaticContactSolver& solver_for(const SliderSection& s) {
  static std::vector<std::pair<SliderSection, std::unique_ptr<PrismaticContactSolver>>> solvers;
  for (auto& [section, solver] : solvers)
    if (section.half_width == s.half_width && section.half_height == s.half_height &&
        section.clearance_ratio == s.clearance_ratio)
      return *solver;
  solvers.emplace_back(s, std::make_unique<PrismaticContactSolver>(s));
  return *solvers.back().second;
}

TEST(RandomLoads, CornerForcesAreEquivalentToTheReaction) {
  int solved = 0, sticking = 0;
  for (const Trial& t : trials(400, 41)) {
    const PrismaticContactInput& in = t.input;
    PrismaticContactSolver& solver = solver_for(in.section);
    PrismaticContactResult r;
    solver.solve(in, r);
    if (r.condition == ContactCondition::no_consistent_mode) continue;  // a drawer that jams (none here)
    ASSERT_TRUE(r.ok()) << t.name << ": " << to_string(r.condition);
    ++solved;
    sticking += r.motion == JointMotion::sticking;
    // Resultant of the corner forces (with their friction k N) against the reaction at the
    // reported eta: the forces are O(load / c) and the equations hold to rounding of those sums.
    const Eigen::Matrix<double, 6, 1> res = resultant(in.section, in.half_length, r.coefficient, r.forces);
    const Eigen::Matrix<double, 6, 1> target = reaction_at(in, r.eta);
    const double scale = std::max(load_size(in, r.eta), r.normal_force);
    EXPECT_LT((res.head<3>() - target.head<3>()).cwiseAbs().maxCoeff(), 1e-12 * scale) << t.name;
    EXPECT_LT((res.tail<3>() - target.tail<3>()).cwiseAbs().maxCoeff(), 1e-12 * scale * in.half_length + 1e-12 * scale * std::max(in.section.half_width, in.section.half_height)) << t.name;
    // Eq. (36): the axial reaction is the corners' friction.
    EXPECT_NEAR(r.friction_force, r.coefficient * r.normal_force, 1e-13 * scale) << t.name;
    EXPECT_NEAR(r.friction_force, target[0], 1e-12 * scale) << t.name;
    // Coulomb: sliding at mu, sticking inside the cone.
    if (r.motion == JointMotion::sticking) {
      EXPECT_LE(std::abs(r.coefficient), in.friction_coefficient * (1 + 1e-12)) << t.name;
      EXPECT_NEAR(r.relative_acceleration, 0.0, 1e-12 * std::abs(in.acceleration) + 1e-300) << t.name;
    } else {
      EXPECT_DOUBLE_EQ(std::abs(r.coefficient), in.friction_coefficient) << t.name;
      // friction opposes the (starting) motion
      EXPECT_LE(r.friction_force * (in.slip_velocity != 0 ? in.slip_velocity : r.relative_acceleration), 0.0) << t.name;
    }
    // Complementarity: forces >= 0, gaps >= 0, a loaded contact closed.
    for (int j = 0; j < kContacts; ++j) {
      EXPECT_GE(contact_value(r.forces, j), 0.0) << t.name;
      EXPECT_GE(gap_value(r.gaps, j), -1e-12) << t.name;  // gaps of order one: rounding
      if (contact_value(r.forces, j) > 0.0) {
        EXPECT_LE(gap_value(r.gaps, j), 1e-12) << t.name << " contact " << j;
      }
    }
  }
  // Every trial has a consistent answer (a jam, no_consistent_mode, needs a stronger loop).
  EXPECT_EQ(solved, 400);
  EXPECT_GE(sticking, 20);  // the exact-stick branch is exercised
}

// A solver keeps the proofs of infeasibility it found (force_selection.hpp) to skip faces on later
// calls; they only ever skip faces the fit would reject, so a used solver and a new one agree
// exactly.
TEST(RandomLoads, ResultsDoNotDependOnTheSolversHistory) {
  const std::vector<Trial> all = trials(160, 77);
  PrismaticContactSolver used(all[0].input.section);
  for (const Trial& t : all) {
    if (t.input.section.half_width != all[0].input.section.half_width) continue;
    PrismaticContactSolver fresh(t.input.section);
    PrismaticContactResult a, b;
    used.solve(t.input, a);
    fresh.solve(t.input, b);
    EXPECT_EQ(a.condition, b.condition) << t.name;
    EXPECT_EQ(a.eta, b.eta) << t.name;
    EXPECT_EQ(a.mode, b.mode) << t.name;
    for (int j = 0; j < kContacts; ++j) EXPECT_EQ(contact_value(a.forces, j), contact_value(b.forces, j)) << t.name;
  }
}

// The reported forces and gaps, put into the LCP's variables, solve eq. (31) with the same k and
// eta eliminated (for a sliding joint).
TEST(RandomLoads, ReportedSolutionSolvesTheLcpOfEq31) {
  for (const Trial& t : trials(100, 5)) {
    PrismaticContactInput in = t.input;
    in.slip_velocity = in.slip_velocity == 0.0 ? 0.2 : in.slip_velocity;
    PrismaticContactSolver& solver = solver_for(in.section);
    PrismaticContactResult r;
    solver.solve(in, r);
    if (r.condition != ContactCondition::solved) continue;
    ContactLcp lcp;
    assemble_contact_lcp(in.section, in.half_length, r.coefficient, contact_load(in.reaction), true, 0.0, lcp);
    const Vec16 z = pack_z(r.forces, r.gaps);
    const Vec16 w = lcp.M * z + lcp.q;
    CornerForces f;
    CornerGaps g;
    unpack(z, w, f, g);
    for (int j = 0; j < kContacts; ++j) {
      EXPECT_NEAR(contact_value(f, j), contact_value(r.forces, j), 1e-10 * r.force_scale) << t.name << " contact " << j;
      EXPECT_NEAR(gap_value(g, j), gap_value(r.gaps, j), 1e-12) << t.name << " contact " << j;
    }
    EXPECT_NEAR(lcp.eta_constant + lcp.eta_per_z.dot(z), r.eta, 1e-10 * r.force_scale) << t.name;
  }
}

// Mirror images: y -> -y swaps corners 1<->2, 3<->4, 5<->6, 7<->8 and flips f2c, m1c, m3c; a load
// with those zero is symmetric and so must the forces be. Likewise z -> -z (1<->4, 2<->3, 5<->8,
// 6<->7; f3c, m1c, m2c flip), for a load with f3c = m1c = m2c = 0.
TEST(RandomLoads, SymmetricLoadsGiveSymmetricForces) {
  std::mt19937 rng(9);
  std::uniform_real_distribution<double> u(-1.0, 1.0), unit(0.0, 1.0);
  constexpr int kY[8] = {1, 0, 3, 2, 5, 4, 7, 6}, kZ[8] = {3, 2, 1, 0, 7, 6, 5, 4};
  const SliderSection sections[3] = {{0.05, 0.05, 1.0}, {0.1, 0.03, 1.0}, {0.04, 0.12, 1.0}};
  for (int t = 0; t < 200; ++t) {
    const bool about_y = t % 2 == 0;
    PrismaticContactInput in;
    in.section = sections[t % 3];
    in.half_length = 0.005 + 0.3 * unit(rng);
    in.friction_coefficient = 0.6 * unit(rng);
    const double F = 500 * u(rng), M = 50 * u(rng);
    in.reaction.constant = about_y ? Wrench{Vec3(0, 0, F), Vec3(0, M, 0)} : Wrench{Vec3(0, F, 0), Vec3(0, 0, M)};
    in.reaction.per_eta.force = Vec3(1, 0, 0);
    in.slip_velocity = u(rng);
    PrismaticContactSolver& solver = solver_for(in.section);
    PrismaticContactResult r;
    solver.solve(in, r);
    ASSERT_TRUE(r.ok()) << t;
    const int* mirror = about_y ? kY : kZ;
    const double tol = 1e-12 * r.normal_force;  // rounding of the selection
    for (int i = 0; i < 8; ++i) {
      EXPECT_NEAR(r.forces.f[i], r.forces.f[mirror[i]], tol) << t << " corner " << i + 1;
      EXPECT_NEAR(r.forces.g[i], r.forces.g[mirror[i]], tol) << t << " corner " << i + 1;
      EXPECT_NEAR(r.gaps.v[i], r.gaps.v[mirror[i]], 1e-12) << t << " corner " << i + 1;
      EXPECT_NEAR(r.gaps.h[i], r.gaps.h[mirror[i]], 1e-12) << t << " corner " << i + 1;
    }
  }
}

}  // namespace random_loads_test
}  // namespace stickslip::prismatic_contact
