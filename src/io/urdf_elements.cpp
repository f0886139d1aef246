// The tinyxml2 walk of a URDF (urdf_import.hpp): lines of links and joints, and every element the
// import does not take, reported at its line rather than dropped.
#include <set>
#include <tinyxml2.h>

#include "io/input_error.hpp"
#include "io/urdf_import.hpp"

namespace stickslip {
namespace {

using tinyxml2::XMLElement;

struct Walk {
  const std::string& file;
  UrdfElementLines& out;

  void report(const XMLElement* e, const std::string& owner, const std::string& why) const {
    out.unsupported.push_back(file + ":" + std::to_string(e->GetLineNum()) + ": <" + e->Name() + ">" +
                              (owner.empty() ? "" : " of " + owner) + " not imported: " + why);
  }

  // Children of `parent` outside `taken` are reported.
  void children(const XMLElement* parent, const std::set<std::string>& taken, const std::string& owner) const {
    for (const XMLElement* c = parent->FirstChildElement(); c; c = c->NextSiblingElement()) {
      const std::string name = c->Name();
      if (taken.count(name)) continue;
      if (name == "texture") {
        report(c, owner, "textures are not drawn (the page draws the material's colour, or the body's)");
      } else if (name == "mimic" || name == "safety_controller" || name == "calibration") {
        report(c, owner, "not modelled (the joint moves by its own dynamics)");
      } else {
        report(c, owner, "not a part of the model stickslip builds");
      }
    }
  }

  void link(const XMLElement* e) const {
    const char* name = e->Attribute("name");
    const std::string owner = std::string("link '") + (name ? name : "?") + "'";
    if (name) out.links.emplace(name, e->GetLineNum());
    children(e, {"inertial", "collision", "visual"}, owner);
    if (const XMLElement* inertial = e->FirstChildElement("inertial")) {
      children(inertial, {"origin", "mass", "inertia"}, owner);
    }
    std::vector<int>& lines = out.collisions[name ? name : ""];
    for (const XMLElement* c = e->FirstChildElement("collision"); c; c = c->NextSiblingElement("collision")) {
      lines.push_back(c->GetLineNum());
      children(c, {"origin", "geometry"}, owner);
      geometry(c, owner);
    }
    std::vector<int>& visual_lines = out.visuals[name ? name : ""];
    for (const XMLElement* v = e->FirstChildElement("visual"); v; v = v->NextSiblingElement("visual")) {
      visual_lines.push_back(v->GetLineNum());
      children(v, {"origin", "geometry", "material"}, owner);
      geometry(v, owner);
      if (const XMLElement* m = v->FirstChildElement("material")) children(m, {"color"}, owner);
    }
  }

  // A <collision>'s or <visual>'s <geometry>: one of the four kinds the model has.
  void geometry(const XMLElement* c, const std::string& owner) const {
    const XMLElement* geometry = c->FirstChildElement("geometry");
    const XMLElement* shape = geometry ? geometry->FirstChildElement() : nullptr;
    const std::string type = shape ? shape->Name() : "";
    if (type != "box" && type != "cylinder" && type != "sphere" && type != "mesh") {
      throw InputError(file, (shape ? shape : c)->GetLineNum(), 0, owner,
                       "<" + std::string(c->Name()) + "> needs a <geometry> of <box>, <cylinder>, <sphere> or <mesh>" +
                           (type.empty() ? std::string() : " (not <" + type + ">)"));
    }
  }

  void joint(const XMLElement* e) const {
    const char* name = e->Attribute("name");
    const std::string owner = std::string("joint '") + (name ? name : "?") + "'";
    if (name) out.joints.emplace(name, e->GetLineNum());
    children(e, {"origin", "parent", "child", "axis", "limit", "dynamics"}, owner);
  }
};

}  // namespace

UrdfElementLines urdf_element_lines(const std::string& path) {
  tinyxml2::XMLDocument doc;
  if (doc.LoadFile(path.c_str()) != tinyxml2::XML_SUCCESS) {
    throw InputError(path, doc.ErrorLineNum(), 0, "", std::string("not a readable XML file: ") + doc.ErrorStr());
  }
  const XMLElement* robot = doc.FirstChildElement("robot");
  if (!robot) throw InputError(path, 1, 0, "", "no <robot> element (not a URDF)");
  UrdfElementLines out;
  const Walk walk{path, out};
  for (const XMLElement* e = robot->FirstChildElement(); e; e = e->NextSiblingElement()) {
    const std::string name = e->Name();
    if (name == "link") {
      walk.link(e);
    } else if (name == "joint") {
      walk.joint(e);
    } else if (name == "material") {
      walk.children(e, {"color"}, std::string("material '") + (e->Attribute("name") ? e->Attribute("name") : "?") + "'");
    } else if (name == "transmission") {
      walk.report(e, "", "actuators are added in a model file that includes this URDF (joint_actuator, drivers)");
    } else {
      walk.report(e, "", "not a part of the model stickslip builds");
    }
  }
  return out;
}

}  // namespace stickslip
