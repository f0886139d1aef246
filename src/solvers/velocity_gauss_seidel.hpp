// Nonsmooth Gauss-Seidel for the frictional contact problem on W = H M⁻¹ Hᵀ with a diagonal M, swept
// in velocity space (Moreau 1988; Jean 1999, §4; the form of Bullet's sequential impulses and ODE's
// quickstep): W is never formed. The solver keeps the velocity change Δv = M⁻¹ Hᵀ p; row r's
// velocity is u_r = H_r Δv + b_r (two short dot products, a row touching at most two blocks of
// velocities), and a change δ of its impulse moves Δv by δ M⁻¹ H_rᵀ. Each block is solved exactly as
// box_lcp.cpp solves it on W (the same iterates, up to rounding): a free row without bounds, a normal
// row projected onto p_N ≥ 0, an interval cone's tangent row onto [−μ p_N, μ p_N], a disc cone's
// tangent pair minimised on its disc with its 2 × 2 block of W (minimise_on_disc). A sweep costs
// O(rows × block width) whatever the number of rows sharing a body, where the sweep over W costs
// O(entries of W): ~100 per row in a wall or a stack of box corners.
//
// Only the rows handed over are swept (bilateral rows and active contacts); the caller keeps the
// others at p = 0. Blocks that share no velocity form independent problems (islands: a pile of
// separate columns); each island is swept until it meets the goal on its own, by the natural residual
// box_lcp.hpp defines (box_term, disc_term; `solved` also needs the unrounded terms), with the same
// floor of sweeps, cap and stall rule as the time-stepping scheme's Gauss-Seidel over W. The goal is
// the tolerance times max(1, ‖b‖∞) over the rows handed over. No allocation once the sizes have been
// met.
#pragma once

#include <array>
#include <utility>
#include <span>
#include <vector>

#include "solvers/frictional_contact.hpp"

namespace stickslip::solvers {

// One row of H on at most two blocks of `width` consecutive velocities (a body's each).
struct RowOnBlocks {
  std::array<int, 2> offset{-1, -1};                       // first velocity of each block, -1: unused
  std::array<const double*, 2> entries{nullptr, nullptr};  // `width` entries of each used block
};

struct VelocitySweepOptions {
  double tolerance = 1e-6;    // goal: tolerance × max(1, ‖b‖∞)
  int max_iterations = 1000;  // sweeps per island
  int min_iterations = 3;     // sweeps made even when the warm start meets the goal
  double relaxation = 1.0;    // ω in (0, 2)
  int stall_sweeps = 30;      // an island stops when its residual has not halved over this many sweeps, 0: never
};

struct VelocitySweepResult {
  LcpStatus status = LcpStatus::invalid_input;  // solved when every island met the goal
  int iterations = 0;        // sweeps of the island that took the most
  double residual = 0.0;     // natural residual, the largest over the islands
  bool stalled = false;      // an island stopped because its residual had stopped falling
  int islands = 0;
  long row_sweeps = 0;       // Σ over islands of rows × sweeps (the work done)
};

class VelocityGaussSeidel {
 public:
  VelocitySweepOptions& options() { return options_; }

  // Starts a problem on nv velocities whose blocks are `width` wide (3 or 6; throws
  // std::invalid_argument otherwise), with the diagonal of M⁻¹ (nv; read while rows are added).
  // Blocks are then added in the order the sweep takes them.
  void begin(Eigen::Index nv, int width, const VecRef& minv);
  // A free row (a bilateral constraint): u_r = 0. `diagonal_shift` adds to W_rr (a regularisation: u_r
  // then also holds diagonal_shift p_r).
  void add_free_row(int row, const RowOnBlocks& h, double b, double diagonal_shift = 0.0);
  // A contact: its normal row, then its tangent rows (1 + contact.tangent_rows rows in h and b).
  void add_contact(const FrictionContact& contact, std::span<const RowOnBlocks> h, std::span<const double> b);

  // Solves from the warm start p (read at the rows added, projected onto the cone first) and writes
  // the impulses there; dv = M⁻¹ Hᵀ p. May be called again on the same problem from another p, with
  // other options (sweeps in chunks between subspace steps): the rows are packed once per problem.
  const VelocitySweepResult& solve(Vec& p, Vec& dv);

 private:
  enum class Kind : unsigned char { free, normal, interval, disc_first, disc_second };
  struct Row {
    std::array<int, 2> offset;  // blocks in v (an unused one: the zero pad at nv)
    int index;                  // the row of the problem (of p)
    int normal;                 // tangent rows: the packed index of their normal row (-1: none)
    Kind kind;
    double b, mu, d, shift, coupling;  // d = W_rr (+ shift); disc_first: coupling = W of the pair
  };
  struct Unit {
    int first, rows;  // rows_ of a free row or of one contact
  };
  struct Island {
    int first = 0, end = 0;  // packed rows
    int sweeps = 0;
    double residual = 0.0, reference = 0.0;
    int reference_sweeps = 0;
    bool solved = false, stalled = false;
  };

  void add_row(int row, const RowOnBlocks& h, double b, Kind kind, int normal, double mu, double shift);
  // [lo, hi] of a row that is not a disc's: p_N >= 0, |p_T| <= mu p_N, a free row unbounded.
  std::pair<double, double> row_bounds(const Row& r) const;
  void find_islands();
  void start(const Vec& p);  // the impulses from p, projected onto the cones
  template <int W>
  void run(Vec& p, Vec& dv);
  template <int W>
  void sweep(const Island& island);
  template <int W>
  double residual(const Island& island, bool unrounded) const;
  template <int W>
  void recompute(const Island& island);
  template <int W>
  void finish_island(Island& island);

  VelocitySweepOptions options_;
  Eigen::Index nv_ = 0;
  int width_ = 6;
  const double* minv_ = nullptr;
  bool valid_ = true, packed_ = false;
  double scale_ = 1.0;  // max(1, ‖b‖∞)
  // Rows as added, then in island order; per row 4 × width numbers: H's two blocks, then M⁻¹Hᵀ's.
  std::vector<Row> rows_, ordered_rows_;
  std::vector<double> entries_, ordered_entries_;  // entries_: used_ numbers in use (its size: capacity)
  std::size_t used_ = 0;
  const Row* row_ = nullptr;        // the packed rows: ordered_rows_, or rows_ when already in order
  const double* entry_ = nullptr;
  std::vector<Unit> units_;
  std::vector<double> z_;  // impulses of the packed rows
  Vec v_;                  // Δv, then a zero pad of one block for the unused ones
  std::vector<int> parent_, island_of_, root_island_, count_;
  std::vector<Island> islands_;
  VelocitySweepResult result_;
};

}  // namespace stickslip::solvers
