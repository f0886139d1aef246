#include "model/shape_setup.hpp"

#include <cmath>
#include <map>
#include <set>
#include <tuple>

#include "geometry/mass_properties.hpp"

namespace stickslip {
namespace {

std::string list_path(const char* list, std::size_t k) { return std::string(list) + "[" + std::to_string(k) + "]"; }

double shape_density(const Model& m, const BodyShape& s) {
  if (std::isfinite(s.density)) return s.density;
  return s.material >= 0 ? m.materials[static_cast<std::size_t>(s.material)].density : std::nan("");
}

void check_laws(const ContactLaws& laws, const std::string& path) {
  if (!(laws.min_impact_speed > 0)) throw ModelError(path + ".min_impact_speed", "must be > 0");
}

// Shapes alike for the laws: same material, group and mask. What the model's shapes of a class are
// on: how many bodies, whether one is dynamic, whether one shape is a solid (planes and meshes never
// touch each other).
struct ShapeClass {
  int material;
  std::uint32_t group, mask;
  bool operator<(const ShapeClass& o) const {
    return std::tie(material, group, mask) < std::tie(o.material, o.group, o.mask);
  }
};
struct ClassBodies {
  std::set<int> bodies;
  bool dynamic = false, solid = false;
};

// Whether shapes of the two classes can touch, as far as bodies tell (joints aside): on two
// different bodies, one of them dynamic, one of the two shapes a solid.
bool may_meet(const ClassBodies& x, const ClassBodies& y, bool same) {
  if (!(x.dynamic || y.dynamic) || !(x.solid || y.solid)) return false;
  if (same) return x.bodies.size() >= 2;
  return !(x.bodies.size() == 1 && y.bodies.size() == 1 && *x.bodies.begin() == *y.bodies.begin());
}

void resolve_pair_laws(Model& m) {
  const std::size_t n = m.materials.size();
  m.material_laws.assign(n * n, -1);
  m.shape_pair_laws.clear();
  for (std::size_t k = 0; k < n; ++k) {
    if (!m.materials[k].laws.any()) continue;
    m.material_laws[k * n + k] = static_cast<int>(m.shape_pair_laws.size());
    m.shape_pair_laws.push_back(m.materials[k].laws);
  }
  for (std::size_t k = 0; k < m.material_pairs.size(); ++k) {
    const MaterialPair& p = m.material_pairs[k];
    const std::size_t a = static_cast<std::size_t>(p.a), b = static_cast<std::size_t>(p.b);
    m.material_laws[a * n + b] = m.material_laws[b * n + a] = static_cast<int>(m.shape_pair_laws.size());
    m.shape_pair_laws.push_back(p.laws);
  }
  std::map<ShapeClass, ClassBodies> classes;
  for (const BodyShape& s : m.shapes) {
    ClassBodies& c = classes[{s.material, s.group, s.mask}];
    c.bodies.insert(s.body);
    c.dynamic = c.dynamic || m.bodies[static_cast<std::size_t>(s.body)].is_dynamic();
    c.solid = c.solid || s.geometry.is_convex_solid();
  }
  for (const auto& [x, xb] : classes) {
    for (const auto& [y, yb] : classes) {
      if (!(x.group & y.mask) || !(y.group & x.mask) || !may_meet(xb, yb, !(x < y) && !(y < x))) continue;
      if (m.material_laws[static_cast<std::size_t>(x.material) * n + static_cast<std::size_t>(y.material)] >= 0) continue;
      const Material &a = m.materials[static_cast<std::size_t>(x.material)], &b = m.materials[static_cast<std::size_t>(y.material)];
      throw ModelError(x.material == y.material ? list_path("materials", static_cast<std::size_t>(x.material)) : "material_pairs",
                       x.material == y.material
                           ? "shapes of material '" + a.name + "' can touch each other, but it has no contact laws (give "
                                 "it impact or normal, and friction)"
                           : "shapes of materials '" + a.name + "' and '" + b.name +
                                 "' can touch, but no material_pairs entry gives their laws");
    }
  }
}

void validate_one_shape(const Model& m, const BodyShape& s, const std::string& path) {
  if (s.body < 0 || s.body >= static_cast<int>(m.bodies.size())) throw ModelError(path, "unknown body");
  const Body& b = m.bodies[static_cast<std::size_t>(s.body)];
  const geometry::ShapeKind kind = s.geometry.kind;
  if (b.is_dynamic() && (kind == geometry::ShapeKind::plane || kind == geometry::ShapeKind::triangle_mesh)) {
    throw ModelError(path + ".type", std::string("a ") + geometry::shape_kind_name(kind) + " belongs to a fixed or prescribed "
                                         "body (it has no volume to give a dynamic body its mass and inertia); a "
                                         "dynamic body's shapes are spheres, boxes, capsules, cylinders or convex hulls");
  }
  if (!s.pose.position.allFinite() || !s.pose.orientation.coeffs().allFinite()) throw ModelError(path + ".position", "must be finite");
  if (s.material < -1 || s.material >= static_cast<int>(m.materials.size())) throw ModelError(path + ".material", "unknown material");
  if (m.has_shape_contacts() && s.material < 0) {
    throw ModelError(path + ".material", "the model declares materials, so every shape needs one (it decides the "
                                         "laws of the shape's contacts)");
  }
  if (!std::isnan(s.density) && !(s.density >= 0 && std::isfinite(s.density))) {
    throw ModelError(path + ".density", "must be a finite number >= 0");
  }
}

// Where visual k is in a model file: "bodies[i].visuals[j]".
std::string visual_path(const Model& m, std::size_t k) {
  const int body = m.visuals[k].body;
  if (body <= 0 || body >= static_cast<int>(m.bodies.size())) return list_path("visuals", k);
  std::size_t on_body = 0;
  for (std::size_t j = 0; j < k; ++j) on_body += m.visuals[j].body == body ? 1 : 0;
  return list_path("bodies", static_cast<std::size_t>(body - 1)) + "." + list_path("visuals", on_body);
}

// Visuals: on a body of a spatial model, posed finitely, coloured within [0, 1].
void validate_visuals(const Model& m) {
  for (std::size_t k = 0; k < m.visuals.size(); ++k) {
    const BodyVisual& v = m.visuals[k];
    const std::string path = visual_path(m, k);
    if (m.dimension != Dimension::spatial) throw ModelError(path, "visuals need 'dimension: spatial'");
    if (v.body < 0 || v.body >= static_cast<int>(m.bodies.size())) throw ModelError(path, "unknown body");
    if (!v.pose.position.allFinite() || !v.pose.orientation.coeffs().allFinite()) throw ModelError(path + ".position", "must be finite");
    if (!v.has_color()) continue;
    for (double c : v.color) {
      if (!(c >= 0 && c <= 1)) throw ModelError(path + ".color", "red, green, blue and opacity are numbers from 0 to 1");
    }
  }
}

}  // namespace

std::string shape_path(const Model& m, std::size_t k) {
  const int body = m.shapes[k].body;
  if (body <= 0 || body >= static_cast<int>(m.bodies.size())) return list_path("shapes", k);
  std::size_t on_body = 0;
  for (std::size_t j = 0; j < k; ++j) on_body += m.shapes[j].body == body ? 1 : 0;
  return list_path("bodies", static_cast<std::size_t>(body - 1)) + "." + list_path("shapes", on_body);
}

void validate_shapes(Model& m) {
  validate_visuals(m);
  if (m.dimension != Dimension::spatial && (!m.shapes.empty() || !m.materials.empty())) {
    throw ModelError(m.shapes.empty() ? "materials" : shape_path(m, 0), "shapes and materials need 'dimension: spatial'");
  }
  std::set<std::string> names;
  for (std::size_t k = 0; k < m.shapes.size(); ++k) {
    const std::string path = shape_path(m, k);
    validate_one_shape(m, m.shapes[k], path);
    const std::string problem = element_name_problem(m.shapes[k].name);
    if (!problem.empty()) throw ModelError(path + ".name", problem);
    if (!names.insert(m.shapes[k].name).second) throw ModelError(path + ".name", "duplicate shape name '" + m.shapes[k].name + "'");
  }
  std::set<std::string> materials;
  for (std::size_t k = 0; k < m.materials.size(); ++k) {
    const Material& mat = m.materials[k];
    if (!materials.insert(mat.name).second) throw ModelError(list_path("materials", k) + ".name", "duplicate material '" + mat.name + "'");
    if (!std::isnan(mat.density) && !(mat.density > 0 && std::isfinite(mat.density))) {
      throw ModelError(list_path("materials", k) + ".density", "must be a finite number > 0");
    }
    check_laws(mat.laws, list_path("materials", k));
  }
  const int count = static_cast<int>(m.materials.size());
  for (std::size_t k = 0; k < m.material_pairs.size(); ++k) {
    const MaterialPair& p = m.material_pairs[k];
    const std::string path = list_path("material_pairs", k);
    if (p.a < 0 || p.a >= count || p.b < 0 || p.b >= count) throw ModelError(path + ".materials", "unknown material");
    if (!p.laws.any()) throw ModelError(path, "a material pair needs an 'impact' or a 'normal' law");
    check_laws(p.laws, path);
  }
  if (m.has_shape_contacts()) resolve_pair_laws(m);
  for (std::size_t k = 0; k < m.contact_reports.size(); ++k) {
    const ContactReport& r = m.contact_reports[k];
    const bool shapes = r.kind == ContactReport::Kind::shapes;
    const int limit = static_cast<int>(shapes ? m.shapes.size() : m.bodies.size());
    const std::string path = list_path("contact_reports", k);
    const bool first_ok = r.kind == ContactReport::Kind::body ? r.first == -1 : r.first >= 0 && r.first < limit;
    if (!first_ok || r.second < 0 || r.second >= limit) throw ModelError(path, shapes ? "unknown shape" : "unknown body");
    if (r.first == r.second) throw ModelError(path, "a report needs two different shapes or bodies");
  }
}

void set_masses_from_shapes(Model& m) {
  if (m.dimension != Dimension::spatial) return;
  for (std::size_t b = 1; b < m.bodies.size(); ++b) {
    Body& body = m.bodies[b];
    if (!body.is_dynamic() || body.mass != 0) continue;
    std::vector<geometry::ShapeMass> parts;
    for (std::size_t k = 0; k < m.shapes.size(); ++k) {
      const BodyShape& s = m.shapes[k];
      if (s.body != static_cast<int>(b) || !s.geometry.is_convex_solid()) continue;
      const double density = shape_density(m, s);
      if (!(density > 0)) {
        throw ModelError(shape_path(m, k) + ".density", "body '" + body.name + "' takes its mass from its shapes, so each "
                                                        "needs a density > 0 (on the shape or its material)");
      }
      parts.push_back({&s.geometry, s.pose, density});
    }
    if (parts.empty()) continue;  // no shapes: validation asks for a mass
    const geometry::BodyMass mass = geometry::body_mass(parts);
    body.mass = mass.mass;
    body.spatial.center_of_mass = mass.center_of_mass;
    body.spatial.inertia = 0.5 * (mass.inertia + mass.inertia.transpose());
  }
}

void shift_to_centers_of_mass(Model& m) {
  for (std::size_t b = 1; b < m.bodies.size(); ++b) {
    Body& body = m.bodies[b];
    const Vec3 c = body.spatial.center_of_mass;
    if (!body.is_dynamic() || c.isZero(0.0)) continue;
    body.spatial.position += body.spatial.orientation.normalized() * c;
    body.spatial.center_of_mass.setZero();
    const int k = static_cast<int>(b);
    for (Joint& j : m.joints) {
      if (j.body_i == k) j.spatial_input.point_i -= c;
      if (j.body_j == k) j.spatial_input.point_j -= c;
    }
    for (Contact& ct : m.contacts) {
      if (ct.body_i == k) {
        ct.sphere_center_i -= c;
        ct.plane_point -= c;
      }
      if (ct.body_j == k) ct.sphere_center_j -= c;
    }
    for (PointForce& f : m.point_forces)
      if (f.body == k) f.point -= c;
    for (SpringDamper& s : m.springs) {
      if (s.body_i == k) s.point_i -= c;
      if (s.body_j == k) s.point_j -= c;
    }
    for (BodyShape& s : m.shapes)
      if (s.body == k) s.pose.position -= c;
    for (BodyVisual& v : m.visuals)
      if (v.body == k) v.pose.position -= c;
  }
}

}  // namespace stickslip
