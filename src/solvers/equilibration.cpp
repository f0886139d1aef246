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
    if (!(hi > kBalanced * lo) || sweep == kMaxSweeps) return;
    for (Eigen::Index j = 0; j < n; ++j) col_[j] = halve_exponent(col_[j], colmax_[j]);
    for (Eigen::Index i = 0; i < n; ++i) row_[i] = halve_exponent(row_[i], rowmax_[i]);
  }
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

// f r_i s_i: row_scale in the balanced problem (r_i |q_i| + Σ_j |r_i M_ij c_j| |z_j / c_j| + noise)
// times f = f[0] f[1], powers of two that bring the row's largest possible term near 1 (f[0] on the
// entries, f[1] on the unknowns), so that the sum cannot overflow for entries near the end of the
// range (1e308 beside 1e308). r, c and f are powers of two: the quotient of f r_i w_i (formed as
// (r_i w_i f[0]) f[1]) by this is w_i / s_i exactly wherever s_i is finite, and a measure where s_i
// was not.
double Equilibration::balanced_row_scale(const MatRef& M, const VecRef& q, const VecRef& z, Eigen::Index i,
                                         double zmax, double f[2]) const {
  constexpr double kNoise = 64 * 2.220446049250313e-16;
  const double r = row_[i];
  double amax = 0.0;
  for (Eigen::Index j = 0; j < n_; ++j) amax = std::max(amax, std::abs(r * M(i, j) * col_[j]));
  int ea = 0, ez = 0, eq = 0;
  std::frexp(amax, &ea);
  std::frexp(zmax, &ez);
  std::frexp(r * std::abs(q[i]), &eq);
  // Exponents kept inside the normal range, so that the factors themselves are exact doubles.
  const int k0 = std::clamp(ea, -1000, 1000), k1 = std::clamp(std::max(eq, ea + ez) - k0, -1000, 1000);
  f[0] = std::ldexp(1.0, -k0);
  f[1] = std::ldexp(1.0, -k1);
  double terms = (r * std::abs(q[i]) * f[0]) * f[1], noise = 0.0;
  for (Eigen::Index j = 0; j < n_; ++j) {
    const double a = std::abs(r * M(i, j) * col_[j]) * f[0];
    terms += a * (std::abs(z[j] / col_[j]) * f[1]);
    if (z[j] != 0.0) noise += a;
  }
  return terms + kNoise * (zmax * f[1]) * noise;
}

// Row by row, so that no row hides behind another's size: w_i against the magnitude of what it sums
// (row_scale), and z_i against ||z'||_inf in the balanced columns. A global denominator let a row
// hide a residual as large as its own q_i behind another row's size (M = diag(3, -1e30),
// q = (2, -3): z = 0 leaves w_2 = -3). Measured in the balanced problem (r_i w_i against r_i s_i).
double Equilibration::relative_residual(const MatRef& M, const VecRef& q, const VecRef& z, const VecRef& w,
                                        Eigen::Index n_free) const {
  const double zmax = balanced_max(z);
  double worst = 0.0;
  for (Eigen::Index i = 0; i < n_; ++i) {
    double f[2] = {1.0, 1.0};
    const double w_scale = balanced_row_scale(M, q, z, i, zmax, f);
    const double zs = z[i] / col_[i];
    if (!std::isfinite(zs) || !std::isfinite(w[i]) || !std::isfinite(w_scale)) return INFINITY;
    const double wr = w[i] == 0.0 ? 0.0 : ((row_[i] * w[i] * f[0]) * f[1]) / w_scale;
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
