// The subspace step's face iteration and the path with W given (subspace_step.hpp).
#include "solvers/subspace_step.hpp"

#include <algorithm>
#include <cmath>

namespace stickslip::solvers {
namespace {

// Two corner contacts of one face leave their tangential impulses determined only in sum (W is
// singular there): a regularisation far below W's smallest genuine eigenvalue picks the balanced
// correction and changes the rest by ~1e-10 relative.
constexpr double kRegularisation = 1e-10;

}  // namespace

bool SubspaceStep::fits(Eigen::Index rows, Eigen::Index cols, Eigen::Index n, Eigen::Index p,
                        std::span<const FrictionContact> contacts) {
  if (rows != n || cols != n || p != n) return false;
  for (const FrictionContact& c : contacts) {
    if (!is_supported_cone(c)) return false;
    if (c.normal < 0 || c.tangent < 0 || c.normal >= n || c.tangent + c.tangent_rows - 1 >= n || !(c.mu >= 0)) return false;
  }
  return true;
}

void SubspaceStep::reserve(Eigen::Index n) {
  const auto size = static_cast<std::size_t>(n);
  face_.reserve(size);
  contact_row_.reserve(size);
  unknown_.reserve(size);
  tied_to_.reserve(size);
  tie_of_.reserve(size);
  tie_count_.reserve(size);
  slide_direction_.reserve(size);
  factor_.reserve(size);
  rows_.reserve(size);
  const Eigen::Index m = std::min(n, kDenseLimit);
  dense_A_.setZero(m, m);
  dense_lu_.reserve(m);
  for (Vec* v : {&rhs_, &x_, &w_, &direction_, &trial_, &trial_w_, &candidate_, &w_diagonal_}) v->setZero(n);
}

// A disc cone's face: open (p_N <= 0), sticking (|p_T| < μ p_N) or sliding along d = p_T / |p_T|
// (no direction when p_T = 0 on the cone: μ = 0, where the tangent rows carry nothing).
SubspaceStep::Face SubspaceStep::disc_face(std::size_t k, double pn, double tx, double ty, double mu) {
  if (!(pn > 0.0)) return Face::open;
  const double length = std::sqrt(tx * tx + ty * ty), limit = mu * pn;
  if (length < limit) return Face::stick;
  slide_direction_[k] = length > 0.0 ? std::array<double, 2>{tx / length, ty / length} : std::array<double, 2>{0.0, 0.0};
  return Face::slide;
}

// The first face of the disc contacts, from the velocities at p rather than its impulses: Gauss-Seidel
// spreads a load over a face's corners slowly, so early iterates leave most corners of a resting
// stack unloaded (p_N = 0) or with a friction impulse on the cone's edge, while their velocities are
// already near zero. A contact is closed when it carries a normal impulse or does not separate faster
// than the iterate's residual r, and then sticks unless it slips faster than r, when it slides
// against its slip (p_T = −μ p_N u_T / |u_T|). On a stack at rest this is the exact face at once
// (all closed corners stick); the face updates and the residual test correct it elsewhere.
void SubspaceStep::disc_faces_from_velocities(Operator& op, std::span<const FrictionContact> contacts, const Vec& p) {
  op.product(p, w_);
  const double r = residual(contacts, p, w_);
  start_residual_ = r;  // what a correction must beat: p's own residual (its face may move p)
  for (std::size_t k = 0; k < contacts.size(); ++k) {
    const FrictionContact& c = contacts[k];
    if (c.cone != FrictionCone::disc) continue;
    const double ux = w_[c.tangent], uy = w_[c.tangent + 1], slip = std::sqrt(ux * ux + uy * uy);
    if (!(op.diagonal(c.normal) > 0.0) || !(p[c.normal] > 0.0 || w_[c.normal] <= r)) {
      face_[k] = Face::open;
    } else if (!(slip > r)) {
      face_[k] = Face::stick;
    } else {
      face_[k] = Face::slide;
      slide_direction_[k] = {-ux / slip, -uy / slip};
    }
  }
}

// The face of p: open (p_N <= 0), sticking (|p_T| < μ p_N) or sliding on the side of p_T.
void SubspaceStep::face_from_impulses(std::span<const FrictionContact> contacts, Eigen::Index n, const Vec& p) {
  face_.resize(contacts.size());
  slide_direction_.resize(contacts.size());
  contact_row_.assign(static_cast<std::size_t>(n), 0);
  has_disc_ = false;
  for (std::size_t k = 0; k < contacts.size(); ++k) {
    const FrictionContact& c = contacts[k];
    contact_row_[static_cast<std::size_t>(c.normal)] = contact_row_[static_cast<std::size_t>(c.tangent)] = 1;
    if (c.cone == FrictionCone::disc) {
      contact_row_[static_cast<std::size_t>(c.tangent + 1)] = 1;
      has_disc_ = true;
      continue;  // disc_faces_from_velocities
    }
    const double pn = p[c.normal], pt = p[c.tangent];
    face_[k] = !(pn > 0.0)                   ? Face::open
               : std::abs(pt) < c.mu * pn    ? Face::stick
               : pt > 0                      ? Face::slide_positive
                                             : Face::slide_negative;
  }
}

// The face one Gauss-Seidel update of every row would choose at (trial_, trial_w_): the normal
// closes when s_N = p_N − w_N / W_NN > 0, and then the tangent sticks when s_T = p_T − w_T / W_TT
// lies inside μ s_N, else slides on the side of s_T. Returns true when some contact changed face.
bool SubspaceStep::predict_face(std::span<const FrictionContact> contacts, const Operator& op) {
  bool changed = false;
  for (std::size_t k = 0; k < contacts.size(); ++k) {
    const FrictionContact& c = contacts[k];
    const double dn = op.diagonal(c.normal), dt = op.diagonal(c.tangent);
    const double sn = dn > 0.0 ? trial_[c.normal] - trial_w_[c.normal] / dn : 0.0;  // no coupling: open
    const double st = dt > 0.0 ? trial_[c.tangent] - trial_w_[c.tangent] / dt : 0.0;
    if (c.cone == FrictionCone::disc) {  // the pair row by row, then the disc
      const double du = op.diagonal(c.tangent + 1);
      const double su = du > 0.0 ? trial_[c.tangent + 1] - trial_w_[c.tangent + 1] / du : 0.0;
      const Face f = disc_face(k, sn, st, su, c.mu);
      changed = changed || f != face_[k];
      face_[k] = f;
      continue;
    }
    const Face f = !(sn > 0.0)                ? Face::open
                   : std::abs(st) < c.mu * sn ? Face::stick
                   : st > 0                   ? Face::slide_positive
                                              : Face::slide_negative;
    changed = changed || f != face_[k];
    face_[k] = f;
  }
  return changed;
}

// Unknowns of the face: every free row (not named by a contact), the normal of a closed contact,
// the tangent of a sticking one; a sliding tangent is tied to its normal with factor ±μ.
void SubspaceStep::build_unknowns(std::span<const FrictionContact> contacts, Eigen::Index n) {
  const auto size = static_cast<std::size_t>(n);
  unknown_.assign(size, 0);
  tied_to_.assign(size, -1);
  tie_of_.assign(size, -1);
  tie_count_.assign(size, 0);
  factor_.assign(size, 0.0);
  for (std::size_t k = 0; k < contacts.size(); ++k) {
    const FrictionContact& c = contacts[k];
    const auto N = static_cast<std::size_t>(c.normal), T = static_cast<std::size_t>(c.tangent);
    if (c.cone == FrictionCone::disc && face_[k] == Face::open) unknown_[T + 1] = -1;
    switch (face_[k]) {
      case Face::open: unknown_[N] = unknown_[T] = -1; break;
      case Face::stick: break;
      case Face::slide:  // both tangent rows ride on the normal along the fixed direction
        for (std::size_t j = 0; j < 2; ++j) {
          unknown_[T + j] = -1;
          tied_to_[T + j] = c.normal;
          factor_[T + j] = c.mu * slide_direction_[k][j];
        }
        tie_of_[N] = c.tangent;
        tie_count_[N] = 2;
        break;
      case Face::slide_positive:
      case Face::slide_negative:
        unknown_[T] = -1;
        tied_to_[T] = c.normal;
        tie_of_[N] = c.tangent;
        tie_count_[N] = 1;
        factor_[T] = face_[k] == Face::slide_positive ? c.mu : -c.mu;
        break;
    }
  }
  rows_.clear();
  for (std::size_t r = 0; r < size; ++r) {
    if (unknown_[r] < 0) continue;
    unknown_[r] = static_cast<int>(rows_.size());
    rows_.push_back(static_cast<int>(r));
  }
}

namespace {
// Sets x to value; true when that changed it (bit for bit: a product of the unchanged vector would
// give the same velocities, so the caller may keep them).
inline bool assign(double& x, double value) {
  const bool changed = !(x == value) || std::signbit(x) != std::signbit(value);
  x = value;
  return changed;
}
}  // namespace

// p onto the face: an open contact's impulses zero, a tied tangent exactly on its cone. True when p
// changed.
bool SubspaceStep::onto_face(std::span<const FrictionContact> contacts, Vec& p) const {
  bool changed = false;
  for (std::size_t k = 0; k < contacts.size(); ++k) {
    const FrictionContact& c = contacts[k];
    if (face_[k] == Face::open) {
      changed = assign(p[c.normal], 0.0) | changed;
      changed = assign(p[c.tangent], 0.0) | changed;
      if (c.cone == FrictionCone::disc) changed = assign(p[c.tangent + 1], 0.0) | changed;
    } else if (face_[k] == Face::slide) {
      for (int j = 0; j < 2; ++j)
        changed = assign(p[c.tangent + j], factor_[static_cast<std::size_t>(c.tangent + j)] * p[c.normal]) | changed;
    } else if (face_[k] != Face::stick) {
      changed = assign(p[c.tangent], factor_[static_cast<std::size_t>(c.tangent)] * p[c.normal]) | changed;
    }
  }
  return changed;
}

// p onto the bounds: p_N >= 0 and |p_T| <= μ p_N (a tied tangent stays on its side of the cone). True
// when p changed.
bool SubspaceStep::project(std::span<const FrictionContact> contacts, Vec& p) const {
  bool changed = false;
  for (std::size_t k = 0; k < contacts.size(); ++k) {
    const FrictionContact& c = contacts[k];
    changed = assign(p[c.normal], std::max(p[c.normal], 0.0)) | changed;
    const double limit = c.mu * p[c.normal];
    if (c.cone == FrictionCone::disc) {
      if (face_[k] == Face::slide) {
        for (int j = 0; j < 2; ++j)
          changed = assign(p[c.tangent + j], factor_[static_cast<std::size_t>(c.tangent + j)] * p[c.normal]) | changed;
      } else {
        double x = p[c.tangent], y = p[c.tangent + 1];
        project_onto_disc(x, y, limit);
        changed = assign(p[c.tangent], x) | changed;
        changed = assign(p[c.tangent + 1], y) | changed;
      }
      continue;
    }
    changed = assign(p[c.tangent], face_[k] == Face::stick || face_[k] == Face::open
                                       ? std::clamp(p[c.tangent], -limit, limit)
                                       : factor_[static_cast<std::size_t>(c.tangent)] * p[c.normal]) |
              changed;
  }
  return changed;
}

// The natural residual (box_lcp.hpp) of the contact problem at p with velocities w = W p + b.
double SubspaceStep::residual(std::span<const FrictionContact> contacts, const Vec& p, const Vec& w) const {
  double r = 0.0;
  for (Eigen::Index i = 0; i < p.size(); ++i)
    if (!contact_row_[static_cast<std::size_t>(i)]) r = std::max(r, std::abs(w[i]));
  for (const FrictionContact& c : contacts) {
    const double pn = p[c.normal], pt = p[c.tangent];
    r = std::max(r, std::abs(pn - std::max(pn - w[c.normal], 0.0)));
    const double limit = c.mu * std::max(pn, 0.0);
    if (c.cone == FrictionCone::disc) {
      r = std::max(r, disc_term(pt, p[c.tangent + 1], w[c.tangent], w[c.tangent + 1], limit));
      continue;
    }
    r = std::max(r, std::abs(pt - std::clamp(pt - w[c.tangent], -limit, limit)));
  }
  return std::isnan(r) ? INFINITY : r;
}

// The unknowns' correction into direction_ (a tied tangent follows its normal).
void SubspaceStep::spread(const VecRef& unknowns) {
  direction_.setZero();
  for (Eigen::Index k = 0; k < unknowns.size(); ++k) {
    const int r = rows_[static_cast<std::size_t>(k)];
    direction_[r] = unknowns[k];
    const int t = tie_of_[static_cast<std::size_t>(r)];
    for (int j = 0; t >= 0 && j < tie_count_[static_cast<std::size_t>(r)]; ++j)
      direction_[t + j] = factor_[static_cast<std::size_t>(t + j)] * unknowns[k];
  }
}

// The face iteration shared by both ways of computing the correction. Every corrected point,
// projected onto the bounds, is a candidate; the one of smallest natural residual is kept (the face
// predictions need not improve monotonically far from the solution).
bool SubspaceStep::run(Operator& op, std::span<const FrictionContact> contacts, Eigen::Index n, Vec& p) {
  face_from_impulses(contacts, n, p);
  x_ = p;
  bool w_of_x = false;  // w_ holds the velocities at x_ (products are not repeated on an unchanged x_)
  if (has_disc_) {
    disc_faces_from_velocities(op, contacts, p);
    w_of_x = true;
  }
  updates_ = 0;
  end_residual_ = INFINITY;
  for (;;) {
    build_unknowns(contacts, n);
    if (rows_.empty()) break;
    if (onto_face(contacts, x_) || !w_of_x) op.product(x_, w_);
    if (updates_ == 0 && !has_disc_) start_residual_ = residual(contacts, x_, w_);  // disc: p's own (above)
    if (!op.correction()) break;
    trial_ = x_ + direction_;
    op.product(trial_, trial_w_);
    const bool last = updates_ == kFaceUpdates || !predict_face(contacts, op);
    x_ = trial_;  // the next face starts from the corrected point
    w_ = trial_w_;
    w_of_x = true;
    if (project(contacts, trial_)) op.product(trial_, trial_w_);
    const double r = residual(contacts, trial_, trial_w_);
    if (r < end_residual_) {
      end_residual_ = r;
      candidate_ = trial_;
    }
    if (last) break;
    ++updates_;
  }
  if (!(end_residual_ < start_residual_)) return false;
  p = candidate_;
  return true;
}

// W(r, c) enters row r's equation through column c's impulse, or through the normal a tied
// tangent c rides on.
void SubspaceStep::add_entry(Eigen::Index r, Eigen::Index c, double w) {
  const int row = unknown_[static_cast<std::size_t>(r)];
  if (row < 0 || w == 0.0) return;
  const auto cs = static_cast<std::size_t>(c);
  int col = unknown_[cs];
  if (col < 0 && tied_to_[cs] >= 0) {
    col = unknown_[static_cast<std::size_t>(tied_to_[cs])];
    w *= factor_[cs];
  }
  if (col < 0) return;
  if (dense_) {
    dense_A_(row, col) += w;
  } else {
    entries_.emplace_back(row, col, w);
  }
}

// (A + εI) d = −r on the equation rows, A assembled by add_entry, r = w_ on them.
bool SubspaceStep::solve_rows() {
  const auto m = static_cast<Eigen::Index>(rows_.size());
  double scale = 0.0;
  if (dense_) {
    scale = dense_A_.diagonal().head(m).cwiseAbs().maxCoeff();
  } else {
    for (const auto& e : entries_)
      if (e.row() == e.col()) scale = std::max(scale, std::abs(e.value()));
  }
  const double regularisation = kRegularisation * scale;
  if (rhs_.size() < m) rhs_.resize(m);
  auto rhs = rhs_.head(m);
  for (Eigen::Index k = 0; k < m; ++k) rhs[k] = -w_[rows_[static_cast<std::size_t>(k)]];
  if (dense_) {
    dense_A_.diagonal().head(m).array() += regularisation;
    if (!dense_lu_.factor(dense_A_.topLeftCorner(m, m))) return false;
    dense_lu_.solve_in_place(rhs);
  } else {
    for (Eigen::Index k = 0; k < m; ++k) entries_.emplace_back(k, k, regularisation);
    A_.resize(m, m);
    A_.setFromTriplets(entries_.begin(), entries_.end());
    if (!lu_) lu_ = std::make_unique<Eigen::SparseLU<SparseMat>>();
    lu_->compute(A_);
    if (lu_->info() != Eigen::Success) return false;
    const Vec x = lu_->solve(rhs_.head(m));
    if (lu_->info() != Eigen::Success) return false;
    rhs = x;
  }
  if (!rhs.allFinite()) return false;
  spread(rhs);
  return true;
}

namespace {
using matrix_access::add_column;
using matrix_access::diagonal;
template <class F>
void for_each_entry(const MatRef& W, F&& f) {
  for (Eigen::Index c = 0; c < W.cols(); ++c)
    for (Eigen::Index r = 0; r < W.rows(); ++r) f(r, c, W(r, c));
}
template <class F>
void for_each_entry(const SparseMat& W, F&& f) {
  for (Eigen::Index c = 0; c < W.outerSize(); ++c)
    for (SparseMat::InnerIterator it(W, c); it; ++it) f(it.row(), c, it.value());
}
}  // namespace

template <class Matrix>
bool SubspaceStep::apply_given(const Matrix& W, const VecRef& b, std::span<const FrictionContact> contacts, Vec& p) {
  if (!fits(W.rows(), W.cols(), b.size(), p.size(), contacts)) return false;
  const Eigen::Index n = b.size();
  if (w_diagonal_.size() != n) reserve(n);
  for (Eigen::Index r = 0; r < n; ++r) w_diagonal_[r] = diagonal(W, r);
  class Given final : public Operator {
   public:
    Given(SubspaceStep& s, const Matrix& W, const VecRef& b) : s_(s), W_(W), b_(b) {}
    void product(const Vec& x, Vec& w) override {
      w = b_;
      for (Eigen::Index c = 0; c < x.size(); ++c)
        if (x[c] != 0.0) add_column(W_, c, x[c], w);
    }
    bool correction() override {
      const auto m = static_cast<Eigen::Index>(s_.rows_.size());
      s_.dense_ = m <= kDenseLimit;
      if (s_.dense_) {
        if (s_.dense_A_.rows() < m) s_.dense_A_.resize(m, m);
        s_.dense_A_.topLeftCorner(m, m).setZero();
      }
      s_.entries_.clear();
      for_each_entry(W_, [this](Eigen::Index r, Eigen::Index c, double v) { s_.add_entry(r, c, v); });
      return s_.solve_rows();
    }
    double diagonal(Eigen::Index r) const override { return s_.w_diagonal_[r]; }

   private:
    SubspaceStep& s_;
    const Matrix& W_;
    const VecRef& b_;
  };
  Given op(*this, W, b);
  return run(op, contacts, n, p);
}

bool SubspaceStep::apply(const MatRef& W, const VecRef& b, std::span<const FrictionContact> contacts, Vec& p) {
  return apply_given(W, b, contacts, p);
}

bool SubspaceStep::apply(const SparseMat& W, const VecRef& b, std::span<const FrictionContact> contacts, Vec& p) {
  return apply_given(W, b, contacts, p);
}

}  // namespace stickslip::solvers
