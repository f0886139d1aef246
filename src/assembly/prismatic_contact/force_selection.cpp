// Non-negative least squares and minimum-norm forces on a contact set (force_selection.hpp).
#include "assembly/prismatic_contact/force_selection.hpp"

#include <algorithm>
#include <cmath>

#include "math/least_squares.hpp"

namespace stickslip::prismatic_contact {

namespace {

using Svd = Eigen::JacobiSVD<EquationRows>;

// Minimum-norm solution d of (A restricted to `free`) d = r, and multipliers lambda with
// d = A_free^T lambda (minimum-norm too). Singular values below kRankThreshold of the largest
// count as zero.
void free_set_solution(const EquationRows& A, const Vec5& r, const ContactSet& free, Vec16& d, Vec5& lambda) {
  EquationRows Af = A;
  for (int j = 0; j < kContacts; ++j)
    if (!free[j]) Af.col(j).setZero();
  const Svd svd(Af, Eigen::ComputeFullU | Eigen::ComputeFullV);
  const Vec5& sigma = svd.singularValues();
  Vec5 coeff = svd.matrixU().transpose() * r;
  Vec5 lambda_coeff = Vec5::Zero();
  for (int i = 0; i < 5; ++i) {
    if (sigma[i] > kRankThreshold * sigma[0]) {
      lambda_coeff[i] = coeff[i] / (sigma[i] * sigma[i]);
      coeff[i] /= sigma[i];
    } else {
      coeff[i] = 0.0;
    }
  }
  d = svd.matrixV().leftCols<5>() * coeff;
  for (int j = 0; j < kContacts; ++j)
    if (!free[j]) d[j] = 0.0;
  lambda = svd.matrixU() * lambda_coeff;
}

// Minimum-norm least-squares solution s of (A restricted to `passive`) s = r, through a complete
// orthogonal decomposition of the compacted columns (cheaper than the SVD above; no multipliers).
void passive_solution(const EquationRows& A, const Vec5& r, const ContactSet& passive, Vec16& s) {
  using Compact = Eigen::Matrix<double, 5, Eigen::Dynamic, 0, 5, kContacts>;
  std::array<int, kContacts> index{};
  int m = 0;
  for (int j = 0; j < kContacts; ++j)
    if (passive[j]) index[m++] = j;
  Compact Ap(5, m);
  for (int k = 0; k < m; ++k) Ap.col(k) = A.col(index[k]);
  Eigen::CompleteOrthogonalDecomposition<Compact> cod;
  cod.setThreshold(kRankThreshold);
  cod.compute(Ap);
  const Eigen::Matrix<double, Eigen::Dynamic, 1, 0, kContacts, 1> x = cod.solve(r);
  s.setZero();
  for (int k = 0; k < m; ++k) s[index[k]] = x[k];
}

double residual_of(const EquationRows& A, const Vec5& r, const Vec16& n) { return (A * n - r).cwiseAbs().maxCoeff(); }

// From n (feasible for `free`), towards the free set's solution `target`: the step fraction and
// the first force to reach zero (-1 when the whole step is taken).
int blocking_force(const ContactSet& free, const Vec16& n, const Vec16& target, double& step) {
  step = 1.0;
  int blocking = -1;
  for (int j = 0; j < kContacts; ++j) {
    if (!free[j] || target[j] > 0.0) continue;
    const double s = n[j] / (n[j] - target[j]);
    if (s < step) {
      step = s;
      blocking = j;
    }
  }
  return blocking;
}

}  // namespace

void InfeasibilityCertificates::evaluate(const Vec5& y) {
  const double norm = y.norm();
  if (!(y.dot(r_) > tolerance_ * norm)) return;  // proves too little
  std::uint16_t pushing = 0;
  const Vec16 dots = A_->transpose() * y;
  for (int j = 0; j < kContacts; ++j)
    if (dots[j] > 0.0) pushing |= static_cast<std::uint16_t>(1u << j);
  pushing_[count_++] = pushing;
}

void InfeasibilityCertificates::begin(const EquationRows& A, const Vec5& r, double tolerance) {
  A_ = &A;
  r_ = r;
  tolerance_ = tolerance;
  count_ = 0;
  for (int i = 0; i < 5; ++i) {
    evaluate(Vec5::Unit(i));
    evaluate(-Vec5::Unit(i));
  }
  for (int k = 0; k < kept_count_; ++k) evaluate(kept_[k]);
}

bool InfeasibilityCertificates::rules_out(std::uint16_t set) const {
  for (int k = 0; k < count_; ++k)
    if ((pushing_[k] & set) == 0) return true;
  return false;
}

void InfeasibilityCertificates::add(const EquationRows& A, const Vec5& residual, const Vec16& n) {
  // y = residual - delta sum_{n_j > 0} a_j / |a_j|: y . a_j < 0 on the columns the fit used.
  Vec5 tilt = Vec5::Zero();
  for (int j = 0; j < kContacts; ++j)
    if (n[j] > 0.0) tilt += A.col(j) / A.col(j).norm();
  const double size = tilt.norm();
  const Vec5 y = size > 0.0 ? Vec5(residual - (1e-9 * residual.norm() / size) * tilt) : residual;
  kept_[next_] = y;
  next_ = (next_ + 1) % kKept;
  kept_count_ = std::min(kept_count_ + 1, kKept);
  if (count_ < static_cast<int>(pushing_.size())) evaluate(y);
}

double nonnegative_least_squares(const EquationRows& A, const Vec5& r, const ContactSet& allowed, Vec16& n) {
  n.setZero();
  ContactSet passive{};
  const double tol = 1e-12 * A.cwiseAbs().maxCoeff() * std::max(r.cwiseAbs().maxCoeff(), 1e-300);
  Vec16 s;
  for (int outer = 0; outer < 3 * kContacts; ++outer) {
    const Vec16 w = A.transpose() * (r - A * n);  // the descent direction of the residual
    int enter = -1;
    double best = tol;
    for (int j = 0; j < kContacts; ++j) {
      if (allowed[j] && !passive[j] && w[j] > best) {
        best = w[j];
        enter = j;
      }
    }
    if (enter < 0) break;
    passive[enter] = true;
    for (int inner = 0; inner < kContacts; ++inner) {
      passive_solution(A, r, passive, s);
      double step = 1.0;
      const int blocking = blocking_force(passive, n, s, step);
      if (blocking < 0) {
        n = s;
        break;
      }
      n += step * (s - n);
      for (int j = 0; j < kContacts; ++j) {
        if (passive[j] && (j == blocking || n[j] <= 0.0)) {
          passive[j] = false;
          n[j] = 0.0;
        }
      }
    }
  }
  return residual_of(A, r, n);
}

ForceSelection minimum_norm_forces(const EquationRows& A, const Vec5& r, const ContactSet& allowed,
                                   const Vec16& start, Vec16& n) {
  ForceSelection out;
  ContactSet free{}, stuck{};  // stuck: released, then blocked at once (degenerate); not released again
  for (int j = 0; j < kContacts; ++j) {
    n[j] = allowed[j] ? std::max(start[j], 0.0) : 0.0;
    free[j] = allowed[j] && n[j] > 0.0;
  }
  const double row_size = std::max(A.cwiseAbs().maxCoeff(), 1e-300);
  Vec16 target;
  Vec5 lambda;
  int released = -1;
  constexpr int kMaxSteps = 4 * kContacts;
  for (out.steps = 0; out.steps < kMaxSteps; ++out.steps) {
    free_set_solution(A, r, free, target, lambda);
    double step = 1.0;
    const int blocking = blocking_force(free, n, target, step);
    if (blocking >= 0) {
      if (step == 0.0 && blocking == released) {
        stuck[blocking] = true;  // with dependent equations a released force may have no room
      } else if (step > 0.0) {
        stuck = ContactSet{};
      }
      n += step * (target - n);
      free[blocking] = false;
      n[blocking] = 0.0;
      released = -1;
      continue;
    }
    n = target;
    // A bound contact j lowers the norm when released if a_j . lambda > 0 (its multiplier is < 0).
    released = -1;
    double best = 1e-12 * lambda.cwiseAbs().maxCoeff() * row_size;
    for (int j = 0; j < kContacts; ++j) {
      if (!allowed[j] || free[j] || stuck[j]) continue;
      const double gain = A.col(j).dot(lambda);
      if (gain > best) {
        best = gain;
        released = j;
      }
    }
    if (released < 0) {
      out.converged = true;
      break;
    }
    free[released] = true;
  }
  for (int j = 0; j < kContacts; ++j) n[j] = std::max(n[j], 0.0);
  out.residual = residual_of(A, r, n);
  return out;
}

}  // namespace stickslip::prismatic_contact
