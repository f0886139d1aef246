#include "formulations/initial_state.hpp"

#include <algorithm>
#include <sstream>

#include "assembly/accelerations.hpp"
#include "assembly/body_kinematics.hpp"
#include "assembly/constraints.hpp"
#include "assembly/kinematic_map.hpp"
#include "assembly/projection.hpp"
#include "formulations/static_equilibrium.hpp"
#include "math/errors.hpp"
#include "model/shape_compiler.hpp"

namespace stickslip {
namespace {

void check_redundancy(const Model& model, const SimulationOptions& options, Workspace& ws,
                      const std::function<void(const std::string&)>& warn) {
  const ConstraintAnalysis a = analyse_constraints(model, ws);
  if (a.dependent_rows.empty()) return;
  std::ostringstream msg;
  msg << "redundant constraints: " << a.rows << " equations of rank " << a.rank << " (dependent: ";
  std::vector<std::string> owners;
  for (int row : a.dependent_rows) {
    const std::string owner = constraint_row_owner(model, row);
    if (std::find(owners.begin(), owners.end(), owner) == owners.end()) owners.push_back(owner);
  }
  for (std::size_t k = 0; k < owners.size(); ++k) msg << (k ? ", " : "") << owners[k];
  msg << ")";
  if (!options.allow_redundant) throw ModelError("joints", msg.str() + "; remove the redundant joint");
  if (warn) warn(msg.str() + "; reactions are the minimum-norm least-squares solution");
}

}  // namespace

namespace {

// The equilibrium of a model with contacts between shapes is that of the explicit point contacts they
// compile into (model/shape_compiler.hpp): exact where a pair's gap is a smooth function of the
// positions (a sphere, capsule, box or hull on a plane; two spheres). Other pairs are refused: the
// points the detection finds at the start pose come and go as Newton's method moves the bodies (a
// box on a box: edges and corners that switch), so no fixed set of rows describes the problem.
StaticEquilibrium equilibrium_on_shapes(const Model& model, const SimulationOptions& options, const State& s) {
  const Model compiled = compile_shape_contacts(
      model, "the static equilibrium start (simulation.initial: static_equilibrium)",
      "start from the positions as given (simulation.initial: as_given) and let the run settle them");
  // Friction states: the model's contacts, the compiled ones, then the joints' (compile_shape_contacts).
  State start = s;
  start.z = Vec::Zero(compiled.nz);
  const auto copy = [&](int from, int to, int size) { start.z.segment(to, size) = s.z.segment(from, size); };
  for (std::size_t k = 0; k < model.contacts.size(); ++k)
    copy(model.contacts[k].z_offset, compiled.contacts[k].z_offset, model.contacts[k].friction_states());
  for (std::size_t j = 0; j < model.joints.size(); ++j)
    copy(model.joints[j].z_offset, compiled.joints[j].z_offset, joint_friction_states(model.joints[j]));
  StaticEquilibrium eq = static_equilibrium(compiled, options, start);
  eq.state.z = s.z;
  return eq;
}

// The positions moved to the static equilibrium on the contacts, velocities made consistent again.
void to_static_equilibrium(const Model& model, const SimulationOptions& options, Workspace& ws, State& s,
                           const std::function<void(const std::string&)>& warn) {
  const StaticEquilibrium eq = model.has_shape_contacts() ? equilibrium_on_shapes(model, options, s)
                                                          : static_equilibrium(model, options, s);
  s.q = eq.state.q;
  if (model.n_constraints > 0) {
    compute_body_kinematics(model, s, ws);
    assemble_constraints(model, s, ws);
    project_velocities(model, s, ws);
  }
  double load = 1.0;
  for (const ContactForce& f : eq.contact_forces) load += std::abs(f.normal);
  if (warn && eq.friction_margin < -1e-9 * load) {
    std::ostringstream msg;
    msg << "static equilibrium: friction cannot hold it (the contacts kept from sliding need " << -eq.friction_margin
        << " N more than their static coefficients give); the run starts from it and slides";
    warn(msg.str());
  }
}

}  // namespace

namespace {

void throw_unassembled(double residual, const char* what, const char* advice) {
  std::ostringstream msg;
  msg << "the " << what << " positions cannot be brought onto the joints and drivers (‖Φ‖ = " << residual
      << " after projection): " << advice;
  throw ModelError("joints", msg.str());
}

}  // namespace

State assembled_state(const Model& model, Workspace& ws, State s) {
  normalise(model, s.q);
  if (model.n_constraints == 0) return s;
  compute_body_kinematics(model, s, ws);
  assemble_constraints(model, s, ws);
  const ProjectionResult p = project_positions(model, s, ws, 1e-13, 50);
  if (!p.converged) throw_unassembled(p.residual, "given", "the state set is too far from one the joints and drivers allow");
  project_velocities(model, s, ws);
  return s;
}

State assembled_initial_state(const Model& model, const SimulationOptions& options, Workspace& ws,
                              const std::function<void(const std::string&)>& warn) {
  State s = initial_state(model, options.t_start);
  if (model.n_constraints == 0) {
    if (options.initial == InitialCondition::static_equilibrium) to_static_equilibrium(model, options, ws, s, warn);
    return s;
  }
  compute_body_kinematics(model, s, ws);
  assemble_constraints(model, s, ws);
  check_redundancy(model, options, ws, warn);
  const Vec q0 = s.q, v0 = s.v;
  const ProjectionResult p = project_positions(model, s, ws, 1e-13, 50);
  if (!p.converged) throw_unassembled(p.residual, "initial", "check joint points, initial poses and driver functions at t_start");  // inconsistent joints or drivers
  project_velocities(model, s, ws);
  // Velocities set by drivers are expected; a position correction means the file is inconsistent.
  const double dq = (s.q - q0).cwiseAbs().maxCoeff(), dv = (s.v - v0).cwiseAbs().maxCoeff();
  if (warn && dq > 1e-6) {
    std::ostringstream msg;
    msg << "initial positions corrected to satisfy the joints and drivers (max |Δq| = " << dq << ")";
    warn(msg.str());
  }
  if (warn && dv > 1e-6 && model.drivers.empty()) {
    std::ostringstream msg;
    msg << "initial velocities corrected to satisfy the joints (max |Δv| = " << dv << ")";
    warn(msg.str());
  }
  if (options.initial == InitialCondition::static_equilibrium) to_static_equilibrium(model, options, ws, s, warn);
  return s;
}

}  // namespace stickslip
