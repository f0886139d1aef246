// Frictional contact problem (interval cones: planar contacts) on the Delassus operator W = J M^{-1} J^T (Moreau 1988; Jean
// 1999, "The non-smooth contact dynamics method", §4; Acary & Brogliato 2008, §13.3).
//
// Direct solver: nonsmooth Gauss-Seidel. The problem is a box-constrained LCP whose tangential
// bounds are -mu p_N and mu p_N of the same contact: row by row, the normal impulse is projected on
// p_N >= 0 and the tangential one on [-mu p_N, mu p_N] with the latest p_N (box_lcp.cpp has the
// sweep; per-row diagonal, optional over-relaxation, warm start, residual stop, sweep cost linear in
// the non-zeros of W). Rows not named by a contact are free (bilateral constraints): plain
// Gauss-Seidel rows with v_i -> 0.
//
// LCP form: writing p_T = p_T+ - p_T- with both parts non-negative and adding the slack beta (the
// sliding speed), Coulomb's law in 2D becomes the three complementarity rows documented in the
// header (Stewart & Trinkle, An implicit time-stepping scheme for rigid body dynamics with inelastic
// collisions and Coulomb friction, IJNME 39, 1996): if v_T > 0 then beta >= v_T > 0, so the friction
// is saturated (p_T+ + p_T- = mu p_N) and v_T + beta > 0 forces p_T+ = 0, i.e. p_T = -mu p_N; if
// v_T = 0 then beta = 0 may hold with any |p_T| <= mu p_N. The lifted matrix is not symmetric, but
// it is copositive-plus when W is positive semidefinite, so Lemke's method processes it.
#include "solvers/frictional_contact.hpp"

#include <cmath>
#include <vector>

namespace stickslip::solvers {

bool is_supported_cone(const FrictionContact& c) {
  return (c.cone == FrictionCone::interval && c.tangent_rows == 1) || (c.cone == FrictionCone::disc && c.tangent_rows == 2);
}

namespace {

// Rows in range, the normal outside the tangent rows, μ finite and >= 0.
bool contact_rows_valid(const FrictionContact& c, Eigen::Index n) {
  if (!is_supported_cone(c)) return false;
  const int last = c.tangent + c.tangent_rows - 1;
  if (c.normal < 0 || c.tangent < 0 || c.normal >= n || last >= n || (c.normal >= c.tangent && c.normal <= last))
    return false;
  return c.mu >= 0.0 && std::isfinite(c.mu);
}

}  // namespace

bool are_valid_contacts(std::span<const FrictionContact> contacts, Eigen::Index n) {
  std::vector<char> used(static_cast<std::size_t>(std::max<Eigen::Index>(n, 0)), 0);
  for (const FrictionContact& c : contacts) {
    if (!contact_rows_valid(c, n)) return false;
    for (int row = c.tangent - 1; row < c.tangent + c.tangent_rows; ++row) {
      const int r = row < c.tangent ? c.normal : row;
      if (used[static_cast<std::size_t>(r)]) return false;
      used[static_cast<std::size_t>(r)] = 1;
    }
  }
  return true;
}

FrictionalContactSolver::FrictionalContactSolver(Eigen::Index capacity, BoxPgsOptions options)
    : pgs_(capacity, options) {
  reserve(capacity);
}

void FrictionalContactSolver::reserve(Eigen::Index capacity) {
  pgs_.reserve(capacity);
  bounds_.coupled_to.reserve(static_cast<std::size_t>(capacity));
  bounds_.disc_with.reserve(static_cast<std::size_t>(capacity));
}

// Free rows: (-inf, inf); normal rows: [0, inf); tangent rows: factors (-mu, mu) of z_normal.
// Validates the contacts on the way without allocating (coupled_to marks the rows already used).
bool contact_box_bounds(std::span<const FrictionContact> contacts, Eigen::Index n, BoxBounds& bounds) {
  constexpr int kFree = -1, kNormal = -2;
  bounds.coupled_to.assign(static_cast<std::size_t>(n), kFree);
  bounds.disc_with.assign(static_cast<std::size_t>(n), -1);
  if (bounds.lo.size() != n) bounds.lo.resize(n);
  if (bounds.hi.size() != n) bounds.hi.resize(n);
  bounds.lo.setConstant(-INFINITY);
  bounds.hi.setConstant(INFINITY);
  auto& tag = bounds.coupled_to;
  for (const FrictionContact& c : contacts) {
    if (!contact_rows_valid(c, n)) return false;
    const auto in = static_cast<std::size_t>(c.normal);
    if (tag[in] != kFree) return false;  // a row shared by two roles
    tag[in] = kNormal;
    bounds.lo[c.normal] = 0.0;
    for (int t = c.tangent; t < c.tangent + c.tangent_rows; ++t) {
      if (tag[static_cast<std::size_t>(t)] != kFree) return false;
      tag[static_cast<std::size_t>(t)] = c.normal;
      bounds.lo[t] = -c.mu;
      bounds.hi[t] = c.mu;
    }
    if (c.cone == FrictionCone::disc) {
      bounds.disc_with[static_cast<std::size_t>(c.tangent)] = c.tangent + 1;
      bounds.disc_with[static_cast<std::size_t>(c.tangent + 1)] = c.tangent;
    }
  }
  for (int& t : tag)
    if (t == kNormal) t = kFree;
  return true;
}

bool FrictionalContactSolver::build_bounds(std::span<const FrictionContact> contacts, Eigen::Index n) {
  return contact_box_bounds(contacts, n, bounds_);
}

void FrictionalContactSolver::solve(const MatRef& W, const VecRef& b, std::span<const FrictionContact> contacts,
                                      LcpResult& result) {
  if (!build_bounds(contacts, b.size())) return set_invalid(result);
  pgs_.solve(W, b, bounds_, result);
}

void FrictionalContactSolver::solve(const MatRef& W, const VecRef& b, std::span<const FrictionContact> contacts,
                                      const VecRef& p_start, LcpResult& result) {
  if (!build_bounds(contacts, b.size())) return set_invalid(result);
  pgs_.solve(W, b, bounds_, p_start, result);
}

void FrictionalContactSolver::solve(const SparseMat& W, const VecRef& b,
                                      std::span<const FrictionContact> contacts, LcpResult& result) {
  if (!build_bounds(contacts, b.size())) return set_invalid(result);
  pgs_.solve(W, b, bounds_, result);
}

void FrictionalContactSolver::solve(const SparseMat& W, const VecRef& b,
                                      std::span<const FrictionContact> contacts, const VecRef& p_start,
                                      LcpResult& result) {
  if (!build_bounds(contacts, b.size())) return set_invalid(result);
  pgs_.solve(W, b, bounds_, p_start, result);
}

bool frictional_contact_to_lcp(const MatRef& W, const VecRef& b, std::span<const FrictionContact> contacts,
                               Mat& M, Vec& q) {
  const Eigen::Index n = b.size();
  for (const FrictionContact& c : contacts)
    if (c.cone != FrictionCone::interval) return false;
  if (!is_valid_lcp(W, b) || !are_valid_contacts(contacts, n) ||
      2 * static_cast<Eigen::Index>(contacts.size()) != n)
    return false;
  const auto m = static_cast<Eigen::Index>(contacts.size());
  M.setZero(4 * m, 4 * m);
  q.setZero(4 * m);
  for (Eigen::Index c = 0; c < m; ++c) {
    const FrictionContact& cc = contacts[static_cast<std::size_t>(c)];
    const Eigen::Index N = 4 * c, P = N + 1, Q = N + 2, B = N + 3;
    for (Eigen::Index d = 0; d < m; ++d) {
      const FrictionContact& cd = contacts[static_cast<std::size_t>(d)];
      const Eigen::Index dN = 4 * d, dP = dN + 1, dQ = dN + 2;
      M(N, dN) = W(cc.normal, cd.normal);
      M(N, dP) = W(cc.normal, cd.tangent);
      M(N, dQ) = -W(cc.normal, cd.tangent);
      M(P, dN) = W(cc.tangent, cd.normal);
      M(P, dP) = W(cc.tangent, cd.tangent);
      M(P, dQ) = -W(cc.tangent, cd.tangent);
      M.row(Q).segment(dN, 3) = -M.row(P).segment(dN, 3);
    }
    M(P, B) = 1.0;
    M(Q, B) = 1.0;
    M(B, N) = cc.mu;
    M(B, P) = -1.0;
    M(B, Q) = -1.0;
    q[N] = b[cc.normal];
    q[P] = b[cc.tangent];
    q[Q] = -b[cc.tangent];
  }
  return true;
}

void contact_impulses_from_lcp(const VecRef& z, std::span<const FrictionContact> contacts, Eigen::Index n, Vec& p) {
  p.setZero(n);
  for (std::size_t c = 0; c < contacts.size(); ++c) {
    const auto base = static_cast<Eigen::Index>(4 * c);
    p[contacts[c].normal] = z[base];
    p[contacts[c].tangent] = z[base + 1] - z[base + 2];
  }
}

}  // namespace stickslip::solvers
