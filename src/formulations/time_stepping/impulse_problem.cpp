// Layout and assembly of the step's impulse problem: the Delassus operator W = H W̃⁻¹ Hᵀ, dense for
// small problems and for implicit spring elements, sparse otherwise. With the diagonal mass matrix
// of planar bodies, W(r, s) = Σ over the bodies rows r and s share of w_r M_b⁻¹ w_sᵀ, so the sparsity
// pattern (pairs of rows that share a dynamic body) is fixed by the model and is built once; each
// step only rewrites the values, in time proportional to the non-zeros.
#include "formulations/time_stepping/impulse_problem.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>

namespace stickslip {
ImpulseSolverKind parse_impulse_solver(const std::string& name) {
  if (name == "auto") return ImpulseSolverKind::automatic;
  if (name == "lemke") return ImpulseSolverKind::lemke;
  if (name == "pgs") return ImpulseSolverKind::pgs;
  if (name == "apgd") return ImpulseSolverKind::apgd;
  throw std::invalid_argument("unknown time-stepping solver '" + name + "' (expected auto, lemke or pgs)");
}

namespace {

int total_rows(int bilateral_rows, const std::vector<int>& tangent_rows) {
  int n = bilateral_rows;
  for (int t : tangent_rows) n += 1 + t;
  return n;
}

}  // namespace

ImpulseProblem::ImpulseProblem(int nv, int bilateral_rows, const std::vector<int>& tangent_rows,
                               const std::vector<RowBodies>& row_bodies, const ImpulseSolverOptions& options,
                               bool implicit)
    : nc_(bilateral_rows), nv_(nv), tolerance_(options.tolerance), options_(options), implicit_(implicit) {
  lay_out(tangent_rows, row_bodies, true);
}

void ImpulseProblem::relayout(const std::vector<int>& tangent_rows, const std::vector<RowBodies>& row_bodies) {
  lay_out(tangent_rows, row_bodies, false);
}

// The rows, the contacts' blocks and everything sized by them; the solver is chosen at the first
// layout (a later one may bring disc cones only when the options said so: no Lemke then).
void ImpulseProblem::lay_out(const std::vector<int>& tangent_rows, const std::vector<RowBodies>& row_bodies, bool first) {
  n_ = total_rows(nc_, tangent_rows);
  rows_.resize(static_cast<std::size_t>(n_));
  for (int r = 0; r < n_; ++r) {
    ImpulseRow& row = rows_[static_cast<std::size_t>(r)];
    const RowBodies& bodies = row_bodies[static_cast<std::size_t>(r)];
    row.offset = bodies.offset;
    for (int a = 0; a < 2; ++a) {
      row.w[a] = BodyRow::Zero(bodies.width[a]);
      if (bodies.offset[a] >= 0) block_width_ = std::max(block_width_, bodies.width[a]);
    }
  }
  scaled_rows_ = rows_;
  const int contacts = static_cast<int>(tangent_rows.size());
  contacts_.resize(static_cast<std::size_t>(contacts));
  row_contact_.assign(static_cast<std::size_t>(n_), -1);
  row_active_.assign(static_cast<std::size_t>(n_), 0);
  lifted_base_.assign(static_cast<std::size_t>(contacts), -1);
  has_disc_ = false;
  int row = nc_, lifted = nc_;
  for (int c = 0; c < contacts; ++c) {
    ContactRows& cr = contacts_[static_cast<std::size_t>(c)];
    cr = ContactRows{};
    cr.normal = row;
    cr.tangent = row + 1;
    cr.tangent_rows = tangent_rows[static_cast<std::size_t>(c)];
    cr.cone = cr.tangent_rows == 2 ? solvers::FrictionCone::disc : solvers::FrictionCone::interval;
    if (!solvers::is_supported_cone(cr)) {
      throw std::invalid_argument("time-stepping: contact " + std::to_string(c) + " has " +
                                  std::to_string(cr.tangent_rows) + " tangent rows (1 or 2 expected)");
    }
    if (cr.cone == solvers::FrictionCone::disc) has_disc_ = true;
    for (int r = 0; r <= cr.tangent_rows; ++r) row_contact_[static_cast<std::size_t>(row + r)] = c;
    row += 1 + cr.tangent_rows;
    lifted_base_[static_cast<std::size_t>(c)] = lifted;
    lifted += 4;  // interval cone: P_N, P_T+, P_T−, β
  }
  friction_contacts_.assign(contacts_.begin(), contacts_.end());
  b_.setZero(n_);
  p_.setZero(n_);
  if (first) choose_solver(lifted);
  if (lemke_ && has_disc_) {
    throw std::invalid_argument("Lemke's method takes planar contacts only (its lifting of the friction cone is "
                                "one-dimensional); spatial contacts need solver pgs or apgd (the exact disc cone)");
  }
  size_operators(lifted);
}

// Lemke (on the lifted problem) for small problems, projected Gauss-Seidel for large ones
// (docs/schemes.md has the measurements behind the default limits). Disc cones (spatial contacts)
// are exact only in the iterative solvers: `auto` takes Gauss-Seidel, and Lemke's lifting, which
// takes interval cones only, is refused.
void ImpulseProblem::choose_solver(int lifted) {
  const bool discs = has_disc_ || options_.disc_contacts;
  switch (options_.kind) {
    case ImpulseSolverKind::lemke: lemke_ = true; break;
    case ImpulseSolverKind::pgs: lemke_ = false; break;
    case ImpulseSolverKind::apgd: lemke_ = false; break;
    case ImpulseSolverKind::automatic: lemke_ = !discs && lifted <= options_.lemke_variables; break;
  }
  if (lemke_ && options_.disc_contacts) has_disc_ = true;  // refused below, as for a disc present now
}

// At every layout (a relayout may bring the first disc cones): with disc cones and the diagonal M,
// Gauss-Seidel in velocity space, with W (sparse) only on demand.
void ImpulseProblem::size_operators(int lifted) {
  velocity_sweep_ = options_.velocity_sweeps && has_disc_ && !implicit_ && !lemke_ &&
                    options_.kind != ImpulseSolverKind::apgd && (block_width_ == 3 || block_width_ == 6);
  sparse_ = !implicit_ && !lemke_ && (n_ > options_.dense_rows || velocity_sweep_);
  velocity_change_of_p_ = false;
  operator_stale_ = false;
  if (velocity_sweep_) {
    velocity_change_.setZero(nv_);
    diagonal_index_.clear();  // W's pattern of this layout is built at the first need (ensure_operator)
    // The model's own contacts are laid out once per run: their pattern is built now, so that a
    // rescue in a late step allocates nothing (tests/alloc); W's values still wait for a reader.
    if (!options_.disc_contacts && n_ > 0) build_sparse_pattern();
  } else if (sparse_) {
    build_sparse_pattern();
  } else {
    W_.setZero(n_, n_);
  }
  if (implicit_) {
    H_.setZero(n_, nv_);
    Y_.setZero(nv_, n_);
  }
  pgs_.reserve(n_);
  pgs_.options().tolerance = options_.tolerance;
  pgs_.options().max_iterations = options_.max_iterations;
  pgs_.options().min_iterations = options_.min_iterations;
  pgs_.options().relaxation = options_.relaxation;
  if (options_.kind == ImpulseSolverKind::apgd) {
    apgd_.reserve(n_);
    apgd_.options().tolerance = options_.tolerance;
    apgd_.options().max_iterations = options_.max_iterations;
    apgd_.options().min_iterations = options_.min_iterations;
    apgd_.options().stall_iterations = options_.stall_sweeps;
  }
  solvers::prepare_result(result_, n_);
  solvers::prepare_result(trial_, n_);
  trial_p_.setZero(n_);
  // Also under `lemke`: a Lemke failure falls back to Gauss-Seidel, subspace steps included. Disc
  // cones too: a sliding contact's face holds its direction (solvers/subspace_step.hpp).
  const bool subspace = true;
  if (subspace) subspace_.reserve(n_);
  // The subspace step and the gap-closing fit of a sparse W work in velocity space on H and M.
  if (!implicit_ && (subspace || sparse_)) build_row_matrix();
  if (subspace && !implicit_) subspace_.analyse(Hs_);
  // The interior-point rescue works in velocity space on H and the diagonal M, on interval cones and
  // without free rows (solvers/interior_point.hpp).
  interior_point_ready_ =
      options_.interior_point_rescue && !has_disc_ && !implicit_ && nc_ == 0 && interior_point_.analyse(Hs_);
  if (lemke_) {
    K_.setZero(lifted, lifted);
    kq_.setZero(lifted);
    lemke_solver_.reserve(lifted);
    mlcp_.reserve(lifted);
    solvers::prepare_result(lifted_result_, lifted);
  }
  prepare_rescue(lifted);
  row_matrix_stale_ = true;
  build_closing_pattern();
}

bool ImpulseProblem::row_active(int r) const {
  const int c = row_contact_[static_cast<std::size_t>(r)];
  return c < 0 || contacts_[static_cast<std::size_t>(c)].active;
}

// Rows sharing a dynamic body couple; every row has its diagonal.
void ImpulseProblem::build_sparse_pattern() {
  std::map<int, std::vector<int>> rows_of_body;
  for (int r = 0; r < n_; ++r)
    for (int off : rows_[static_cast<std::size_t>(r)].offset)
      if (off >= 0) rows_of_body[off].push_back(r);
  std::vector<Eigen::Triplet<double>> entries;
  for (int r = 0; r < n_; ++r) entries.emplace_back(r, r, 0.0);
  for (const auto& [body, rs] : rows_of_body)
    for (int r : rs)
      for (int s : rs)
        if (r != s) entries.emplace_back(r, s, 0.0);
  Ws_.resize(n_, n_);
  Ws_.setFromTriplets(entries.begin(), entries.end());
  Ws_.makeCompressed();
  diagonal_index_.assign(static_cast<std::size_t>(n_), -1);
  for (int s = 0; s < n_; ++s)
    for (int k = Ws_.outerIndexPtr()[s]; k < Ws_.outerIndexPtr()[s + 1]; ++k)
      if (Ws_.innerIndexPtr()[k] == s) diagonal_index_[static_cast<std::size_t>(s)] = k;
  shared_slots_.assign(static_cast<std::size_t>(Ws_.nonZeros()), SharedSlots{});
  for (int s = 0; s < n_; ++s)
    for (int k = Ws_.outerIndexPtr()[s]; k < Ws_.outerIndexPtr()[s + 1]; ++k) {
      const ImpulseRow &a = rows_[static_cast<std::size_t>(Ws_.innerIndexPtr()[k])], &b = rows_[static_cast<std::size_t>(s)];
      SharedSlots& slots = shared_slots_[static_cast<std::size_t>(k)];
      for (int i = 0; i < 2; ++i)  // the order of shared_body_product's sum
        for (int j = 0; j < 2; ++j) {
          if (a.offset[i] < 0 || a.offset[i] != b.offset[j]) continue;
          const auto pair = static_cast<std::uint8_t>(2 * i + j);
          if (slots.count == 0) slots.first = pair;
          else if (slots.count == 1) slots.second = pair;
          slots.count = static_cast<std::uint8_t>(std::min<int>(slots.count + 1, SharedSlots::kMany));
        }
    }
}

// H as a sparse matrix with one row per impulse and the velocities of each dynamic body the row
// touches (its block's width); the values are copied from the rows at every assemble().
void ImpulseProblem::build_row_matrix() {
  std::vector<Eigen::Triplet<double>> entries;
  for (int r = 0; r < n_; ++r) {
    const ImpulseRow& row = rows_[static_cast<std::size_t>(r)];
    for (int a = 0; a < 2; ++a) {
      const int off = row.offset[static_cast<std::size_t>(a)];
      if (off < 0) continue;
      for (Eigen::Index k = 0; k < row.w[static_cast<std::size_t>(a)].size(); ++k)
        entries.emplace_back(r, off + static_cast<int>(k), 0.0);
    }
  }
  Hs_.resize(n_, nv_);
  Hs_.setFromTriplets(entries.begin(), entries.end());
  Hs_.makeCompressed();
  h_index_.assign(static_cast<std::size_t>(n_), {-1, -1});
  for (int r = 0; r < n_; ++r)
    for (int a = 0; a < 2; ++a) {
      const int off = rows_[static_cast<std::size_t>(r)].offset[static_cast<std::size_t>(a)];
      if (off < 0) continue;
      for (int k = Hs_.outerIndexPtr()[r]; k < Hs_.outerIndexPtr()[r + 1]; ++k)
        if (Hs_.innerIndexPtr()[k] == off) h_index_[static_cast<std::size_t>(r)][static_cast<std::size_t>(a)] = k;
    }
}

void ImpulseProblem::refresh_row_matrix() {
  if (!row_matrix_stale_) return;
  update_row_matrix();
  row_matrix_stale_ = false;
}

void ImpulseProblem::update_row_matrix() {
  double* values = Hs_.valuePtr();
  for (int r = 0; r < n_; ++r) {
    const ImpulseRow& row = rows_[static_cast<std::size_t>(r)];
    const bool active = row_active(r);
    for (int k = Hs_.outerIndexPtr()[r]; k < Hs_.outerIndexPtr()[r + 1]; ++k) values[k] = 0.0;
    for (int a = 0; a < 2; ++a) {
      const int at = h_index_[static_cast<std::size_t>(r)][static_cast<std::size_t>(a)];
      if (at < 0 || !active) continue;
      const BodyRow& block = row.w[static_cast<std::size_t>(a)];
      for (Eigen::Index k = 0; k < block.size(); ++k) values[at + k] += block[k];
    }
  }
}

namespace {

// Eigen's dot of two (aligned) blocks of 3 sums (a0 b0 + a1 b1) + a2 b2: a packet of two, then the
// tail; without packets the same order. A planar body's blocks take that sum written out, without
// the size and alignment logic of a dynamic-size reduction; the same rounding.
inline double block_dot(const BodyRow& a, const BodyRow& b) {
  if (a.size() == 3) return (a[0] * b[0] + a[1] * b[1]) + a[2] * b[2];
  return a.dot(b);
}

// Σ over the dynamic bodies rows a and b share of a's block times b's (a already scaled by M⁻¹).
// Inline in the dense assembly: a rocking block's 4 × 4 W was ten calls, each a short chain of
// dependent operations that the calls kept from overlapping (an eighth of its step).
inline double shared_body_product(const ImpulseRow& a, const ImpulseRow& b) {
  double w = 0;
  for (int i = 0; i < 2; ++i) {
    if (a.offset[i] < 0) continue;
    for (int j = 0; j < 2; ++j) {
      if (a.offset[i] != b.offset[j]) continue;
      w += block_dot(a.w[i], b.w[j]);
    }
  }
  return w;
}

}  // namespace

// W(r, s) from row r's blocks scaled by M⁻¹ (scale_rows) and row s's blocks.
double ImpulseProblem::coupling(int r, int s) const {
  return shared_body_product(scaled_rows_[static_cast<std::size_t>(r)], rows_[static_cast<std::size_t>(s)]);
}

// Each row's blocks times M⁻¹ (w_r M_b⁻¹), once per step for the n rows instead of once per entry.
void ImpulseProblem::scale_rows(const Vec& minv) {
  for (std::size_t r = 0; r < rows_.size(); ++r) {
    const ImpulseRow& row = rows_[r];
    ImpulseRow& scaled = scaled_rows_[r];
    for (int a = 0; a < 2; ++a)
      if (row.offset[a] >= 0) scaled.w[a] = row.w[a].cwiseProduct(minv.segment(row.offset[a], row.w[a].size()).transpose());
  }
}

void ImpulseProblem::assemble(const Vec& minv) {
  minv_ = &minv;
  row_matrix_stale_ = true;
  if (velocity_sweep_) {  // W waits until something reads it; the regularisation needs its diagonal only
    operator_stale_ = true;
    return add_bilateral_regularisation();
  }
  scale_rows(minv);
  if (sparse_) return assemble_sparse();
  const auto active = [&](int r) {  // row_active, inline
    const int c = row_contact_[static_cast<std::size_t>(r)];
    return c < 0 || contacts_[static_cast<std::size_t>(c)].active;
  };
  for (int s = 0; s < n_; ++s) {
    const bool s_active = active(s);
    const ImpulseRow& row_s = rows_[static_cast<std::size_t>(s)];
    for (int r = s; r < n_; ++r) {
      const double w = s_active && active(r) ? shared_body_product(scaled_rows_[static_cast<std::size_t>(r)], row_s)
                                             : (r == s ? 1.0 : 0.0);
      W_(r, s) = w;
      W_(s, r) = w;
    }
  }
  add_bilateral_regularisation();
}

// Each row's activity is read once, and the entries are the shared-body products written inline with
// the shared slots the pattern found: a call to row_active and to coupling per entry (about 100 per
// row in a wall) cost as much as a sweep over W, and the search for the shared bodies half of what
// remained. The values are those coupling() gives, summed in its order.
void ImpulseProblem::assemble_sparse() {
  double* values = Ws_.valuePtr();
  const int* outer = Ws_.outerIndexPtr();
  const int* inner = Ws_.innerIndexPtr();
  for (int r = 0; r < n_; ++r) row_active_[static_cast<std::size_t>(r)] = row_active(r) ? 1 : 0;
  const char* active = row_active_.data();
  const ImpulseRow* scaled = scaled_rows_.data();
  for (int s = 0; s < n_; ++s) {
    const int begin = outer[s], end = outer[s + 1];
    if (!active[s]) {
      for (int k = begin; k < end; ++k) values[k] = inner[k] == s ? 1.0 : 0.0;
      continue;
    }
    const ImpulseRow& row_s = rows_[static_cast<std::size_t>(s)];
    for (int k = begin; k < end; ++k) {
      const int r = inner[k];
      if (!active[r]) {
        values[k] = r == s ? 1.0 : 0.0;
        continue;
      }
      const SharedSlots slots = shared_slots_[static_cast<std::size_t>(k)];
      if (slots.count == SharedSlots::kMany) {
        values[k] = shared_body_product(scaled[r], row_s);
        continue;
      }
      double w = 0;
      if (slots.count > 0) w += block_dot(scaled[r].w[slots.first >> 1], row_s.w[slots.first & 1]);
      if (slots.count > 1) w += block_dot(scaled[r].w[slots.second >> 1], row_s.w[slots.second & 1]);
      values[k] = w;
    }
  }
  add_bilateral_regularisation();
}

// The pattern is built at the first need (a run whose sweeps always converge never builds it: W of
// a pile of box corners holds ~100 entries per row).
void ImpulseProblem::ensure_operator() {
  if (!operator_stale_) return;
  operator_stale_ = false;
  if (diagonal_index_.empty() && n_ > 0) build_sparse_pattern();
  scale_rows(*minv_);
  assemble_sparse();
}

double ImpulseProblem::operator_diagonal(int r) const {
  if (!velocity_sweep_) return sparse_ ? Ws_.valuePtr()[diagonal_index_[static_cast<std::size_t>(r)]] : W_(r, r);
  if (!row_active(r)) return 1.0;
  const ImpulseRow& row = rows_[static_cast<std::size_t>(r)];
  double w = 0.0;  // Σ over the row's blocks of w M⁻¹ wᵀ (its rows not yet scaled: scale_rows is lazy here)
  for (int a = 0; a < 2; ++a)
    if (row.offset[a] >= 0)
      for (Eigen::Index k = 0; k < row.w[a].size(); ++k) w += row.w[a][k] * (*minv_)[row.offset[a] + k] * row.w[a][k];
  return w + (r < nc_ ? bilateral_added_ : 0.0);
}

void ImpulseProblem::assemble_implicit(const Eigen::LDLT<Mat>& iteration_matrix) {
  if (n_ == 0) return;  // no rows: nothing to solve for (Eigen's solvers refuse empty right-hand sides)
  H_.setZero();
  for (int r = 0; r < n_; ++r) {
    if (!row_active(r)) continue;
    const ImpulseRow& row = rows_[static_cast<std::size_t>(r)];
    for (int a = 0; a < 2; ++a)
      if (row.offset[a] >= 0) H_.block(r, row.offset[a], 1, row.w[a].size()) += row.w[a];
  }
  Y_ = H_.transpose();
  iteration_matrix.solveInPlace(Y_);
  W_.noalias() = H_ * Y_;
  mark_inactive_rows_dense();
  add_bilateral_regularisation();
}

void ImpulseProblem::add_bilateral_regularisation() {
  bilateral_added_ = 0;
  if (bilateral_regularisation_ <= 0 || nc_ == 0) return;
  double scale = 0;
  for (int r = 0; r < nc_; ++r) scale = std::max(scale, operator_diagonal(r));  // before the regularisation
  const double add = bilateral_regularisation_ * scale;
  bilateral_added_ = add;
  if (velocity_sweep_ && operator_stale_) return;  // the sweeps add it to their rows; W when assembled
  for (int r = 0; r < nc_; ++r) {
    if (sparse_) Ws_.valuePtr()[diagonal_index_[static_cast<std::size_t>(r)]] += add;
    else W_(r, r) += add;
  }
}

void ImpulseProblem::mark_inactive_rows_dense() {
  for (int r = 0; r < n_; ++r) {
    if (row_active(r)) continue;
    W_.row(r).setZero();
    W_.col(r).setZero();
    W_(r, r) = 1.0;
  }
}

void ImpulseProblem::add_velocity_change(const Vec& minv, Vec& v) const {
  if (implicit_) {
    if (n_ > 0) v.noalias() += Y_ * p_;
    return;
  }
  if (velocity_sweep_ && velocity_change_of_p_) {  // the sweeps' own M⁻¹ Hᵀ p
    v += velocity_change_;
    return;
  }
  add_mass_velocity_change(minv, v);
}

void ImpulseProblem::add_mass_velocity_change(const Vec& minv, Vec& v) const {
  for (int r = 0; r < n_; ++r) {
    if (p_[r] != 0.0) rows_[static_cast<std::size_t>(r)].scatter(p_[r], minv, v);
  }
}

}  // namespace stickslip
