#include "model/spatial_joint_setup.hpp"

#include <cmath>

namespace stickslip {
namespace {

// Unit vectors given by the user may carry rounding of a few decimals: a reference counts as
// perpendicular to its axis when |cos| <= 1e-6 (0.2 milliradian), and is then made exactly so.
constexpr double kPerpendicularTolerance = 1e-6;

bool usable_direction(const Vec3& v) { return v.allFinite() && v.norm() > 1e-12; }

void check_direction(const Vec3& v, const std::string& path) {
  if (!usable_direction(v)) throw ModelError(path, "must be a finite non-zero vector");
}

void check_reference(const Vec3& ref, const Vec3& axis, const std::string& path) {
  check_direction(ref, path);
  if (std::abs(ref.normalized().dot(axis.normalized())) > kPerpendicularTolerance) {
    throw ModelError(path, "must be perpendicular to the joint's axis in the same body's frame");
  }
}

// Rotation of a body's user frame to the world at t = 0 (prescribed bodies: their Euler angles).
Mat3 initial_user_frame(const Body& b) {
  if (b.motion == BodyMotion::prescribed) {
    return euler_zyx(b.prescribed[3].value(0.0), b.prescribed[4].value(0.0), b.prescribed[5].value(0.0))
        .toRotationMatrix();
  }
  return b.spatial.orientation.normalized().toRotationMatrix();
}

// A unit vector perpendicular to `axis` (unit): the coordinate axis least aligned with it, with its
// component along `axis` removed.
Vec3 some_perpendicular(const Vec3& axis) {
  int k = 0;
  axis.cwiseAbs().minCoeff(&k);
  const Vec3 e = Vec3::Unit(k);
  return (e - e.dot(axis) * axis).normalized();
}

Vec3 perpendicular_part(const Vec3& ref, const Vec3& axis) { return (ref - ref.dot(axis) * axis).normalized(); }

void check_positive(double v, const std::string& path) {
  if (!(v > 0) || !std::isfinite(v)) throw ModelError(path, "must be a finite number > 0");
}

// A frictional prismatic joint's contact description (docs/model-format.md, "Contact analysis in a
// prismatic joint").
void validate_joint_contact(const Joint& j, const std::string& path) {
  const PrismaticJointContact& c = *j.contact;
  if (j.type != JointType::prismatic) {
    throw ModelError(path, std::string("contact analysis applies to prismatic joints, not to a ") + joint_type_name(j.type) +
                               " joint");
  }
  if (!j.spatial_input.reference) {
    throw ModelError(path, "needs the joint's 'reference' (body i's frame): the section's half-width a lies along it");
  }
  check_positive(c.half_width, path + ".section");
  check_positive(c.half_height, path + ".section");
  check_positive(c.clearance_ratio, path + ".clearance_ratio");
  const auto extent = [&](double lower, double upper, const char* key) {
    if (!std::isfinite(lower) || !std::isfinite(upper) || !(upper > lower)) {
      throw ModelError(path + "." + key, "must be [lower, upper] with upper > lower (along the axis, from the joint point)");
    }
  };
  extent(c.slider_lower, c.slider_upper, "slider");
  extent(c.guide_lower, c.guide_upper, "guide");
  if (!(c.mu >= 0) || !std::isfinite(c.mu)) throw ModelError(path + ".mu", "must be a finite number >= 0");
  check_positive(c.sign_velocity, path + ".sign_velocity");
  if (!(c.rest_speed >= 0) || !std::isfinite(c.rest_speed)) throw ModelError(path + ".rest_speed", "must be >= 0");
  if (c.bending_arm == AdamsBendingArm::fixed) check_positive(c.fixed_arm, path + ".adams.bending_arm");
  if (!(c.torsion_arm >= 0) || !std::isfinite(c.torsion_arm)) throw ModelError(path + ".adams.torsion_arm", "must be >= 0");
}

}  // namespace

int spatial_joint_equation_count(JointType type) {
  switch (type) {
    case JointType::spherical: return 3;
    case JointType::revolute: return 5;
    case JointType::prismatic: return 5;
    case JointType::cylindrical: return 4;
    case JointType::universal: return 4;
    case JointType::weld: return 6;
  }
  return 0;
}

void validate_spatial_joint(const Joint& j, const std::string& path) {
  const SpatialJointInput& in = j.spatial_input;
  if (j.contact) validate_joint_contact(j, path + ".contact");
  if (!in.point_i.allFinite() || !in.point_j.allFinite()) throw ModelError(path + ".points", "must be finite");
  check_direction(in.axis, path + ".axis");
  if (j.type == JointType::universal) {
    if (!in.axis_j) throw ModelError(path + ".axis_j", "a universal joint needs the pin of body j (axis_j)");
    check_direction(*in.axis_j, path + ".axis_j");
  } else if (in.axis_j) {
    check_direction(*in.axis_j, path + ".axis_j");
  }
  if (in.reference) check_reference(*in.reference, in.axis, path + ".reference");
  if (in.reference_j) {
    check_reference(*in.reference_j, in.axis_j ? *in.axis_j : in.axis, path + ".reference_j");
    if (!in.axis_j) throw ModelError(path + ".reference_j", "give axis_j with reference_j (both in body j's frame)");
  }
}

void check_spatial_rotational_spring(const Model& m, const RotationalSpringDamper& s, const std::string& path) {
  if (s.joint < 0 || s.joint >= static_cast<int>(m.joints.size())) {
    throw ModelError(path + ".joint", "a spatial rotational spring-damper acts on a revolute joint: unknown joint");
  }
  if (m.joints[static_cast<std::size_t>(s.joint)].type != JointType::revolute) {
    throw ModelError(path + ".joint", "a spatial rotational spring-damper acts on a revolute joint");
  }
}

void complete_spatial_joint_frames(Model& m) {
  for (std::size_t k = 0; k < m.joints.size(); ++k) {
    Joint& j = m.joints[k];
    const SpatialJointInput& in = j.spatial_input;
    const Mat3 Ai = initial_user_frame(m.bodies[static_cast<std::size_t>(j.body_i)]);
    const Mat3 Aj = initial_user_frame(m.bodies[static_cast<std::size_t>(j.body_j)]);
    const Mat3 i_to_j = Aj.transpose() * Ai;  // body i's frame → body j's, at t = 0
    SpatialJointFrame& f = j.spatial;
    f.point_i = in.point_i;
    f.point_j = in.point_j;
    f.axis_i = in.axis.normalized();
    f.axis_j = in.axis_j ? Vec3(in.axis_j->normalized()) : Vec3(i_to_j * f.axis_i);
    if (j.type == JointType::universal) {
      // The zeros of the two pin angles (driver.hpp, JointCoordinate): body j's pin as body i saw it
      // at t = 0, and body i's pin as body j saw it (perpendicular to the other pin when assembled;
      // made exactly so).
      // Pins parallel at t = 0 leave the default zeros undefined (and the joint far from assembled,
      // whose rows keep the pins perpendicular): refused rather than normalising a zero vector.
      if (!in.reference && f.axis_i.cross(i_to_j.transpose() * f.axis_j).norm() < kPerpendicularTolerance) {
        throw ModelError("joints[" + std::to_string(k) + "].axis_j",
                         "the universal joint's pins are parallel at t = 0 (they must be perpendicular); check "
                         "axis, axis_j and the bodies' initial orientations");
      }
      f.ref_i = perpendicular_part(in.reference ? *in.reference : Vec3(i_to_j.transpose() * f.axis_j), f.axis_i);
      f.ref_j = perpendicular_part(in.reference_j ? *in.reference_j : Vec3(i_to_j * f.axis_i), f.axis_j);
      continue;
    }
    f.ref_i = in.reference ? perpendicular_part(*in.reference, f.axis_i) : some_perpendicular(f.axis_i);
    f.ref_j = in.reference_j ? perpendicular_part(*in.reference_j, f.axis_j)
                             : perpendicular_part(i_to_j * f.ref_i, f.axis_j);
  }
  for (RotationalSpringDamper& s : m.rotational_springs) {
    const Joint& j = m.joints[static_cast<std::size_t>(s.joint)];
    s.body_i = j.body_i;
    s.body_j = j.body_j;
  }
}

void express_spatial_joints_in_principal_frames(Model& m) {
  for (Joint& j : m.joints) {
    const auto to_principal = [&](int body, Vec3& point, Vec3& axis, Vec3& ref) {
      const Body& b = m.bodies[static_cast<std::size_t>(body)];
      if (!b.is_dynamic()) return;  // only dynamic bodies turn to a principal frame
      const Mat3 Qt = b.spatial.principal_frame.toRotationMatrix().transpose();
      point = Qt * point;
      axis = Qt * axis;
      ref = Qt * ref;
    };
    to_principal(j.body_i, j.spatial.point_i, j.spatial.axis_i, j.spatial.ref_i);
    to_principal(j.body_j, j.spatial.point_j, j.spatial.axis_j, j.spatial.ref_j);
  }
}

}  // namespace stickslip
