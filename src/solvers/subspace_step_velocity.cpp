// The subspace step with W = H M⁻¹ Hᵀ given by its factors: the minimum-norm least-squares
// correction computed in velocity space (subspace_step.hpp has the derivation).
//   y = −(CᵀC + εI)⁻¹ Cᵀ r        the velocity change that best cancels the free rows' residual r,
//   d = Bᵀ (BBᵀ + εI)⁻¹ M y       the smallest impulses of the unknowns that produce it,
// C the free rows of H, B the unknowns' columns (row h_N + f h_T for a normal whose tangent is tied
// with factor f = ±μ). Both normal matrices are sums of the rows' outer products, so they have the
// pattern of pairs of velocities that share a row of H, fixed by H's pattern.
#include <algorithm>
#include <cmath>

#include "solvers/subspace_step.hpp"

namespace stickslip::solvers {
namespace {

// Relative to K's largest diagonal entry: velocities no free row reaches get a zero change, and a
// nearly unconstrained one a bounded change.
constexpr double kVelocityRegularisation = 1e-8;

// The rows of a contact must share their pattern (one body pair), so that the
// column h_N + f h_T of B has the pattern of h_N.
bool same_pattern(const RowSparseMat& H, int a, int b) {
  const int* outer = H.outerIndexPtr();
  const int* inner = H.innerIndexPtr();
  const int na = outer[a + 1] - outer[a];
  if (na != outer[b + 1] - outer[b]) return false;
  return std::equal(inner + outer[a], inner + outer[a + 1], inner + outer[b]);
}

}  // namespace

void SubspaceStep::analyse(const RowSparseMat& H) {
  nv_ = H.cols();
  const Eigen::Index n = H.rows();
  reserve(n);
  velocity_.setZero(nv_);
  root_inverse_mass_.setZero(nv_);
  force_.setZero(nv_);
  rhs_.setZero(n);
  dense_velocities_ = nv_ <= kDenseVelocities;
  if (dense_velocities_) {
    dense_K_.setZero(nv_, nv_);
    for (auto& f : dense_ldlt_) f.compute(Mat::Identity(nv_, nv_));  // sizes its storage once
    return;
  }
  // Lower-triangle pattern: every pair of velocities in one row, and the whole diagonal.
  std::vector<Eigen::Triplet<double>> pairs;
  for (Eigen::Index j = 0; j < nv_; ++j) pairs.emplace_back(j, j, 0.0);
  const int* outer = H.outerIndexPtr();
  const int* inner = H.innerIndexPtr();
  for (Eigen::Index r = 0; r < n; ++r)
    for (int a = outer[r]; a < outer[r + 1]; ++a)
      for (int c = outer[r]; c <= a; ++c) pairs.emplace_back(std::max(inner[a], inner[c]), std::min(inner[a], inner[c]), 0.0);
  sparse_K_.resize(nv_, nv_);
  sparse_K_.setFromTriplets(pairs.begin(), pairs.end());
  sparse_K_.makeCompressed();
  const auto position = [&](int i, int j) {  // i >= j: entry (i, j) in column j
    const int* begin = sparse_K_.innerIndexPtr() + sparse_K_.outerIndexPtr()[j];
    const int* end = sparse_K_.innerIndexPtr() + sparse_K_.outerIndexPtr()[j + 1];
    return static_cast<int>(std::lower_bound(begin, end, i) - sparse_K_.innerIndexPtr());
  };
  row_pattern_start_.assign(static_cast<std::size_t>(n) + 1, 0);
  row_pattern_.clear();
  for (Eigen::Index r = 0; r < n; ++r) {
    for (int a = outer[r]; a < outer[r + 1]; ++a)
      for (int c = outer[r]; c <= a; ++c) row_pattern_.push_back(position(std::max(inner[a], inner[c]), std::min(inner[a], inner[c])));
    row_pattern_start_[static_cast<std::size_t>(r) + 1] = static_cast<int>(row_pattern_.size());
  }
  diagonal_.resize(static_cast<std::size_t>(nv_));
  for (Eigen::Index j = 0; j < nv_; ++j) diagonal_[static_cast<std::size_t>(j)] = position(static_cast<int>(j), static_cast<int>(j));
  for (auto& f : sparse_ldlt_) {
    if (!f) f = std::make_unique<Eigen::SimplicialLDLT<SparseMat, Eigen::Lower>>();
    f->analyzePattern(sparse_K_);
  }
}

// K = Σ over the unknowns of c cᵀ, with c the row of H (with_ties false: CᵀC) or the unknown's
// column of B (with_ties true: BBᵀ); lower triangle only.
void SubspaceStep::assemble_normal_matrix(const RowSparseMat& H, bool with_ties) {
  const int* outer = H.outerIndexPtr();
  const int* inner = H.innerIndexPtr();
  const double* value = H.valuePtr();
  if (dense_velocities_) {
    dense_K_.setZero();
  } else {
    std::fill(sparse_K_.valuePtr(), sparse_K_.valuePtr() + sparse_K_.nonZeros(), 0.0);
  }
  double entry[6];
  for (const int r : rows_) {
    const int count = outer[r + 1] - outer[r];
    if (count > 6) return;  // refused in apply(): rows touch at most two bodies of three velocities
    for (int a = 0; a < count; ++a) entry[a] = value[outer[r] + a];
    const int t = with_ties ? tie_of_[static_cast<std::size_t>(r)] : -1;
    if (t >= 0)
      for (int a = 0; a < count; ++a) entry[a] += factor_[static_cast<std::size_t>(t)] * value[outer[t] + a];
    for (int a = 0; a < count; ++a) entry[a] *= root_inverse_mass_[inner[outer[r] + a]];
    if (dense_velocities_) {
      for (int a = 0; a < count; ++a)
        for (int c = 0; c <= a; ++c) {
          const int i = std::max(inner[outer[r] + a], inner[outer[r] + c]), j = std::min(inner[outer[r] + a], inner[outer[r] + c]);
          dense_K_(i, j) += entry[a] * entry[c];
        }
    } else {
      const int* pos = row_pattern_.data() + row_pattern_start_[static_cast<std::size_t>(r)];
      for (int a = 0; a < count; ++a)
        for (int c = 0; c <= a; ++c) sparse_K_.valuePtr()[*pos++] += entry[a] * entry[c];
    }
  }
}

// Factorises K + εI (slot `second`: 0 for CᵀC, 1 for BBᵀ) and solves in place.
bool SubspaceStep::factor_and_solve(bool second, Vec& rhs) {
  const int slot = second ? 1 : 0;
  if (dense_velocities_) {
    const double eps = kVelocityRegularisation * std::max(dense_K_.diagonal().maxCoeff(), 1e-300);
    dense_K_.diagonal().array() += eps;
    dense_ldlt_[slot].compute(dense_K_);
    if (dense_ldlt_[slot].info() != Eigen::Success) return false;
    dense_ldlt_[slot].solveInPlace(rhs);
  } else {
    double largest = 1e-300;
    for (const int k : diagonal_) largest = std::max(largest, sparse_K_.valuePtr()[k]);
    for (const int k : diagonal_) sparse_K_.valuePtr()[k] += kVelocityRegularisation * largest;
    auto& f = *sparse_ldlt_[slot];
    f.factorize(sparse_K_);
    if (f.info() != Eigen::Success) return false;
    rhs = f.solve(rhs);
  }
  return rhs.allFinite();
}

bool SubspaceStep::apply(const RowSparseMat& H, const VecRef& inverse_mass, const VecRef& b,
                         std::span<const FrictionContact> contacts, Vec& p) {
  const Eigen::Index n = b.size();
  if (nv_ != H.cols() || H.rows() != n || inverse_mass.size() != nv_ || !fits(n, n, n, p.size(), contacts)) return false;
  for (const FrictionContact& c : contacts)
    if (!same_pattern(H, c.normal, c.tangent)) return false;
  for (Eigen::Index r = 0; r < n; ++r)
    if (H.outerIndexPtr()[r + 1] - H.outerIndexPtr()[r] > 6) return false;
  for (Eigen::Index r = 0; r < n; ++r) w_diagonal_[r] = H.row(r).cwiseAbs2().dot(inverse_mass);
  root_inverse_mass_ = inverse_mass.cwiseSqrt();
  class Factored final : public Operator {
   public:
    Factored(SubspaceStep& s, const RowSparseMat& H, const VecRef& inverse_mass, const VecRef& b)
        : s_(s), H_(H), minv_(inverse_mass), b_(b) {}
    void product(const Vec& x, Vec& w) override {  // through the velocities M⁻¹ Hᵀ x
      Vec& v = s_.velocity_;
      v.setZero();
      for (Eigen::Index r = 0; r < x.size(); ++r)
        if (x[r] != 0.0) v += x[r] * H_.row(r).transpose();
      v.array() *= minv_.array();
      for (Eigen::Index r = 0; r < x.size(); ++r) w[r] = H_.row(r).dot(v) + b_[r];
    }
    bool correction() override { return s_.solve_velocities(H_); }
    double diagonal(Eigen::Index r) const override { return s_.w_diagonal_[r]; }

   private:
    SubspaceStep& s_;
    const RowSparseMat& H_;
    const VecRef& minv_;
    const VecRef& b_;
  };
  Factored op(*this, H, inverse_mass, b);
  return run(op, contacts, n, p);
}

// The correction of the face from x_ with velocities w_, in the mass-scaled velocities ŷ = M^{1/2} y
// (Ĉ = C M^{-1/2}, B̂ = M^{-1/2} B), where the normal matrices have the spectrum of W's block:
//   ŷ = −(ĈᵀĈ + εI)⁻¹ Ĉᵀ r,   z = (B̂B̂ᵀ + εI)⁻¹ ŷ,   d = B̂ᵀ z.
bool SubspaceStep::solve_velocities(const RowSparseMat& H) {
  force_.setZero();  // Ĉᵀ r
  for (const int r : rows_) force_ += w_[r] * H.row(r).transpose();
  force_.array() *= root_inverse_mass_.array();
  assemble_normal_matrix(H, false);
  Vec& y = force_;
  if (!factor_and_solve(false, y)) return false;
  y = -y;
  bool ties = false;
  for (const int r : rows_) ties = ties || tie_of_[static_cast<std::size_t>(r)] >= 0;
  if (ties) {
    assemble_normal_matrix(H, true);
    if (!factor_and_solve(true, y)) return false;
  } else if (dense_velocities_) {  // B = Cᵀ: the factor of ĈᵀĈ serves again
    dense_ldlt_[0].solveInPlace(y);
  } else {
    y = sparse_ldlt_[0]->solve(y);
  }
  if (!y.allFinite()) return false;
  y.array() *= root_inverse_mass_.array();
  const auto m = static_cast<Eigen::Index>(rows_.size());
  auto d = rhs_.head(m);
  for (Eigen::Index k = 0; k < m; ++k) {  // d = Bᵀ M^{-1/2} z: the unknown's row, plus the tied tangent's
    const int r = rows_[static_cast<std::size_t>(k)];
    d[k] = H.row(r).dot(y);
    const int t = tie_of_[static_cast<std::size_t>(r)];
    if (t >= 0) d[k] += factor_[static_cast<std::size_t>(t)] * H.row(t).dot(y);
  }
  spread(d);
  return true;
}

}  // namespace stickslip::solvers
