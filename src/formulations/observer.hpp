// The output columns every formulation reports, so results compare column by column:
//   t; per body (dynamic or prescribed) <b>.x .y .theta .vx .vy .omega (spatial bodies: <b>.x .y .z,
//   the orientation quaternion .qw .qx .qy .qz and .vx .vy .vz in the world frame, the angular velocity
//   .wx .wy .wz in the body frame the model gave); per joint <j>.fx .fy
//   (reaction on its second body, global frame) and <j>.torque where it carries one; per driver
//   <d>.effort (its multiplier: the generalised force the drive exerts); per spring <s>.force,
//   per rotational spring <s>.torque; per joint actuator <a>.effort (its torque or force); per contact <c>.gap .vn .vt .fn .ft .state (and <c>.z for a
//   friction law with a state); per joint with friction <j>.fn .ff .vt (and <j>.z; two slip rows: .ff1
//   .ff2 .vt1 .vt2 and .z1 .z2); energy.kinetic
//   .potential .total; constraint.drift (‖Φ‖₂) and constraint.velocity_drift (‖Φ̇‖₂); per contact
//   report <r>.fx .fy .fz .mx .my .mz .points (the shape contacts' resultant on its second shape or
//   body, moment about that body's centre of mass, world axes; the number of closed points).
// Contact states: 0 open, 1 stick, 2 slip+ (v_T > 0), 3 slip− (v_T < 0).
#pragma once

#include <string>
#include <vector>

#include "assembly/workspace.hpp"
#include "formulations/event_log.hpp"
#include "state/state.hpp"

namespace stickslip {

ContactState contact_state(double normal_force, double slip);

// One point of a contact between shapes (model/shapes.hpp) at an output row, as the scheme holds it:
// the point's geometry from the detection, its velocities, its force (the time-stepping scheme's
// impulses over the step) and its state. Forces act on body j (shape j); the friction is a world
// vector.
struct ShapePointView {
  int shape_i = -1, shape_j = -1, id = -1;
  int body_i = -1, body_j = -1;
  Vec3 position = Vec3::Zero(), normal = Vec3::UnitZ();
  double gap = 0, vn = 0, slip = 0;  // slip: |v_T|
  double normal_force = 0;
  Vec3 friction = Vec3::Zero();
  ContactState state = ContactState::open;
};

// A point's view from its contact (its shapes, identity and bodies), its kinematics and its force along
// the normal and the tangents (t₁, t₂ of the kinematics), times `scale` (1/h turns the time-stepping
// scheme's impulses into forces); the state is the caller's to set.
ShapePointView shape_point_view(const Contact& c, const ContactKinematics& kin, double normal,
                                const TangentVector& friction, double scale = 1.0);

// The points of the shape contacts a model holds as explicit contacts (compile_shape_contacts; the
// event-driven scheme), from the workspace's contact kinematics and forces.
void compiled_shape_points(const Model& model, const Workspace& ws, const ContactState* states,
                           std::vector<ShapePointView>& out);

// The columns of the long-format contact points file (one row per point per output time; docs/cli.md).
const std::vector<std::string>& shape_point_columns();
void shape_point_row(double t, const ShapePointView& p, std::vector<double>& row);

class Observer {
 public:
  explicit Observer(const Model& model);
  const std::vector<std::string>& columns() const { return columns_; }
  // Requires ws evaluated at s (kinematics, forces, constraints, accelerations). Fills `row`.
  // `states` (may be null) gives each contact's state as the scheme decided it; without it the
  // state is derived from the forces and slip velocities.
  void record(const State& s, const Workspace& ws, std::vector<double>& row,
              const ContactState* states = nullptr, const std::vector<ShapePointView>* shape_points = nullptr) const;

 private:
  void record_spatial_body(const Body& body, const SpatialKinematics& b, std::vector<double>& row) const;
  void record_spatial_reaction(const Joint& joint, const Workspace& ws, std::vector<double>& row) const;
  void record_contacts(const State& s, const Workspace& ws, std::vector<double>& row,
                       const ContactState* states) const;
  void record_reports(const Workspace& ws, const std::vector<ShapePointView>* points, std::vector<double>& row) const;
  const Model& model_;
  std::vector<std::string> columns_;
  std::vector<int> bodies_;  // bodies that get columns
};

}  // namespace stickslip
