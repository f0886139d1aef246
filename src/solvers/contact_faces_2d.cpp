// The faces of one or two planar frictional contacts (contact_faces_2d.hpp).
#include "solvers/contact_faces_2d.hpp"

#include <Eigen/LU>
#include <Eigen/Cholesky>
#include <algorithm>
#include <cmath>
#include <limits>

namespace stickslip::solvers {
namespace {

// A pivot below this fraction of the largest makes a face's system singular (condition > 1e12).
constexpr double kRankThreshold = 1e-12;
constexpr double kMinimumNormRegularisation = 1e-14;
constexpr double kLargestFinite = std::numeric_limits<double>::max();

// A face's linear system: unknown j is the normal (or sticking tangent) impulse of row column[j],
// with the tangent row tied[j] riding on it as factor[j] times it when sliding (-1: none); equation
// i is v = 0 on row equation[i].
struct FaceSystem {
  int k = 0;
  int column[4], tied[4], equation[4];
  double factor[4];
};

FaceSystem face_system(std::span<const FrictionContact> contacts, const int face[2]) {
  using F = ContactFaces2D;
  FaceSystem f;
  for (std::size_t c = 0; c < contacts.size(); ++c) {
    const FrictionContact& ct = contacts[c];
    if (face[c] == F::open) continue;
    // The normal's unknown (with the tangent riding on it when sliding), then a sticking tangent.
    f.column[f.k] = f.equation[f.k] = ct.normal;
    f.tied[f.k] = face[c] == F::stick ? -1 : ct.tangent;
    f.factor[f.k] = face[c] == F::slide_positive ? ct.mu : face[c] == F::slide_negative ? -ct.mu : 0.0;
    ++f.k;
    if (face[c] == F::stick) {
      f.column[f.k] = f.equation[f.k] = ct.tangent;
      f.tied[f.k] = -1;
      f.factor[f.k] = 0.0;
      ++f.k;
    }
  }
  return f;
}

// A K × K system by a fully pivoted LU (Eigen's fixed-size kernels); false when A is singular: a
// pivot below kRankThreshold of the largest.
template <int K>
bool lu_solve(const Eigen::Matrix<double, K, K>& A, const Eigen::Matrix<double, K, 1>& rhs,
              Eigen::Matrix<double, K, 1>& x) {
  Eigen::FullPivLU<Eigen::Matrix<double, K, K>> lu(A);
  lu.setThreshold(kRankThreshold);
  if (!lu.isInvertible()) return false;
  x = lu.solve(rhs);
  return true;
}

// Two unknowns (one sticking contact, or two sliding ones: most faces of a ball or a rocking block),
// the same elimination written out: the largest entry as pivot, its row and column first.
template <>
bool lu_solve<2>(const Eigen::Matrix2d& A, const Eigen::Vector2d& rhs, Eigen::Vector2d& x) {
  Eigen::Index p = 0, q = 0;
  const double a = A.cwiseAbs().maxCoeff(&p, &q);
  if (a == 0.0) return false;
  const Eigen::Index p2 = 1 - p, q2 = 1 - q;
  const double l = A(p2, q) / A(p, q);
  const double u = A(p2, q2) - l * A(p, q2);  // the second pivot
  if (!(std::abs(u) > kRankThreshold * std::max(a, std::abs(u)))) return false;
  x[q2] = (rhs[p2] - l * rhs[p]) / u;
  x[q] = (rhs[p] - A(p, q2) * x[q2]) / A(p, q);
  return true;
}

// The face's K unknowns (K = f.k, a compile-time size so that the small kernels apply) into x: a
// fully pivoted LU, or, for dependent rows, the minimum-norm solution x = Aᵀ (A Aᵀ + εI)⁻¹ rhs
// (Tikhonov's limit of the pseudo-inverse; ε = 1e-14 of the largest entry of A Aᵀ moves x by ~1e-14
// relative), kept only when the equations are consistent (the caller checks). False: no solution.
template <int K>
bool solve_face(const Eigen::Matrix4d& W, const Eigen::Vector4d& b, const FaceSystem& f, bool singular, double* x) {
  using Matrix = Eigen::Matrix<double, K, K>;
  using Vector = Eigen::Matrix<double, K, 1>;
  Matrix A;
  Vector rhs, solution;
  for (int i = 0; i < K; ++i) {
    rhs[i] = -b[f.equation[i]];
    for (int j = 0; j < K; ++j)
      A(i, j) = W(f.equation[i], f.column[j]) + (f.tied[j] >= 0 ? f.factor[j] * W(f.equation[i], f.tied[j]) : 0.0);
  }
  if (singular || !lu_solve<K>(A, rhs, solution)) {
    Matrix G = A * A.transpose();
    G.diagonal().array() += kMinimumNormRegularisation * G.diagonal().maxCoeff();
    const Eigen::LLT<Matrix> llt(G);
    if (llt.info() != Eigen::Success) return false;
    solution = A.transpose() * llt.solve(rhs);
  }
  if (!solution.allFinite()) return false;
  for (int j = 0; j < K; ++j) x[j] = solution[j];
  return true;
}

bool solve_face(const Eigen::Matrix4d& W, const Eigen::Vector4d& b, const FaceSystem& f, int rank_bound, double* x) {
  const bool singular = f.k > rank_bound;
  switch (f.k) {
    case 1: return solve_face<1>(W, b, f, singular, x);
    case 2: return solve_face<2>(W, b, f, singular, x);
    case 3: return solve_face<3>(W, b, f, singular, x);
    case 4: return solve_face<4>(W, b, f, singular, x);
    default: return true;  // every contact open: no unknowns
  }
}

}  // namespace

// Solves the face's equations into trial_ and checks its inequalities (see the header).
bool ContactFaces2D::try_face(std::span<const FrictionContact> contacts, const int face[2]) {
  const int m = static_cast<int>(contacts.size());
  const FaceSystem f = face_system(contacts, face);
  const Eigen::Matrix4d& W = w_;
  const Eigen::Vector4d& b = b_;
  Eigen::Vector4d& p = trial_;
  double x[4];
  if (!solve_face(W, b, f, rank_bound_, x)) return false;
  p.setZero();
  for (int j = 0; j < f.k; ++j) {
    p[f.column[j]] = x[j];
    if (f.tied[j] >= 0) p[f.tied[j]] = f.factor[j] * x[j];
  }
  // Velocities at p and the scales the inequalities are measured in.
  // The velocity scale is max(|b_i|, |W_ij| · impulse), taken as max(b_max_, w_max_ · impulse): the
  // same number (rounding is monotone, impulse >= 0), without a chain of n² dependent maxima per face.
  const int n = n_;
  double v[4];
  double impulse = 0.0;
  for (int i = 0; i < n; ++i) impulse = std::max(impulse, std::abs(p[i]));
  const double velocity = std::max(b_max_, w_max_ * impulse);
  for (int i = 0; i < n; ++i) {
    v[i] = b[i];
    for (int j = 0; j < n; ++j) v[i] += W(i, j) * p[j];
  }
  const double tp = kTolerance * impulse, tv = kTolerance * velocity;
  slip_tolerance_ = tv;
  for (int i = 0; i < n; ++i) velocity_[i] = v[i];
  for (int i = 0; i < f.k; ++i)
    if (!(std::abs(v[f.equation[i]]) <= tv)) return false;  // inconsistent (or ill-conditioned) equations
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

bool ContactFaces2D::solve(const MatRef& W, const VecRef& b, std::span<const FrictionContact> contacts, Vec& p,
                           int rank_bound) {
  const auto m = static_cast<int>(contacts.size());
  const Eigen::Index n = b.size();
  faces_tried_ = 0;
  if (m < 1 || m > kMaxContacts || n != 2 * m || W.rows() != n || W.cols() != n || p.size() != n) return false;
  // The problem into fixed-size storage, where the faces' small kernels work, with the largest
  // magnitudes of b and W (the scales of try_face). A NaN or infinite entry fails `finite`; the
  // maxima run in one chain per row and the check in an integer one, where a sum of the entries
  // times 0 was one chain of n² + n dependent floating-point additions (a tenth of a rocking
  // block's step).
  n_ = static_cast<int>(n);
  rank_bound_ = rank_bound;
  bool finite = true;
  double row_max[4] = {0.0, 0.0, 0.0, 0.0};
  b_max_ = 0.0;
  for (int j = 0; j < n_; ++j) {
    b_[j] = b[j];
    finite &= std::abs(b[j]) <= kLargestFinite;
    b_max_ = std::max(b_max_, std::abs(b[j]));
    for (int i = 0; i < n_; ++i) {
      w_(i, j) = W(i, j);
      finite &= std::abs(W(i, j)) <= kLargestFinite;
      row_max[i] = std::max(row_max[i], std::abs(W(i, j)));
    }
  }
  if (!finite) return false;
  w_max_ = std::max(std::max(row_max[0], row_max[1]), std::max(row_max[2], row_max[3]));
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
  const auto attempt = [&](const int face[2]) {
    ++faces_tried_;
    tried_face_[0] = face[0];
    tried_face_[1] = face[1];
    return try_face(contacts, face);
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
    const Eigen::Vector4d sliding = trial_;  // kept if the sticking solution fails
    if (!attempt(settled)) trial_ = sliding;
  }
  p = trial_.head(n);
  residual_ = 0.0;
  for (const FrictionContact& ct : contacts) {
    double vn = b_[ct.normal], vt = b_[ct.tangent];
    for (int j = 0; j < n_; ++j) {
      vn += w_(ct.normal, j) * trial_[j];
      vt += w_(ct.tangent, j) * trial_[j];
    }
    const double pn = trial_[ct.normal], pt = trial_[ct.tangent];
    residual_ = std::max(residual_, std::abs(pn - std::max(pn - vn, 0.0)));
    residual_ = std::max(residual_, std::abs(pt - std::clamp(pt - vt, -ct.mu * pn, ct.mu * pn)));
  }
  return true;
}

}  // namespace stickslip::solvers
