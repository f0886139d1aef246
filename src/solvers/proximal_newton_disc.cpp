// The disc cone in the proximal point method with Newton steps (proximal_newton.hpp): Alart and
// Curnier's function of a spatial contact (one normal row, two tangent rows) and the Newton step on
// the full Jacobian, which problems with a disc cone take.
//
// Per disc contact, with g = p_N − ρ_N u_N, τ = p_T − ρ_T u_T (one ρ_T for the pair) and r = μ g:
//   open     (g <= 0):    F = p,                          dF = dp;
//   sticking (|τ| <= r):  F_N = ρ_N u_N, F_T = ρ_T u_T,   dF = ρ du;
//   sliding  (|τ| > r):   F_N = ρ_N u_N, F_T = p_T − r τ̂,
//                         dF_T = (I − κP) dp_T − μ τ̂ dp_N + κ ρ_T P du_T + μ ρ_N τ̂ du_N,
// κ = r / |τ| ∈ [0, 1), P = I − τ̂τ̂ᵀ, du = A dp. So J = D_p + D_u A with D_p, D_u block diagonal:
// as the slip grows (κ → 0) the pair's step along τ̂⊥ becomes known, and at the edge of sticking
// (κ → 1) it becomes the sticking row's. Planar contacts in the same problem keep their rows
// (proximal_newton.cpp: known, equation, or sliding p_T = side μ p_N).
#include <algorithm>
#include <cmath>
#include <utility>

#include "solvers/proximal_newton.hpp"

namespace stickslip::solvers {

void ProximalNewton::alart_curnier_disc(const FrictionContact& c, const Vec& p, DiscPiece& piece) {
  const int N = c.normal, T1 = c.tangent, T2 = c.tangent + 1;
  piece = DiscPiece{};
  const double g = p[N] - rho_[N] * u_[N];
  if (!(g > 0.0)) {  // open: F = p
    f_[N] = p[N];
    f_[T1] = p[T1];
    f_[T2] = p[T2];
    return;
  }
  // One ρ_T for the pair, the smaller of the two rows' (the stiffer row's).
  piece.rho_t = std::min(rho_[T1], rho_[T2]);
  const double tx = p[T1] - piece.rho_t * u_[T1], ty = p[T2] - piece.rho_t * u_[T2];
  const double length = std::hypot(tx, ty), radius = c.mu * g;
  if (length <= radius) {  // sticking: F_T = p_T − τ
    piece.kind = DiscPiece::sticking;
    f_[T1] = piece.rho_t * u_[T1];
    f_[T2] = piece.rho_t * u_[T2];
    return;
  }
  piece.kind = DiscPiece::sliding;
  piece.tx = tx / length;
  piece.ty = ty / length;
  piece.kappa = radius / length;
  f_[T1] = p[T1] - radius * piece.tx;
  f_[T2] = p[T2] - radius * piece.ty;
}

// J's pattern, fixed for a solve: every row of a contact (a free row alone) may hold the union of the
// pattern of its contact's rows of A and those rows themselves, so that no piece changes it; the LU's
// ordering and symbolic analysis are made once per solve (proximal_newton.hpp). Each row's slots in
// J's values are kept for filling it row by row.
void ProximalNewton::build_jacobian_pattern(std::span<const FrictionContact> contacts) {
  const Eigen::Index n = A_.rows();
  const auto rows = static_cast<std::size_t>(n);
  std::vector<std::vector<int>> groups;
  std::vector<char> in_contact(rows, 0);
  for (const FrictionContact& c : contacts) {
    std::vector<int> g{c.normal};
    for (int t = 0; t < c.tangent_rows; ++t) g.push_back(c.tangent + t);
    for (int r : g) in_contact[static_cast<std::size_t>(r)] = 1;
    groups.push_back(std::move(g));
  }
  for (Eigen::Index i = 0; i < n; ++i)
    if (!in_contact[static_cast<std::size_t>(i)]) groups.push_back({static_cast<int>(i)});
  entries_.clear();
  std::vector<int> columns;
  for (const std::vector<int>& g : groups) {
    columns.assign(g.begin(), g.end());
    for (int k : g)
      for (Eigen::SparseMatrix<double, Eigen::RowMajor>::InnerIterator it(A_rows_, k); it; ++it) columns.push_back(static_cast<int>(it.col()));
    std::sort(columns.begin(), columns.end());
    columns.erase(std::unique(columns.begin(), columns.end()), columns.end());
    for (int i : g)
      for (int j : columns) entries_.emplace_back(i, j, 0.0);
  }
  jacobian_.resize(n, n);
  jacobian_.setFromTriplets(entries_.begin(), entries_.end());
  jacobian_.makeCompressed();
  // Each row's (column, slot) pairs, from the column-major storage.
  row_start_.assign(rows + 1, 0);
  for (Eigen::Index k = 0; k < jacobian_.nonZeros(); ++k) ++row_start_[static_cast<std::size_t>(jacobian_.innerIndexPtr()[k]) + 1];
  for (std::size_t i = 0; i < rows; ++i) row_start_[i + 1] += row_start_[i];
  row_slots_.resize(static_cast<std::size_t>(jacobian_.nonZeros()));
  std::vector<int> fill(row_start_.begin(), row_start_.end() - 1);
  for (Eigen::Index j = 0; j < n; ++j)
    for (int k = jacobian_.outerIndexPtr()[j]; k < jacobian_.outerIndexPtr()[j + 1]; ++k)
      row_slots_[static_cast<std::size_t>(fill[static_cast<std::size_t>(jacobian_.innerIndexPtr()[k])]++)] = {static_cast<int>(j), k};
  slot_of_column_.assign(rows, -1);
  if (!lu_) lu_ = std::make_unique<Eigen::SparseLU<SparseMat, Eigen::COLAMDOrdering<int>>>();
  lu_->analyzePattern(jacobian_);
  jacobian_ready_ = true;
}

// Row i of J: Σ_k du_k A_k (k among its contact's rows) plus the entries dp of D_p.
void ProximalNewton::fill_jacobian_row(int i, std::span<const std::pair<int, double>> dp,
                                       std::span<const std::pair<int, double>> du) {
  double* values = jacobian_.valuePtr();
  const auto first = static_cast<std::size_t>(row_start_[static_cast<std::size_t>(i)]);
  const auto last = static_cast<std::size_t>(row_start_[static_cast<std::size_t>(i) + 1]);
  for (std::size_t s = first; s < last; ++s) {
    slot_of_column_[static_cast<std::size_t>(row_slots_[s].first)] = row_slots_[s].second;
    values[row_slots_[s].second] = 0.0;
  }
  for (const auto& [k, d] : du)
    for (Eigen::SparseMatrix<double, Eigen::RowMajor>::InnerIterator it(A_rows_, k); it; ++it) values[slot_of_column_[static_cast<std::size_t>(it.col())]] += d * it.value();
  for (const auto& [j, d] : dp) values[slot_of_column_[static_cast<std::size_t>(j)]] += d;
}

// J step = −F with J = D_p + D_u A (the header's rows), by a sparse LU on the whole problem.
bool ProximalNewton::full_newton_step(std::span<const FrictionContact> contacts) {
  const Eigen::Index n = p_.size();
  if (rows_stale_) {  // A's values changed with α (its pattern did not)
    A_rows_ = A_;
    rows_stale_ = false;
  }
  if (!jacobian_ready_) build_jacobian_pattern(contacts);
  std::fill(position_.begin(), position_.end(), 0);  // here 1 marks a contact's row (written below)
  std::pair<int, double> dp[3], du[3];
  for (std::size_t index = 0; index < contacts.size(); ++index) {
    const FrictionContact& c = contacts[index];
    const int N = c.normal;
    position_[static_cast<std::size_t>(N)] = 1;
    for (int t = 0; t < c.tangent_rows; ++t) position_[static_cast<std::size_t>(c.tangent + t)] = 1;
    const bool disc = c.cone == FrictionCone::disc;
    const DiscPiece& piece = pieces_[index];
    const bool open = disc ? piece.kind == DiscPiece::open : kind_[static_cast<std::size_t>(N)] == RowKind::known;
    if (open) {  // F = p
      for (int r = 0; r <= c.tangent_rows; ++r) {
        const int row = r == 0 ? N : c.tangent + r - 1;
        dp[0] = {row, 1.0};
        fill_jacobian_row(row, {dp, 1}, {});
      }
      continue;
    }
    du[0] = {N, rho_[N]};  // a closed normal: F_N = ρ_N u_N
    fill_jacobian_row(N, {}, {du, 1});
    if (!disc) {
      const int T = c.tangent;
      if (kind_[static_cast<std::size_t>(T)] == RowKind::sliding) {  // F_T = p_T − side μ (p_N − ρ_N u_N)
        dp[0] = {T, 1.0};
        dp[1] = {N, -slide_[T]};
        du[0] = {N, slide_[T] * rho_[N]};
        fill_jacobian_row(T, {dp, 2}, {du, 1});
      } else {
        du[0] = {T, rho_[T]};
        fill_jacobian_row(T, {}, {du, 1});
      }
      continue;
    }
    const int T[2] = {c.tangent, c.tangent + 1};
    if (piece.kind == DiscPiece::sticking) {  // F_T = ρ_T u_T
      for (int row : T) {
        du[0] = {row, piece.rho_t};
        fill_jacobian_row(row, {}, {du, 1});
      }
      continue;
    }
    const double t[2] = {piece.tx, piece.ty}, kappa = piece.kappa;
    for (int a = 0; a < 2; ++a) {  // dF_T = (I − κP) dp_T − μ τ̂ dp_N + κ ρ_T P du_T + μ ρ_N τ̂ du_N
      for (int b = 0; b < 2; ++b) {
        const double projector = (a == b ? 1.0 : 0.0) - t[a] * t[b];  // P = I − τ̂τ̂ᵀ
        dp[b] = {T[b], (a == b ? 1.0 : 0.0) - kappa * projector};
        du[b] = {T[b], kappa * piece.rho_t * projector};
      }
      dp[2] = {N, -c.mu * t[a]};
      du[2] = {N, c.mu * rho_[N] * t[a]};
      fill_jacobian_row(T[a], {dp, 3}, {du, 3});
    }
  }
  for (Eigen::Index i = 0; i < n; ++i) {  // free rows: F = ρ u
    if (position_[static_cast<std::size_t>(i)]) continue;
    du[0] = {static_cast<int>(i), rho_[i]};
    fill_jacobian_row(static_cast<int>(i), {}, {du, 1});
  }
  lu_->factorize(jacobian_);
  if (lu_->info() != Eigen::Success) return false;
  step_ = lu_->solve(-f_);
  return step_.allFinite();
}

}  // namespace stickslip::solvers
