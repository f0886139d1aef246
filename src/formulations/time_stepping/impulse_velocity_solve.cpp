// The step's impulse problem solved by Gauss-Seidel in velocity space (solvers/velocity_gauss_seidel.hpp):
// the bilateral rows (with their regularisation, when the constraints are redundant) and the active
// contacts' rows, each on the blocks of its (at most two) dynamic bodies, with this step's b and the
// previous step's impulses as the warm start; inactive contacts carry nothing. The sweeps go in
// chunks between subspace steps (solvers/subspace_step.hpp, in velocity space on H and M, disc faces
// included) exactly as pgs_with_subspace does over W (impulse_solve.cpp): the same options, goal,
// stall rule and figures, so the two are read alike. Without subspace steps (subspace_after: 0) one
// call sweeps each island to its own goal, stall or cap.
#include <algorithm>
#include <cmath>

#include "formulations/time_stepping/impulse_problem.hpp"
#include "math/errors.hpp"
#include "model/contact.hpp"

namespace stickslip {
namespace {

solvers::RowOnBlocks on_blocks(const ImpulseRow& row) {
  solvers::RowOnBlocks out;
  for (std::size_t a = 0; a < 2; ++a) {
    out.offset[a] = row.offset[a];
    out.entries[a] = row.offset[a] >= 0 ? row.w[a].data() : nullptr;
  }
  return out;
}

}  // namespace

// The problem's rows handed to the sweeps; the inactive contacts' impulses set to zero.
void ImpulseProblem::load_velocity_problem() {
  velocity_pgs_.begin(nv_, block_width_, *minv_);
  for (int r = 0; r < nc_; ++r) velocity_pgs_.add_free_row(r, on_blocks(rows_[static_cast<std::size_t>(r)]), b_[r], bilateral_added_);
  std::array<solvers::RowOnBlocks, 1 + kMaxTangentRows> blocks;
  std::array<double, 1 + kMaxTangentRows> b{};
  for (std::size_t c = 0; c < contacts_.size(); ++c) {
    const ContactRows& cr = contacts_[c];
    if (!cr.active) {
      for (int r = cr.normal; r <= cr.tangent + cr.tangent_rows - 1; ++r) p_[r] = 0.0;
      continue;
    }
    const auto rows = static_cast<std::size_t>(1 + cr.tangent_rows);
    for (std::size_t k = 0; k < rows; ++k) {
      const int r = k == 0 ? cr.normal : cr.tangent + static_cast<int>(k) - 1;
      blocks[k] = on_blocks(rows_[static_cast<std::size_t>(r)]);
      b[k] = b_[r];
    }
    velocity_pgs_.add_contact(friction_contacts_[c], std::span(blocks.data(), rows), std::span(b.data(), rows));
  }
}

// Sweeps from p (at most max_sweeps per island, at least min_sweeps, `stall`: the sweeps' own stall
// rule, 0: none) into p; adds their count to `sweeps`, returns the residual and status.
double ImpulseProblem::velocity_sweeps(Vec& p, int min_sweeps, int max_sweeps, int stall, int& sweeps,
                                       solvers::LcpStatus& status) {
  solvers::VelocitySweepOptions& o = velocity_pgs_.options();
  o.tolerance = tolerance_;  // refine() tightens it
  o.relaxation = options_.relaxation;
  o.min_iterations = min_sweeps;
  o.max_iterations = max_sweeps;
  o.stall_sweeps = stall;
  const solvers::VelocitySweepResult& r = velocity_pgs_.solve(p, velocity_change_);
  velocity_change_of_p_ = &p == &p_ && (r.status == solvers::LcpStatus::solved || r.status == solvers::LcpStatus::max_iterations);
  sweeps += r.iterations;
  last_stalled_ = r.stalled;
  status = r.status;
  return r.residual;
}

void ImpulseProblem::solve_in_velocities() {
  load_velocity_problem();
  last_goal_ = tolerance_ * solvers::residual_scale(b_);
  const int cap = options_.max_iterations, after = options_.subspace_after, stall = options_.stall_sweeps;
  const bool subspace = after > 0 && options_.subspace_rounds > 0 && disc_subspace_;
  int sweeps = 0;
  solvers::LcpStatus& status = result_.status;
  const auto valid = [&] { return status != solvers::LcpStatus::invalid_input; };
  double residual = 0.0;
  if (!subspace) {
    residual = velocity_sweeps(p_, options_.min_iterations, cap, stall, sweeps, status);
  } else {
    // The loop of pgs_with_subspace (impulse_solve.cpp) with sweeps in velocity space.
    residual = velocity_sweeps(p_, options_.min_iterations, std::min(std::max(after, options_.min_iterations), cap), 0,
                               sweeps, status);
    int rounds = 0, reference_sweeps = sweeps;
    double reference = residual;
    last_stalled_ = false;
    // As in pgs_with_subspace: a pass sweeps at least once or takes a subspace step, and the count
    // bounds the loop also when the sweeps take nothing from a pass (a singular row).
    const int max_passes = cap + options_.subspace_rounds;
    for (int passes = 0; status != solvers::LcpStatus::solved && sweeps < cap && !last_stalled_ && passes < max_passes;
         ++passes) {
      if (!valid() || status == solvers::LcpStatus::singular) break;
      if (should_stop_ && should_stop_()) throw StopRequested{};
      const int chunk = std::min(after, cap - sweeps), floor = std::min(options_.min_iterations, chunk);
      if (rounds++ < options_.subspace_rounds) {
        refresh_row_matrix();
        if (subspace_.apply(Hs_, *minv_, b_, friction_contacts_, p_)) {
          ++stats_.subspace_steps;
          // Sweeps from the corrected point at once, at least the floor of sweeps: the step's
          // regularised solve leaves leftovers below the goal that a stick decision reads (a box
          // held by its corners creeps 1e-8 m per second on them), which the sweeps remove.
          residual = velocity_sweeps(p_, floor, chunk, 0, sweeps, status);
        } else if (std::isfinite(subspace_.end_residual()) && cap - sweeps >= 2 * chunk) {
          // Its best point is worse than the iterate only at the few contacts whose face it got wrong:
          // sweeps from both, and the better goes on (both count).
          trial_p_ = subspace_.candidate();
          solvers::LcpStatus trial_status = solvers::LcpStatus::invalid_input;
          const double trial_residual = velocity_sweeps(trial_p_, floor, chunk, 0, sweeps, trial_status);
          residual = velocity_sweeps(p_, floor, chunk, 0, sweeps, status);
          if (trial_status != solvers::LcpStatus::invalid_input && trial_residual < residual) {
            std::swap(p_, trial_p_);
            velocity_change_of_p_ = false;  // the last sweeps were from the other point
            residual = trial_residual;
            status = trial_status;
            ++stats_.subspace_steps;
          }
        } else {
          residual = velocity_sweeps(p_, 0, chunk, 0, sweeps, status);
        }
      } else {
        residual = velocity_sweeps(p_, 0, chunk, 0, sweeps, status);
      }
      if (residual <= 0.5 * reference) {
        reference = residual;
        reference_sweeps = sweeps;
      }
      last_stalled_ = stall > 0 && sweeps - reference_sweeps >= stall && status != solvers::LcpStatus::solved;
    }
  }
  result_.iterations = sweeps;
  result_.residual = residual;
  if (!valid()) {
    result_.z.resize(0);  // reported as non-finite impulses (solve_pgs)
    return;
  }
  result_.z = p_;
}

}  // namespace stickslip
