#include "solvers/pyramid_contact_lcp.hpp"

#include <cmath>
#include <numbers>

namespace stickslip::solvers {

Vec2 pyramid_generator(int j, int facets) {
  const double a = 2 * std::numbers::pi * j / facets;
  return {std::cos(a), std::sin(a)};
}

Eigen::Index pyramid_lcp_size(std::span<const PyramidContact> contacts, int facets) {
  Eigen::Index n = 0;
  for (const PyramidContact& c : contacts) n += (c.normal >= 0 ? 1 : 0) + (c.tangent >= 0 ? facets + 1 : 0);
  return n;
}

namespace {

// L (rows of W × LCP variables): p = L z. Normal variables map to their row, generators to d_j over
// the two tangent rows, σ to nothing.
Mat lift(std::span<const PyramidContact> contacts, int facets, Eigen::Index rows) {
  Mat L = Mat::Zero(rows, pyramid_lcp_size(contacts, facets));
  Eigen::Index v = 0;
  for (const PyramidContact& c : contacts) {
    if (c.normal >= 0) L(c.normal, v++) = 1.0;
    if (c.tangent < 0) continue;
    for (int j = 0; j < facets; ++j, ++v) {
      const Vec2 d = pyramid_generator(j, facets);
      L(c.tangent, v) = d.x();
      L(c.tangent + 1, v) = d.y();
    }
    ++v;  // σ
  }
  return L;
}

}  // namespace

void pyramid_contact_to_lcp(const Mat& W, const Vec& b, std::span<const PyramidContact> contacts, int facets, Mat& M,
                            Vec& q) {
  const Mat L = lift(contacts, facets, W.rows());
  M.noalias() = L.transpose() * W * L;
  q.noalias() = L.transpose() * b;
  Eigen::Index v = 0;
  for (const PyramidContact& c : contacts) {
    const Eigen::Index normal_var = c.normal >= 0 ? v++ : -1;
    if (c.tangent < 0) continue;
    const Eigen::Index sigma = v + facets;
    for (int j = 0; j < facets; ++j) {
      M(v + j, sigma) = 1.0;   // d_jᵀ v_T + σ
      M(sigma, v + j) = -1.0;  // μ p_N − Σ β_j
    }
    M(sigma, sigma) = 0.0;
    if (normal_var >= 0) {
      M(sigma, normal_var) = c.mu;
    } else {
      q[sigma] = c.mu * c.fixed_normal;
    }
    v = sigma + 1;
  }
}

void pyramid_forces_from_lcp(const Vec& z, std::span<const PyramidContact> contacts, int facets, Eigen::Index n, Vec& p) {
  p.noalias() = lift(contacts, facets, n) * z;
}

}  // namespace stickslip::solvers
