// The complementarity problem of one step of the time-stepping scheme, in impulses P over the step
// and relative velocities u at its end (Moreau 1988; Jean 1999; Acary & Brogliato 2008, ch. 10):
//   v⁺ = v_free + W̃⁻¹ Hᵀ P,     u = H v⁺ + (known velocities) = W P + b,     W = H W̃⁻¹ Hᵀ,
// where H stacks one row per generalised direction (ImpulseRow) and W̃ is the iteration matrix of the
// θ-method (the diagonal mass matrix M, or M − hθC − h²θ²K with spring elements). Rows, in order:
//   bilateral rows (joints, drivers)    free: u_r = 0 (the drift term is in b_r);
//   per contact, one ContactRows block  normal row 0 <= P_N ⟂ u_N >= 0, and its tangent row(s)
//                                        with Coulomb's law on the friction cone (planar: one row,
//                                        |P_T| <= μ P_N, P_T opposing u_T when u_T ≠ 0).
// A contact that is not active in the step keeps its rows with a unit diagonal, no coupling and
// b = 1, so its impulses are zero and the problem keeps one size for the whole run (no allocation,
// warm start by row index).
//
// Each contact's block is 1 + tangent_rows rows (Contact::tangent_rows(); its ContactRows is the
// solvers' FrictionContact description). Planar contacts have one tangent row and the interval cone;
// spatial contacts two tangent rows and the disc cone |P_T|₂ <= μ P_N, exact in Gauss-Seidel (each
// contact's tangential pair solved on the disc as one block, Jean 1999, §4) and in APGD (projection
// onto the disc). Lemke's lifting takes interval cones only: `auto` takes Gauss-Seidel for a model
// with a disc cone and `lemke` is refused for it (a polygonal cone lifted with one variable per facet,
// Stewart & Trinkle 1996, would approximate the disc; not written). The subspace steps (their faces
// are those of interval cones) are off with disc cones. Rows touch at most two bodies through blocks
// as wide as each body's velocities (ImpulseRow, BodyRow).
//
// With disc cones and the diagonal M (spatial contacts, no spring elements) Gauss-Seidel sweeps in
// velocity space (solvers/velocity_gauss_seidel.hpp, impulse_velocity_solve.cpp): the bilateral rows
// and the active contacts only, island by island, without W. W is then assembled only when something
// reads it (a rescue, a dumped problem: ensure_operator()).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "math/types.hpp"
#include "formulations/contact_problem_record.hpp"
#include "model/body.hpp"
#include "solvers/accelerated_gradient.hpp"
#include "solvers/contact_faces_2d.hpp"
#include "solvers/fixed_pattern_ldlt.hpp"
#include "solvers/frictional_contact.hpp"
#include "solvers/interior_point.hpp"
#include "solvers/lemke.hpp"
#include "solvers/mlcp.hpp"
#include "solvers/proximal_newton.hpp"
#include "solvers/subspace_step.hpp"
#include "solvers/velocity_gauss_seidel.hpp"

namespace stickslip {

// The (at most two) dynamic bodies one row of H touches: their v_offset (-1: no dynamic body in that
// slot) and the width of their blocks (Body::nv()).
struct RowBodies {
  std::array<int, 2> offset{-1, -1};
  std::array<int, 2> width{0, 0};
};

// One row of H: a generalised direction restricted to the (at most two) dynamic bodies it touches.
struct ImpulseRow {
  std::array<int, 2> offset{-1, -1};  // v_offset of each body, -1: no dynamic body in that slot
  std::array<BodyRow, 2> w;           // the blocks, each as wide as its body's velocities

  double dot(const Vec& v) const {
    double s = 0;
    for (int a = 0; a < 2; ++a) {
      if (offset[a] < 0) continue;
      if (w[a].size() == kMaxBodyDofs) {  // a spatial body's block: a plain loop (Eigen's dynamic-size
        const double* x = v.data() + offset[a];  // reduction costs more than its six products)
        const double* y = w[a].data();
        double t = 0;
        for (int k = 0; k < kMaxBodyDofs; ++k) t += y[k] * x[k];
        s += t;
      } else {
        s += w[a].dot(v.segment(offset[a], w[a].size()));
      }
    }
    return s;
  }
  // out += diag(scale) H_rᵀ p
  void scatter(double p, const Vec& scale, Vec& out) const {
    for (int a = 0; a < 2; ++a) {
      if (offset[a] < 0) continue;
      const Eigen::Index n = w[a].size();
      out.segment(offset[a], n) += p * scale.segment(offset[a], n).cwiseProduct(w[a].transpose());
    }
  }
};


// A contact's rows in the problem: normal row, first tangent row, tangent_rows, cone and the friction
// coefficient of this step (0: frictionless), as the solvers take them, and whether it takes part.
struct ContactRows : solvers::FrictionContact {
  bool active = false;  // takes part in this step
};

enum class ImpulseSolverKind { automatic, lemke, pgs, apgd };
ImpulseSolverKind parse_impulse_solver(const std::string& name);  // "auto", "lemke", "pgs", "apgd"

struct ImpulseSolverOptions {
  ImpulseSolverKind kind = ImpulseSolverKind::automatic;
  double tolerance = 1e-6;   // pgs
  int max_iterations = 1000;  // pgs sweeps
  int min_iterations = 3;     // pgs sweeps made even when the warm start meets the tolerance
  double relaxation = 1.0;    // pgs over-relaxation
  int dense_rows = 64;        // pgs: a dense W up to this many rows, sparse above
  int lemke_variables = 40;   // auto: Lemke up to this many lifted variables (bilateral + 4 per contact)
  int subspace_after = 3;     // pgs: sweeps before (and between) subspace steps, 0: none
  int subspace_rounds = 10;   // pgs: subspace steps at most per solve
  int direct_contacts = 2;    // lemke: up to this many contacts (no bilateral rows) solved by their faces
  int stall_sweeps = 30;      // pgs: stop when the residual has not halved over this many sweeps, 0: never
  int rescue_variables = 200;  // pgs, apgd: an unconverged solve is solved again by Lemke's method on the
                               // active contacts' lifted problem up to this many variables, 0: never
  bool interior_point_rescue = true;  // pgs, apgd (and lemke's fallback to pgs): then by the interior-
                                      // point method in velocity space (planar contacts, no joints, no
                                      // spring elements)
  int proximal_rescue_rows = 2000;  // pgs, apgd (and lemke's fallback to pgs): then by the proximal point
                                    // method with Newton steps on the bilateral and active contact rows,
                                    // up to this many, else island by island (planar and spatial), 0: never
  bool velocity_sweeps = true;     // pgs with disc cones and the diagonal M: sweeps in velocity space
                                   // (impulse_velocity_solve.cpp); false: over W
  bool disc_contacts = false;      // contacts with disc cones may come with a later layout (the shape
                                   // contacts of a spatial model): never Lemke's method
};

struct ImpulseSolverStats {
  long solves = 0;
  long iterations = 0;    // Lemke pivots or PGS sweeps, summed
  int max_iterations = 0;  // in one solve
  long unconverged = 0;   // solves accepted without meeting the tolerance (PGS at its cap or stalled)
  long stalled = 0;       // of those, stopped because the residual had stopped falling
  long subspace_steps = 0;   // subspace steps that replaced the iterate (PGS)
  long direct = 0;        // solved by their faces (one or two contacts, no joints): no pivots
  long fallbacks = 0;     // Lemke failures solved again by PGS (not in `iterations`)
  long fallback_sweeps = 0;  // PGS sweeps of those
  long rescue_attempts = 0;  // unconverged iterative solves handed to Lemke's method (rescue_variables)
  long rescued = 0;          // of those, finished: Lemke's answer met the goal (not in `unconverged`)
  long interior_point_attempts = 0;  // unconverged solves handed to the interior-point method after that
  long interior_point_rescued = 0;   // of those, finished (not in `unconverged`)
  long interior_point_iterations = 0;  // its iterations, summed (not in `iterations`)
  long proximal_attempts = 0;      // unconverged solves handed to the proximal point method after that
  long proximal_rescued = 0;       // of those, finished (not in `unconverged`)
  long proximal_newton_steps = 0;  // its Newton steps, summed (not in `iterations`)
  long refinements = 0;      // solves refined for a stick/slip decision (refine())
  long refinements_met = 0;  // of those, meeting the refined goal
  long refine_sweeps = 0;    // their sweeps (not in `iterations`)
  double max_residual = 0;   // of all solves (PGS: natural residual; Lemke: its own residual)
  double max_unconverged_residual = 0;  // of the unconverged solves
};

class ImpulseProblem {
 public:
  // `tangent_rows[c]`: contact c's tangent rows (1: planar); after the bilateral rows come the
  // contacts' blocks, each its normal row then its tangent rows. `row_bodies[r]`: the (at most two)
  // dynamic bodies row r touches. `implicit`: W̃ is a full matrix (assemble_implicit) instead of the
  // diagonal M (assemble). Throws std::invalid_argument for a contact whose cone is not implemented.
  ImpulseProblem(int nv, int bilateral_rows, const std::vector<int>& tangent_rows,
                 const std::vector<RowBodies>& row_bodies, const ImpulseSolverOptions& options, bool implicit);

  // Lays the problem out again for another set of contacts (the shape contacts a step found), with
  // the same bilateral rows; `tangent_rows` and `row_bodies` as for the constructor. The impulses
  // restart from zero (the caller carries what it keeps). Allocates only where the new layout needs
  // it: a step whose contacts keep their layout calls nothing.
  void relayout(const std::vector<int>& tangent_rows, const std::vector<RowBodies>& row_bodies);

  int rows() const { return n_; }
  int bilateral_rows() const { return nc_; }
  int contact_count() const { return static_cast<int>(contacts_.size()); }
  ImpulseRow& row(int r) { return rows_[static_cast<std::size_t>(r)]; }
  const ImpulseRow& row(int r) const { return rows_[static_cast<std::size_t>(r)]; }
  double& b(int r) { return b_[r]; }
  double b(int r) const { return b_[r]; }
  ContactRows& contact(int c) { return contacts_[static_cast<std::size_t>(c)]; }
  const ContactRows& contact(int c) const { return contacts_[static_cast<std::size_t>(c)]; }
  bool row_active(int r) const;

  // Redundant bilateral constraints make W's bilateral block singular: a diagonal regularisation of
  // `relative` times W's largest diagonal entry picks the minimum-norm reactions (0: none).
  void regularise_bilateral(double relative) { bilateral_regularisation_ = relative; }
  // W = H diag(minv) Hᵀ (sparse or dense, as chosen at construction).
  void assemble(const Vec& minv);
  // W = H W̃⁻¹ Hᵀ from the factor of the iteration matrix W̃ (dense).
  void assemble_implicit(const Eigen::LDLT<Mat>& iteration_matrix);
  // Inactive contact rows: unit diagonal, b = 1. Call after assembling and filling b.
  void solve();
  // The last solve, when iterative, solved again from its answer to `share` of the tolerance (the
  // sweeps, then the rescues): for a stick/slip decision that hangs on its leftover
  // (time_stepping/stick_slip_decision.hpp). Its answer replaces the impulses when its natural
  // residual is smaller; returns the residual of the impulses kept (impulse_solve.cpp).
  double refine(double share);
  // v += W̃⁻¹ Hᵀ P with the impulses of the last solve.
  void add_velocity_change(const Vec& minv, Vec& v) const;
  // v += M⁻¹ Hᵀ P with the diagonal M⁻¹ = minv, also when W̃ carries spring elements.
  void add_mass_velocity_change(const Vec& minv, Vec& v) const;
  // The velocity y of least norm in W̃'s metric whose rows r with fit[r] best meet H_r y = target[r]
  // (least squares where they conflict): y = W̃⁻¹ H_Sᵀ λ, (W_SS + εI) λ = target_S, with this step's
  // W and ε = 1e-10 of W_SS's largest diagonal entry (gap_closure.cpp). Computed in row space with
  // the dense W, in velocity space with the sparse one (the same y: gap_closure.cpp). False when
  // the factorisation failed or y is not finite (y is then not to be used).
  bool closing_velocity(const std::vector<char>& fit, const Vec& target, const Vec& minv, Vec& y);

  // Keep a copy of each solve's warm start, for record().
  void keep_warm_start(bool keep) { keep_warm_start_ = keep; }
  // Asked between the sweeps' chunks and before each rescue of a solve: true throws StopRequested
  // (math/errors.hpp), so that a stop request does not wait for a long solve to end.
  void on_stop_request(std::function<bool()> should_stop) {
    lemke_solver_.options().should_stop = should_stop;
    should_stop_ = std::move(should_stop);
  }
  // Whether the subspace steps may run on a problem with disc cones (true unless set otherwise each
  // step): off while a spatial contact that sticks has μ_s ≠ μ_k, whose stick/slip decision needs the
  // sweeps' own split (time_stepper.cpp, fill_contact_rows).
  void allow_disc_subspace_steps(bool allowed) { disc_subspace_ = allowed; }
  // The last solve's problem, warm start (when kept), impulses and figures (contact_problem_record.hpp;
  // t, step and tolerance are the caller's). Assembles W first when the sweeps went without it.
  void describe(ContactProblemRecord& out);

  const Vec& impulses() const { return p_; }
  Vec& impulses() { return p_; }
  const ImpulseSolverStats& stats() const { return stats_; }
  bool finite() const { return p_.allFinite(); }
  bool uses_lemke() const { return lemke_; }
  // The iterative solver's name: "pgs" or "apgd".
  const char* iterative_solver() const { return options_.kind == ImpulseSolverKind::apgd ? "apgd" : "pgs"; }
  // True when the last solve was Gauss-Seidel (its answer is exact only to the tolerance).
  bool last_solve_iterative() const { return last_iterative_; }
  // True when the last solve ended above its tolerance; its residual and iterations.
  bool last_solve_unconverged() const { return last_unconverged_; }
  double last_residual() const { return last_residual_; }
  int last_iterations() const { return last_iterations_; }
  // The goal the last Gauss-Seidel solve aimed at: tolerance × max(1, ‖b‖∞).
  double last_goal() const { return last_goal_; }
  bool sparse() const { return sparse_; }
  // True when Gauss-Seidel sweeps in velocity space (disc cones, diagonal M); W is then assembled
  // only on demand.
  bool sweeps_in_velocities() const { return velocity_sweep_; }
  // Stored entries of W (the sparsity pattern, or n² when dense).
  long operator_entries() const { return sparse_ ? static_cast<long>(Ws_.nonZeros()) : static_cast<long>(n_) * n_; }

 private:
  void lay_out(const std::vector<int>& tangent_rows, const std::vector<RowBodies>& row_bodies, bool first);
  void choose_solver(int lifted);
  void size_operators(int lifted);
  double coupling(int r, int s) const;
  // W(r, r) of this step as assemble() writes it (1 for an inactive row), without needing W.
  double operator_diagonal(int r) const;
  void scale_rows(const Vec& minv);  // velocity_sweep_: when W is assembled (ensure_operator)
  void assemble_sparse();
  // W of this step, when the sweeps in velocity space went without it (a rescue, describe()).
  void ensure_operator();
  // impulse_velocity_solve.cpp
  void solve_in_velocities();
  void load_velocity_problem();
  double velocity_sweeps(Vec& p, int min_sweeps, int max_sweeps, int stall, int& sweeps, solvers::LcpStatus& status);
  void build_sparse_pattern();
  void build_row_matrix();
  void update_row_matrix();
  void mark_inactive_rows_dense();
  void add_bilateral_regularisation();
  // lifted_problem.cpp: the lifted LCP of the contacts with base[c] >= 0 (inactive ones as identity
  // blocks) and the bilateral rows, its solution by Lemke's method (or the MLCP solver) into p, and
  // the rescue of an unconverged iterative solve.
  void lift_into(const std::vector<int>& base, Eigen::Ref<Mat> K, Eigen::Ref<Vec> q) const;
  bool solve_lifted(const std::vector<int>& base, const Eigen::Ref<const Mat>& K, const Eigen::Ref<const Vec>& q,
                    Vec& p);
  void prepare_rescue(int lifted);
  void rescue_by_lemke();
  void rescue_by_interior_point();
  void rescue_by_proximal_point();  // proximal_rescue.cpp
  void find_proximal_islands();                         // proximal_rescue.cpp
  bool solve_proximal_island(int cap, bool skip_met);  // proximal_rescue.cpp
  bool island_meets_goal();                             // proximal_rescue.cpp
  // What a rescue's answer did to the iterate (take_if_better): its name is the one describe() writes.
  enum class RescueOutcome { tried, improved, finished };
  static const char* outcome_name(RescueOutcome outcome);
  RescueOutcome take_if_better(const Vec& p);
  bool solve_by_faces();
  void solve_pgs();
  void solve_iteratively();
  template <class Matrix>
  void solve_apgd(const Matrix& W);
  template <class Matrix>
  void pgs_with_subspace(const Matrix& W);
  template <class Matrix>
  bool subspace_step(const Matrix& W);
  void record(int iterations, double residual, bool converged);
  // gap_closure.cpp
  bool closing_multipliers_dense(const std::vector<char>& fit);
  bool closing_velocity_in_velocities(const std::vector<char>& fit, const Vec& target, const Vec& minv, Vec& y);
  void build_closing_pattern();
  void refresh_row_matrix();

  int n_ = 0, nc_ = 0, nv_ = 0;
  double bilateral_regularisation_ = 0;
  double tolerance_ = 0;  // the iterative solves' tolerance: options_.tolerance, smaller in refine()
  ImpulseSolverOptions options_;
  bool implicit_ = false, sparse_ = false, lemke_ = false, last_iterative_ = false, last_unconverged_ = false;
  bool velocity_sweep_ = false;   // Gauss-Seidel in velocity space (disc cones, diagonal M)
  bool operator_stale_ = false;   // velocity_sweep_: W (and the rows scaled by M⁻¹) not made for this step yet
  bool velocity_change_of_p_ = false;  // velocity_sweep_: velocity_change_ = M⁻¹ Hᵀ p_ (the last sweeps')
  bool keep_warm_start_ = false;
  bool disc_subspace_ = true;  // allow_disc_subspace_steps
  std::function<bool()> should_stop_;
  const char* last_rescue_ = "none";  // what Lemke's rescue did in the last solve (describe())
  const char* last_interior_point_ = "none";  // and the interior-point rescue
  const char* last_proximal_ = "none";        // and the proximal one
  Vec warm_start_;
  bool has_disc_ = false;  // a contact with two tangent rows (the disc cone)
  double last_residual_ = 0, last_goal_ = 0;
  int last_iterations_ = 0;
  std::vector<ImpulseRow> rows_;
  std::vector<ImpulseRow> scaled_rows_;  // assemble(): each row's blocks times M⁻¹
  std::vector<ContactRows> contacts_;
  std::vector<int> row_contact_;  // contact of each row, -1 for bilateral rows
  std::vector<char> row_active_;  // assemble_sparse(): row_active of each row, this step
  std::vector<int> lifted_base_;  // first variable of each contact in the lifted LCP
  Vec b_, p_;
  // Operator
  Mat W_;                            // dense W (n × n)
  solvers::SparseMat Ws_;            // sparse W with the static pattern of rows sharing a body
  std::vector<int> diagonal_index_;  // position of W(r, r) in Ws_'s values
  // Per stored entry of Ws_ (r, s): the slots of the bodies rows r and s share, from the pattern
  // (a row's bodies are fixed by the layout), so that the assembly does not search for them.
  struct SharedSlots {
    std::uint8_t count = 0;        // pairs of slots (0-2); kMany: search them (a row with one body twice)
    std::uint8_t first = 0, second = 0;  // each 2 i + j: slot i of row r, slot j of row s
    static constexpr std::uint8_t kMany = 3;
  };
  std::vector<SharedSlots> shared_slots_;
  Mat H_, Y_;                        // implicit: dense H (n × nv) and Y = W̃⁻¹ Hᵀ (nv × n)
  solvers::RowSparseMat Hs_;         // explicit: H with the static pattern of the rows' bodies
  std::vector<std::array<int, 2>> h_index_;  // position of each slot's first entry in Hs_'s values
  const Vec* minv_ = nullptr;        // explicit: the diagonal of M⁻¹ of the last assemble()
  bool row_matrix_stale_ = true;     // Hs_ not yet copied from the rows of this step
  // Solvers
  std::vector<solvers::FrictionContact> friction_contacts_;  // contacts_ with μ = 0 when inactive
  solvers::FrictionalContactSolver pgs_;
  solvers::VelocityGaussSeidel velocity_pgs_;  // velocity_sweep_
  int block_width_ = 0;                        // velocities of a body (3 planar, 6 spatial)
  Vec velocity_change_;                        // M⁻¹ Hᵀ P of the sweeps in velocity space
  solvers::ApgdContactSolver apgd_;
  solvers::SubspaceStep subspace_;
  solvers::VelocityInteriorPoint interior_point_;  // the second rescue (interior_point_rescue)
  bool interior_point_ready_ = false;              // analysed: planar contacts, no bilateral rows, H given
  Vec trial_p_;
  // The third rescue (proximal_rescue_rows): the active rows' sparse problem and its contacts.
  solvers::ProximalNewton proximal_;
  std::vector<int> proximal_rows_, proximal_index_;  // the rows taken; each row's place among them (-1)
  std::vector<solvers::FrictionContact> proximal_contacts_;
  std::vector<Eigen::Triplet<double>> proximal_entries_;
  solvers::SparseMat proximal_W_;
  struct ProximalUnit {  // a bilateral row (contact -1, no tangent rows) or an active contact's rows
    int normal, tangent, tangent_rows, contact;
    int row(int k) const { return k == 0 ? normal : tangent + k - 1; }  // k = 0: the normal
  };
  std::vector<ProximalUnit> proximal_units_;
  std::vector<int> proximal_island_, proximal_island_order_, proximal_members_;  // roots; units by island
  Vec proximal_w_;
  bool attempted_ = false;  // the rescue of this problem has solved an island
  solvers::BoxBounds proximal_bounds_;
  Vec proximal_b_, proximal_p_;
  Mat K_;   // lifted LCP/MLCP: bilateral impulses, then (P_N, P_T+, P_T−, β) per contact
  Vec kq_;
  solvers::LemkeSolver lemke_solver_;
  solvers::MlcpSolver mlcp_;
  solvers::ContactFaces2D faces_;  // one or two contacts without joints: solved by their faces
  solvers::LcpResult result_, trial_, lifted_result_;
  Mat rescue_K_;  // the rescue's lifted problem (capacity: rescue_variables), its q, bases and bounds
  Vec rescue_q_;
  std::vector<int> rescue_base_;
  solvers::BoxBounds rescue_bounds_;
  ImpulseSolverStats stats_;
  bool last_stalled_ = false;
  // Gap closure (gap_closure.cpp). Dense W: W_SS + εI with unit rows outside S, and λ. Sparse W:
  // the fitted rows' normal matrix in the mass-scaled velocities, their weights and right-hand side.
  Mat closing_A_;
  Eigen::LDLT<Mat> closing_ldlt_;
  Vec closing_lambda_;
  solvers::NormalMatrix closing_normal_;
  std::vector<int> closing_rows_;       // the fitted rows
  std::vector<double> closing_weight_;  // by row: ε/(ε + bilateral regularisation), 1 for contacts
  Vec closing_scale_, closing_rhs_;     // M^{-1/2}; the right-hand side, then ŷ
  double bilateral_added_ = 0;          // the regularisation on the bilateral rows' diagonal of W
};

}  // namespace stickslip
