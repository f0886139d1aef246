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
  // A row wider than NormalMatrix::kMaxRowEntries is refused in apply() (not analysed).
  for (auto& k : normal_) k.analyse(H);
}

// K + εI assembled over the unknowns (with_ties false: CᵀC, slot 0; true: BBᵀ, slot 1) in the
// mass-scaled velocities, factorised, and rhs solved in place.
bool SubspaceStep::factor_and_solve(const RowSparseMat& H, bool with_ties, Vec& rhs) {
  NormalMatrix& K = normal_[with_ties ? 1 : 0];
  NormalMatrix::Rows rows{rows_, {}, {}, {}, {}};
  if (with_ties) {
    rows.tie_of = tie_of_;
    rows.tie_factor = factor_;
    rows.tie_count = tie_count_;
  }
  K.assemble(H, rows, root_inverse_mass_);
  if (!K.factorize(kVelocityRegularisation * std::max(K.largest_diagonal(), 1e-300))) return false;
  K.solve_in_place(rhs);
  return rhs.allFinite();
}

bool SubspaceStep::apply(const RowSparseMat& H, const VecRef& inverse_mass, const VecRef& b,
                         std::span<const FrictionContact> contacts, Vec& p) {
  const Eigen::Index n = b.size();
  if (nv_ != H.cols() || H.rows() != n || inverse_mass.size() != nv_ || !H.isCompressed() ||
      !fits(n, n, n, p.size(), contacts))
    return false;
  for (const FrictionContact& c : contacts)
    for (int t = c.tangent; t < c.tangent + c.tangent_rows; ++t)
      if (!same_pattern(H, c.normal, t)) return false;
  for (Eigen::Index r = 0; r < n; ++r)
    if (H.outerIndexPtr()[r + 1] - H.outerIndexPtr()[r] > NormalMatrix::kMaxRowEntries) return false;
  for (Eigen::Index r = 0; r < n; ++r) w_diagonal_[r] = H.row(r).cwiseAbs2().dot(inverse_mass);
  root_inverse_mass_ = inverse_mass.cwiseSqrt();
  class Factored final : public Operator {
   public:
    Factored(SubspaceStep& s, const RowSparseMat& H, const VecRef& inverse_mass, const VecRef& b)
        : s_(s), H_(H), minv_(inverse_mass), b_(b) {}
    // Through the velocities M⁻¹ Hᵀ x, on H's compressed arrays (the sums of Eigen's sparse row
    // products, in their order, without their iterators).
    void product(const Vec& x, Vec& w) override {
      Vec& v = s_.velocity_;
      v.setZero();
      const int* outer = H_.outerIndexPtr();
      const int* inner = H_.innerIndexPtr();
      const double* value = H_.valuePtr();
      for (Eigen::Index r = 0; r < x.size(); ++r) {
        const double xr = x[r];
        if (xr == 0.0) continue;
        for (int k = outer[r]; k < outer[r + 1]; ++k) v[inner[k]] += xr * value[k];
      }
      v.array() *= minv_.array();
      for (Eigen::Index r = 0; r < x.size(); ++r) {
        double sum = 0.0;
        for (int k = outer[r]; k < outer[r + 1]; ++k) sum += value[k] * v[inner[k]];
        w[r] = sum + b_[r];
      }
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
  Vec& y = force_;
  if (!factor_and_solve(H, false, y)) return false;
  y = -y;
  bool ties = false;
  for (const int r : rows_) ties = ties || tie_of_[static_cast<std::size_t>(r)] >= 0;
  if (ties) {
    if (!factor_and_solve(H, true, y)) return false;
  } else {  // B = Cᵀ: the factor of ĈᵀĈ serves again
    normal_[0].solve_in_place(y);
  }
  if (!y.allFinite()) return false;
  y.array() *= root_inverse_mass_.array();
  const auto m = static_cast<Eigen::Index>(rows_.size());
  auto d = rhs_.head(m);
  for (Eigen::Index k = 0; k < m; ++k) {  // d = Bᵀ M^{-1/2} z: the unknown's row, plus the tied tangent's
    const int r = rows_[static_cast<std::size_t>(k)];
    d[k] = H.row(r).dot(y);
    const int t = tie_of_[static_cast<std::size_t>(r)];
    for (int j = 0; t >= 0 && j < tie_count_[static_cast<std::size_t>(r)]; ++j)
      d[k] += factor_[static_cast<std::size_t>(t + j)] * H.row(t + j).dot(y);
  }
  spread(d);
  return true;
}

}  // namespace stickslip::solvers
