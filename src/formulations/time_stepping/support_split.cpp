// The least-norm split of the impulses among redundant supports (support_split.hpp).
#include "formulations/time_stepping/support_split.hpp"

#include <algorithm>
#include <cmath>

namespace stickslip {
namespace {

// Rounding the projection p − Z Zᵀ p may leave on a bound it meets exactly (a frictionless or fully
// loaded row): relative to the group's largest impulse.
constexpr double kBoundRounding = 1e-12;

}  // namespace

void SupportSplit::apply(const ImpulseProblem& problem, const Model& model,
                         const std::vector<std::array<int, 2>>& contact_bodies, int first,
                         const std::vector<ContactState>& state, const Vec& minv) {
  reported_ = problem.impulses();
  replaced_ = 0;
  const int n = problem.contact_count() - first;
  if (n < 2) return;
  const auto node = [&](int b) { return model.bodies[static_cast<std::size_t>(b)].is_dynamic() ? b : -1; };
  key_.resize(static_cast<std::size_t>(n));
  order_.clear();
  for (int k = 0; k < n; ++k) {
    const int c = first + k;
    if (state[static_cast<std::size_t>(c)] != ContactState::stick || !problem.contact(c).active) continue;
    const auto& b = contact_bodies[static_cast<std::size_t>(k)];
    key_[static_cast<std::size_t>(k)] = {std::min(node(b[0]), node(b[1])), std::max(node(b[0]), node(b[1]))};
    order_.push_back(c);
  }
  const auto key = [&](int c) { return key_[static_cast<std::size_t>(c - first)]; };
  // Within a pair, the contacts' own order: the result does not depend on the sort.
  std::sort(order_.begin(), order_.end(), [&](int a, int b) { return key(a) != key(b) ? key(a) < key(b) : a < b; });
  const int m = static_cast<int>(order_.size());
  for (int begin = 0; begin < m;) {
    int end = begin + 1;
    while (end < m && key(order_[static_cast<std::size_t>(end)]) == key(order_[static_cast<std::size_t>(begin)])) ++end;
    if (end - begin >= 2 && end - begin <= kMaxPoints) split_group(problem, minv, begin, end);
    begin = end;
  }
}

// Contacts order_[begin, end) of one pair: their rows, J_A M⁻¹ J_Aᵀ, its null space, the split.
void SupportSplit::split_group(const ImpulseProblem& problem, const Vec& minv, int begin, int end) {
  row_count_ = contact_count_ = 0;
  for (int i = begin; i < end; ++i) {
    const int c = order_[static_cast<std::size_t>(i)];
    const ContactRows& cr = problem.contact(c);
    contacts_[static_cast<std::size_t>(contact_count_++)] = c;
    rows_[static_cast<std::size_t>(row_count_++)] = cr.normal;
    // A frictionless contact's tangent impulses stay zero: its tangent rows are not free to share.
    if (cr.mu > 0)
      for (int t = 0; t < cr.tangent_rows; ++t) rows_[static_cast<std::size_t>(row_count_++)] = cr.tangent + t;
  }
  gram_.resize(row_count_, row_count_);
  p_.resize(row_count_);
  for (int a = 0; a < row_count_; ++a) {
    const ImpulseRow& ra = problem.row(rows_[static_cast<std::size_t>(a)]);
    p_[a] = problem.impulses()[rows_[static_cast<std::size_t>(a)]];
    for (int b = 0; b <= a; ++b) {
      const ImpulseRow& rb = problem.row(rows_[static_cast<std::size_t>(b)]);
      double s = 0;  // H_a M⁻¹ H_bᵀ over the dynamic bodies the two rows share
      for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 2; ++j) {
          if (ra.offset[i] < 0 || ra.offset[i] != rb.offset[j]) continue;
          const Eigen::Index w = ra.w[i].size();
          s += ra.w[i].cwiseProduct(minv.segment(ra.offset[i], w).transpose()).dot(rb.w[j]);
        }
      gram_(a, b) = gram_(b, a) = s;
    }
  }
  if (dependent_.compute(gram_) == 0) return;
  const auto Z = dependent_.null_basis();
  split_.noalias() = Z.transpose() * p_;
  p_.noalias() -= Z * split_;
  if (!admissible(problem)) return;
  for (int a = 0; a < row_count_; ++a) reported_[rows_[static_cast<std::size_t>(a)]] = p_[a];
  ++replaced_;
}

// The split in p_ (the group's rows in rows_ order): normal impulses >= 0, friction inside μ P_N.
bool SupportSplit::admissible(const ImpulseProblem& problem) const {
  const double rounding = kBoundRounding * std::max(p_.cwiseAbs().maxCoeff(), 1e-300);
  int a = 0;
  for (int k = 0; k < contact_count_; ++k) {
    const ContactRows& cr = problem.contact(contacts_[static_cast<std::size_t>(k)]);
    const double normal = p_[a++];
    if (normal < -rounding) return false;
    if (cr.mu <= 0) continue;
    double friction = 0;
    for (int t = 0; t < cr.tangent_rows; ++t) friction += p_[a + t] * p_[a + t];
    a += cr.tangent_rows;
    // The disc |P_T|₂ <= μ P_N (one tangent row: the interval |P_T| <= μ P_N).
    if (std::sqrt(friction) > cr.mu * std::max(normal, 0.0) + rounding) return false;
  }
  return true;
}

}  // namespace stickslip
