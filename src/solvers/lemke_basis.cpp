// Basis algebra of Lemke's method (see lemke.cpp for the scheme): the four rank-one updates of the
// explicit inverse of the basis block G, its rebuild from a fresh LU, and the basic values. All of it
// works on the equilibrated problem LCP(E M D, E q), whose entries are read through entry().
#include "solvers/lemke.hpp"

namespace stickslip::solvers {

void LemkeSolver::pivot(const MatRef& M, Var e, Row leaving, double theta) {
  // New values: x_B - theta d for the basic ones; the entering variable takes theta.
  xc_.head(k_) -= theta * y_.head(k_);
  xw_.head(n_) -= theta * dw_.head(n_);
  if (!e.is_w) {
    if (leaving.is_w)
      grow(M, e.index, leaving.index, theta);
    else
      replace_column(leaving.index, e.index, theta);
  } else {
    if (leaving.is_w)
      replace_row(M, e.index, leaving.index, theta);
    else
      shrink(e.index, leaving.index, theta);
  }
}

// u = g_r G^{-1}, g_r = A_C(r, :) (row r of the basic columns).
void LemkeSolver::row_times_inverse(const MatRef& M, int r) {
  for (int t = 0; t < k_; ++t) tmp_[t] = column_entry(M, r, t);
  u_.head(k_).noalias() = inv_.topLeftCorner(k_, k_).transpose() * tmp_.head(k_);
}

// z_j enters, w_r leaves: G gains row r and column j. With s = d_r (the Schur complement),
// G'^{-1} = [[P + y u / s, -y / s], [-u / s, 1 / s]].
void LemkeSolver::grow(const MatRef& M, int j, int r, double theta) {
  row_times_inverse(M, r);
  const double s = dw_[r];
  const int k = k_;
  inv_.topLeftCorner(k, k).noalias() += (y_.head(k) / s) * u_.head(k).transpose();
  inv_.col(k).head(k) = -y_.head(k) / s;
  inv_.row(k).head(k) = -u_.head(k).transpose() / s;
  inv_(k, k) = 1.0 / s;
  c_var_[static_cast<std::size_t>(k)] = j;
  s_row_[static_cast<std::size_t>(k)] = r;
  zpos_[static_cast<std::size_t>(j)] = k;
  spos_[static_cast<std::size_t>(r)] = k;
  xc_[k] = theta;
  ++k_;
}

// z_j replaces the basic z at C position p: column p of G becomes a_S. Row p of the inverse is
// divided by y_p and eliminated from the others.
void LemkeSolver::replace_column(int p, int j, double theta) {
  const int k = k_;
  auto P = inv_.topLeftCorner(k, k);
  u_.head(k) = P.row(p).transpose() / y_[p];
  y_[p] = 0.0;
  P.noalias() -= y_.head(k) * u_.head(k).transpose();
  P.row(p) = u_.head(k).transpose();
  zpos_[static_cast<std::size_t>(c_var_[static_cast<std::size_t>(p)])] = kNone;
  c_var_[static_cast<std::size_t>(p)] = j;
  zpos_[static_cast<std::size_t>(j)] = p;
  xc_[p] = theta;
}

// w_i enters (row i in S at position s), w_r leaves: row s of G becomes g_r. With u = g_r G^{-1},
// column s of the inverse is divided by u_s and eliminated from the others.
void LemkeSolver::replace_row(const MatRef& M, int i, int r, double theta) {
  const int s = spos_[static_cast<std::size_t>(i)];
  row_times_inverse(M, r);
  const int k = k_;
  auto P = inv_.topLeftCorner(k, k);
  v_.head(k) = P.col(s) / u_[s];
  u_[s] = 0.0;
  P.noalias() -= v_.head(k) * u_.head(k).transpose();
  P.col(s) = v_.head(k);
  s_row_[static_cast<std::size_t>(s)] = r;
  spos_[static_cast<std::size_t>(i)] = kNone;
  spos_[static_cast<std::size_t>(r)] = s;
  xw_[i] = theta;
}

// w_i enters (S position s), the z at C position p leaves: delete row s and column p of G, i.e.
// row p and column s of the inverse after a Schur correction; the last row/column fill the holes.
void LemkeSolver::shrink(int i, int p, double theta) {
  const int s = spos_[static_cast<std::size_t>(i)];
  const int k = k_;
  auto P = inv_.topLeftCorner(k, k);
  v_.head(k) = P.col(s) / P(p, s);
  u_.head(k) = P.row(p).transpose();
  P.noalias() -= v_.head(k) * u_.head(k).transpose();
  const int last = k - 1;
  if (p != last) inv_.row(p).head(k) = inv_.row(last).head(k);
  if (s != last) inv_.col(s).head(last) = inv_.col(last).head(last);
  zpos_[static_cast<std::size_t>(c_var_[static_cast<std::size_t>(p)])] = kNone;
  if (p != last) {
    c_var_[static_cast<std::size_t>(p)] = c_var_[static_cast<std::size_t>(last)];
    zpos_[static_cast<std::size_t>(c_var_[static_cast<std::size_t>(p)])] = p;
    xc_[p] = xc_[last];
  }
  spos_[static_cast<std::size_t>(i)] = kNone;
  if (s != last) {
    s_row_[static_cast<std::size_t>(s)] = s_row_[static_cast<std::size_t>(last)];
    spos_[static_cast<std::size_t>(s_row_[static_cast<std::size_t>(s)])] = s;
  }
  xw_[i] = theta;
  --k_;
}

// Rebuilds G^{-1} from a fresh LU of G and recomputes the basic values. False if G is singular.
bool LemkeSolver::refresh(const MatRef& M) {
  const int k = k_;
  auto G = g_.topLeftCorner(k, k);
  for (int t = 0; t < k; ++t)
    for (int s = 0; s < k; ++s) G(s, t) = column_entry(M, s_row_[static_cast<std::size_t>(s)], t);
  if (!lu_.factor(G)) return false;
  auto P = inv_.topLeftCorner(k, k);
  P.setIdentity();
  for (int t = 0; t < k; ++t) lu_.solve_in_place(inv_.col(t).head(k));
  basic_values(M);
  return true;
}

// x_C = G^{-1} q'_S, x_w = q' - A_C x_C with q' = E q and A_C from E M D (applied column by column:
// the unscaled columns times D are summed, then the rows are multiplied by E).
void LemkeSolver::basic_values(const MatRef& M) {
  const Vec& r = eq_.row();
  const Vec& c = eq_.col();
  for (int s = 0; s < k_; ++s) tmp_[s] = qs_[s_row_[static_cast<std::size_t>(s)]];
  xc_.head(k_).noalias() = inv_.topLeftCorner(k_, k_) * tmp_.head(k_);
  auto xw = xw_.head(n_);
  xw.setZero();
  double z0 = 0.0;
  for (int t = 0; t < k_; ++t) {
    const int var = c_var_[static_cast<std::size_t>(t)];
    if (var == n_)
      z0 = xc_[t];
    else
      xw.noalias() += M.col(var) * (c[var] * xc_[t]);
  }
  xw = xw.cwiseProduct(r.head(n_)) + qs_.head(n_);
  xw += z0 * cover_.head(n_);
}

// One step of iterative refinement of x_C against M: the residual of the rows S is w_S, which must
// vanish, so x_C += G^{-1} (q_S - G x_C) with q_S - G x_C = w_S computed from M.
void LemkeSolver::refine(const MatRef& M) {
  basic_values(M);
  for (int s = 0; s < k_; ++s) tmp_[s] = xw_[s_row_[static_cast<std::size_t>(s)]];
  xc_.head(k_).noalias() += inv_.topLeftCorner(k_, k_) * tmp_.head(k_);
}

}  // namespace stickslip::solvers
