// The random LCP instances of the complementarity benchmarks (fixed seeds), shared by
// bench/lcp_bench.cpp and bench/lcp_reference_bench.cpp so that both time the same problems. The
// sets are described at the top of lcp_bench.cpp.
#pragma once

#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "solvers/frictional_contact.hpp"
#include "solvers/lcp_problem.hpp"

namespace stickslip::bench {

using solvers::FrictionContact;
using solvers::frictional_contact_to_lcp;

inline Mat uniform(Eigen::Index r, Eigen::Index c, unsigned seed, double lo = -1, double hi = 1) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> d(lo, hi);
  Mat a(r, c);
  for (Eigen::Index j = 0; j < c; ++j)
    for (Eigen::Index i = 0; i < r; ++i) a(i, j) = d(rng);
  return a;
}

inline Vec planted(const Mat& M, unsigned seed, double both_zero) {
  const Eigen::Index n = M.rows();
  const Mat u = uniform(n, 2, seed, 0, 1);
  Vec z = Vec::Zero(n), w = Vec::Zero(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    if (u(i, 0) < both_zero) continue;  // z_i = w_i = 0: degenerate pair
    (u(i, 1) < 0.5 ? z[i] : w[i]) = 0.1 + u(i, 1);
  }
  return w - M * z;
}

inline Mat delassus(Eigen::Index rows, unsigned seed) {
  const Mat J = uniform(rows, std::max<Eigen::Index>(1, rows / 2), seed);
  const Vec inv_mass = uniform(J.cols(), 1, seed + 1, 0.5, 2.0);
  return J * inv_mass.asDiagonal() * J.transpose();
}

struct Problem {
  Mat M;
  Vec q;
};

inline const Problem& problem(const std::string& set, Eigen::Index n) {
  static std::map<std::pair<std::string, Eigen::Index>, Problem> cache;
  auto it = cache.find({set, n});
  if (it != cache.end()) return it->second;
  Problem p;
  const auto seed = static_cast<unsigned>(n);
  if (set == "spd") {
    const Mat a = uniform(n, n, seed);
    p.M = (a + a.transpose()) / 2;
    for (Eigen::Index i = 0; i < n; ++i) p.M(i, i) = p.M.row(i).cwiseAbs().sum() + 1.0;
    p.q = uniform(n, 1, seed + 1);
  } else if (set == "delassus" || set == "degenerate") {
    p.M = delassus(n, seed);
    p.q = planted(p.M, seed + 2, set == "degenerate" ? 0.5 : 0.0);
  } else if (set == "friction") {
    const Eigen::Index m = std::max<Eigen::Index>(1, n / 4);
    const Mat W = delassus(2 * m, seed) + 1e-3 * Mat::Identity(2 * m, 2 * m);
    Vec b = uniform(2 * m, 1, seed + 3);
    for (Eigen::Index c = 0; c < m; ++c) b[2 * c] = -0.5 + 0.6 * b[2 * c];  // mostly approaching
    std::vector<FrictionContact> contacts;
    for (int c = 0; c < m; ++c) contacts.push_back({2 * c, 2 * c + 1, 0.5});
    frictional_contact_to_lcp(W, b, contacts, p.M, p.q);
  } else {  // illcond
    const Eigen::HouseholderQR<Mat> qr(uniform(n, n, seed));
    const Mat Q = qr.householderQ();
    Vec lambda(n);
    for (Eigen::Index i = 0; i < n; ++i) lambda[i] = std::pow(1e-4, static_cast<double>(i) / static_cast<double>(std::max<Eigen::Index>(1, n - 1)));
    p.M = Q * lambda.asDiagonal() * Q.transpose();
    p.M = (p.M + p.M.transpose()).eval() / 2;
    p.q = uniform(n, 1, seed + 4);
  }
  return cache.emplace(std::make_pair(set, n), std::move(p)).first->second;
}

}  // namespace stickslip::bench
