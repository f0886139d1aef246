// Solving the step's impulse problem (impulse_problem.hpp) with the solver library.
//
// One or two contacts without joints: by the contacts' faces (solve_by_faces). Small problems:
// exactly, by Lemke's method on the standard lifting of planar Coulomb friction (lifted_problem.cpp).
// Large problems: nonsmooth (projected) Gauss-Seidel on W itself (FrictionalContactSolver), dense
// or sparse, warm-started from the previous step's impulses (the rows keep their index: one row
// block per contact for the whole run). A Lemke failure (a ray on a degenerate problem) falls back
// to Gauss-Seidel; a Gauss-Seidel solve that ends above its tolerance is solved again by Lemke on the
// active contacts when that problem is small (lifted_problem.cpp), then by the interior-point method
// in velocity space, then by the proximal point method (proximal_rescue.cpp), and is otherwise
// accepted and counted. The lifting itself is in lifted_problem.cpp.
#include <algorithm>
#include <cmath>

#include "formulations/time_stepping/impulse_problem.hpp"
#include "math/errors.hpp"

namespace stickslip {
void ImpulseProblem::solve() {
  last_iterative_ = false;
  velocity_change_of_p_ = false;
  if (n_ == 0) return record(0, 0.0, true);  // a model without contacts or constraints
  for (std::size_t c = 0; c < contacts_.size(); ++c) {
    const ContactRows& cr = contacts_[c];
    friction_contacts_[c].mu = cr.active ? cr.mu : 0.0;
    if (!cr.active) {
      b_[cr.normal] = 1.0;
      for (int t = 0; t < cr.tangent_rows; ++t) b_[cr.tangent + t] = 1.0;
    }
  }
  if (keep_warm_start_) warm_start_ = p_;
  last_rescue_ = last_interior_point_ = last_proximal_ = "none";
  if (lemke_ && solve_by_faces()) return;
  if (lemke_) {
    lift_into(lifted_base_, K_, kq_);
    if (solve_lifted(lifted_base_, K_, kq_, p_)) return record(lifted_result_.iterations, lifted_result_.residual, true);
    ++stats_.fallbacks;
  }
  last_iterative_ = true;
  solve_pgs();
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
  const bool subspace = after > 0 && options_.subspace_rounds > 0 && (!has_disc_ || disc_subspace_);
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
  last_goal_ = tolerance_ * solvers::residual_scale(b_);
  // A pass sweeps at least once or takes a subspace step, so the passes stay below the cap and the
  // rounds; the count bounds the loop also when the sweeps take nothing from a pass (a problem they
  // refuse, or a residual met only before rounding, which ends a solve at its first check).
  const int max_passes = cap + options_.subspace_rounds;
  for (int passes = 0; !result_.solved() && sweeps < cap && !last_stalled_ && passes < max_passes; ++passes) {
    if (result_.status == solvers::LcpStatus::invalid_input || result_.status == solvers::LcpStatus::singular) break;
    if (should_stop_ && should_stop_()) throw StopRequested{};
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
  refresh_row_matrix();
  return subspace_.apply(Hs_, *minv_, b_, friction_contacts_, result_.z);
}

// The accelerated projected gradient (solvers/accelerated_gradient.hpp) on W, warm-started from the
// previous step's impulses, with the same tolerance, cap and stall rule as Gauss-Seidel.
template <class Matrix>
void ImpulseProblem::solve_apgd(const Matrix& W) {
  last_goal_ = tolerance_ * solvers::residual_scale(b_);
  apgd_.solve(W, b_, friction_contacts_, p_, result_);
  last_stalled_ = apgd_.stalled();
}

// The sweeps (or APGD) from p_, then the rescues while the goal is not met: result_.
void ImpulseProblem::solve_iteratively() {
  const bool apgd = options_.kind == ImpulseSolverKind::apgd;
  if (velocity_sweep_) {
    solve_in_velocities();
    if (!result_.solved() && result_.z.size() == n_) ensure_operator();  // the rescues read W
  } else if (sparse_) {
    apgd ? solve_apgd(Ws_) : pgs_with_subspace(Ws_);
  } else {
    apgd ? solve_apgd(W_) : pgs_with_subspace(W_);
  }
  // A stop request is answered before each rescue (each can take long on a large problem).
  const auto rescue = [this](void (ImpulseProblem::*method)()) {
    if (result_.solved()) return;
    if (should_stop_ && should_stop_()) throw StopRequested{};
    (this->*method)();
  };
  rescue(&ImpulseProblem::rescue_by_lemke);
  rescue(&ImpulseProblem::rescue_by_interior_point);
  rescue(&ImpulseProblem::rescue_by_proximal_point);
}

void ImpulseProblem::solve_pgs() {
  solve_iteratively();
  if (result_.z.size() == n_) p_ = result_.z;
  else p_.setConstant(std::numeric_limits<double>::quiet_NaN());  // invalid input: reported by finite()
  record(result_.iterations, result_.residual, result_.solved());
}

// The last iterative solve again, from its answer, to `share` of its tolerance: the sweeps and, when
// they do not reach it, the rescues, with the tighter goal. The answer replaces the impulses when its
// residual is smaller; the figures of the step's solve (record()) stay those of the first solve, the
// refinement's are counted apart. Returns the residual of the impulses kept.
double ImpulseProblem::refine(double share) {
  if (!last_iterative_ || n_ == 0) return last_residual_;
  const double goal = last_goal_;
  tolerance_ = options_.tolerance * share;
  pgs_.options().tolerance = apgd_.options().tolerance = tolerance_;
  const bool stalled = last_stalled_;
  ++stats_.refinements;
  solve_iteratively();
  stats_.refine_sweeps += result_.iterations;
  if (result_.solved()) ++stats_.refinements_met;
  if (result_.z.size() == n_ && result_.residual < last_residual_) {
    p_ = result_.z;
    last_residual_ = result_.residual;
  }
  tolerance_ = options_.tolerance;
  pgs_.options().tolerance = apgd_.options().tolerance = tolerance_;
  last_goal_ = goal;
  last_stalled_ = stalled;
  return last_residual_;
}

// A solve still above its tolerance (Lemke's rescue did not apply or did not finish it) is solved
// again by the interior-point method in velocity space (solvers/interior_point.hpp), from the
// shift of the iterate's tangential velocities: the wall's degenerate problems, where sweeps crawl
// and Lemke meets singular bases. Its answer (its best one when it did not finish) replaces the
// iterate when its natural residual on the problem's own W is smaller, and the solve counts as
// converged when that meets the goal by the same test as Gauss-Seidel's own.
void ImpulseProblem::rescue_by_interior_point() {
  if (!interior_point_ready_ || result_.z.size() != n_) return;
  ++stats_.interior_point_attempts;
  last_interior_point_ = "tried";
  refresh_row_matrix();
  trial_p_ = result_.z;
  const bool met = interior_point_.solve(Hs_, *minv_, b_, friction_contacts_, last_goal_, trial_p_);
  stats_.interior_point_iterations += interior_point_.iterations();
  if (!met) {
    if (interior_point_.best().size() != n_) return;
    trial_p_ = interior_point_.best();
  }
  const RescueOutcome outcome = take_if_better(trial_p_);
  last_interior_point_ = outcome_name(outcome);
  if (outcome == RescueOutcome::finished) ++stats_.interior_point_rescued;
}

// A rescue's answer p replaces the iterate when its natural residual on the problem's own W is
// smaller, and the solve is then solved when that meets the goal by the same test as Gauss-Seidel's
// own (box_lcp.cpp: the rounded and the unrounded residual).
ImpulseProblem::RescueOutcome ImpulseProblem::take_if_better(const Vec& p) {
  trial_.w = b_;
  if (sparse_) trial_.w.noalias() += Ws_ * p;
  else trial_.w.noalias() += W_ * p;
  if (!solvers::contact_box_bounds(friction_contacts_, n_, rescue_bounds_)) return RescueOutcome::tried;
  const double residual = solvers::box_residual(p, trial_.w, rescue_bounds_);
  if (!(residual < result_.residual)) return RescueOutcome::tried;
  result_.z = p;
  velocity_change_of_p_ = false;
  result_.w = trial_.w;
  result_.residual = residual;
  if (residual > last_goal_ || solvers::unrounded_box_residual(p, trial_.w, rescue_bounds_) > last_goal_)
    return RescueOutcome::improved;
  result_.status = solvers::LcpStatus::solved;
  return RescueOutcome::finished;
}

const char* ImpulseProblem::outcome_name(RescueOutcome outcome) {
  switch (outcome) {
    case RescueOutcome::improved: return "improved";
    case RescueOutcome::finished: return "finished";
    case RescueOutcome::tried: break;
  }
  return "tried";
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

void ImpulseProblem::describe(ContactProblemRecord& out) {
  ensure_operator();
  out.bilateral_rows = nc_;
  if (sparse_) out.W = Ws_;
  else out.W = W_.sparseView(0.0, 0.0);  // every non-zero kept
  out.b = b_;
  out.p_start = keep_warm_start_ ? warm_start_ : Vec::Constant(n_, std::numeric_limits<double>::quiet_NaN());
  out.p = p_;
  out.contacts = friction_contacts_;
  out.active.resize(contacts_.size());
  for (std::size_t c = 0; c < contacts_.size(); ++c) out.active[c] = contacts_[c].active ? 1 : 0;
  out.solver = iterative_solver();
  out.goal = last_goal_;
  out.residual = last_residual_;
  out.iterations = last_iterations_;
  out.rescue = last_rescue_;
  out.interior_point = last_interior_point_;
  out.proximal = last_proximal_;
}

}  // namespace stickslip
