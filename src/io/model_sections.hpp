// Readers of the sections of a model file (internal to io/).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "formulations/simulation_options.hpp"
#include "io/yaml_reader.hpp"
#include "model/model.hpp"

namespace stickslip {

// Names already used in the file (all elements share one namespace: they prefix output columns).
class NameTable {
 public:
  std::string add(const YamlField& name_field);
  // A name made by a generator; errors are reported at `origin` (the generator's name field).
  std::string add_generated(const std::string& name, const YamlField& origin);

 private:
  std::map<std::string, std::string> paths_;
};

struct SectionContext {
  const YamlReader& reader;
  ModelBuilder& builder;
  NameTable& names;
  std::map<std::string, int> bodies;  // name → index in Model::bodies
  std::map<std::string, int> joints;  // name → index in Model::joints
  std::map<std::string, Body> body_data;  // name → the body as read (initial poses)
  std::vector<JointType> joint_types;     // by joint index
  double t_start = 0;                     // initial time (prescribed bodies' initial poses)
  Dimension dimension = Dimension::planar;  // the model's (top-level `dimension:`)
  std::map<std::string, int> shapes;     // name → index in Model::shapes
  std::map<std::string, int> materials;  // name → index in Model::materials
  Scheme scheme = Scheme::compliant;        // the file's (generators check its problem's size)

  int body(const YamlField& f) const;   // resolves a body name, error if unknown
  int joint(const YamlField& f) const;  // resolves a joint name, error if unknown
};

void read_bodies(const YamlField& section, SectionContext& ctx);
// A body's `motion` key (dynamic when absent), shared by planar and spatial bodies.
BodyMotion read_body_motion(const YamlField& f);
// A body of a spatial model (spatial_body_reader.cpp).
Body read_spatial_body(const YamlField& f, SectionContext& ctx);
// A body's orientation {quaternion | axis, angle | euler_zyx} (spatial_body_reader.cpp).
Quat read_orientation(const YamlField& f);
// Shapes, materials, material pairs and contact reports (shape_reader.cpp; model/shapes.hpp).
void read_body_shapes(const YamlField& list, int body, const std::string& body_name, SectionContext& ctx);
// A body's `visuals`: shapes that are only drawn (model/shapes.hpp, BodyVisual).
void read_body_visuals(const YamlField& list, int body, SectionContext& ctx);
// One shape entry {type, ..., position, orientation, material, density, group, collides_with}, without
// its body and name (a generator's part, copied to each part it makes).
BodyShape read_shape_entry(const YamlField& f, SectionContext& ctx);
// The generators of spatial models (spatial_generators.cpp): stack, wall, pile.
void read_spatial_generators(const YamlField& section, SectionContext& ctx);
void read_materials(const YamlField& section, SectionContext& ctx);
void read_material_pairs(const YamlField& section, SectionContext& ctx);
void read_contact_reports(const YamlField& section, SectionContext& ctx);
void read_joints(const YamlField& section, SectionContext& ctx);
// A joint of a spatial model (spatial_joint_reader.cpp).
void read_spatial_joint(const YamlField& f, SectionContext& ctx);
void read_drivers(const YamlField& section, SectionContext& ctx);
// The coordinate of joint `joint` that an element acts on (`element`: "driver", "joint actuator",
// "joint limit"): the map's optional `coordinate` key (angle, slide, angle_i, angle_j; spatial models
// only), checked against the joint type with joint_driver_problem; the error names the key.
JointCoordinate read_joint_coordinate(const YamlField& f, const YamlField& joint_field, SectionContext& ctx, int joint,
                                      const std::string& element);
void read_forces(const YamlField& section, SectionContext& ctx);
void read_contacts(const YamlField& section, SectionContext& ctx);
void read_generators(const YamlField& section, SectionContext& ctx);
// `{point, direction, extent}` of a contact line (body i's frame) into c.
void read_contact_line(const YamlField& f, Contact& c);
void read_simulation(const YamlField& section, SimulationOptions& options);

// Initial global pose of a body (prescribed bodies at t_start).
Vec2 initial_position(const Body& b, double t0);
double initial_angle(const Body& b, double t0);

}  // namespace stickslip
