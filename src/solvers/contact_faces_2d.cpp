// The faces of one or two planar frictional contacts (contact_faces_2d.hpp).
#include "solvers/contact_faces_2d.hpp"

#include <Eigen/LU>
#include <Eigen/Cholesky>
#include <algorithm>
#include <cmath>

namespace stickslip::solvers {
namespace {

using Small = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, 4, 4>;
using SmallVec = Eigen::Matrix<double, Eigen::Dynamic, 1, 0, 4, 1>;

// A pivot below this fraction of the largest makes a face's system singular (condition > 1e12).
constexpr double kRankThreshold = 1e-12;
constexpr double kMinimumNormRegularisation = 1e-14;

}  // namespace

// Solves the face's equations into p and checks its inequalities (see the header).
bool ContactFaces2D::try_face(const MatRef& W, const VecRef& b, std::span<const FrictionContact> contacts,
                              const int face[2], Vec& p) {
  const int m = static_cast<int>(contacts.size());
  int column[4], tied[4], equation[4];
  double factor[4];
  int k = 0;
  for (int c = 0; c < m; ++c) {
    const FrictionContact& ct = contacts[static_cast<std::size_t>(c)];
    if (face[c] == open) continue;
    // The normal's unknown (with the tangent riding on it when sliding), then a sticking tangent.
    column[k] = ct.normal;
    equation[k] = ct.normal;
    tied[k] = face[c] == stick ? -1 : ct.tangent;
    factor[k] = face[c] == slide_positive ? ct.mu : face[c] == slide_negative ? -ct.mu : 0.0;
    ++k;
    if (face[c] == stick) {
      column[k] = equation[k] = ct.tangent;
      tied[k] = -1;
      factor[k] = 0.0;
      ++k;
    }
  }
  p.setZero();
  if (k > 0) {
    Small A(k, k);
    SmallVec rhs(k), x(k);
    for (int i = 0; i < k; ++i) {
      rhs[i] = -b[equation[i]];
      for (int j = 0; j < k; ++j)
        A(i, j) = W(equation[i], column[j]) + (tied[j] >= 0 ? factor[j] * W(equation[i], tied[j]) : 0.0);
    }
    Eigen::FullPivLU<Small> lu(A);
    lu.setThreshold(kRankThreshold);
    if (lu.isInvertible()) {
      x = lu.solve(rhs);
    } else {
      // Dependent rows: the minimum-norm solution x = Aᵀ (A Aᵀ + εI)⁻¹ rhs (Tikhonov's limit of the
      // pseudo-inverse; ε = 1e-14 of the largest entry of A Aᵀ moves x by ~1e-14 relative), kept
      // only when the equations are consistent (checked below).
      Small G = A * A.transpose();
      G.diagonal().array() += kMinimumNormRegularisation * G.diagonal().maxCoeff();
      const Eigen::LLT<Small> llt(G);
      if (llt.info() != Eigen::Success) return false;
      x = A.transpose() * llt.solve(rhs);
    }
    if (!x.allFinite()) return false;
    for (int j = 0; j < k; ++j) {
      p[column[j]] = x[j];
      if (tied[j] >= 0) p[tied[j]] = factor[j] * x[j];
    }
  }
  // Velocities at p and the scales the inequalities are measured in.
  const Eigen::Index n = b.size();
  double v[4];
  double impulse = 0.0, velocity = b.cwiseAbs().maxCoeff();
  for (Eigen::Index i = 0; i < n; ++i) impulse = std::max(impulse, std::abs(p[i]));
  for (Eigen::Index i = 0; i < n; ++i) {
    v[i] = b[i];
    for (Eigen::Index j = 0; j < n; ++j) v[i] += W(i, j) * p[j];
    for (Eigen::Index j = 0; j < n; ++j) velocity = std::max(velocity, std::abs(W(i, j)) * impulse);
  }
  const double tp = kTolerance * impulse, tv = kTolerance * velocity;
  slip_tolerance_ = tv;
  for (Eigen::Index i = 0; i < n; ++i) velocity_[i] = v[i];
  for (int i = 0; i < k; ++i)
    if (!(std::abs(v[equation[i]]) <= tv)) return false;  // inconsistent (or ill-conditioned) equations
  for (int c = 0; c < m; ++c) {
    const FrictionContact& ct = contacts[static_cast<std::size_t>(c)];
    const double pn = p[ct.normal], pt = p[ct.tangent], vt = v[ct.tangent];
    switch (face[c]) {
      case open:
        if (!(v[ct.normal] >= -tv)) return false;
        break;
      case stick:
        if (!(pn >= -tp) || !(std::abs(pt) <= ct.mu * pn + tp)) return false;
        break;
      default:
        if (!(pn >= -tp)) return false;
        if (ct.mu > 0.0 && !((face[c] == slide_positive ? vt : -vt) <= tv)) return false;
    }
  }
  for (const FrictionContact& ct : contacts) {  // onto the cone exactly (moves by at most the tolerance)
    p[ct.normal] = std::max(p[ct.normal], 0.0);
    p[ct.tangent] = std::clamp(p[ct.tangent], -ct.mu * p[ct.normal], ct.mu * p[ct.normal]);
  }
  return true;
}

bool ContactFaces2D::solve(const MatRef& W, const VecRef& b, std::span<const FrictionContact> contacts, Vec& p) {
  const auto m = static_cast<int>(contacts.size());
  const Eigen::Index n = b.size();
  faces_tried_ = 0;
  if (m < 1 || m > kMaxContacts || n != 2 * m || W.rows() != n || W.cols() != n || p.size() != n ||
      !b.allFinite() || !W.allFinite())
    return false;
  unsigned used = 0;  // every row named once (are_valid_contacts without its heap work)
  for (const FrictionContact& c : contacts) {
    if (!is_supported_cone(c) || c.normal < 0 || c.tangent < 0 || c.normal >= n || c.tangent >= n ||
        !(c.mu >= 0.0) || !std::isfinite(c.mu))
      return false;
    const unsigned rows = (1u << c.normal) | (1u << c.tangent);
    if (c.normal == c.tangent || (used & rows) != 0) return false;
    used |= rows;
  }
  // The guess's faces first.
  int guess[2] = {open, open};
  for (int c = 0; c < m; ++c) {
    const FrictionContact& ct = contacts[static_cast<std::size_t>(c)];
    const double pn = p[ct.normal], pt = p[ct.tangent];
    guess[c] = !(pn > 0.0)                      ? open
               : ct.mu == 0.0                   ? slide_positive
               : std::abs(pt) < ct.mu * pn      ? stick
               : pt > 0.0                       ? slide_positive
                                                : slide_negative;
  }
  // A frictionless contact has one closed face (p_T = 0, v_T free): slide_positive with μ = 0.
  const auto allowed = [&](int c, int f) {
    return contacts[static_cast<std::size_t>(c)].mu > 0.0 || f == open || f == slide_positive;
  };
  if (trial_.size() != n) trial_.resize(n);
  const auto attempt = [&](const int face[2]) {
    ++faces_tried_;
    tried_face_[0] = face[0];
    tried_face_[1] = face[1];
    return try_face(W, b, contacts, face, trial_);
  };
  bool found = attempt(guess);
  for (int f0 = 0; f0 < 4 && !found; ++f0)
    for (int f1 = 0; f1 < (m == 2 ? 4 : 1) && !found; ++f1) {
      const int face[2] = {f0, m == 2 ? f1 : open};
      if (!allowed(0, f0) || (m == 2 && !allowed(1, f1)) || (face[0] == guess[0] && face[1] == guess[1])) continue;
      found = attempt(face);
    }
  if (!found) return false;
  // A contact that "slides" without slipping (v_T = 0 at the bound: the slip has just stopped) is
  // also a solution with that contact sticking, which the faces prefer: otherwise two corners of
  // a stopped block could keep pulling against each other at ±μ p_N (an indeterminate pair of
  // internal forces) for ever.
  int settled[2] = {tried_face_[0], tried_face_[1]};
  bool any = false;
  for (int c = 0; c < m; ++c)
    if ((settled[c] == slide_positive || settled[c] == slide_negative) &&
        contacts[static_cast<std::size_t>(c)].mu > 0.0 &&
        std::abs(velocity_[contacts[static_cast<std::size_t>(c)].tangent]) <= slip_tolerance_) {
      settled[c] = stick;
      any = true;
    }
  if (any) {
    p = trial_;  // the sliding solution, kept if the sticking one fails
    if (!attempt(settled)) trial_ = p;
  }
  p = trial_;
  residual_ = 0.0;
  for (const FrictionContact& ct : contacts) {
    double vn = b[ct.normal], vt = b[ct.tangent];
    for (Eigen::Index j = 0; j < n; ++j) {
      vn += W(ct.normal, j) * p[j];
      vt += W(ct.tangent, j) * p[j];
    }
    const double pn = p[ct.normal], pt = p[ct.tangent];
    residual_ = std::max(residual_, std::abs(pn - std::max(pn - vn, 0.0)));
    residual_ = std::max(residual_, std::abs(pt - std::clamp(pt - vt, -ct.mu * pn, ct.mu * pn)));
  }
  return true;
}

}  // namespace stickslip::solvers
