// Power-of-two Ruiz equilibration and the relative residual (see equilibration.hpp).
#include "solvers/equilibration.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>

namespace stickslip::solvers {

namespace {

constexpr int kMaxSweeps = 20;  // each sweep halves log(max norm / min norm); 20 cover any double range
// Row and column maxima within this factor of each other count as balanced: a pivot tolerance of
// 1e-10 does not notice a factor 16, and a nearly balanced matrix keeps E = D = I (and with it the
// pivoting path and cost it had without balancing).
constexpr double kBalanced = 16.0;
// Factors stay within 2^±600. A matrix without total support (an entry on no perfect matching, as
// M_12 of [[a, a], [0, b]]) has no balancing: Ruiz's factors drift towards 0 and infinity while the
// entry shrinks, and once they underflow the balanced problem (and the residual measured in it) is
// lost. The sweeps stop at the last factors inside the range instead.
constexpr double kFactorMax = 0x1p600, kFactorMin = 0x1p-600;

// x times the power of two that brings it towards 1 by half its exponent: with x = f 2^e
// (f in [0.5, 1)), the factor 2^(-floor(e / 2)). Read from the bits of normal doubles: the event-driven
// scheme balances thousands of tiny LCPs, where frexp and ldexp calls would dominate.
double halve_exponent(double factor, double x) {
  if (!(x > 0.0)) return factor;  // a zero row or column keeps its factor
  const auto biased = static_cast<int>((std::bit_cast<std::uint64_t>(x) >> 52) & 0x7ff);
  int e = biased - 1022;
  if (biased == 0) (void)std::frexp(x, &e);  // subnormal
  const int s = e >= 0 ? -(e / 2) : (1 - e) / 2;
  if (s > -1022 && s < 1023) return factor * std::bit_cast<double>(static_cast<std::uint64_t>(s + 1023) << 52);
  return std::ldexp(factor, s);
}

}  // namespace

void Equilibration::reserve(Eigen::Index capacity) {
  if (capacity <= row_.size()) return;
  row_.resize(capacity);
  col_.resize(capacity);
  rowmax_.resize(capacity);
  colmax_.resize(capacity);
}

void Equilibration::compute(const MatRef& M) {
  n_ = M.rows();
  reserve(n_);
  const Eigen::Index n = n_;
  row_.head(n).setOnes();
  col_.head(n).setOnes();
  for (int sweep = 0;; ++sweep) {
    // One pass gives every row and column maximum of E M D (zero rows and columns are left out).
    rowmax_.head(n).setZero();
    double lo = INFINITY, hi = 0.0;
    double* rowmax = rowmax_.data();
    const double* r = row_.data();
    for (Eigen::Index j = 0; j < n; ++j) {
      const double* m = M.col(j).data();  // MatRef columns are contiguous
      const double c = col_[j];
      double cm = 0.0;
      for (Eigen::Index i = 0; i < n; ++i) {
        const double a = std::abs(m[i]) * r[i] * c;
        rowmax[i] = std::max(rowmax[i], a);
        cm = std::max(cm, a);
      }
      colmax_[j] = cm;
      if (cm > 0.0) lo = std::min(lo, cm);
    }
    for (Eigen::Index i = 0; i < n; ++i)
      if (rowmax_[i] > 0.0) lo = std::min(lo, rowmax_[i]);
    hi = n > 0 ? rowmax_.head(n).maxCoeff() : 0.0;
    max_entry_ = hi;
    if (!(hi > kBalanced * lo) || sweep == kMaxSweeps || next_factor_leaves_range()) return;
    for (Eigen::Index j = 0; j < n; ++j) col_[j] = halve_exponent(col_[j], colmax_[j]);
    for (Eigen::Index i = 0; i < n; ++i) row_[i] = halve_exponent(row_[i], rowmax_[i]);
  }
}

bool Equilibration::next_factor_leaves_range() const {
  const auto outside = [](double f) { return !(f >= kFactorMin && f <= kFactorMax); };
  for (Eigen::Index j = 0; j < n_; ++j)
    if (outside(halve_exponent(col_[j], colmax_[j]))) return true;
  for (Eigen::Index i = 0; i < n_; ++i)
    if (outside(halve_exponent(row_[i], rowmax_[i]))) return true;
  return false;
}

void Equilibration::set_identity(const MatRef& M) {
  n_ = M.rows();
  reserve(n_);
  row_.head(n_).setOnes();
  col_.head(n_).setOnes();
  max_entry_ = n_ > 0 ? M.cwiseAbs().maxCoeff() : 0.0;
}

double Equilibration::balanced_max(const VecRef& z) const {
  double zmax = 0.0;
  for (Eigen::Index i = 0; i < n_; ++i) zmax = std::max(zmax, std::abs(z[i] / col_[i]));
  return zmax;
}

//   s_i = |q_i| + Σ_j |M_ij z_j| + κ ||z'||_inf Σ_{j: z_j != 0} |M_ij| c_j,
// the terms row i sums and the rounding they may carry (κ ||z'||_inf is the noise of a computed
// balanced unknown; an unknown that is exactly zero, non-basic, carries none).
double Equilibration::row_scale(const MatRef& M, const VecRef& q, const VecRef& z, Eigen::Index i,
                                double zmax) const {
  constexpr double kNoise = 64 * 2.220446049250313e-16;  // κ: a few dozen roundings of a basis solve
  double terms = std::abs(q[i]), noise = 0.0;
  for (Eigen::Index j = 0; j < n_; ++j) {
    terms += std::abs(M(i, j) * z[j]);
    if (z[j] != 0.0) noise += std::abs(M(i, j)) * col_[j];
  }
  return terms + kNoise * zmax * noise;
}

// Row by row, so that no row hides behind another's size: w_i against the magnitude of what it sums
// (row_scale), and z_i against ||z'||_inf in the balanced columns. A global denominator let a row
// hide a residual as large as its own q_i behind another row's size (M = diag(3, -1e30),
// q = (2, -3): z = 0 leaves w_2 = -3).
double Equilibration::relative_residual(const MatRef& M, const VecRef& q, const VecRef& z, const VecRef& w,
                                        Eigen::Index n_free) const {
  const double zmax = balanced_max(z);
  double worst = 0.0;
  for (Eigen::Index i = 0; i < n_; ++i) {
    const double w_scale = row_scale(M, q, z, i, zmax);
    const double zs = z[i] / col_[i];
    if (!std::isfinite(zs) || !std::isfinite(w[i]) || !std::isfinite(w_scale)) return INFINITY;
    const double wr = w[i] == 0.0 ? 0.0 : w[i] / w_scale;
    const double zr = zs == 0.0 ? 0.0 : zs / zmax;
    const double term = i < n_free ? std::abs(wr) : std::abs(std::min(zr, wr));
    if (!(term <= worst)) worst = std::isnan(term) ? INFINITY : term;
  }
  return worst;
}

double relative_residual(const MatRef& M, const VecRef& q, const VecRef& z, const VecRef& w, Eigen::Index n_free) {
  Equilibration e(q.size());
  e.compute(M);
  return e.relative_residual(M, q, z, w, n_free);
}

}  // namespace stickslip::solvers
