#include "assembly/constraints.hpp"

#include "assembly/body_kinematics.hpp"
#include "assembly/spatial_joints/spatial_joint.hpp"

namespace stickslip {
namespace {

// Scatters a block into Φ, Φ̇, G, γ. A body index of -1 means "no body"; bodies that are not dynamic
// have no columns in G and their known velocity/acceleration enters Φ̇ and γ.
void scatter(const Model& model, const ConstraintBlock& blk, int row, int body_i, int body_j, Workspace& ws) {
  // Each body's generalised velocity (and, when it is not dynamic, its known acceleration) once per
  // block, not once per row: a spatial joint has up to six rows.
  const auto known = [&](int body, bool acceleration) {
    if (body < 0) return BodyVector();
    const Body& b = model.bodies[body];
    if (acceleration) return b.is_dynamic() ? BodyVector() : generalised_acceleration(b, ws.bodies[body]);
    return generalised_velocity(b, ws.bodies[body]);
  };
  const BodyVector vi = known(body_i, false), vj = known(body_j, false);
  const BodyVector ai = known(body_i, true), aj = known(body_j, true);
  const auto body_terms = [&](int body, const ConstraintBlock::Jacobian& Gb, const BodyVector& v, const BodyVector& a,
                              int r, double& phi_dot, double& gamma) {
    if (body < 0) return;
    const Body& b = model.bodies[body];
    const int n = b.nv();
    phi_dot += Gb.row(r).head(n).dot(v);
    if (b.is_dynamic()) {
      ws.G.block(row + r, b.v_offset, 1, n) += Gb.row(r).head(n);
    } else {
      gamma -= Gb.row(r).head(n).dot(a);
    }
  };
  for (int r = 0; r < blk.rows; ++r) {
    double phi_dot = blk.phi_t[r];
    double gamma = -(blk.c[r] + blk.phi_tt[r]);
    body_terms(body_i, blk.Gi, vi, ai, r, phi_dot, gamma);
    body_terms(body_j, blk.Gj, vj, aj, r, phi_dot, gamma);
    ws.phi[row + r] = blk.phi[r];
    ws.phi_dot[row + r] = phi_dot;
    ws.gamma[row + r] = gamma;
  }
}

// A spatial joint's coordinate: the relative angle θ about the axis of a revolute or cylindrical
// joint (Φ = θ − f(t) wrapped to a half turn, so f may run through full turns; the cylindrical joint
// keeps the axes parallel as the revolute one does, which is all θ needs) or the slide
// u_iᵀ(P_j − P_i) of a prismatic or cylindrical joint, the dot-2 primitive with the axis
// (Haug 1989 §9.2). A universal joint's pin angles are relative rotations too: θ_i turns ref_i into
// body j's pin about body i's pin; θ_j, body j's turn about its pin relative to the cross, is minus
// the angle that turns ref_j into body i's pin about body j's pin, so its row is that rotation's
// with the bodies exchanged and the sign changed.
void evaluate_spatial_joint_driver(const Joint& j, JointCoordinate coordinate, const SpatialKinematics& bi,
                                   const SpatialKinematics& bj, const TimeValue& f, ConstraintBlock& out) {
  const spatial::SpatialPose pi = spatial::spatial_pose(bi), pj = spatial::spatial_pose(bj);
  switch (driven_joint_coordinate(j.type, coordinate)) {
    case JointCoordinate::angle: spatial::relative_rotation(pi, pj, j.spatial, f.value, out, 0); break;
    case JointCoordinate::angle_i: {
      SpatialJointFrame pin = j.spatial;
      pin.ref_j = j.spatial.axis_j;
      spatial::relative_rotation(pi, pj, pin, f.value, out, 0);
      break;
    }
    case JointCoordinate::angle_j: {
      SpatialJointFrame pin;
      pin.axis_i = j.spatial.axis_j;
      pin.ref_i = j.spatial.ref_j;
      pin.ref_j = j.spatial.axis_i;
      ConstraintBlock swapped;
      spatial::relative_rotation(pj, pi, pin, -f.value, swapped, 0);
      out.phi[0] = -swapped.phi[0];
      out.Gi.row(0) = -swapped.Gj.row(0);
      out.Gj.row(0) = -swapped.Gi.row(0);
      out.c[0] = -swapped.c[0];
      break;
    }
    default:
      spatial::dot2(pi, pj, j.spatial.axis_i, j.spatial.point_i, j.spatial.point_j, out, 0);
      out.phi[0] -= f.value;
  }
  out.phi_t[0] = -f.first;
  out.phi_tt[0] = -f.second;
}

}  // namespace

void evaluate_joint_coordinate(const Joint& j, JointCoordinate coordinate, const Workspace& ws, ConstraintBlock& out) {
  out.rows = 1;
  out.Gi.row(0).setZero();
  out.Gj.row(0).setZero();
  out.c[0] = 0;
  const BodyKinematics &bi = ws.bodies[j.body_i], &bj = ws.bodies[j.body_j];
  if (j.dimension == Dimension::spatial) {
    evaluate_spatial_joint_driver(j, coordinate, bi.spatial, bj.spatial, TimeValue{}, out);
  } else if (j.type == JointType::prismatic) {
    projected_distance(bi, bj, j.axis_i, j.point_i, j.point_j, out, 0);
  } else {
    relative_angle(bi, bj, 0.0, out, 0);
  }
  out.phi_t[0] = out.phi_tt[0] = 0;
}

void evaluate_driver(const Model& model, const Driver& driver, double t, const Workspace& ws, ConstraintBlock& out) {
  const TimeValue f = driver.function(t);
  out.rows = 1;
  out.Gi.row(0).setZero();
  out.Gj.row(0).setZero();
  out.c[0] = 0;
  switch (driver.target) {
    case DriverTarget::body_z:
    case DriverTarget::body_x:
    case DriverTarget::body_y:
      if (model.bodies[driver.body].dimension == Dimension::spatial) {
        // r's component: ṙ is in v_b as it is (world frame), so G's row is a unit row and γ = 0.
        const int coord = driver.target == DriverTarget::body_z ? 2 : driver.target == DriverTarget::body_y ? 1 : 0;
        out.phi[0] = ws.bodies[driver.body].spatial.r[coord];
        out.Gi(0, coord) = 1.0;
        break;
      }
      [[fallthrough]];
    case DriverTarget::body_angle: {
      const int coord = static_cast<int>(driver.target) - static_cast<int>(DriverTarget::body_x);
      const BodyKinematics& b = ws.bodies[driver.body];
      const double value = coord == 0 ? b.r.x() : coord == 1 ? b.r.y() : b.theta;
      out.phi[0] = value;
      out.Gi(0, coord) = 1.0;
      break;
    }
    case DriverTarget::joint_coordinate: {
      const Joint& j = model.joints[driver.joint];
      const BodyKinematics &bi = ws.bodies[j.body_i], &bj = ws.bodies[j.body_j];
      if (j.dimension == Dimension::spatial) {
        evaluate_spatial_joint_driver(j, driver.joint_coordinate, bi.spatial, bj.spatial, f, out);
        return;
      }
      if (j.type == JointType::prismatic) {
        projected_distance(bi, bj, j.axis_i, j.point_i, j.point_j, out, 0);
      } else {
        relative_angle(bi, bj, 0.0, out, 0);
      }
      break;
    }
  }
  // Φ_d = c(q) - f(t): Φ_t = -f', Φ_tt = -f''.
  out.phi[0] -= f.value;
  out.phi_t[0] = -f.first;
  out.phi_tt[0] = -f.second;
}

void assemble_constraints(const Model& model, const State& s, Workspace& ws) {
  ws.G.setZero();
  ConstraintBlock blk;
  for (const Joint& j : model.joints) {
    evaluate_joint(j, ws, blk);
    scatter(model, blk, j.row_offset, j.body_i, j.body_j, ws);
  }
  for (const Driver& d : model.drivers) {
    evaluate_driver(model, d, s.t, ws, blk);
    if (d.target == DriverTarget::joint_coordinate) {
      const Joint& j = model.joints[d.joint];
      scatter(model, blk, d.row_offset, j.body_i, j.body_j, ws);
    } else {
      scatter(model, blk, d.row_offset, d.body, -1, ws);
    }
  }
}

std::string constraint_row_owner(const Model& model, int row) {
  for (const Joint& j : model.joints) {
    if (row >= j.row_offset && row < j.row_offset + joint_equation_count(j)) return "joint " + j.name;
  }
  for (const Driver& d : model.drivers) {
    if (row == d.row_offset) return "driver " + d.name;
  }
  return "constraint row " + std::to_string(row);
}

}  // namespace stickslip
