#include "model/shape_compiler.hpp"

#include <algorithm>

#include "math/perpendicular.hpp"
#include "model/shape_setup.hpp"

namespace stickslip {
namespace {

using geometry::ShapeKind;

bool excluded(const Model& m, const BodyShape& a, const BodyShape& b) {
  if (a.body == b.body) return true;
  if (!m.bodies[static_cast<std::size_t>(a.body)].is_dynamic() && !m.bodies[static_cast<std::size_t>(b.body)].is_dynamic()) return true;
  if (!(a.group & b.mask) || !(b.group & a.mask)) return true;
  for (const Joint& j : m.joints) {
    const bool joined = (j.body_i == a.body && j.body_j == b.body) || (j.body_i == b.body && j.body_j == a.body);
    if (joined && !j.collide) return true;
  }
  return false;
}

// World position at t = 0 of a point of a body given in its user frame (the builder's principal frame
// Q turned back: orientation ⊗ Q*).
Vec3 initial_point(const Body& b, const Vec3& local) {
  if (b.motion == BodyMotion::prescribed) {
    return Vec3(b.prescribed[0].value(0.0), b.prescribed[1].value(0.0), b.prescribed[2].value(0.0));
  }
  const Quat user = b.is_dynamic() ? Quat(b.spatial.orientation * b.spatial.principal_frame.conjugate()) : b.spatial.orientation;
  return b.spatial.position + user * local;
}

class Compiler {
 public:
  Compiler(Model& m, const std::string& user, const std::string& advice) : m_(m), user_(user), advice_(advice) {}
  void pair(std::size_t a, std::size_t b);

 private:
  Contact base(std::size_t a, std::size_t b) const;
  void plane(std::size_t p, std::size_t s);
  void add(Contact c);
  [[noreturn]] void refuse(std::size_t a, std::size_t b) const;
  Model& m_;
  const std::string &user_, &advice_;  // "the event-driven scheme"; what to do instead
  int count_ = 0;
};

Contact Compiler::base(std::size_t a, std::size_t b) const {
  const ContactLaws& laws = *m_.shape_laws(static_cast<int>(a), static_cast<int>(b));
  Contact c;
  c.shape_i = static_cast<int>(a);
  c.shape_j = static_cast<int>(b);
  c.body_i = m_.shapes[a].body;
  c.body_j = m_.shapes[b].body;
  c.normal = laws.normal;
  c.impact = laws.impact;
  c.friction = laws.friction;
  c.min_impact_speed = laws.min_impact_speed;
  return c;
}

void Compiler::add(Contact c) {
  c.point_id = count_++;
  c.name = m_.shapes[static_cast<std::size_t>(c.shape_i)].name + "|" + m_.shapes[static_cast<std::size_t>(c.shape_j)].name +
           "#" + std::to_string(c.point_id);
  m_.contacts.push_back(std::move(c));
}

// The plane of shape p (body i, its normal turned by the shape's pose) against the solid s (body j):
// sphere_plane contacts at the solid's support points in body j's frame.
void Compiler::plane(std::size_t p, std::size_t s) {
  const BodyShape &plane = m_.shapes[p], &solid = m_.shapes[s];
  Contact c = base(p, s);
  c.shape = ContactShape::sphere_plane;
  c.plane_point = plane.pose.position;
  c.plane_normal = (plane.pose.orientation * plane.geometry.normal).normalized();
  c.reference_normal = c.plane_normal;
  c.reference_tangent = perpendicular_unit(c.plane_normal);
  const geometry::Shape& g = solid.geometry;
  std::vector<Vec3> centres;
  if (g.kind == ShapeKind::sphere) {
    centres.push_back(Vec3::Zero());
    c.radius_j = g.radius;
  } else if (g.kind == ShapeKind::capsule) {
    centres = {Vec3(0, 0, -g.half_length), Vec3(0, 0, g.half_length)};
    c.radius_j = g.radius;
  } else {
    centres = g.polyhedron->vertices;
  }
  count_ = 0;
  for (const Vec3& x : centres) {
    c.sphere_center_j = solid.pose.apply(x);
    add(c);
  }
}

[[noreturn]] void Compiler::refuse(std::size_t a, std::size_t b) const {
  const BodyShape &sa = m_.shapes[a], &sb = m_.shapes[b];
  throw ModelError(shape_path(m_, b) + ".type",
                   user_ + " runs shape contacts whose gap is a smooth function of the "
                   "configuration (a sphere, capsule, box or convex hull against a plane; two spheres); shapes '" +
                       sa.name + "' (" + geometry::shape_kind_name(sa.geometry.kind) + ") and '" + sb.name + "' (" +
                       geometry::shape_kind_name(sb.geometry.kind) +
                       ") can touch at switching edges, vertices or rims: " + advice_);
}

void Compiler::pair(std::size_t a, std::size_t b) {
  const BodyShape &sa = m_.shapes[a], &sb = m_.shapes[b];
  if (excluded(m_, sa, sb) || m_.shape_laws(static_cast<int>(a), static_cast<int>(b)) == nullptr) return;
  const ShapeKind ka = sa.geometry.kind, kb = sb.geometry.kind;
  const auto flat_solid = [](ShapeKind k) { return k != ShapeKind::cylinder && k != ShapeKind::plane && k != ShapeKind::triangle_mesh; };
  if (ka == ShapeKind::plane && kb == ShapeKind::plane) return;
  if (ka == ShapeKind::plane && flat_solid(kb)) return plane(a, b);
  if (kb == ShapeKind::plane && flat_solid(ka)) return plane(b, a);
  if (ka == ShapeKind::sphere && kb == ShapeKind::sphere) {
    Contact c = base(a, b);
    c.shape = ContactShape::sphere_sphere;
    c.sphere_center_i = sa.pose.position;
    c.sphere_center_j = sb.pose.position;
    c.radius_i = sa.geometry.radius;
    c.radius_j = sb.geometry.radius;
    const Vec3 d = initial_point(m_.bodies[static_cast<std::size_t>(c.body_j)], c.sphere_center_j) -
                   initial_point(m_.bodies[static_cast<std::size_t>(c.body_i)], c.sphere_center_i);
    c.reference_normal = d.norm() > 1e-12 ? Vec3(d.normalized()) : Vec3::UnitZ();
    c.reference_tangent = perpendicular_unit(c.reference_normal);
    count_ = 0;
    return add(c);
  }
  refuse(a, b);
}

}  // namespace

Model compile_shape_contacts(const Model& model, const char* scheme) {
  return compile_shape_contacts(model, std::string("the ") + scheme + " scheme", "use --scheme time-stepping (or compliant)");
}

Model compile_shape_contacts(const Model& model, const std::string& user, const std::string& advice) {
  Model m = model;
  if (!model.has_shape_contacts()) return m;
  m.shape_contacts_compiled = true;
  Compiler compile(m, user, advice);
  for (std::size_t a = 0; a < m.shapes.size(); ++a)
    for (std::size_t b = a + 1; b < m.shapes.size(); ++b) compile.pair(a, b);
  if (m.contacts.size() - model.contacts.size() > kMaxCompiledShapeContacts) {
    throw ModelError("materials", std::string("the shapes make ") + std::to_string(m.contacts.size() - model.contacts.size()) +
                                      " point contacts, more than " + user + " takes (" +
                                      std::to_string(kMaxCompiledShapeContacts) + "): " + advice);
  }
  // Friction states: the model's contacts, the compiled ones, then the joints'.
  int z = 0;
  for (Contact& c : m.contacts) {
    c.z_offset = z;
    z += c.friction_states();
  }
  for (Joint& j : m.joints) {
    j.z_offset = z;
    if (j.friction) z += j.friction->law->state_size();
  }
  m.nz = z;
  return m;
}

}  // namespace stickslip
