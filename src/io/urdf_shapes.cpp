#include "io/urdf_shapes.hpp"

#include <filesystem>

#include "geometry/mesh_file.hpp"
#include "io/input_error.hpp"

namespace stickslip {
namespace {

namespace fs = std::filesystem;

YAML::Node flow(std::initializer_list<double> values) {
  YAML::Node n(YAML::NodeType::Sequence);
  for (double v : values) n.push_back(v);
  n.SetStyle(YAML::EmitterStyle::Flow);
  return n;
}

// PKG/rest from the URDF's folder upwards: a folder named PKG on the way, or PKG inside one.
fs::path package_file(const std::string& package, const fs::path& rest, const fs::path& urdf_folder) {
  for (fs::path dir = urdf_folder; !dir.empty(); dir = dir.parent_path()) {
    if (dir.filename() == package && fs::exists(dir / rest)) return dir / rest;
    if (fs::exists(dir / package / rest)) return dir / package / rest;
    if (dir == dir.parent_path()) break;
  }
  return urdf_folder / rest;  // not found: the error names this path
}

// A mesh on a moving body: the convex hull of its vertices (a robot's collision mesh need not be
// convex; PyBullet, MuJoCo and Drake take the hull of a dynamic body's mesh too).
void add_mesh(YAML::Node& s, const urdf::Mesh& mesh, const UrdfShapeSite& site) {
  const std::string file = resolve_urdf_mesh(mesh.filename, site.urdf_path);
  if (!fs::exists(file)) {
    throw InputError(site.urdf_path, site.line, 0, site.owner, "<mesh filename=\"" + mesh.filename + "\">: no such file '" + file + "'");
  }
  const Vec3 scale(mesh.scale.x, mesh.scale.y, mesh.scale.z);
  if (!(scale.minCoeff() > 0)) throw InputError(site.urdf_path, site.line, 0, site.owner, "<mesh scale> factors must be > 0");
  if (!site.dynamic) {
    s["type"] = "triangle_mesh";
    s["mesh"] = file;
    s["scale"] = flow({scale.x(), scale.y(), scale.z()});
    return;
  }
  std::shared_ptr<const geometry::TriangleMesh> read;
  try {
    read = geometry::read_mesh_file(file);
  } catch (const std::exception& e) {
    throw InputError(site.urdf_path, site.line, 0, site.owner, std::string("<mesh>: ") + e.what());
  }
  s["type"] = "convex_hull";
  YAML::Node points(YAML::NodeType::Sequence);
  for (const Vec3& v : read->vertices) {
    const Vec3 p = v.cwiseProduct(scale);
    points.push_back(flow({p.x(), p.y(), p.z()}));
  }
  s["points"] = points;
}

}  // namespace

std::string resolve_urdf_mesh(const std::string& filename, const std::string& urdf_path) {
  const fs::path folder = fs::absolute(urdf_path).parent_path();
  const std::string package = "package://", file = "file://";
  if (filename.rfind(package, 0) == 0) {
    const std::string tail = filename.substr(package.size());
    const auto slash = tail.find('/');
    if (slash == std::string::npos) return (folder / tail).lexically_normal().string();
    return package_file(tail.substr(0, slash), tail.substr(slash + 1), folder).lexically_normal().string();
  }
  if (filename.rfind(file, 0) == 0) return filename.substr(file.size());
  return (folder / filename).lexically_normal().string();
}

namespace {

// The geometry keys of a shape or visual entry: `type` and its sizes.
void add_geometry(YAML::Node& s, const urdf::Geometry& g, const UrdfShapeSite& site) {
  switch (g.type) {
    case urdf::Geometry::BOX: {
      const urdf::Vector3& d = static_cast<const urdf::Box&>(g).dim;  // full extents
      s["type"] = "box";
      s["half_extents"] = flow({d.x / 2, d.y / 2, d.z / 2});
      break;
    }
    case urdf::Geometry::CYLINDER: {  // along the collision frame's z, as stickslip's cylinder
      const auto& c = static_cast<const urdf::Cylinder&>(g);
      s["type"] = "cylinder";
      s["radius"] = c.radius;
      s["half_length"] = c.length / 2;
      break;
    }
    case urdf::Geometry::SPHERE:
      s["type"] = "sphere";
      s["radius"] = static_cast<const urdf::Sphere&>(g).radius;
      break;
    case urdf::Geometry::MESH:
      add_mesh(s, static_cast<const urdf::Mesh&>(g), site);
      break;
  }
}

void add_pose(YAML::Node& s, const Eigen::Quaterniond& rotation, const Vec3& position) {
  s["position"] = flow({position.x(), position.y(), position.z()});
  s["orientation"]["quaternion"] = flow({rotation.w(), rotation.x(), rotation.y(), rotation.z()});
}

}  // namespace

YAML::Node urdf_collision_shape(const urdf::Collision& collision, const Eigen::Quaterniond& rotation, const Vec3& position,
                                const UrdfShapeSite& site) {
  YAML::Node s;
  add_geometry(s, *collision.geometry, site);
  add_pose(s, rotation, position);
  if (!site.material.empty()) s["material"] = site.material;
  return s;
}

YAML::Node urdf_visual(const urdf::Visual& visual, const Eigen::Quaterniond& rotation, const Vec3& position,
                       const UrdfShapeSite& site) {
  YAML::Node s;
  UrdfShapeSite surface = site;
  surface.dynamic = false;  // drawn only: a mesh is its surface on any body
  add_geometry(s, *visual.geometry, surface);
  add_pose(s, rotation, position);
  // urdfdom has put a named material's colour here; a material with only a texture (reported, not
  // drawn) leaves the colour urdfdom's default black, and the page's body colour is drawn instead.
  if (const urdf::MaterialSharedPtr& m = visual.material) {
    const urdf::Color& c = m->color;
    const bool default_colour = c.r == 0 && c.g == 0 && c.b == 0 && c.a == 1;
    if (m->texture_filename.empty() || !default_colour) s["color"] = flow({c.r, c.g, c.b, c.a});
  }
  return s;
}

}  // namespace stickslip
