// The interior-point method in velocity space (interior_point.hpp).
#include "solvers/interior_point.hpp"

#include <Eigen/QR>
#include <algorithm>
#include <cmath>
#include <limits>

namespace stickslip::solvers {

namespace {

// The fraction of the way to the boundary a step goes (Wright 1997: 0.9-0.995).
constexpr double kToBoundary = 0.99;
// Each program is solved to this share of the goal, so that the fixed point's answer meets it.
constexpr double kProgramShare = 0.1;
constexpr double kInfinity = std::numeric_limits<double>::infinity();

bool rubs(const FrictionContact& c) { return c.mu > 0.0; }

// The larger of a residual and a row's term, a NaN term counting as infinite (as box_residual does).
double worse(double worst, double term) { return term <= worst ? worst : (std::isnan(term) ? kInfinity : term); }

}  // namespace

bool VelocityInteriorPoint::analyse(const RowSparseMat& H) {
  analysed_rows_ = H.rows();
  analysed_entries_ = H.nonZeros();
  return normal_.analyse(H);
}

bool VelocityInteriorPoint::fits(const RowSparseMat& H, const VecRef& inverse_mass, const VecRef& b,
                                 std::span<const FrictionContact> contacts) const {
  const Eigen::Index n = H.rows();
  if (normal_.velocities() != H.cols() || analysed_rows_ != n || analysed_entries_ != H.nonZeros() ||
      inverse_mass.size() != H.cols() || b.size() != n || !b.allFinite())
    return false;
  if (!are_valid_contacts(contacts, n) || static_cast<Eigen::Index>(2 * contacts.size()) != n) return false;
  const int* outer = H.outerIndexPtr();
  const int* inner = H.innerIndexPtr();
  for (const FrictionContact& c : contacts) {
    if (c.cone != FrictionCone::interval || c.tangent_rows != 1) return false;
    // A tangent row enters the system tied to its normal (factorize()): the same velocities, in order.
    const int count = outer[c.normal + 1] - outer[c.normal];
    if (outer[c.tangent + 1] - outer[c.tangent] != count ||
        !std::equal(inner + outer[c.normal], inner + outer[c.normal + 1], inner + outer[c.tangent]))
      return false;
  }
  return (inverse_mass.array() > 0.0).all();
}

bool VelocityInteriorPoint::solve(const RowSparseMat& H, const VecRef& inverse_mass, const VecRef& b,
                                  std::span<const FrictionContact> contacts, double goal, Vec& p) {
  iterations_ = rounds_ = 0;
  residual_ = std::numeric_limits<double>::infinity();
  best_.resize(0);
  if (!fits(H, inverse_mass, b, contacts) || p.size() != H.rows()) return false;
  root_inverse_mass_ = inverse_mass.cwiseSqrt();
  tried_.clear();
  updated_.clear();
  shift_.setZero(static_cast<Eigen::Index>(contacts.size()));
  row_velocities(H, b, p);
  next_shift(contacts);  // s = μ|u_T| of the starting point
  for (rounds_ = 1; rounds_ <= options_.max_rounds; ++rounds_) {
    solve_program(H, b, contacts, kProgramShare * goal);
    impulses(contacts, p_);
    row_velocities(H, b, p_);
    const double residual = coulomb_residual(contacts, p_);
    if (residual < residual_) {
      residual_ = residual;
      best_ = p_;
    }
    if (residual <= goal) {
      p = p_;
      return true;
    }
    next_shift(contacts);
  }
  rounds_ = options_.max_rounds;
  return false;
}

// One program (the shift fixed) until its natural residual, in terms of the impulses, is below goal
// or the iterations run out (the round judges the iterate either way).
void VelocityInteriorPoint::solve_program(const RowSparseMat& H, const VecRef& b,
                                          std::span<const FrictionContact> contacts, double goal) {
  start_point(H, b, contacts);
  for (int k = 0; k < options_.max_iterations; ++k) {
    if (program_residual(H, b, contacts) <= goal) return;
    // Degenerate rows (λ and z both tending to zero) leave D = λ / z spanning twenty orders near the
    // end, and the factorisation may then see a zero pivot: the iterate is judged as it stands.
    if (!factorize(H, contacts)) return;
    ++iterations_;
    const double mu = mean_complementarity(0.0);
    direction(H, contacts, 0.0, false);  // affine scaling (predictor)
    const double sigma = std::min(1.0, std::pow(mean_complementarity(step_to_boundary()) / mu, 3));  // Mehrotra
    direction(H, contacts, sigma * mu, options_.corrector);
    const double alpha = std::min(1.0, kToBoundary * step_to_boundary());
    y_ += alpha * dy_;
    za_ += alpha * dza_;
    zb_ += alpha * dzb_;
    la_ += alpha * dla_;
    lb_ += alpha * dlb_;
  }
}

// y = 0, slacks the rows' values there but at least 1, multipliers 1 (Wright 1997's simple start).
void VelocityInteriorPoint::start_point(const RowSparseMat& H, const VecRef& b,
                                        std::span<const FrictionContact> contacts) {
  const auto m = static_cast<Eigen::Index>(contacts.size());
  y_.setZero(H.cols());
  for (Vec* v : {&za_, &zb_, &la_, &lb_, &ra_, &rb_, &da_, &db_, &dza_, &dzb_, &dla_, &dlb_}) v->setZero(m);
  for (Eigen::Index c = 0; c < m; ++c) {
    const FrictionContact& fc = contacts[static_cast<std::size_t>(c)];
    const double un = b[fc.normal] + shift_[c], ut = fc.mu * b[fc.tangent];
    za_[c] = std::max(un - ut, 1.0);
    la_[c] = 1.0;
    if (!rubs(fc)) continue;
    zb_[c] = std::max(un + ut, 1.0);
    lb_[c] = 1.0;
  }
}

// The residuals at the iterate (stationarity r_y = y − Jᵀ p, the rows' r = value − z), and the
// program's natural residual in terms of the impulses: max |min(λ_i, value_i(W p + b))|.
double VelocityInteriorPoint::program_residual(const RowSparseMat& H, const VecRef& b,
                                               std::span<const FrictionContact> contacts) {
  impulses(contacts, p_);
  velocity_of(H, p_, velocity_);
  ry_ = y_ - velocity_;
  rows_of(H, velocity_, u_);  // W p
  double worst = 0.0;
  for (std::size_t c = 0; c < contacts.size(); ++c) {
    const FrictionContact& fc = contacts[c];
    const auto k = static_cast<Eigen::Index>(c);
    const double un = u_[fc.normal] + b[fc.normal] + shift_[k], ut = fc.mu * (u_[fc.tangent] + b[fc.tangent]);
    worst = worse(worst, std::abs(std::min(la_[k], un - ut)));
    if (rubs(fc)) worst = worse(worst, std::abs(std::min(lb_[k], un + ut)));
  }
  rows_of(H, y_, u_);  // J y: the rows' values at the iterate
  for (std::size_t c = 0; c < contacts.size(); ++c) {
    const FrictionContact& fc = contacts[c];
    const auto k = static_cast<Eigen::Index>(c);
    const double un = u_[fc.normal] + b[fc.normal] + shift_[k], ut = fc.mu * (u_[fc.tangent] + b[fc.tangent]);
    ra_[k] = un - ut - za_[k];
    rb_[k] = rubs(fc) ? un + ut - zb_[k] : 0.0;
  }
  return worst;
}

// I + Σ D_a c_a c_aᵀ + D_b c_b c_bᵀ with c = J_N ∓ μ J_T, as NormalMatrix takes it: the normal row
// weighted D_a + D_b and tied to its tangent with −μ (D_a − D_b) / (D_a + D_b), and the tangent row
// weighted 4 μ² D_a D_b / (D_a + D_b).
bool VelocityInteriorPoint::factorize(const RowSparseMat& H, std::span<const FrictionContact> contacts) {
  const auto n = static_cast<std::size_t>(H.rows());
  da_ = la_.cwiseQuotient(za_);
  weight_.setZero(H.rows());
  factor_.setZero(H.rows());
  tie_of_.assign(n, -1);
  rows_.clear();
  for (std::size_t c = 0; c < contacts.size(); ++c) {
    const FrictionContact& fc = contacts[c];
    const auto k = static_cast<Eigen::Index>(c);
    rows_.push_back(fc.normal);
    if (!rubs(fc)) {
      db_[k] = 0.0;
      weight_[fc.normal] = da_[k];
      continue;
    }
    db_[k] = lb_[k] / zb_[k];
    const double sum = da_[k] + db_[k];
    weight_[fc.normal] = sum;
    tie_of_[static_cast<std::size_t>(fc.normal)] = fc.tangent;
    factor_[fc.tangent] = -fc.mu * (da_[k] - db_[k]) / sum;
    weight_[fc.tangent] = 4.0 * fc.mu * fc.mu * da_[k] * db_[k] / sum;
    rows_.push_back(fc.tangent);
  }
  const auto span_of = [n](const Vec& v) { return std::span<const double>(v.data(), n); };
  normal_.assemble(H, {rows_, span_of(weight_), tie_of_, span_of(factor_), {}}, root_inverse_mass_);
  return normal_.factorize(1.0);
}

// The Newton direction towards z λ = target (less the affine step's second-order term when
// `corrected`): K Δy = −r_y − Jᵀ q with q_N = e_a + e_b, q_T = μ (e_b − e_a), e = D r + rc / z;
// then Δz = c Δy + r and Δλ = −(rc + λ Δz) / z row by row. The corrector's terms read the affine
// direction before it is overwritten.
void VelocityInteriorPoint::direction(const RowSparseMat& H, std::span<const FrictionContact> contacts,
                                      double target, bool corrected) {
  const auto m = static_cast<Eigen::Index>(contacts.size());
  Vec& rca = e_;  // reused: the rows' complementarity residuals, a then b
  rca.resize(2 * m);
  rhs_.setZero(H.rows());
  for (Eigen::Index k = 0; k < m; ++k) {
    const FrictionContact& fc = contacts[static_cast<std::size_t>(k)];
    rca[k] = za_[k] * la_[k] - target + (corrected ? dza_[k] * dla_[k] : 0.0);
    rca[m + k] = rubs(fc) ? zb_[k] * lb_[k] - target + (corrected ? dzb_[k] * dlb_[k] : 0.0) : 0.0;
    const double ea = da_[k] * ra_[k] + rca[k] / za_[k];
    const double eb = rubs(fc) ? db_[k] * rb_[k] + rca[m + k] / zb_[k] : 0.0;
    rhs_[fc.normal] = ea + eb;
    rhs_[fc.tangent] = fc.mu * (eb - ea);
  }
  velocity_of(H, rhs_, dy_);
  dy_ = -ry_ - dy_;
  normal_.solve_in_place(dy_);
  rows_of(H, dy_, u_);  // J Δy
  for (Eigen::Index k = 0; k < m; ++k) {
    const FrictionContact& fc = contacts[static_cast<std::size_t>(k)];
    const double an = u_[fc.normal], at = fc.mu * u_[fc.tangent];
    dza_[k] = an - at + ra_[k];
    dla_[k] = -(rca[k] + la_[k] * dza_[k]) / za_[k];
    if (!rubs(fc)) continue;
    dzb_[k] = an + at + rb_[k];
    dlb_[k] = -(rca[m + k] + lb_[k] * dzb_[k]) / zb_[k];
  }
}

// The longest step in (0, 1] that keeps every slack and multiplier non-negative.
double VelocityInteriorPoint::step_to_boundary() const {
  double alpha = 1.0;
  const auto limit = [&alpha](const Vec& v, const Vec& d) {
    for (Eigen::Index i = 0; i < v.size(); ++i)
      if (d[i] < 0.0) alpha = std::min(alpha, -v[i] / d[i]);
  };
  limit(za_, dza_);
  limit(la_, dla_);
  limit(zb_, dzb_);  // unused rows: z = λ = Δ = 0, no limit
  limit(lb_, dlb_);
  return alpha;
}

// The mean of z λ over the rows in use, a step alpha along the current direction.
double VelocityInteriorPoint::mean_complementarity(double alpha) const {
  const double a = (za_ + alpha * dza_).dot(la_ + alpha * dla_);
  const double b = (zb_ + alpha * dzb_).dot(lb_ + alpha * dlb_);
  const double rows = static_cast<double>(za_.size()) + static_cast<double>((lb_.array() > 0.0).count());
  return (a + b) / rows;
}

// p_N = a + b, p_T = μ (b − a).
void VelocityInteriorPoint::impulses(std::span<const FrictionContact> contacts, Vec& p) const {
  p.setZero(2 * static_cast<Eigen::Index>(contacts.size()));
  for (std::size_t c = 0; c < contacts.size(); ++c) {
    const auto k = static_cast<Eigen::Index>(c);
    p[contacts[c].normal] = la_[k] + lb_[k];
    p[contacts[c].tangent] = contacts[c].mu * (lb_[k] - la_[k]);
  }
}

void VelocityInteriorPoint::row_velocities(const RowSparseMat& H, const VecRef& b, const Vec& p) {
  velocity_of(H, p, velocity_);
  rows_of(H, velocity_, u_);
  u_ += b;
}

// Coulomb's natural residual of p at u_ = W p + b, as box_residual takes it (bounds ±μ p_N).
double VelocityInteriorPoint::coulomb_residual(std::span<const FrictionContact> contacts, const Vec& p) const {
  double worst = 0.0;
  for (const FrictionContact& c : contacts) {
    const double pn = p[c.normal], pt = p[c.tangent], bound = c.mu * std::max(pn, 0.0);
    worst = worse(worst, std::abs(pn - std::max(pn - u_[c.normal], 0.0)));
    worst = worse(worst, std::abs(pt - std::clamp(pt - u_[c.tangent], -bound, bound)));
  }
  return worst;
}

// s ← μ|u_T| at u_, combined with the earlier rounds by Anderson's acceleration: the update whose
// residual (update − shift) is the least-squares combination of the last ones, kept non-negative.
void VelocityInteriorPoint::next_shift(std::span<const FrictionContact> contacts) {
  Vec update(shift_.size());
  for (std::size_t c = 0; c < contacts.size(); ++c)
    update[static_cast<Eigen::Index>(c)] = contacts[c].mu * std::abs(u_[contacts[c].tangent]);
  if (rounds_ == 0 || options_.anderson_depth <= 0) {  // the start, or a plain fixed point
    shift_ = update;
    return;
  }
  tried_.push_back(shift_);
  updated_.push_back(update);
  if (static_cast<int>(tried_.size()) > options_.anderson_depth + 1) {
    tried_.erase(tried_.begin());
    updated_.erase(updated_.begin());
  }
  const auto columns = static_cast<Eigen::Index>(tried_.size()) - 1;
  if (columns < 1) {
    shift_ = update;
    return;
  }
  Mat residual_change(shift_.size(), columns), update_change(shift_.size(), columns);
  for (Eigen::Index j = 0; j < columns; ++j) {
    const auto i = static_cast<std::size_t>(j);
    residual_change.col(j) = (updated_[i + 1] - tried_[i + 1]) - (updated_[i] - tried_[i]);
    update_change.col(j) = updated_[i + 1] - updated_[i];
  }
  // Nearly dependent history columns would give a huge combination: then the plain update.
  Eigen::ColPivHouseholderQR<Mat> qr(residual_change);
  qr.setThreshold(1e-10);
  if (qr.rank() < columns) {
    shift_ = update;
    return;
  }
  const Vec gamma = qr.solve(update - shift_);
  shift_ = (update - update_change * gamma).cwiseMax(0.0);
}

// y = Jᵀ p = M^{-1/2} Hᵀ p.
void VelocityInteriorPoint::velocity_of(const RowSparseMat& H, const Vec& p, Vec& y) const {
  y.setZero(H.cols());
  for (Eigen::Index r = 0; r < H.rows(); ++r) {
    if (p[r] == 0.0) continue;
    for (RowSparseMat::InnerIterator it(H, r); it; ++it) y[it.col()] += it.value() * p[r];
  }
  y.array() *= root_inverse_mass_.array();
}

// u = J y = H M^{-1/2} y.
void VelocityInteriorPoint::rows_of(const RowSparseMat& H, const Vec& y, Vec& u) const {
  u.resize(H.rows());
  for (Eigen::Index r = 0; r < H.rows(); ++r) {
    double sum = 0.0;
    for (RowSparseMat::InnerIterator it(H, r); it; ++it) sum += it.value() * root_inverse_mass_[it.col()] * y[it.col()];
    u[r] = sum;
  }
}

}  // namespace stickslip::solvers
