#include "model/model.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <set>
#include <type_traits>

#include "model/shape_setup.hpp"
#include "math/perpendicular.hpp"
#include "model/spatial_joint_setup.hpp"

namespace stickslip {

int joint_equation_count(JointType type) {
  switch (type) {
    case JointType::revolute: return 2;
    case JointType::prismatic: return 2;
    case JointType::weld: return 3;
    case JointType::spherical:
    case JointType::cylindrical:
    case JointType::universal: break;  // spatial only
  }
  return 0;
}

int joint_equation_count(const Joint& joint) {
  return joint.dimension == Dimension::spatial ? spatial_joint_equation_count(joint.type)
                                               : joint_equation_count(joint.type);
}

int joint_friction_rows(const Joint& joint) {
  const bool two = joint.dimension == Dimension::spatial &&
                   (joint.type == JointType::spherical || joint.type == JointType::cylindrical);
  return two ? 2 : 1;
}

int joint_friction_states(const Joint& joint) {
  return joint.friction && joint.friction->law ? joint.friction->law->state_size() * joint_friction_rows(joint) : 0;
}

const char* joint_type_name(JointType type) {
  switch (type) {
    case JointType::revolute: return "revolute";
    case JointType::prismatic: return "prismatic";
    case JointType::weld: return "weld";
    case JointType::spherical: return "spherical";
    case JointType::cylindrical: return "cylindrical";
    case JointType::universal: return "universal";
  }
  return "?";
}

std::string joint_driver_problem(JointType type, Dimension dimension, JointCoordinate coordinate,
                                 const std::string& element) {
  const bool pin_angle = coordinate == JointCoordinate::angle_i || coordinate == JointCoordinate::angle_j;
  if (pin_angle && type != JointType::universal) return "angle_i and angle_j are a universal joint's coordinates";
  switch (type) {
    case JointType::revolute:
      if (coordinate == JointCoordinate::slide) return "a revolute joint's coordinate is its angle, not a slide";
      return "";
    case JointType::prismatic:
      if (coordinate == JointCoordinate::angle) return "a prismatic joint's coordinate is its slide, not an angle";
      return "";
    case JointType::cylindrical:
      if (coordinate == JointCoordinate::natural) {
        return "a cylindrical joint has two coordinates: name one with coordinate: angle (about the axis) or slide "
               "(along it)";
      }
      return "";
    case JointType::universal:
      if (!pin_angle) {
        return "a universal joint has two coordinates: name one with coordinate: angle_i (about body i's pin) or "
               "angle_j (about body j's pin)";
      }
      return "";
    case JointType::weld:
    case JointType::spherical: break;
  }
  const char* what = dimension == Dimension::spatial
                         ? "s take a revolute joint's angle, a prismatic joint's slide, a cylindrical joint's "
                           "angle or slide, or a universal joint's angle_i or angle_j"
                         : "s take a revolute joint's angle or a prismatic joint's slide";
  return std::string("a ") + joint_type_name(type) + " joint has no coordinate a " + element + " can drive (" + element +
         what + ")";
}

JointCoordinate driven_joint_coordinate(JointType type, JointCoordinate coordinate) {
  if (coordinate != JointCoordinate::natural) return coordinate;
  return type == JointType::prismatic ? JointCoordinate::slide : JointCoordinate::angle;
}

const char* dimension_name(Dimension d) { return d == Dimension::spatial ? "spatial" : "planar"; }

std::string spatial_not_supported_message(const std::string& what, const std::string& stage) {
  return what + " between spatial bodies are not supported yet (issue 11, stage " + stage +
         "); this version simulates spatial bodies with joints, point forces, torques, spring-dampers and drivers "
         "(docs/architecture.md, \"Spatial bodies\")";
}

int Model::body_index(const std::string& body_name) const {
  for (std::size_t k = 0; k < bodies.size(); ++k) {
    if (bodies[k].name == body_name) return static_cast<int>(k);
  }
  return -1;
}

int Model::joint_index(const std::string& joint_name) const {
  for (std::size_t k = 0; k < joints.size(); ++k) {
    if (joints[k].name == joint_name) return static_cast<int>(k);
  }
  return -1;
}

bool Model::has_joint_friction() const {
  for (const Joint& j : joints) {
    if (j.friction || j.contact) return true;
  }
  return false;
}

ModelBuilder::ModelBuilder(std::string name) {
  model_.name = std::move(name);
  Body ground;
  ground.name = "ground";
  ground.motion = BodyMotion::fixed;
  model_.bodies.push_back(ground);
}

ModelBuilder& ModelBuilder::set_dimension(Dimension d) {
  model_.dimension = d;
  return *this;
}

ModelBuilder& ModelBuilder::set_gravity(const Vec2& g) {
  model_.gravity = Vec3(g.x(), g.y(), 0.0);
  return *this;
}

ModelBuilder& ModelBuilder::set_gravity(const Vec3& g) {
  model_.gravity = g;
  return *this;
}

int ModelBuilder::add_body(Body body) {
  model_.bodies.push_back(std::move(body));
  return static_cast<int>(model_.bodies.size()) - 1;
}

int ModelBuilder::add_joint(Joint joint, std::optional<double> angle_offset) {
  model_.joints.push_back(std::move(joint));
  joint_angle_offsets_.push_back(angle_offset);
  return static_cast<int>(model_.joints.size()) - 1;
}

void ModelBuilder::add_actuator(JointActuator a) { model_.actuators.push_back(std::move(a)); }

int ModelBuilder::add_driver(Driver driver) {
  model_.drivers.push_back(std::move(driver));
  return static_cast<int>(model_.drivers.size()) - 1;
}

void ModelBuilder::add_point_force(PointForce f) { model_.point_forces.push_back(std::move(f)); }
void ModelBuilder::add_torque(AppliedTorque t) { model_.torques.push_back(std::move(t)); }
void ModelBuilder::add_spring(SpringDamper s) { model_.springs.push_back(std::move(s)); }
void ModelBuilder::add_rotational_spring(RotationalSpringDamper s) {
  model_.rotational_springs.push_back(std::move(s));
}

int ModelBuilder::add_contact(Contact c) {
  model_.contacts.push_back(std::move(c));
  return static_cast<int>(model_.contacts.size()) - 1;
}

int ModelBuilder::add_shape(BodyShape s) {
  model_.shapes.push_back(std::move(s));
  return static_cast<int>(model_.shapes.size()) - 1;
}

int ModelBuilder::add_material(Material m) {
  model_.materials.push_back(std::move(m));
  return static_cast<int>(model_.materials.size()) - 1;
}

void ModelBuilder::add_material_pair(MaterialPair p) { model_.material_pairs.push_back(std::move(p)); }
void ModelBuilder::add_contact_report(ContactReport r) { model_.contact_reports.push_back(std::move(r)); }
void ModelBuilder::add_visual(BodyVisual v) { model_.visuals.push_back(std::move(v)); }

int Model::shape_index(const std::string& shape_name) const {
  for (std::size_t k = 0; k < shapes.size(); ++k) {
    if (shapes[k].name == shape_name) return static_cast<int>(k);
  }
  return -1;
}

const ContactLaws* Model::shape_laws(int shape_a, int shape_b) const {
  const int a = shapes[static_cast<std::size_t>(shape_a)].material, b = shapes[static_cast<std::size_t>(shape_b)].material;
  if (a < 0 || b < 0) return nullptr;
  const int k = material_laws[static_cast<std::size_t>(a) * materials.size() + static_cast<std::size_t>(b)];
  return k < 0 ? nullptr : &shape_pair_laws[static_cast<std::size_t>(k)];
}

namespace {

std::string indexed(const char* list, std::size_t k) { return std::string(list) + "[" + std::to_string(k) + "]"; }

bool finite(const Vec2& v) { return std::isfinite(v.x()) && std::isfinite(v.y()); }
bool finite(const Vec3& v) { return v.allFinite(); }

// Names become CSV column prefixes (`<name>.x`), so they must be unique and free of separators.
class NameRegistry {
 public:
  void add(const std::string& name, const std::string& path) {
    const std::string problem = element_name_problem(name);
    if (!problem.empty()) throw ModelError(path, problem);
    if (!names_.insert(name).second) throw ModelError(path, "duplicate name '" + name + "'");
  }

 private:
  std::set<std::string> names_;
};

void check_body_ref(const Model& m, int body, const std::string& path) {
  if (body < 0 || body >= static_cast<int>(m.bodies.size())) throw ModelError(path, "unknown body");
}

void check_non_negative(double value, const std::string& path) {
  if (!std::isfinite(value) || value < 0) throw ModelError(path, "must be a finite value >= 0");
}

template <class... Values>
void check_magnitudes(const std::string& path, const Values&... values) {
  const auto check = [&](double x) {
    if (const std::string problem = magnitude_problem(x); !problem.empty()) throw ModelError(path, problem);
  };
  const auto each = [&](const auto& v) {
    if constexpr (std::is_arithmetic_v<std::decay_t<decltype(v)>>) {
      check(v);
    } else {
      for (Eigen::Index i = 0; i < v.size(); ++i) check(v[i]);
    }
  };
  (each(values), ...);
}

// A rigid body's inertia tensor is symmetric with principal moments J₁, J₂, J₃ > 0 that satisfy the
// triangle inequalities J_a + J_b ≥ J_c (each moment is a sum of two of the three second moments of
// the mass distribution). A relative 1e-9 allows for rounding in a tensor written with decimals.
void validate_inertia_tensor(const Mat3& inertia, const std::string& path) {
  if (!inertia.allFinite()) throw ModelError(path, "must be finite");
  const double scale = inertia.cwiseAbs().maxCoeff();
  if (!((inertia - inertia.transpose()).cwiseAbs().maxCoeff() <= 1e-12 * scale)) {
    throw ModelError(path, "the inertia tensor must be symmetric");
  }
  const Vec3 j = Eigen::SelfAdjointEigenSolver<Mat3>(inertia, Eigen::EigenvaluesOnly).eigenvalues();
  if (!(j[0] > 0)) throw ModelError(path, "the principal moments of inertia must be > 0");
  if (!(j[0] + j[1] >= j[2] * (1 - 1e-9))) {
    throw ModelError(path, "the principal moments violate J1 + J2 >= J3, which every rigid body satisfies");
  }
}

void validate_spatial_body(const Body& b, const std::string& path) {
  const SpatialBody& sb = b.spatial;
  if (b.motion == BodyMotion::dynamic) {
    if (!(b.mass > 0) || !std::isfinite(b.mass)) throw ModelError(path + ".mass", "must be > 0");
    validate_inertia_tensor(sb.inertia, path + ".inertia");
  } else {
    check_non_negative(b.mass, path + ".mass");
  }
  if (!finite(sb.position)) throw ModelError(path + ".position", "must be finite");
  if (!finite(sb.center_of_mass)) throw ModelError(path + ".center_of_mass", "must be finite");
  if (!sb.orientation.coeffs().allFinite() || !(sb.orientation.norm() > 1e-12)) {
    throw ModelError(path + ".orientation", "must be a finite rotation (a quaternion of non-zero length)");
  }
  if (!finite(sb.velocity)) throw ModelError(path + ".velocity", "must be finite");
  if (!finite(sb.angular_velocity)) throw ModelError(path + ".angular_velocity", "must be finite");
  check_magnitudes(path + ".mass", b.mass);
  check_magnitudes(path + ".inertia", Vec3(sb.inertia.diagonal()));
  check_magnitudes(path + ".position", sb.position);
  check_magnitudes(path + ".velocity", sb.velocity);
  check_magnitudes(path + ".angular_velocity", sb.angular_velocity);
}

void validate_bodies(const Model& m, NameRegistry& names) {
  for (std::size_t k = 1; k < m.bodies.size(); ++k) {
    const Body& b = m.bodies[k];
    const std::string path = indexed("bodies", k - 1);
    names.add(b.name, path + ".name");
    if (b.dimension == Dimension::spatial) {
      validate_spatial_body(b, path);
      continue;
    }
    if (b.motion == BodyMotion::dynamic) {
      if (!(b.mass > 0) || !std::isfinite(b.mass)) throw ModelError(path + ".mass", "must be > 0");
      if (!(b.inertia > 0) || !std::isfinite(b.inertia)) throw ModelError(path + ".inertia", "must be > 0");
    } else {
      check_non_negative(b.mass, path + ".mass");
      check_non_negative(b.inertia, path + ".inertia");
    }
    if (!finite(b.position) || !std::isfinite(b.angle)) throw ModelError(path + ".position", "must be finite");
    if (!finite(b.velocity) || !std::isfinite(b.angular_velocity)) {
      throw ModelError(path + ".velocity", "must be finite");
    }
    check_magnitudes(path + ".mass", b.mass);
    check_magnitudes(path + ".inertia", b.inertia);
    check_magnitudes(path + ".position", b.position, b.angle);
    check_magnitudes(path + ".velocity", b.velocity, b.angular_velocity);
  }
}

void validate_joint_friction(const Joint& j, const std::string& path) {
  const JointFriction& f = *j.friction;
  if (!f.law) throw ModelError(path, "needs a friction law");
  const bool spatial = j.dimension == Dimension::spatial;
  // Set-valued Coulomb friction in a spatial joint is decided by the event-driven and time-stepping
  // schemes (and refused by the compliant one, as for contacts); planar joints take smooth laws.
  if (f.law->set_valued() && !spatial) {
    throw ModelError(path + ".law", "set-valued Coulomb friction in a joint needs a smooth law (lugre, coulomb_tanh, ...)");
  }
  if (f.law->uses_stick_force() && spatial && !f.law->set_valued()) {
    throw ModelError(path + ".law", "the '" + std::string(f.law->name()) +
                                        "' law reads the force that would hold the joint, which the joint's friction "
                                        "solve does not give: use coulomb (event-driven, time-stepping) or a smooth law");
  }
  if (f.constant_bound > 0) {
    if (!spatial || (j.type != JointType::revolute && j.type != JointType::prismatic)) {
      throw ModelError(path, "a constant friction torque or force applies to spatial revolute and prismatic joints");
    }
    return;
  }
  const bool pin = j.type == JointType::revolute || (spatial && j.type == JointType::cylindrical);
  if (pin && !(f.pin_radius > 0)) throw ModelError(path + ".pin_radius", "must be > 0");
  if (spatial && j.type == JointType::spherical && !(f.ball_radius > 0)) throw ModelError(path + ".ball_radius", "must be > 0");
  const bool length = (!spatial && j.type == JointType::prismatic) || (spatial && j.type == JointType::cylindrical);
  if (length && !(f.contact_length > 0)) throw ModelError(path + ".contact_length", "must be > 0");
  if (j.type == JointType::weld) throw ModelError(path, "a weld joint does not slide: friction applies to revolute and prismatic joints");
  if (spatial && (j.type == JointType::prismatic || j.type == JointType::universal)) {
    throw ModelError(path, std::string("a spatial ") + joint_type_name(j.type) +
                               " joint takes no 'friction:' (revolute, spherical and cylindrical joints do; a prismatic "
                               "joint's friction is its 'contact:' analysis)");
  }
}

// The spatial shapes' checks; the planar shapes belong to planar models and the spatial ones to
// spatial models.
void validate_spatial_contact(const Model& m, const Contact& c, const std::string& path) {
  if (c.joint_limit()) return;  // either dimension
  const bool spatial_model = m.dimension == Dimension::spatial;
  if (c.spatial() != spatial_model) {
    throw ModelError(path + ".type", spatial_model ? "a spatial model's contacts are sphere_plane, sphere_sphere, "
                                                     "points_plane, box_plane or joint_limit"
                                                   : "sphere and plane contacts need 'dimension: spatial'");
  }
  if (!c.spatial()) return;
  if (!finite(c.plane_point) || !finite(c.sphere_center_i) || !finite(c.sphere_center_j)) {
    throw ModelError(path, "points must be finite");
  }
  if (c.shape == ContactShape::sphere_plane && !(finite(c.plane_normal) && c.plane_normal.norm() > 1e-12)) {
    throw ModelError(path + ".plane.normal", "must be a finite non-zero vector");
  }
}

// World position of a point of a spatial body at the start (before principal frames are set);
// a prescribed body's point is taken at its prescribed centre at t = 0.
Vec3 initial_world_point(const Body& b, const Vec3& local) {
  if (b.motion == BodyMotion::prescribed) {
    return Vec3(b.prescribed[0].value(0.0), b.prescribed[1].value(0.0), b.prescribed[2].value(0.0));
  }
  return b.spatial.position + b.spatial.orientation.normalized() * local;
}

// The tangent basis references of the spatial shapes (contact_kinematics.cpp uses them).
void set_tangent_references(const Model& m, Contact& c) {
  if (c.shape == ContactShape::sphere_plane) {
    c.plane_normal.normalize();
    c.reference_normal = c.plane_normal;
  } else if (c.shape == ContactShape::sphere_sphere) {
    const Vec3 d = initial_world_point(m.bodies[c.body_j], c.sphere_center_j) -
                   initial_world_point(m.bodies[c.body_i], c.sphere_center_i);
    c.reference_normal = d.norm() > 1e-12 ? Vec3(d.normalized()) : Vec3::UnitZ();
  } else {
    return;
  }
  c.reference_tangent = perpendicular_unit(c.reference_normal);
}

// A stop on a joint coordinate (the builder gave it its joint's bodies).
void validate_joint_limit(const Model& m, const Contact& c, const std::string& path) {
  if (c.joint < 0 || c.joint >= static_cast<int>(m.joints.size())) throw ModelError(path + ".joint", "unknown joint");
  const std::string problem = joint_driver_problem(m.joints[static_cast<std::size_t>(c.joint)].type, m.dimension,
                                                   c.coordinate, "joint limit");
  if (!problem.empty()) throw ModelError(path + (c.coordinate == JointCoordinate::natural ? ".joint" : ".coordinate"), problem);
  if (!std::isfinite(c.limit)) throw ModelError(path + (c.limit_side > 0 ? ".lower" : ".upper"), "must be finite");
  if (c.limit_side != 1.0 && c.limit_side != -1.0) throw ModelError(path, "a limit is lower (+1) or upper (-1)");
  if (c.friction) throw ModelError(path + ".friction", "a joint limit has no friction");
}

void validate_contacts(const Model& m, NameRegistry& names) {
  for (std::size_t k = 0; k < m.contacts.size(); ++k) {
    const Contact& c = m.contacts[k];
    const std::string path = indexed("contacts", k);
    names.add(c.name, path + ".name");
    if (c.joint_limit()) validate_joint_limit(m, c, path);
    check_body_ref(m, c.body_i, path + ".bodies[0]");
    check_body_ref(m, c.body_j, path + ".bodies[1]");
    if (c.body_i == c.body_j) throw ModelError(path + ".bodies", "a contact needs two different bodies");
    if (!m.bodies[c.body_i].is_dynamic() && !m.bodies[c.body_j].is_dynamic()) {
      throw ModelError(path + ".bodies", "at least one body of a contact must be dynamic");
    }
    check_non_negative(c.radius_i, path + ".radius");
    check_non_negative(c.radius_j, path + ".radius");
    check_magnitudes(path + ".radius", c.radius_i, c.radius_j);
    check_magnitudes(path, c.line_point, c.line_direction, c.center_i, c.center_j, c.plane_point, c.plane_normal,
                     c.sphere_center_i, c.sphere_center_j);
    if (c.shape == ContactShape::circle_line && !(c.line_direction.norm() > 1e-12)) {
      throw ModelError(path + ".line.direction", "must be a non-zero vector");
    }
    validate_spatial_contact(m, c, path);
    if ((c.shape == ContactShape::circle_circle || c.shape == ContactShape::sphere_sphere) &&
        !(c.radius_i + c.radius_j > 0)) {
      throw ModelError(path + ".radius", "two circles need a positive radius");
    }
    if (!(c.extent_max > c.extent_min)) throw ModelError(path + ".line.extent", "needs min < max");
    if (!(c.min_impact_speed > 0)) throw ModelError(path + ".min_impact_speed", "must be > 0");
  }
}

void validate_joints(const Model& m, NameRegistry& names) {
  for (std::size_t k = 0; k < m.joints.size(); ++k) {
    const Joint& j = m.joints[k];
    const std::string path = indexed("joints", k);
    names.add(j.name, path + ".name");
    check_body_ref(m, j.body_i, path + ".bodies[0]");
    check_body_ref(m, j.body_j, path + ".bodies[1]");
    if (j.body_i == j.body_j) throw ModelError(path + ".bodies", "a joint needs two different bodies");
    if (!m.bodies[j.body_i].is_dynamic() && !m.bodies[j.body_j].is_dynamic()) {
      throw ModelError(path + ".bodies", "at least one body of a joint must be dynamic");
    }
    if (m.dimension == Dimension::spatial) {
      validate_spatial_joint(j, path);
      if (j.friction) validate_joint_friction(j, path + ".friction");
      if (j.friction && std::any_of(m.joints.begin(), m.joints.end(), [](const Joint& o) { return o.contact.has_value(); })) {
        throw ModelError(path + ".friction", "a model with a prismatic joint's contact analysis takes no 'friction:' "
                                             "in other joints yet");
      }
      continue;
    }
    if (joint_equation_count(j.type) == 0) {
      throw ModelError(path + ".type", std::string("a planar model has no ") + joint_type_name(j.type) +
                                           " joint (spatial models have it: dimension: spatial)");
    }
    if (!finite(j.point_i) || !finite(j.point_j)) throw ModelError(path + ".points", "must be finite");
    if (j.type == JointType::prismatic && !(j.axis_i.norm() > 1e-12 && finite(j.axis_i))) {
      throw ModelError(path + ".axis", "must be a non-zero vector");
    }
    if (j.friction) validate_joint_friction(j, path + ".friction");
    if (j.contact) {
      throw ModelError(path + ".contact", "contact analysis needs a spatial prismatic joint (dimension: spatial); a "
                                          "planar joint's friction is 'friction:'");
    }
  }
}

void validate_drivers(const Model& m, NameRegistry& names) {
  for (std::size_t k = 0; k < m.drivers.size(); ++k) {
    const Driver& d = m.drivers[k];
    const std::string path = indexed("drivers", k);
    names.add(d.name, path + ".name");
    if (d.target == DriverTarget::joint_coordinate) {
      if (d.joint < 0 || d.joint >= static_cast<int>(m.joints.size())) throw ModelError(path + ".joint", "unknown joint");
      const std::string problem = joint_driver_problem(m.joints[d.joint].type, m.dimension, d.joint_coordinate);
      if (!problem.empty()) throw ModelError(path + (d.joint_coordinate == JointCoordinate::natural ? ".joint" : ".coordinate"), problem);
    } else {
      check_body_ref(m, d.body, path + ".body");
      if (!m.bodies[d.body].is_dynamic()) throw ModelError(path + ".body", "only a dynamic body can be driven");
    }
  }
}

void validate_actuators(const Model& m, NameRegistry& names) {
  for (std::size_t k = 0; k < m.actuators.size(); ++k) {
    const JointActuator& a = m.actuators[k];
    const std::string path = indexed("actuators", k);
    names.add(a.name, path + ".name");
    if (a.joint < 0 || a.joint >= static_cast<int>(m.joints.size())) throw ModelError(path + ".joint", "unknown joint");
    const std::string problem = joint_driver_problem(m.joints[a.joint].type, m.dimension, a.coordinate, "joint actuator");
    if (!problem.empty()) throw ModelError(path + (a.coordinate == JointCoordinate::natural ? ".joint" : ".coordinate"), problem);
  }
}

void validate_forces(const Model& m, NameRegistry& names) {
  for (std::size_t k = 0; k < m.point_forces.size(); ++k) {
    const std::string path = indexed("forces", k);
    names.add(m.point_forces[k].name, path + ".name");
    check_body_ref(m, m.point_forces[k].body, path + ".body");
  }
  for (std::size_t k = 0; k < m.torques.size(); ++k) {
    const std::string path = indexed("torques", k);
    names.add(m.torques[k].name, path + ".name");
    check_body_ref(m, m.torques[k].body, path + ".body");
  }
  for (std::size_t k = 0; k < m.springs.size(); ++k) {
    const SpringDamper& s = m.springs[k];
    const std::string path = indexed("springs", k);
    names.add(s.name, path + ".name");
    check_body_ref(m, s.body_i, path + ".bodies[0]");
    check_body_ref(m, s.body_j, path + ".bodies[1]");
    check_non_negative(s.stiffness, path + ".stiffness");
    check_non_negative(s.damping, path + ".damping");
    check_non_negative(s.rest_length, path + ".rest_length");
  }
  for (std::size_t k = 0; k < m.rotational_springs.size(); ++k) {
    const RotationalSpringDamper& s = m.rotational_springs[k];
    const std::string path = indexed("rotational_springs", k);
    names.add(s.name, path + ".name");
    if (m.dimension == Dimension::spatial) {
      check_spatial_rotational_spring(m, s, path);
    } else {
      check_body_ref(m, s.body_i, path + ".bodies[0]");
      check_body_ref(m, s.body_j, path + ".bodies[1]");
    }
    check_non_negative(s.stiffness, path + ".stiffness");
    check_non_negative(s.damping, path + ".damping");
  }
}

// The drivers that mean nothing for spatial bodies (a spatial body has no single angle).
void refuse_spatial_elements(const Model& m) {
  for (std::size_t k = 0; k < m.drivers.size(); ++k) {
    if (m.drivers[k].target == DriverTarget::body_angle) {
      throw ModelError(indexed("drivers", k) + ".coordinate",
                       "a spatial body has no single angle to drive: drive its x, y or z, or a joint's coordinate "
                       "(a revolute joint's angle, a prismatic joint's slide, a cylindrical joint's angle or slide, "
                       "a universal joint's angle_i or angle_j); "
                       "to turn a body on its own, prescribe its motion (yaw, pitch, roll) instead");
    }
  }
}

void refuse_planar_z(const Model& m) {
  if (m.gravity.z() != 0) throw ModelError("gravity", "a planar model's gravity lies in the plane (z = 0)");
  for (std::size_t k = 0; k < m.drivers.size(); ++k) {
    if (m.drivers[k].target == DriverTarget::body_z) {
      throw ModelError(indexed("drivers", k) + ".coordinate", "a planar body has no z coordinate");
    }
  }
}

// Turns a dynamic spatial body's frame into its principal frame (D3 of the design: M stays diagonal
// and constant). A diagonal tensor keeps the user's axes exactly (principal_frame = identity, no
// rounding); any other is diagonalised, I = Q diag(J) Qᵀ with det Q = +1. Then the orientation becomes
// that of the principal frame, p ⊗ p_Q, and ω is expressed in it.
void set_principal_frame(Body& b) {
  SpatialBody& sb = b.spatial;
  sb.orientation.normalize();
  if (b.motion != BodyMotion::dynamic) return;  // no dynamics: the user's frame stays
  Mat3 q = Mat3::Identity();
  if (Mat3(sb.inertia.diagonal().asDiagonal()) == sb.inertia) {
    sb.principal_moments = sb.inertia.diagonal();
  } else {
    const Eigen::SelfAdjointEigenSolver<Mat3> eig(sb.inertia);
    sb.principal_moments = eig.eigenvalues();
    q = eig.eigenvectors();
    if (q.determinant() < 0) q.col(2) = -q.col(2);
  }
  sb.principal_frame = Quat(q).normalized();
  const Vec3 omega_user_body =
      sb.angular_velocity_in_world ? Vec3(sb.orientation.conjugate() * sb.angular_velocity) : sb.angular_velocity;
  sb.orientation = (sb.orientation * sb.principal_frame).normalized();
  sb.angular_velocity = sb.principal_frame.conjugate() * omega_user_body;
  sb.angular_velocity_in_world = false;
}

}  // namespace

std::string magnitude_problem(double x, const std::string& written) {
  if (!std::isfinite(x)) return "must be finite";
  const double a = std::abs(x);
  if (a == 0 || (a >= kMinMagnitude && a <= kMaxMagnitude)) return "";
  char value[40], range[96];
  std::snprintf(value, sizeof value, "%.6g", x);
  std::snprintf(range, sizeof range, ": a model's numbers are 0 or between %g and %g in magnitude", kMinMagnitude,
                kMaxMagnitude);
  return (written.empty() ? std::string(value) : written) + (a > kMaxMagnitude ? " is too large" : " is too small") + range;
}

Model ModelBuilder::build() const {
  Model m = model_;
  for (Body& b : m.bodies) b.dimension = m.dimension;
  for (Joint& j : m.joints) j.dimension = m.dimension;
  for (Contact& c : m.contacts) {  // a joint limit acts between its joint's bodies
    if (!c.joint_limit() || c.joint < 0 || c.joint >= static_cast<int>(m.joints.size())) continue;
    c.body_i = m.joints[static_cast<std::size_t>(c.joint)].body_i;
    c.body_j = m.joints[static_cast<std::size_t>(c.joint)].body_j;
  }
  if (m.dimension == Dimension::spatial) {
    refuse_spatial_elements(m);
  } else {
    refuse_planar_z(m);
  }
  if (!finite(m.gravity)) throw ModelError("gravity", "must be finite");
  check_magnitudes("gravity", m.gravity);
  NameRegistry names;
  names.add("ground", "bodies");
  set_masses_from_shapes(m);
  validate_bodies(m, names);
  validate_joints(m, names);
  validate_drivers(m, names);
  validate_forces(m, names);
  validate_actuators(m, names);
  validate_contacts(m, names);
  validate_shapes(m);

  if (m.dimension == Dimension::spatial) {
    shift_to_centers_of_mass(m);
    complete_spatial_joint_frames(m);  // in the user's body frames, from the initial poses
    for (Contact& c : m.contacts) set_tangent_references(m, c);  // before the principal frames
    for (std::size_t k = 1; k < m.bodies.size(); ++k) set_principal_frame(m.bodies[k]);
    express_spatial_joints_in_principal_frames(m);
  }
  int q = 0, v = 0;
  for (Body& b : m.bodies) {
    if (!b.is_dynamic()) continue;
    b.q_offset = q;
    b.v_offset = v;  // planar: v has the same layout as q; spatial: 7 positions, 6 velocities
    q += b.nq();
    v += b.nv();
  }
  m.nq = q;
  m.nv = v;
  if (m.nv == 0) throw ModelError("bodies", "the model has no dynamic body");

  int row = 0;
  for (std::size_t k = 0; k < m.joints.size(); ++k) {
    Joint& j = m.joints[k];
    j.axis_i = j.axis_i.normalized();
    j.row_offset = row;
    row += joint_equation_count(j);
    // Locked relative rotation defaults to the one of the initial poses.
    const auto& offset = joint_angle_offsets_[k];
    if (offset && m.dimension == Dimension::spatial) {
      throw ModelError(indexed("joints", k) + ".angle_offset",
                       "a spatial joint locks its rotation by its references (reference, reference_j), not an angle offset");
    }
    const auto initial_angle = [&](int b) {
      const Body& body = m.bodies[b];
      return body.motion == BodyMotion::prescribed ? body.prescribed[2].value(0.0) : body.angle;
    };
    j.angle_offset = offset ? *offset : initial_angle(j.body_j) - initial_angle(j.body_i);
  }
  for (Driver& d : m.drivers) d.row_offset = row++;
  m.n_constraints = row;

  int z = 0;
  for (Contact& c : m.contacts) {
    c.line_direction = c.line_direction.normalized();
    c.z_offset = z;
    z += c.friction_states();
  }
  for (Joint& j : m.joints) {
    j.z_offset = z;
    z += joint_friction_states(j);
  }
  m.nz = z;
  return m;
}

std::string element_name_problem(const std::string& name) {
  if (name.empty()) return "a name must not be empty";
  for (char c : name) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '.' || c == ',' || c == '"' || c == '\'' || std::isspace(u) || std::iscntrl(u)) {
      return "name '" + name + "' may not contain '.', ',', quotes, white space or control characters (it prefixes output columns)";
    }
  }
  return "";
}

}  // namespace stickslip
