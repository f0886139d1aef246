// The spatial contacts' mode and impact problems on the polyhedral friction cone (design D8;
// contact_decisions.hpp): rows per candidate contact as in the plane, with two tangent rows, lifted by
// solvers/pyramid_contact_lcp.hpp and solved by ContactDecisions::solve_on_pyramid.
#include <cmath>

#include "assembly/contact_kinematics.hpp"
#include "formulations/event_driven/contact_decisions.hpp"

namespace stickslip {

// The mode LCP of spatial contacts on the polyhedral cone: the rows are each candidate's normal
// (g̈_N) and two tangent rows (v̇_T), Δ(r, c) = row_rᵀ M_c⁻¹ d_c as in the plane; a compliant contact's
// normal force is known and bounds its generators through μ_s N.
ModeDecision ContactDecisions::decide_on_pyramid(ModalDynamics& dyn, const State& s,
                                                 const std::vector<ContactState>& modes,
                                                 const std::vector<char>& normal_candidate,
                                                 const std::vector<char>& tangent_candidate) {
  const std::size_t nc = model_.contacts.size();
  const Workspace& ws = dyn.workspace();
  const Vec a0 = ws.qdd;
  const int facets = dyn.friction_facets();
  ModeDecision out;
  out.modes = modes;
  out.normal_force.assign(nc, 0.0);
  out.tangential_force.assign(nc, 0.0);
  out.slip_direction.assign(nc, TangentVector::Zero());
  for (std::size_t k = 0; k < nc; ++k) out.normal_force[k] = ws.contact_forces[k].normal;
  std::vector<Vec> rows, dirs;  // the acceleration rows and the force directions (they differ for a
  std::vector<double> bias;     // slipping rigid contact, whose friction rides on its normal force)
  std::vector<solvers::PyramidContact> contacts;
  std::vector<int> ids;
  Vec col(model_.nv), tmp(model_.nv);
  for (std::size_t k = 0; k < nc; ++k) {
    if (!normal_candidate[k] && !tangent_candidate[k]) continue;
    const int c = static_cast<int>(k);
    const Contact& contact = model_.contacts[k];
    const ContactKinematics& kin = ws.contacts[k];
    solvers::PyramidContact pc;
    pc.mu = dyn.mu_static(c);
    if (normal_candidate[k]) {
      pc.normal = static_cast<int>(rows.size());
      contact_direction_column(model_, contact, kin, ContactDirection::normal(), col);
      Vec d = col;
      if (!tangent_candidate[k] && modes[k] == ContactState::slip_positive) {  // sliding: known direction
        const TangentVector sd = dyn.sliding_direction(c);
        for (int t = 0; t < 2; ++t) {
          contact_direction_column(model_, contact, kin, ContactDirection::tangent(t), tmp);
          d -= dyn.mu_kinetic(c) * sd[t] * tmp;
        }
      }
      rows.push_back(col);
      dirs.push_back(std::move(d));
      bias.push_back(kin.wn_bias);
    } else {
      pc.fixed_normal = ws.contact_forces[k].normal;
    }
    if (tangent_candidate[k]) {
      pc.tangent = static_cast<int>(rows.size());
      for (int t = 0; t < 2; ++t) {
        contact_direction_column(model_, contact, kin, ContactDirection::tangent(t), col);
        rows.push_back(col);
        dirs.push_back(col);
        bias.push_back(kin.wt_bias[t]);
      }
    }
    contacts.push_back(pc);
    ids.push_back(c);
  }
  if (rows.empty()) return out;
  const Eigen::Index n = static_cast<Eigen::Index>(rows.size());
  std::vector<Vec> resp(rows.size());
  for (std::size_t c = 0; c < dirs.size(); ++c) dyn.constrained_response(dirs[c], resp[c]);
  Mat W(n, n);
  Vec b(n);
  for (Eigen::Index r = 0; r < n; ++r) {
    b[r] = bias[static_cast<std::size_t>(r)] + rows[static_cast<std::size_t>(r)].dot(a0);
    for (Eigen::Index c = 0; c < n; ++c) W(r, c) = rows[static_cast<std::size_t>(r)].dot(resp[static_cast<std::size_t>(c)]);
  }
  solvers::DependentContactResult sol;
  solve_on_pyramid(W, b, contacts, facets, s.t, "the contact-mode LCP", sol);
  out.pivots = sol.pivots;
  const Vec& lambda = sol.forces;
  const Vec acc = b + W * lambda;
  // Decisions, with a tolerance relative to the size of the accelerations involved.
  const double tol = 1e-9 * (1.0 + b.cwiseAbs().maxCoeff());
  for (std::size_t i = 0; i < contacts.size(); ++i) {
    const solvers::PyramidContact& pc = contacts[i];
    const std::size_t k = static_cast<std::size_t>(ids[i]);
    if (pc.normal >= 0) {
      out.normal_force[k] = lambda[pc.normal];
      if (lambda[pc.normal] <= tol && acc[pc.normal] > tol) out.modes[k] = ContactState::open;
    }
    if (pc.tangent < 0) continue;
    if (out.modes[k] == ContactState::open && !model_.contacts[k].compliant()) continue;
    const TangentVector a_t(acc[pc.tangent], acc[pc.tangent + 1]);
    out.tangential_force[k] = std::hypot(lambda[pc.tangent], lambda[pc.tangent + 1]);
    if (a_t.norm() > tol) {
      out.modes[k] = ContactState::slip_positive;  // a spatial slip: its direction, not a sign
      out.slip_direction[k] = a_t / a_t.norm();
    } else {
      out.modes[k] = ContactState::stick;
    }
  }
  return out;
}

// The impact LCP of spatial contacts: rows 3i (normal), 3i + 1, 3i + 2 (tangents) of contact ids[i],
// Newton's law on the normal rows, Coulomb's on the pyramid of k generators with μ_k.
void ContactDecisions::impact_on_pyramid(ModalDynamics& dyn, const State& s, const std::vector<int>& ids,
                                         const std::vector<double>& restitution, ImpactResult& out) {
  const Workspace& ws = dyn.workspace();
  const int facets = dyn.friction_facets();
  const int m = 3 * static_cast<int>(ids.size());
  std::vector<Vec> dirs(static_cast<std::size_t>(m), Vec::Zero(model_.nv)), resp(static_cast<std::size_t>(m));
  std::vector<solvers::PyramidContact> contacts;
  Vec b(m);
  for (int i = 0; i < static_cast<int>(ids.size()); ++i) {
    const int k = ids[static_cast<std::size_t>(i)];
    const ContactKinematics& kin = ws.contacts[static_cast<std::size_t>(k)];
    for (int d = 0; d < 3; ++d) {
      const ContactDirection dir = d == 0 ? ContactDirection::normal() : ContactDirection::tangent(d - 1);
      contact_direction_column(model_, model_.contacts[static_cast<std::size_t>(k)], kin, dir, dirs[3 * i + d]);
      if (d > 0 && model_.contacts[static_cast<std::size_t>(k)].joint_limit()) dirs[3 * i + d].setZero();  // no friction
      dyn.constrained_response(dirs[3 * i + d], resp[3 * i + d]);
    }
    contacts.push_back({3 * i, 3 * i + 1, dyn.mu_kinetic(k), 0.0});
    const bool limit = model_.contacts[static_cast<std::size_t>(k)].joint_limit();
    b[3 * i] = kin.vn + restitution[static_cast<std::size_t>(k)] * std::min(kin.vn, 0.0);
    b[3 * i + 1] = limit ? 0.0 : kin.vt[0];
    b[3 * i + 2] = limit ? 0.0 : kin.vt[1];
  }
  Mat W(m, m);
  for (int r = 0; r < m; ++r) {
    for (int c = 0; c < m; ++c) W(r, c) = dirs[r].dot(resp[c]);
  }
  solvers::DependentContactResult sol;
  solve_on_pyramid(W, b, contacts, facets, s.t, "the impact LCP", sol);
  out.pivots = sol.pivots;
  const Vec& p = sol.forces;
  for (int r = 0; r < m; ++r) out.v_after += p[r] * resp[r];
  for (int i = 0; i < static_cast<int>(ids.size()); ++i) {
    const std::size_t k = static_cast<std::size_t>(ids[static_cast<std::size_t>(i)]);
    out.normal_impulse[k] = p[3 * i];
    out.tangential_impulse[k] = std::hypot(p[3 * i + 1], p[3 * i + 2]);
    out.vn_after[k] = dirs[3 * i].dot(out.v_after - s.v) + ws.contacts[k].vn;
  }
}

}  // namespace stickslip
