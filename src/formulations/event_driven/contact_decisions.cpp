#include "formulations/event_driven/contact_decisions.hpp"

#include <cmath>

#include "assembly/contact_kinematics.hpp"
#include "math/errors.hpp"
#include "solvers/frictional_contact.hpp"
#include "solvers/pyramid_contact_lcp.hpp"

namespace stickslip {
namespace {

// One unknown force of the mode LCP: a normal multiplier (rigid contact) or a friction force.
struct Column {
  int contact;
  bool normal;
  Vec direction;  // generalised force per unit multiplier
  Vec response;   // M_c⁻¹ direction
};

bool slipping(ContactState m) { return m == ContactState::slip_positive || m == ContactState::slip_negative; }

[[noreturn]] void no_solution(double t, const char* what, solvers::LcpStatus status) {
  throw NumericalError(t, "contacts",
                       std::string(what) + " has no solution (" + std::string(solvers::to_string(status)) +
                           "): an inconsistent contact configuration (Painlevé paradox) or a modelling error");
}

}  // namespace

ContactDecisions::ContactDecisions(const Model& model) : model_(model), lemke_(16) {}

// Every candidate closed and sticking, if the forces admit it: zero accelerations with admissible
// forces solve the mode LCP, and where several contacts hold one body its forces are indeterminate,
// so the question is whether some distribution inside every cone exists (ModalDynamics reports the
// least-norm one and the feasibility margin of the set).
bool ContactDecisions::all_stick(ModalDynamics& dyn, const State& s, const std::vector<ContactState>& modes,
                                 const std::vector<char>& normal_candidate, const std::vector<char>& tangent_candidate,
                                 ModeDecision& out) {
  const std::size_t nc = model_.contacts.size();
  out.modes = modes;
  bool any = false;
  for (std::size_t k = 0; k < nc; ++k) {
    if (tangent_candidate[k]) out.modes[k] = ContactState::stick;
    any |= normal_candidate[k] || tangent_candidate[k];
  }
  if (!any) return false;
  dyn.set_modes(out.modes);
  dyn.evaluate(s);
  if (dyn.row_residual() > 1e-6) return false;  // they cannot all hold (a driver moves one)
  const Workspace& ws = dyn.workspace();
  const double tol = 1e-9 * dyn.force_scale();
  for (std::size_t k = 0; k < nc; ++k) {
    if (!normal_candidate[k] && !tangent_candidate[k]) continue;
    const int c = static_cast<int>(k);
    const ContactForce& f = ws.contact_forces[k];
    const double margin = dyn.redundant_margin(c);
    if (!std::isnan(margin)) {
      if (margin < -tol) return false;
      continue;
    }
    if (normal_candidate[k] && f.normal < -tol) return false;
    const int rows = model_.contacts[k].tangent_rows();
    if (tangent_candidate[k] && dyn.mu_static(c) * f.normal - tangent_magnitude(f.tangential, rows) < -tol) return false;
  }
  out.normal_force.assign(nc, 0.0);
  out.tangential_force.assign(nc, 0.0);
  for (std::size_t k = 0; k < nc; ++k) {
    out.normal_force[k] = ws.contact_forces[k].normal;
    out.tangential_force[k] = ws.contact_forces[k].tangential[0];
  }
  out.pivots = 0;
  return true;
}

namespace {

// The unknowns of the planar mode LCP: normal candidates first, then tangential candidates, with the
// column of each contact's normal and tangential unknown (-1: not an unknown).
struct ModeColumns {
  std::vector<Column> cols;
  std::vector<int> normal_col, tangent_col;
  int nN = 0, nT = 0;
};

ModeColumns mode_columns(const Model& model, ModalDynamics& dyn, const std::vector<ContactState>& modes,
                         const std::vector<char>& normal_candidate, const std::vector<char>& tangent_candidate) {
  const std::size_t nc = model.contacts.size();
  const Workspace& ws = dyn.workspace();
  ModeColumns mc;
  mc.normal_col.assign(nc, -1);
  mc.tangent_col.assign(nc, -1);
  Vec tmp(model.nv);
  for (int pass = 0; pass < 2; ++pass) {
    for (std::size_t k = 0; k < nc; ++k) {
      const bool normal = pass == 0;
      if (normal ? !normal_candidate[k] : !tangent_candidate[k]) continue;
      Column c{static_cast<int>(k), normal, Vec::Zero(model.nv), Vec()};
      contact_direction_column(model, model.contacts[k], ws.contacts[k], ContactDirection::planar(normal), c.direction);
      if (normal && !tangent_candidate[k] && slipping(modes[k])) {  // known slip direction
        contact_direction_column(model, model.contacts[k], ws.contacts[k], ContactDirection::tangent(0), tmp);
        c.direction -= dyn.mu_kinetic(static_cast<int>(k)) * (modes[k] == ContactState::slip_positive ? 1.0 : -1.0) * tmp;
      }
      dyn.constrained_response(c.direction, c.response);
      (normal ? mc.normal_col : mc.tangent_col)[k] = static_cast<int>(mc.cols.size());
      mc.cols.push_back(std::move(c));
    }
  }
  mc.nN = static_cast<int>(std::count_if(mc.cols.begin(), mc.cols.end(), [](const Column& c) { return c.normal; }));
  mc.nT = static_cast<int>(mc.cols.size()) - mc.nN;
  return mc;
}

// The LCP (M, q) in z = [λ_N; F⁺; g̈_T⁻], w = [g̈_N; g̈_T⁺; F⁻] (the header's eq. (18)-(20), (38) of
// Zhang & Wang 2017): rows are the accelerations of each column's own direction, Δ(r, c) = row_rᵀ M_c⁻¹ d_c,
// about the base accelerations a0.
void assemble_mode_lcp(const Model& model, ModalDynamics& dyn, const ModeColumns& mc, const Vec& a0, Mat& M, Vec& q) {
  const Workspace& ws = dyn.workspace();
  const std::vector<Column>& cols = mc.cols;
  const int nN = mc.nN, nT = mc.nT, n = nN + 2 * nT;
  M = Mat::Zero(n, n);
  q = Vec::Zero(n);
  Vec r(model.nv);
  for (int i = 0; i < static_cast<int>(cols.size()); ++i) {
    const ContactDirection dir = ContactDirection::planar(cols[i].normal);
    contact_direction_column(model, model.contacts[cols[i].contact], ws.contacts[cols[i].contact], dir, r);
    q[i] = ws.contacts[cols[i].contact].bias(dir) + r.dot(a0);
    for (int j = 0; j < static_cast<int>(cols.size()); ++j) {
      const double delta = r.dot(cols[j].response);
      if (cols[j].normal) {
        M(i, j) += delta;
        continue;
      }
      // λ_T = F⁺ − μ_s N: F⁺ enters with Δ, N with −μ_s Δ (on λ_N or as a constant).
      const int k = cols[j].contact;
      const double mu = dyn.mu_static(k);
      M(i, j) += delta;
      if (mc.normal_col[k] >= 0) M(i, mc.normal_col[k]) -= mu * delta;
      else q[i] -= mu * ws.contact_forces[k].normal * delta;
    }
    if (!cols[i].normal) M(i, nN + nT + (i - nN)) += 1.0;  // g̈_T⁺ = g̈_T + g̈_T⁻
  }
  for (int j = nN; j < nN + nT; ++j) {  // F⁻ = 2 μ_s N − F⁺
    const int k = cols[j].contact, row = nT + j;
    const double mu = dyn.mu_static(k);
    M(row, j) = -1.0;
    if (mc.normal_col[k] >= 0) M(row, mc.normal_col[k]) = 2 * mu;
    else q[row] = 2 * mu * ws.contact_forces[k].normal;
  }
}

// Base accelerations with the candidates' forces removed (rigid candidates open, candidate friction
// free); dyn is left evaluated there.
void evaluate_base(const Model& model, ModalDynamics& dyn, const State& s, const std::vector<ContactState>& modes,
                   const std::vector<char>& normal_candidate, const std::vector<char>& tangent_candidate) {
  std::vector<ContactState> base = modes;
  for (std::size_t k = 0; k < model.contacts.size(); ++k) {
    if (normal_candidate[k]) base[k] = tangent_candidate[k] ? ContactState::stick : modes[k];
    if (normal_candidate[k] && model.contacts[k].compliant() == false) base[k] = ContactState::open;
    if (tangent_candidate[k] && modes[k] == ContactState::open) base[k] = ContactState::stick;
  }
  dyn.set_modes(base, tangent_candidate);
  dyn.evaluate(s);
}

// Modes from the LCP's solution, with a tolerance relative to the size of the accelerations involved:
// λ_N = 0 with g̈_N > 0 opens; g̈_T⁺ > 0 (g̈_T⁻ > 0) slips positively (negatively); else stick.
void read_mode_decisions(const Model& model, ModalDynamics& dyn, const ModeColumns& mc, const Vec& q,
                         const solvers::LcpResult& res, ModeDecision& out) {
  const Workspace& ws = dyn.workspace();
  const int nN = mc.nN, nT = mc.nT;
  const double tol = 1e-9 * (1.0 + q.cwiseAbs().maxCoeff());
  for (int i = 0; i < nN; ++i) {
    const int k = mc.cols[i].contact;
    out.normal_force[k] = res.z[i];
    if (res.z[i] <= tol && res.w[i] > tol) out.modes[k] = ContactState::open;
  }
  for (int j = nN; j < nN + nT; ++j) {
    const int k = mc.cols[j].contact;
    if (out.modes[k] == ContactState::open && !model.contacts[k].compliant()) continue;
    const double up = res.w[j], down = res.z[nT + j];
    out.modes[k] = up > tol ? ContactState::slip_positive : down > tol ? ContactState::slip_negative : ContactState::stick;
    const double N = mc.normal_col[k] >= 0 ? res.z[mc.normal_col[k]] : ws.contact_forces[k].normal;
    out.tangential_force[k] = res.z[j] - dyn.mu_static(k) * N;
  }
}

}  // namespace

ModeDecision ContactDecisions::decide(ModalDynamics& dyn, const State& s, const std::vector<ContactState>& modes,
                                      const std::vector<char>& normal_candidate,
                                      const std::vector<char>& tangent_candidate) {
  const std::size_t nc = model_.contacts.size();
  {
    ModeDecision stuck;
    if (all_stick(dyn, s, modes, normal_candidate, tangent_candidate, stuck)) return stuck;
  }
  evaluate_base(model_, dyn, s, modes, normal_candidate, tangent_candidate);
  if (model_.dimension == Dimension::spatial) return decide_on_pyramid(dyn, s, modes, normal_candidate, tangent_candidate);
  const Workspace& ws = dyn.workspace();
  const Vec a0 = ws.qdd;
  const ModeColumns mc = mode_columns(model_, dyn, modes, normal_candidate, tangent_candidate);
  ModeDecision out;
  out.modes = modes;
  out.normal_force.assign(nc, 0.0);
  out.tangential_force.assign(nc, 0.0);
  for (std::size_t k = 0; k < nc; ++k) out.normal_force[k] = ws.contact_forces[k].normal;
  if (mc.cols.empty()) return out;

  Mat M;
  Vec q;
  assemble_mode_lcp(model_, dyn, mc, a0, M, q);
  lemke_.reserve(static_cast<int>(q.size()));
  solvers::LcpResult res;
  lemke_.solve(M, q, res);
  if (res.status != solvers::LcpStatus::solved) no_solution(s.t, "the contact-mode LCP", res.status);
  out.pivots = res.iterations;
  read_mode_decisions(model_, dyn, mc, q, res, out);
  return out;
}

ImpactResult ContactDecisions::impact(ModalDynamics& dyn, const State& s, const std::vector<char>& involved,
                                      const std::vector<double>& restitution) {
  const std::size_t nc = model_.contacts.size();
  const Workspace& ws = dyn.workspace();
  ImpactResult out;
  out.involved = involved;
  out.vn_before.assign(nc, 0.0);
  out.vn_after.assign(nc, 0.0);
  out.normal_impulse.assign(nc, 0.0);
  out.tangential_impulse.assign(nc, 0.0);
  std::vector<int> ids;
  for (std::size_t k = 0; k < nc; ++k) {
    out.vn_before[k] = ws.contacts[k].vn;
    out.vn_after[k] = ws.contacts[k].vn;
    if (involved[k]) ids.push_back(static_cast<int>(k));
  }
  out.v_after = s.v;
  if (ids.empty()) return out;
  if (model_.dimension == Dimension::spatial) {
    impact_on_pyramid(dyn, s, ids, restitution, out);
    return out;
  }
  // Rows 2i (normal) and 2i+1 (tangent) of contact ids[i].
  const int m = 2 * static_cast<int>(ids.size());
  std::vector<Vec> dirs(static_cast<std::size_t>(m), Vec::Zero(model_.nv)), resp(static_cast<std::size_t>(m));
  std::vector<solvers::FrictionContact> contacts;
  for (int i = 0; i < static_cast<int>(ids.size()); ++i) {
    const int k = ids[i];
    for (int d = 0; d < 2; ++d) {
      contact_direction_column(model_, model_.contacts[k], ws.contacts[k], ContactDirection::planar(d == 0), dirs[2 * i + d]);
      // A joint limit's tangent row repeats its normal row (it has no friction): left out here, where a
      // row with its own free term would pull the normal impulse (solvers/dependent_contact_lcp.hpp).
      if (d == 1 && model_.contacts[k].joint_limit()) dirs[2 * i + d].setZero();
      dyn.constrained_response(dirs[2 * i + d], resp[2 * i + d]);
    }
    contacts.push_back({2 * i, 2 * i + 1, dyn.mu_kinetic(k)});
  }
  Mat W(m, m);
  Vec b(m);
  for (int r = 0; r < m; ++r) {
    for (int c = 0; c < m; ++c) W(r, c) = dirs[r].dot(resp[c]);
    const ContactKinematics& kin = ws.contacts[ids[r / 2]];
    const bool limit = model_.contacts[static_cast<std::size_t>(ids[r / 2])].joint_limit();
    b[r] = r % 2 == 0 ? kin.vn + restitution[ids[r / 2]] * std::min(kin.vn, 0.0) : limit ? 0.0 : kin.vt[0];
  }
  solvers::DependentContactResult sol;
  dependent_lcp_.solve(
      W, b, [&](const Mat& w, const Vec& bb, Mat& M, Vec& q) { solvers::frictional_contact_to_lcp(w, bb, contacts, M, q); },
      [&](const Vec& z, Vec& p) { solvers::contact_impulses_from_lcp(z, contacts, m, p); }, sol);
  if (sol.lcp.status != solvers::LcpStatus::solved) no_solution(s.t, "the impact LCP", sol.lcp.status);
  out.pivots = sol.pivots;
  const Vec& p = sol.forces;
  for (int r = 0; r < m; ++r) out.v_after += p[r] * resp[r];
  for (int i = 0; i < static_cast<int>(ids.size()); ++i) {
    const int k = ids[i];
    out.normal_impulse[k] = p[2 * i];
    out.tangential_impulse[k] = p[2 * i + 1];
    out.vn_after[k] = dirs[2 * i].dot(out.v_after - s.v) + ws.contacts[k].vn;
  }
  return out;
}

// W λ + b on the pyramid of every contact, solved by the proximal iterations that cope with dependent
// rows (several corners of one box); the forces or impulses along W's rows in sol.forces.
void ContactDecisions::solve_on_pyramid(const Mat& W, const Vec& b, const std::vector<solvers::PyramidContact>& contacts,
                                        int facets, double t, const char* what, solvers::DependentContactResult& sol) {
  const Eigen::Index n = W.rows();
  dependent_lcp_.solve(
      W, b, [&](const Mat& w, const Vec& bb, Mat& M, Vec& q) { solvers::pyramid_contact_to_lcp(w, bb, contacts, facets, M, q); },
      [&](const Vec& z, Vec& p) { solvers::pyramid_forces_from_lcp(z, contacts, facets, n, p); }, sol);
  if (sol.lcp.status != solvers::LcpStatus::solved) no_solution(t, what, sol.lcp.status);
}

}  // namespace stickslip
