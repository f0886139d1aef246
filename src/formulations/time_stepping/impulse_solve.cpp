// Solving the step's impulse problem (impulse_problem.hpp) with the solver library.
//
// One or two contacts without joints: by the contacts' faces (solve_by_faces). Small problems:
// exactly, by Lemke's method on the standard lifting of planar Coulomb friction
// (Stewart & Trinkle 1996; Anitescu & Potra 1997): per contact the variables (P_N, P_T+, P_T−, β)
// with P_T = P_T+ − P_T− and the complementarity rows
//   u_N >= 0 ⟂ P_N,   u_T + β >= 0 ⟂ P_T+,   −u_T + β >= 0 ⟂ P_T−,   μ P_N − P_T+ − P_T− >= 0 ⟂ β,
// beside the free bilateral rows (a mixed LCP: MlcpSolver eliminates them by a Schur complement).
// Large problems: nonsmooth (projected) Gauss-Seidel on W itself (FrictionalContactSolver), dense
// or sparse, warm-started from the previous step's impulses (the rows keep their index: one row
// block per contact for the whole run). A Lemke failure (a ray on a degenerate problem) falls back
// to Gauss-Seidel; Gauss-Seidel stopped at its sweep cap is accepted and counted.
#include <algorithm>
#include <cmath>

#include "formulations/time_stepping/impulse_problem.hpp"

namespace stickslip {
namespace {

// The lifted rows (or variables) of W's row r and their signs: a bilateral or normal row maps to
// one, a tangent row (of an interval cone) to P_T+ (+1) and P_T− (−1).
int lifted_targets(int r, const std::vector<int>& row_contact, const std::vector<ContactRows>& contacts,
                   const std::vector<int>& lifted_base, int out[2], double sign[2]) {
  const int c = row_contact[static_cast<std::size_t>(r)];
  if (c < 0) {
    out[0] = r;
    sign[0] = 1;
    return 1;
  }
  const int base = lifted_base[static_cast<std::size_t>(c)];
  if (r == contacts[static_cast<std::size_t>(c)].normal) {
    out[0] = base;
    sign[0] = 1;
    return 1;
  }
  out[0] = base + 1;
  out[1] = base + 2;
  sign[0] = 1;
  sign[1] = -1;
  return 2;
}

}  // namespace

void ImpulseProblem::solve() {
  last_iterative_ = false;
  if (n_ == 0) return record(0, 0.0, true);  // a model without contacts or constraints
  for (std::size_t c = 0; c < contacts_.size(); ++c) {
    const ContactRows& cr = contacts_[c];
    friction_contacts_[c].mu = cr.active ? cr.mu : 0.0;
    if (!cr.active) {
      b_[cr.normal] = 1.0;
      for (int t = 0; t < cr.tangent_rows; ++t) b_[cr.tangent + t] = 1.0;
    }
  }
  if (lemke_ && solve_by_faces()) return;
  if (lemke_) {
    lift();
    if (solve_lifted()) return;
    ++stats_.fallbacks;
  }
  last_iterative_ = true;
  solve_pgs();
}

void ImpulseProblem::lift() {
  K_.setZero();
  kq_.setZero();
  int rt[2], st[2];
  double rs[2], ss[2];
  for (int r = 0; r < n_; ++r) {
    if (!row_active(r)) continue;
    const int nr = lifted_targets(r, row_contact_, contacts_, lifted_base_, rt, rs);
    for (int i = 0; i < nr; ++i) kq_[rt[i]] = rs[i] * b_[r];
    for (int s = 0; s < n_; ++s) {
      if (!row_active(s)) continue;
      const double w = W_(r, s);
      if (w == 0.0) continue;
      const int ns = lifted_targets(s, row_contact_, contacts_, lifted_base_, st, ss);
      for (int i = 0; i < nr; ++i)
        for (int j = 0; j < ns; ++j) K_(rt[i], st[j]) = rs[i] * ss[j] * w;
    }
  }
  for (std::size_t c = 0; c < contacts_.size(); ++c) {
    const ContactRows& cr = contacts_[c];
    const int base = lifted_base_[c];
    if (!cr.active) {  // a decoupled identity block with q = 1: all four variables stay zero
      for (int k = 0; k < 4; ++k) {
        K_(base + k, base + k) = 1.0;
        kq_[base + k] = 1.0;
      }
      continue;
    }
    K_(base + 1, base + 3) = 1.0;
    K_(base + 2, base + 3) = 1.0;
    K_(base + 3, base) = cr.mu;
    K_(base + 3, base + 1) = -1.0;
    K_(base + 3, base + 2) = -1.0;
  }
}

// One or two contacts and no bilateral rows (a ball, a rocking block): the faces of the contacts
// tried directly on W (solvers/contact_faces_2d.hpp), the previous step's first; it answers what
// Lemke's method on the lifted problem would, without lifting, balancing or pivoting. A problem no
// face solves to the tolerance goes on to Lemke.
bool ImpulseProblem::solve_by_faces() {
  const int limit = std::min(options_.direct_contacts, solvers::ContactFaces2D::kMaxContacts);
  if (nc_ != 0 || contacts_.empty() || static_cast<int>(contacts_.size()) > limit) return false;
  // W = H W̃⁻¹ Hᵀ has rank <= nv; an inactive contact's unit rows add theirs.
  int rank_bound = nv_;
  for (const ContactRows& cr : contacts_)
    if (!cr.active) rank_bound += 1 + cr.tangent_rows;
  if (!faces_.solve(W_, b_, friction_contacts_, p_, rank_bound)) return false;
  ++stats_.direct;
  record(0, faces_.residual(), true);
  return true;
}

bool ImpulseProblem::solve_lifted() {
  if (nc_ == 0) {
    lemke_solver_.solve(K_, kq_, lifted_result_);
  } else {
    mlcp_.solve(K_, kq_, nc_, lifted_result_);
  }
  if (!lifted_result_.solved() || !lifted_result_.z.allFinite()) return false;
  const Vec& z = lifted_result_.z;
  for (int r = 0; r < nc_; ++r) p_[r] = z[r];
  for (std::size_t c = 0; c < contacts_.size(); ++c) {
    const ContactRows& cr = contacts_[c];
    const int base = lifted_base_[c];
    p_[cr.normal] = cr.active ? z[base] : 0.0;
    p_[cr.tangent] = cr.active ? z[base + 1] - z[base + 2] : 0.0;
  }
  record(lifted_result_.iterations, lifted_result_.residual, true);
  return true;
}

// Gauss-Seidel sweeps interleaved with subspace steps (solvers/subspace_step.hpp): the sweeps find
// the active set, the subspace step solves the face they found and corrects it where it was wrong,
// and replaces the iterate only when it lowers the residual. Sweeps go on in chunks of
// subspace_after with a subspace step before each chunk (at most subspace_rounds of them) until the
// tolerance is met, the sweep cap is reached, or the residual has not halved over stall_sweeps
// sweeps: such a problem converges too slowly for the cap, or not at all (a wall under strong
// motion: tall, ill-conditioned stacks of redundant frictional corners whose faces change in every
// step, where the subspace steps' face predictions fail; plain sweeps there need hundreds to tens
// of thousands). The solve is then counted as unconverged with its residual.
template <class Matrix>
void ImpulseProblem::pgs_with_subspace(const Matrix& W) {
  solvers::BoxPgsOptions& o = pgs_.options();
  const int cap = options_.max_iterations, after = options_.subspace_after, stall = options_.stall_sweeps;
  const bool subspace = after > 0 && options_.subspace_rounds > 0;
  const int chunk = subspace ? after : stall > 0 ? stall : cap;
  o.max_iterations = std::min(std::max(chunk, options_.min_iterations), cap);  // the floor of sweeps first
  o.min_iterations = options_.min_iterations;
  pgs_.solve(W, b_, friction_contacts_, p_, result_);
  o.min_iterations = 0;
  int sweeps = result_.iterations, rounds = 0, reference_sweeps = sweeps;
  double reference = result_.residual;  // the residual last halved at reference_sweeps
  const auto sweep = [&](const Vec& from, solvers::LcpResult& into) {
    pgs_.solve(W, b_, friction_contacts_, from, into);
    sweeps += into.iterations;
  };
  last_stalled_ = false;
  last_goal_ = options_.tolerance * solvers::residual_scale(b_);
  while (!result_.solved() && sweeps < cap && !last_stalled_) {
    o.max_iterations = std::min(chunk, cap - sweeps);
    if (subspace && rounds++ < options_.subspace_rounds) {
      if (subspace_step(W)) {
        ++stats_.subspace_steps;
      } else if (std::isfinite(subspace_.end_residual()) && cap - sweeps >= 2 * chunk) {
        // The step's best point is worse than the iterate only at the few contacts whose face it
        // got wrong: sweeps from both, and the better goes on (both count).
        trial_p_ = subspace_.candidate();
        sweep(trial_p_, trial_);
        sweep(result_.z, result_);
        if (trial_.residual < result_.residual) {
          std::swap(trial_, result_);
          ++stats_.subspace_steps;
        }
      } else {
        sweep(result_.z, result_);
      }
    } else {
      sweep(result_.z, result_);
    }
    if (result_.residual <= 0.5 * reference) {
      reference = result_.residual;
      reference_sweeps = sweeps;
    }
    last_stalled_ = stall > 0 && sweeps - reference_sweeps >= stall && !result_.solved();
  }
  o.max_iterations = cap;
  o.min_iterations = options_.min_iterations;
  result_.iterations = sweeps;
}

// One subspace step on the current iterate (in place when it improves it), in velocity space with
// the rows of H and the diagonal mass matrix, or on W itself with spring elements.
template <class Matrix>
bool ImpulseProblem::subspace_step(const Matrix& W) {
  if (implicit_) return subspace_.apply(W, b_, friction_contacts_, result_.z);
  if (row_matrix_stale_) {
    update_row_matrix();
    row_matrix_stale_ = false;
  }
  return subspace_.apply(Hs_, *minv_, b_, friction_contacts_, result_.z);
}

// The accelerated projected gradient (solvers/accelerated_gradient.hpp) on W, warm-started from the
// previous step's impulses, with the same tolerance, cap and stall rule as Gauss-Seidel.
template <class Matrix>
void ImpulseProblem::solve_apgd(const Matrix& W) {
  last_goal_ = options_.tolerance * solvers::residual_scale(b_);
  apgd_.solve(W, b_, friction_contacts_, p_, result_);
  last_stalled_ = apgd_.stalled();
}

void ImpulseProblem::solve_pgs() {
  const bool apgd = options_.kind == ImpulseSolverKind::apgd;
  if (sparse_) {
    apgd ? solve_apgd(Ws_) : pgs_with_subspace(Ws_);
  } else {
    apgd ? solve_apgd(W_) : pgs_with_subspace(W_);
  }
  if (result_.z.size() == n_) p_ = result_.z;
  else p_.setConstant(std::numeric_limits<double>::quiet_NaN());  // invalid input: reported by finite()
  record(result_.iterations, result_.residual, result_.solved());
}

void ImpulseProblem::record(int iterations, double residual, bool converged) {
  ++stats_.solves;
  last_unconverged_ = !converged;
  last_residual_ = residual;
  last_iterations_ = iterations;
  if (lemke_ && last_iterative_) {  // a Lemke failure solved by Gauss-Seidel: sweeps, not pivots
    stats_.fallback_sweeps += iterations;
  } else {
    stats_.iterations += iterations;
    stats_.max_iterations = std::max(stats_.max_iterations, iterations);
  }
  if (!converged) {
    ++stats_.unconverged;
    if (last_stalled_) ++stats_.stalled;
    stats_.max_unconverged_residual = std::max(stats_.max_unconverged_residual, residual);
  }
  if (residual > stats_.max_residual) stats_.max_residual = residual;
}

}  // namespace stickslip
