// The immutable description of a multibody system: bodies, joints, drivers, force elements.
// No time, no state. Built through ModelBuilder (C++ API) or read from a model file (io/).
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/body.hpp"
#include "model/contact.hpp"
#include "model/driver.hpp"
#include "model/force_element.hpp"
#include "model/joint.hpp"
#include "model/shapes.hpp"

namespace stickslip {

// A model that cannot be built. `path` locates the offending value in model-file terms
// ("bodies[2].mass", "joints[0].bodies[1]"), so the file reader can name its line.
class ModelError : public std::runtime_error {
 public:
  ModelError(std::string path, const std::string& message)
      : std::runtime_error(path + ": " + message), path_(std::move(path)), message_(message) {}
  const std::string& path() const { return path_; }
  const std::string& message() const { return message_; }

 private:
  std::string path_, message_;
};

// The magnitudes a model may hold (docs/model-format.md, "Limits"): zero, or between kMinMagnitude
// and kMaxMagnitude in absolute value. No physical quantity in SI units lies outside, and inside it
// the products a step forms (a mass times a squared speed, a stiffness times a squared length) stay
// far from the overflow and underflow of doubles; outside, a body mass of 1e-320 or a coordinate of
// 1.8e308 made a run spin for ever in its contact solver. Model files check every number against
// them (io/yaml_reader.cpp); ModelBuilder::build checks the bodies, gravity and contact shapes.
inline constexpr double kMaxMagnitude = 1e100;
inline constexpr double kMinMagnitude = 1e-100;
// "" when x is zero or finite within the magnitudes, else what is wrong with it (naming x as
// `written` when given: the text a file holds, "1e-320", rather than the double it reads as).
std::string magnitude_problem(double x, const std::string& written = "");

struct Model {
  std::string name;
  Dimension dimension = Dimension::planar;  // every body has this kind (model/body.hpp)
  Vec3 gravity = Vec3::Zero();      // g [m/s²], any direction (planar models: z = 0)
  std::vector<Body> bodies;          // bodies[0] is the ground (fixed, at the origin)
  std::vector<Joint> joints;
  std::vector<Driver> drivers;
  std::vector<PointForce> point_forces;
  std::vector<AppliedTorque> torques;
  std::vector<SpringDamper> springs;
  std::vector<RotationalSpringDamper> rotational_springs;
  std::vector<JointActuator> actuators;
  std::vector<Contact> contacts;
  // Shapes, materials and what the contacts between shapes report (model/shapes.hpp).
  std::vector<BodyShape> shapes;
  std::vector<Material> materials;
  std::vector<MaterialPair> material_pairs;
  std::vector<ContactReport> contact_reports;
  std::vector<BodyVisual> visuals;  // drawn only (model/shapes.hpp)
  // Set by ModelBuilder::build: the laws of each pair of materials (index materials.size() · a + b
  // into shape_pair_laws, -1 where none is given).
  std::vector<int> material_laws;
  std::vector<ContactLaws> shape_pair_laws;
  // Set by compile_shape_contacts (model/shape_compiler.hpp): the shape contacts are explicit
  // contacts of this model (those with shape_i >= 0), not the detection's.
  bool shape_contacts_compiled = false;

  int nq = 0;             // number of position coordinates
  int nv = 0;             // number of velocity coordinates
  int n_constraints = 0;  // rows of Φ: joints first, then drivers
  int nz = 0;             // internal law states (friction bristles of contacts, then of joints)

  static constexpr int kGround = 0;
  // Index of the body with this name, or -1.
  int body_index(const std::string& name) const;
  int joint_index(const std::string& name) const;
  bool has_joint_friction() const;  // friction (Xing, Zheng & Wang 2019) or contact (Qi, Luo & Huang 2011)
  int shape_index(const std::string& name) const;
  // Contacts between shapes are found by the collision detection: the model declares materials and
  // has shapes.
  bool has_shape_contacts() const { return !materials.empty() && !shapes.empty() && !shape_contacts_compiled; }
  // The laws of a contact between two shapes (null when their materials have none).
  const ContactLaws* shape_laws(int shape_a, int shape_b) const;
};

// Why `name` cannot name an element (empty when it can): names prefix output columns
// (`<name>.x`), so they may not be empty or hold '.', ',', quotes, white space or control characters.
// Any other UTF-8 text is fine.
std::string element_name_problem(const std::string& name);

// Why an element of a spatial model is refused until the stage of issue 11 that brings it.
std::string spatial_not_supported_message(const std::string& what, const std::string& stage);

// Collects the elements of a model, validates them and lays out coordinates and constraint rows.
// Paths in errors count user bodies from 0 (the implicit ground is not in `bodies[...]`).
class ModelBuilder {
 public:
  explicit ModelBuilder(std::string name = "model");

  // Planar by default. Spatial models take free bodies, drivers on x, y, z, point forces, torques,
  // translational spring-dampers, the spatial joints (with drivers and rotational spring-dampers on
  // revolute joints) and the spatial contact shapes (issue 11, stages S1-S3).
  ModelBuilder& set_dimension(Dimension d);
  ModelBuilder& set_gravity(const Vec2& g);  // planar: g in the plane
  ModelBuilder& set_gravity(const Vec3& g);
  int add_body(Body body);  // returns the body index in Model::bodies
  int add_joint(Joint joint, std::optional<double> angle_offset = std::nullopt);
  int add_driver(Driver driver);
  void add_point_force(PointForce f);
  void add_torque(AppliedTorque t);
  void add_spring(SpringDamper s);
  void add_rotational_spring(RotationalSpringDamper s);
  void add_actuator(JointActuator a);
  int add_contact(Contact c);
  // Shapes (spatial models), materials, material pairs and contact reports (model/shapes.hpp).
  int add_shape(BodyShape s);
  int add_material(Material m);
  void add_material_pair(MaterialPair p);
  void add_contact_report(ContactReport r);
  void add_visual(BodyVisual v);

  // Validates (non-physical values, unknown or repeated bodies, duplicate names) and returns the
  // model. Throws ModelError.
  Model build() const;

 private:
  Model model_;
  std::vector<std::optional<double>> joint_angle_offsets_;
};

}  // namespace stickslip
