#include "io/urdf_import.hpp"

#include <Eigen/Geometry>
#include <sstream>
#include <urdf_parser/urdf_parser.h>

#include "io/input_error.hpp"
#include "io/urdf_shapes.hpp"
#include "math/types.hpp"

namespace stickslip {
namespace {

struct Pose3 {
  Eigen::Quaterniond rotation = Eigen::Quaterniond::Identity();
  Vec3 position = Vec3::Zero();
  Pose3 operator*(const Pose3& b) const { return {rotation * b.rotation, position + rotation * b.position}; }
  Pose3 inverse() const { return {rotation.inverse(), -(rotation.inverse() * position)}; }
};

Pose3 pose(const urdf::Pose& p) {
  Pose3 out;
  p.rotation.getQuaternion(out.rotation.x(), out.rotation.y(), out.rotation.z(), out.rotation.w());
  out.rotation.normalize();
  out.position = Vec3(p.position.x, p.position.y, p.position.z);
  return out;
}

YAML::Node list(const Vec3& v) {
  YAML::Node n(YAML::NodeType::Sequence);
  for (int k = 0; k < 3; ++k) n.push_back(v[k]);
  n.SetStyle(YAML::EmitterStyle::Flow);
  return n;
}

YAML::Node quaternion(const Eigen::Quaterniond& q) {
  YAML::Node n(YAML::NodeType::Sequence);
  for (double c : {q.w(), q.x(), q.y(), q.z()}) n.push_back(c);
  n.SetStyle(YAML::EmitterStyle::Flow);
  return n;
}

std::string radians(double a) {
  std::ostringstream s;
  s.precision(17);
  s << a << " rad";  // in radians whatever angle_unit an including file sets
  return s.str();
}

// What each link became: a body (its name and pose: the inertial frame) or a frame on another body.
struct LinkBody {
  std::string body;  // "ground", the link's own name, or the body of the link it is welded to
  Pose3 frame;       // the link frame in the world at zero joint positions
  Pose3 body_pose;   // the pose of that body's frame (identity for the ground)
};

class Importer {
 public:
  Importer(const std::string& path, const UrdfSettings& settings, const UrdfElementLines& lines, UrdfImport& out)
      : path_(path), settings_(settings), lines_(lines), out_(out) {}

  void run(const urdf::ModelInterface& robot) {
    const urdf::LinkConstSharedPtr root = robot.getRoot();
    const bool massless = !root->inertial || root->inertial->mass <= 0;
    const Pose3 base{settings_.base_orientation, settings_.base_position};
    if (!(massless || settings_.fixed_base)) {
      add_body(*root, base);  // a floating base: a free body, as the URDF leaves it
    } else if (grounded_geometry(*root)) {
      add_fixed_body(*root, base);  // the ground's shapes on a fixed body that the joints join
    } else {
      links_[root->name] = {"ground", base, Pose3{}};  // a frame on the ground at the placement
    }
    add_shapes(*root);
    add_visuals(*root);
    descend(*root);
  }

 private:
  [[noreturn]] void fail_at_link(const std::string& link, const std::string& message) const {
    const auto it = lines_.links.find(link);
    throw InputError(path_, it == lines_.links.end() ? 0 : it->second, 0, "link '" + link + "'", message);
  }
  [[noreturn]] void fail_at_joint(const std::string& joint, const std::string& message) const {
    const auto it = lines_.joints.find(joint);
    throw InputError(path_, it == lines_.joints.end() ? 0 : it->second, 0, "joint '" + joint + "'", message);
  }
  int joint_line(const std::string& joint) const {
    const auto it = lines_.joints.find(joint);
    return it == lines_.joints.end() ? 0 : it->second;
  }
  void note(const std::string& joint, const std::string& message) {
    out_.warnings.push_back(path_ + ":" + std::to_string(joint_line(joint)) + ": joint '" + joint + "': " + message);
  }

  // Whether the link, or a massless link welded to it, has collision shapes or visuals.
  static bool grounded_geometry(const urdf::Link& link) {
    if (!link.collision_array.empty() || !link.visual_array.empty()) return true;
    for (std::size_t k = 0; k < link.child_joints.size(); ++k) {
      const urdf::Link& child = *link.child_links[k];
      const bool massless = !child.inertial || child.inertial->mass <= 0;
      if (link.child_joints[k]->type == urdf::Joint::FIXED && massless && grounded_geometry(child)) return true;
    }
    return false;
  }

  int link_line(const std::string& link) const {
    const auto it = lines_.links.find(link);
    return it == lines_.links.end() ? 0 : it->second;
  }

  void add_fixed_body(const urdf::Link& link, const Pose3& base) {
    YAML::Node b;
    b["name"] = link.name;
    b["motion"] = "fixed";
    b["position"] = list(base.position);
    b["orientation"]["quaternion"] = quaternion(base.rotation);
    out_.lines["bodies[" + std::to_string(out_.tree["bodies"].size()) + "]"] = link_line(link.name);
    body_index_[link.name] = out_.tree["bodies"].size();
    out_.tree["bodies"].push_back(b);
    links_[link.name] = {link.name, base, base};
    fixed_body_ = link.name;
  }

  // The link's <collision> elements as shapes of the body it became, posed in that body's frame.
  void add_shapes(const urdf::Link& link) {
    if (link.collision_array.empty()) return;
    const LinkBody& lb = links_.at(link.name);
    const auto index = body_index_.find(lb.body);
    if (index == body_index_.end()) fail_at_link(link.name, "internal: collision shapes on the ground");
    YAML::Node body = out_.tree["bodies"][index->second];
    const auto own = settings_.link_materials.find(link.name);
    const auto lines = lines_.collisions.find(link.name);
    for (std::size_t k = 0; k < link.collision_array.size(); ++k) {
      const urdf::Collision& c = *link.collision_array[k];
      const int line = lines != lines_.collisions.end() && k < lines->second.size() ? lines->second[k] : link_line(link.name);
      const UrdfShapeSite site{path_, line, "link '" + link.name + "'", lb.body != fixed_body_,
                               own != settings_.link_materials.end() ? own->second : settings_.material};
      const Pose3 in_body = lb.body_pose.inverse() * lb.frame * pose(c.origin);
      if (!body["shapes"]) body["shapes"] = YAML::Node(YAML::NodeType::Sequence);
      out_.lines["bodies[" + std::to_string(index->second) + "].shapes[" + std::to_string(body["shapes"].size()) + "]"] = line;
      body["shapes"].push_back(urdf_collision_shape(c, in_body.rotation, in_body.position, site));
    }
  }

  // The link's <visual> elements as visuals of the body it became, posed as its collision shapes.
  void add_visuals(const urdf::Link& link) {
    if (link.visual_array.empty()) return;
    const LinkBody& lb = links_.at(link.name);
    const auto index = body_index_.find(lb.body);
    if (index == body_index_.end()) fail_at_link(link.name, "internal: visuals on the ground");
    YAML::Node body = out_.tree["bodies"][index->second];
    const auto lines = lines_.visuals.find(link.name);
    for (std::size_t k = 0; k < link.visual_array.size(); ++k) {
      const urdf::Visual& v = *link.visual_array[k];
      const int line = lines != lines_.visuals.end() && k < lines->second.size() ? lines->second[k] : link_line(link.name);
      const UrdfShapeSite site{path_, line, "link '" + link.name + "'", false, ""};
      const Pose3 in_body = lb.body_pose.inverse() * lb.frame * pose(v.origin);
      if (!body["visuals"]) body["visuals"] = YAML::Node(YAML::NodeType::Sequence);
      out_.lines["bodies[" + std::to_string(index->second) + "].visuals[" + std::to_string(body["visuals"].size()) + "]"] = line;
      body["visuals"].push_back(urdf_visual(v, in_body.rotation, in_body.position, site));
    }
  }

  void add_body(const urdf::Link& link, const Pose3& frame) {
    const urdf::Inertial& in = *link.inertial;
    const Pose3 body_pose = frame * pose(in.origin);
    YAML::Node b;
    b["name"] = link.name;
    b["mass"] = in.mass;
    YAML::Node inertia(YAML::NodeType::Sequence);
    inertia.push_back(list(Vec3(in.ixx, in.ixy, in.ixz)));
    inertia.push_back(list(Vec3(in.ixy, in.iyy, in.iyz)));
    inertia.push_back(list(Vec3(in.ixz, in.iyz, in.izz)));
    b["inertia"] = inertia;
    b["position"] = list(body_pose.position);
    b["orientation"]["quaternion"] = quaternion(body_pose.rotation);
    out_.lines["bodies[" + std::to_string(out_.tree["bodies"].size()) + "]"] = link_line(link.name);
    body_index_[link.name] = out_.tree["bodies"].size();
    out_.tree["bodies"].push_back(b);
    links_[link.name] = {link.name, frame, body_pose};
  }

  void descend(const urdf::Link& parent) {
    for (const urdf::JointSharedPtr& j : parent.child_joints) {
      const urdf::Link& child = *parent.child_links[static_cast<std::size_t>(&j - parent.child_joints.data())];
      add_joint(*j, child);
      add_shapes(child);
      add_visuals(child);
      descend(child);
    }
  }

  void add_joint(const urdf::Joint& j, const urdf::Link& child) {
    const LinkBody parent = links_.at(j.parent_link_name);
    const Pose3 frame = parent.frame * pose(j.parent_to_joint_origin_transform);
    const bool massless = !child.inertial || child.inertial->mass <= 0;
    if (j.type == urdf::Joint::PLANAR) fail_at_joint(j.name, "planar joints are not modelled (no planar joint in a spatial model)");
    if (massless) {
      if (j.type != urdf::Joint::FIXED) {
        fail_at_link(child.name, "has no mass but moves (joint '" + j.name + "'): give it an <inertial>, or attach it by a fixed joint");
      }
      links_[child.name] = {parent.body, frame, parent.body_pose};  // a frame on its parent's body
      return;
    }
    add_body(child, frame);
    if (j.type == urdf::Joint::FLOATING) return;  // a free body
    const Vec3 axis_world = frame.rotation * Vec3(j.axis.x, j.axis.y, j.axis.z);
    const Vec3 axis_i = parent.body_pose.rotation.inverse() * axis_world;
    const bool slide = j.type == urdf::Joint::PRISMATIC;
    YAML::Node y;
    y["name"] = j.name;
    y["type"] = j.type == urdf::Joint::FIXED ? "weld" : slide ? "prismatic" : "revolute";
    y["bodies"].push_back(parent.body);
    y["bodies"].push_back(child.name);
    y["bodies"].SetStyle(YAML::EmitterStyle::Flow);
    y["location"] = list(frame.position);
    if (j.type != urdf::Joint::FIXED) y["axis"] = list(axis_i);
    if (j.type != urdf::Joint::FIXED && j.dynamics) add_friction(j, y);
    out_.lines["joints[" + std::to_string(out_.tree["joints"].size()) + "]"] = joint_line(j.name);
    out_.tree["joints"].push_back(y);
    if (j.type == urdf::Joint::FIXED) return;
    if (j.type != urdf::Joint::CONTINUOUS && j.limits) add_limits(j);
    if (j.dynamics) add_dynamics(j, parent, links_.at(child.name), frame.position, axis_world);
  }

  // <dynamics friction>: URDF's constant Coulomb bound, a torque or a force (docs/urdf.md).
  void add_friction(const urdf::Joint& j, YAML::Node& y) {
    const double friction = j.dynamics->friction;
    if (friction < 0) note(j.name, "<dynamics friction> < 0 not imported (a friction bound is >= 0)");
    if (friction > 0) y["friction"][j.type == urdf::Joint::PRISMATIC ? "force" : "torque"] = friction;
  }

  void add_limits(const urdf::Joint& j) {
    const urdf::JointLimits& l = *j.limits;
    if (l.effort > 0 || l.velocity > 0) note(j.name, "<limit effort velocity> not enforced (the drives are the model file's)");
    if (!(l.lower < l.upper)) {
      note(j.name, "<limit lower upper> with lower >= upper: no stops imported");
      return;
    }
    const bool slide = j.type == urdf::Joint::PRISMATIC;
    for (const bool lower : {true, false}) {
      YAML::Node c;
      c["name"] = j.name + (lower ? "_lower" : "_upper");
      c["type"] = "joint_limit";
      c["joint"] = j.name;
      const double value = lower ? l.lower : l.upper;
      if (slide) {
        c[lower ? "lower" : "upper"] = value;
      } else {
        c[lower ? "lower" : "upper"] = radians(value);
      }
      add_limit_laws(c);
      out_.lines["contacts[" + std::to_string(out_.tree["contacts"].size()) + "]"] = joint_line(j.name);
      out_.tree["contacts"].push_back(c);
    }
  }

  void add_limit_laws(YAML::Node& c) const {
    if (settings_.limit_laws && settings_.limit_laws.IsMap() && settings_.limit_laws.size() > 0) {
      for (const auto& kv : settings_.limit_laws) c[kv.first.as<std::string>()] = YAML::Clone(kv.second);
      return;
    }
    c["impact"]["law"] = "newton";
    c["impact"]["e"] = 0.0;
  }

  // Viscous damping: a rotational damper on a revolute joint; on a prismatic one a translational
  // damper along the axis between a point 1 m behind the joint on the parent and the joint point on
  // the child (its length changes by the slide exactly).
  void add_dynamics(const urdf::Joint& j, const LinkBody& parent, const LinkBody& child, const Vec3& at, const Vec3& axis) {
    const urdf::JointDynamics& d = *j.dynamics;
    if (d.damping <= 0) return;
    YAML::Node f;
    f["name"] = j.name + "_damping";
    f["damping"] = d.damping;
    f["stiffness"] = 0.0;
    if (j.type == urdf::Joint::PRISMATIC) {
      f["type"] = "spring_damper";
      f["bodies"].push_back(parent.body);
      f["bodies"].push_back(child.body);
      const Vec3 behind = at - axis.normalized();
      f["points"].push_back(list(parent.body_pose.rotation.inverse() * (behind - parent.body_pose.position)));
      f["points"].push_back(list(child.body_pose.rotation.inverse() * (at - child.body_pose.position)));
      f["rest_length"] = 1.0;
    } else {
      f["type"] = "rotational_spring_damper";
      f["joint"] = j.name;
    }
    out_.lines["forces[" + std::to_string(out_.tree["forces"].size()) + "]"] = joint_line(j.name);
    out_.tree["forces"].push_back(f);
  }

  const std::string& path_;
  const UrdfSettings& settings_;
  const UrdfElementLines& lines_;
  UrdfImport& out_;
  std::map<std::string, LinkBody> links_;
  std::map<std::string, std::size_t> body_index_;  // each body's place in the tree's `bodies`
  std::string fixed_body_;                           // the grounded root's body, when it has shapes
};

}  // namespace

UrdfImport import_urdf(const std::string& path, const UrdfSettings& settings) {
  const UrdfElementLines lines = urdf_element_lines(path);  // also: the file is well-formed XML
  const urdf::ModelInterfaceSharedPtr robot = urdf::parseURDFFile(path);
  if (!robot) throw InputError(path, 0, 0, "", "urdfdom cannot build the robot from it (its message is printed above)");
  UrdfImport out;
  out.warnings = lines.unsupported;
  out.tree["name"] = robot->getName();
  out.tree["dimension"] = "spatial";
  out.tree["gravity"] = list(Vec3(0, 0, -9.81));
  for (const char* section : {"bodies", "joints", "forces", "contacts"}) out.tree[section] = YAML::Node(YAML::NodeType::Sequence);
  Importer(path, settings, lines, out).run(*robot);
  for (const char* section : {"joints", "forces", "contacts"}) {
    if (out.tree[section].size() == 0) out.tree.remove(section);
  }
  // The time-stepping scheme decides joint friction beside contacts and stops but not beside spring
  // elements (dampers); the event-driven scheme decides it beside both (docs/schemes.md).
  bool friction = false;
  for (const auto& joint : out.tree["joints"]) friction = friction || joint["friction"].IsDefined();
  if (friction && out.tree["forces"]) {
    out.tree["simulation"]["scheme"] = "event-driven";
  } else {
    out.tree["simulation"]["scheme"] = "time-stepping";
    out.tree["simulation"]["step"] = 1e-3;
  }
  return out;
}

}  // namespace stickslip
