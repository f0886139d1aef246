// Nonsmooth Gauss-Seidel in velocity space (velocity_gauss_seidel.hpp). Each row is stored with its
// two blocks of H and of M⁻¹Hᵀ (an unused block points at a zero pad past the last velocity, so a
// row's products take no branch), W_rr and, for a disc pair, the pair's coupling, all computed as
// the row is added. Rows are packed island by island (copied only when the islands are not already
// contiguous in the order added), and each island runs the loop of the time-stepping scheme's
// Gauss-Seidel over W (impulse_solve.cpp, pgs_with_subspace without subspace steps): at least
// min_iterations sweeps, then until the goal, the cap, or a residual that has not halved over
// stall_sweeps sweeps, checked in chunks of that many.
#include "solvers/velocity_gauss_seidel.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <stdexcept>

#include "math/disjoint_sets.hpp"

namespace stickslip::solvers {

namespace {

bool finite_value(double x) { return std::abs(x) <= DBL_MAX; }

// H_r v over the row's two blocks (h: 2W entries), and v += x M⁻¹ H_rᵀ (mh: 2W entries): fixed-size
// maps, so that Eigen takes each block in packets (the plain loops stayed scalar: a reduction is not
// reordered without leave, and the blocks of v might alias mh).
template <int W>
using Block = Eigen::Matrix<double, W, 1>;
template <int W>
inline double row_dot(const double* h, const std::array<int, 2>& offset, const double* v) {
  return Eigen::Map<const Block<W>>(h).dot(Eigen::Map<const Block<W>>(v + offset[0])) +
         Eigen::Map<const Block<W>>(h + W).dot(Eigen::Map<const Block<W>>(v + offset[1]));
}

template <int W>
inline void row_axpy(double x, const double* mh, const std::array<int, 2>& offset, double* v) {
  Eigen::Map<Block<W>>(v + offset[0]).noalias() += x * Eigen::Map<const Block<W>>(mh);
  Eigen::Map<Block<W>>(v + offset[1]).noalias() += x * Eigen::Map<const Block<W>>(mh + W);
}

}  // namespace

void VelocityGaussSeidel::begin(Eigen::Index nv, int width, const VecRef& minv) {
  if (width != 3 && width != 6) throw std::invalid_argument("VelocityGaussSeidel: blocks are 3 or 6 velocities wide");
  nv_ = nv;
  width_ = width;
  minv_ = minv.data();
  valid_ = nv >= 0 && minv.size() == nv;
  for (Eigen::Index i = 0; valid_ && i < nv; ++i) valid_ = finite_value(minv[i]) && minv[i] >= 0.0;
  scale_ = 1.0;
  rows_.clear();
  units_.clear();
  used_ = 0;
  packed_ = false;
}

// The row's H and M⁻¹Hᵀ blocks and W_rr; an unused block gets the pad's offset and zeros.
void VelocityGaussSeidel::add_row(int row, const RowOnBlocks& h, double b, Kind kind, int normal, double mu,
                                  double shift) {
  const int w = width_;
  Row r{h.offset, row, normal, kind, b, mu, 0.0, shift, 0.0};
  valid_ = valid_ && row >= 0 && finite_value(b) && finite_value(shift);
  const std::size_t at = used_;
  used_ += static_cast<std::size_t>(4 * w);
  if (entries_.size() < used_) entries_.resize(std::max(used_, 2 * entries_.size()));  // grows, never shrinks
  double* e = &entries_[at];
  double d = 0.0;
  for (int a = 0; a < 2; ++a) {
    int& off = r.offset[static_cast<std::size_t>(a)];
    const double* x = h.entries[static_cast<std::size_t>(a)];
    if (off < 0 || x == nullptr || off + w > nv_) {
      valid_ = valid_ && off < 0;  // a block out of range, or without its entries
      off = static_cast<int>(nv_);
      std::fill_n(e + a * w, w, 0.0);
      std::fill_n(e + (2 + a) * w, w, 0.0);
      continue;
    }
    for (int j = 0; j < w; ++j) {
      const double hj = x[j], mj = minv_[off + j] * hj;
      e[a * w + j] = hj;
      e[(2 + a) * w + j] = mj;
      d += hj * mj;
    }
  }
  valid_ = valid_ && finite_value(d);
  r.d = d + shift;
  scale_ = std::max(scale_, std::abs(b));
  rows_.push_back(r);
}

void VelocityGaussSeidel::add_free_row(int row, const RowOnBlocks& h, double b, double diagonal_shift) {
  units_.push_back({static_cast<int>(rows_.size()), 1});
  add_row(row, h, b, Kind::free, -1, 0.0, diagonal_shift);
}

void VelocityGaussSeidel::add_contact(const FrictionContact& c, std::span<const RowOnBlocks> h,
                                      std::span<const double> b) {
  const std::size_t rows = 1 + static_cast<std::size_t>(std::max(c.tangent_rows, 0));
  if (!is_supported_cone(c) || !(c.mu >= 0.0 && finite_value(c.mu)) || h.size() < rows || b.size() < rows) {
    valid_ = false;
    return;
  }
  const int normal = static_cast<int>(rows_.size());
  units_.push_back({normal, static_cast<int>(rows)});
  add_row(c.normal, h[0], b[0], Kind::normal, -1, 0.0, 0.0);
  if (c.cone == FrictionCone::interval) {
    add_row(c.tangent, h[1], b[1], Kind::interval, normal, c.mu, 0.0);
    return;
  }
  add_row(c.tangent, h[1], b[1], Kind::disc_first, normal, c.mu, 0.0);
  add_row(c.tangent + 1, h[2], b[2], Kind::disc_second, normal, c.mu, 0.0);
  // W between the pair's rows: Σ over the blocks they share of h_first M⁻¹ h_secondᵀ.
  Row& first = rows_[rows_.size() - 2];
  const Row& second = rows_.back();
  const int w = width_;
  const double* e1 = &entries_[used_ - static_cast<std::size_t>(8 * w)];
  const double* e2 = &entries_[used_ - static_cast<std::size_t>(4 * w)];
  double coupling = 0.0;
  for (int a = 0; a < 2; ++a)
    for (int s = 0; s < 2; ++s)
      if (first.offset[static_cast<std::size_t>(a)] == second.offset[static_cast<std::size_t>(s)] &&
          first.offset[static_cast<std::size_t>(a)] < nv_)
        for (int j = 0; j < w; ++j) coupling += e1[a * w + j] * e2[(2 + s) * w + j];
  first.coupling = coupling;
}

// Islands: a unit (a free row, or a contact's rows) is joined to every unit sharing a velocity block
// with it. Units are packed in the order of each island's first unit, in their order within it.
void VelocityGaussSeidel::find_islands() {
  parent_.resize(static_cast<std::size_t>(nv_) + 1);  // + the pad, shared by unused blocks: never joined
  for (std::size_t i = 0; i < parent_.size(); ++i) parent_[i] = static_cast<int>(i);
  const auto anchor_of = [&](const Unit& u) {  // a block of the unit, -1 when it has none
    for (int k = u.first; k < u.first + u.rows; ++k)
      for (const int off : rows_[static_cast<std::size_t>(k)].offset)
        if (off < nv_) return off;
    return -1;
  };
  for (const Unit& u : units_) {
    const int anchor = anchor_of(u);
    for (int k = u.first; k < u.first + u.rows && anchor >= 0; ++k)
      for (const int off : rows_[static_cast<std::size_t>(k)].offset)
        if (off < nv_) parent_[static_cast<std::size_t>(disjoint_set_root(parent_, off))] = disjoint_set_root(parent_, anchor);
  }
  root_island_.assign(parent_.size(), -1);
  count_.clear();
  island_of_.resize(units_.size());
  bool in_order = true;  // every island's units already contiguous, islands in order of appearance
  for (std::size_t i = 0; i < units_.size(); ++i) {
    const int anchor = anchor_of(units_[i]);
    int id = anchor >= 0 ? root_island_[static_cast<std::size_t>(disjoint_set_root(parent_, anchor))] : -1;
    if (id < 0) {  // a new island (always, for a unit without blocks)
      id = static_cast<int>(count_.size());
      count_.push_back(0);
      if (anchor >= 0) root_island_[static_cast<std::size_t>(disjoint_set_root(parent_, anchor))] = id;
    }
    in_order = in_order && (i == 0 || id == island_of_[i - 1] || id == island_of_[i - 1] + 1);
    island_of_[i] = id;
    count_[static_cast<std::size_t>(id)] += units_[i].rows;
  }
  islands_.resize(count_.size());
  int first_row = 0;
  for (std::size_t i = 0; i < count_.size(); ++i) {
    islands_[i] = Island{};
    islands_[i].first = islands_[i].end = first_row;
    first_row += count_[i];
  }
  const auto stride = static_cast<std::size_t>(4 * width_);
  if (in_order) {
    for (std::size_t i = 0; i < units_.size(); ++i) islands_[static_cast<std::size_t>(island_of_[i])].end += units_[i].rows;
    row_ = rows_.data();
    entry_ = entries_.data();
    return;
  }
  ordered_rows_.resize(rows_.size());
  if (ordered_entries_.size() < used_) ordered_entries_.resize(used_);
  for (std::size_t i = 0; i < units_.size(); ++i) {
    const Unit& u = units_[i];
    Island& island = islands_[static_cast<std::size_t>(island_of_[i])];
    const int shift = island.end - u.first;  // packed index − added index, for the unit's rows
    for (int k = u.first; k < u.first + u.rows; ++k) {
      const auto at = static_cast<std::size_t>(island.end++);
      ordered_rows_[at] = rows_[static_cast<std::size_t>(k)];
      if (ordered_rows_[at].normal >= 0) ordered_rows_[at].normal += shift;
      std::copy_n(entries_.begin() + static_cast<std::ptrdiff_t>(static_cast<std::size_t>(k) * stride), stride,
                  ordered_entries_.begin() + static_cast<std::ptrdiff_t>(at * stride));
    }
  }
  row_ = ordered_rows_.data();
  entry_ = ordered_entries_.data();
}

// The impulses of the packed rows from p, onto the bounds: normal rows first, then their friction.
void VelocityGaussSeidel::start(const Vec& p) {
  const std::size_t n = rows_.size();
  z_.resize(n);
  for (std::size_t k = 0; k < n; ++k) {
    const Row& r = row_[k];
    z_[k] = r.kind == Kind::normal ? std::max(p[r.index], 0.0) : p[r.index];
  }
  for (std::size_t k = 0; k < n; ++k) {
    const Row& r = row_[k];
    if (r.kind != Kind::interval && r.kind != Kind::disc_first) continue;
    const double pn = z_[static_cast<std::size_t>(r.normal)];
    if (r.kind == Kind::interval) {
      const double lo = -r.mu * pn;
      z_[k] = std::clamp(z_[k], lo, std::max(lo, r.mu * pn));
    } else {
      project_onto_disc(z_[k], z_[k + 1], std::max(0.0, r.mu * pn));
    }
  }
}

// Δv of the island's bodies from its impulses (its blocks cleared, then every row's share added).
template <int W>
void VelocityGaussSeidel::recompute(const Island& island) {
  double* v = v_.data();
  for (int k = island.first; k < island.end; ++k)
    for (const int off : row_[static_cast<std::size_t>(k)].offset) std::fill_n(v + off, W, 0.0);
  for (int k = island.first; k < island.end; ++k) {
    const auto i = static_cast<std::size_t>(k);
    if (z_[i] != 0.0) row_axpy<W>(z_[i], entry_ + i * 4 * W + 2 * W, row_[i].offset, v);
  }
  std::fill_n(v + nv_, W, 0.0);  // the pad of unused blocks
}

std::pair<double, double> VelocityGaussSeidel::row_bounds(const Row& r) const {
  if (r.kind == Kind::normal) return {0.0, INFINITY};
  if (r.kind != Kind::interval) return {-INFINITY, INFINITY};
  const double pn = z_[static_cast<std::size_t>(r.normal)];  // >= 0: its own row's bound
  return {-r.mu * pn, std::max(-r.mu * pn, r.mu * pn)};
}

template <int W>
void VelocityGaussSeidel::sweep(const Island& island) {
  double* v = v_.data();
  const double omega = options_.relaxation;
  for (int k = island.first; k < island.end; ++k) {
    const auto i = static_cast<std::size_t>(k);
    const Row& r = row_[i];
    const double* e = entry_ + i * 4 * W;
    double& z = z_[i];
    if (r.kind == Kind::disc_first) {
      // The pair's exact local problem with the other rows frozen (box_lcp.cpp's sweep).
      double& zy = z_[i + 1];
      const Row& s = row_[i + 1];
      const double* f = e + 4 * W;
      const double ux = row_dot<W>(e, r.offset, v) + r.b;
      const double uy = row_dot<W>(f, s.offset, v) + s.b;
      const double a = r.d, d = s.d, b = r.coupling;
      const double cx = ux - (a * z + b * zy), cy = uy - (b * z + d * zy);
      const double radius = std::max(0.0, r.mu * z_[static_cast<std::size_t>(r.normal)]);
      double x = 0.0, y = 0.0;
      minimise_on_disc(a, b, d, cx, cy, radius, x, y);
      if (omega != 1.0) {
        x = z + omega * (x - z);
        y = zy + omega * (y - zy);
        project_onto_disc(x, y, radius);
      }
      const double dx = x - z, dy = y - zy;
      z = x;
      zy = y;
      if (dx != 0.0) row_axpy<W>(dx, e + 2 * W, r.offset, v);
      if (dy != 0.0) row_axpy<W>(dy, f + 2 * W, s.offset, v);
      ++k;
      continue;
    }
    const double u = row_dot<W>(e, r.offset, v) + r.b + r.shift * z;
    const auto [lo, hi] = row_bounds(r);
    const double zi = std::clamp(z - omega / r.d * u, lo, hi);
    const double dz = zi - z;
    if (dz == 0.0) continue;
    z = zi;
    row_axpy<W>(dz, e + 2 * W, r.offset, v);
  }
}

template <int W>
double VelocityGaussSeidel::residual(const Island& island, bool unrounded) const {
  const double* v = v_.data();
  double worst = 0.0;
  for (int k = island.first; k < island.end; ++k) {
    const auto i = static_cast<std::size_t>(k);
    const Row& r = row_[i];
    const double z = z_[i];
    const double u = row_dot<W>(entry_ + i * 4 * W, r.offset, v) + r.b + r.shift * z;
    double term = 0.0;
    if (r.kind == Kind::disc_first) {
      const Row& s = row_[i + 1];
      const double uy = row_dot<W>(entry_ + (i + 1) * 4 * W, s.offset, v) + s.b;
      const double radius = r.mu * z_[static_cast<std::size_t>(r.normal)];
      term = unrounded ? unrounded_disc_term(z, z_[i + 1], u, uy, radius) : disc_term(z, z_[i + 1], u, uy, radius);
      ++k;
    } else {
      const auto [lo, hi] = row_bounds(r);
      term = unrounded ? unrounded_box_term(z, u, lo, hi) : box_term(z, u, lo, hi);
    }
    if (!(term <= worst)) worst = std::isnan(term) ? INFINITY : term;
  }
  return worst;
}

// The loop of one island (file comment); the goal met means both residuals within it, on a Δv
// computed afresh from the impulses (the rounding of the updates, as box_lcp.cpp recomputes w).
template <int W>
void VelocityGaussSeidel::finish_island(Island& island) {
  const VelocitySweepOptions& o = options_;
  const double goal = o.tolerance * scale_;
  const int cap = o.max_iterations, stall = o.stall_sweeps;
  const int chunk = stall > 0 ? stall : cap;
  bool fresh = true;  // Δv recomputed since the last sweep (run() recomputes it at the start)
  const auto met = [&] {
    if (!(island.residual <= goal)) return false;
    if (!fresh) {
      recompute<W>(island);
      fresh = true;
      island.residual = residual<W>(island, false);
    }
    return island.residual <= goal && residual<W>(island, true) <= goal;
  };
  int limit = std::min(std::max(chunk, o.min_iterations), cap);
  int floor = o.min_iterations;
  island.residual = floor > 0 ? INFINITY : residual<W>(island, false);
  bool first = true;
  while (true) {
    bool solved = floor <= 0 && met();
    while (!solved && island.sweeps < limit) {
      sweep<W>(island);
      fresh = false;
      if (++island.sweeps % 32 == 0) {
        recompute<W>(island);
        fresh = true;
      }
      if (island.sweeps < floor) continue;
      island.residual = residual<W>(island, false);
      if (!std::isfinite(island.residual)) break;
      solved = met();
    }
    if (first) {
      island.reference = island.residual;
      island.reference_sweeps = island.sweeps;
      first = false;
    } else if (island.residual <= 0.5 * island.reference) {
      island.reference = island.residual;
      island.reference_sweeps = island.sweeps;
    }
    island.solved = solved;
    island.stalled = stall > 0 && island.sweeps - island.reference_sweeps >= stall && !solved;
    if (solved || island.stalled || island.sweeps >= cap || !std::isfinite(island.residual)) return;
    limit = island.sweeps + std::min(chunk, cap - island.sweeps);
    floor = 0;
  }
}

template <int W>
void VelocityGaussSeidel::run(Vec& p, Vec& dv) {
  if (v_.size() != nv_ + W) v_.resize(nv_ + W);  // the last W entries: the pad of unused blocks
  v_.setZero();
  result_.status = LcpStatus::solved;
  for (Island& island : islands_) {
    island = Island{island.first, island.end};
    recompute<W>(island);
    finish_island<W>(island);
    result_.iterations = std::max(result_.iterations, island.sweeps);
    result_.row_sweeps += static_cast<long>(island.end - island.first) * island.sweeps;
    if (!(island.residual <= result_.residual)) result_.residual = std::isnan(island.residual) ? INFINITY : island.residual;
    if (!island.solved) result_.status = LcpStatus::max_iterations;
    result_.stalled = result_.stalled || island.stalled;
  }
  for (std::size_t k = 0; k < rows_.size(); ++k) p[row_[k].index] = z_[k];
  if (dv.size() != nv_) dv.resize(nv_);
  dv = v_.head(nv_);
}

const VelocitySweepResult& VelocityGaussSeidel::solve(Vec& p, Vec& dv) {
  result_ = VelocitySweepResult{};
  const double omega = options_.relaxation;
  if (!valid_ || !(omega > 0.0 && omega < 2.0)) return result_;
  for (const Row& r : rows_)
    if (r.index >= p.size() || !finite_value(p[r.index])) return result_;
  if (!packed_) {
    find_islands();
    packed_ = true;
  }
  result_.islands = static_cast<int>(islands_.size());
  for (const Row& r : rows_) {
    if (!(r.d > 0.0)) {  // a row that moves nothing: no Gauss-Seidel step exists (box_lcp.cpp: singular)
      result_.status = LcpStatus::singular;
      dv.setZero(nv_);
      return result_;
    }
  }
  start(p);
  if (width_ == 3) run<3>(p, dv);
  else run<6>(p, dv);
  return result_;
}

}  // namespace stickslip::solvers
