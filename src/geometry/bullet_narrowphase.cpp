// The narrow phase (bullet_narrowphase.hpp says what it computes). Part of the collision adapter:
// only src/geometry/bullet_* include Bullet's headers.
#include "geometry/bullet_narrowphase.hpp"

#include <BulletCollision/CollisionShapes/btBvhTriangleMeshShape.h>
#include <BulletCollision/CollisionShapes/btConvexHullShape.h>
#include <BulletCollision/CollisionShapes/btTriangleIndexVertexArray.h>
#include <BulletCollision/CollisionShapes/btTriangleShape.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkEpaPenetrationDepthSolver.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkPairDetector.h>
#include <BulletCollision/NarrowPhaseCollision/btPolyhedralContactClipping.h>
#include <BulletCollision/NarrowPhaseCollision/btVoronoiSimplexSolver.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numbers>

#include "geometry/bullet_convert.hpp"

namespace stickslip::geometry::detail {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
// Two faces of a solid within this of the best separation are taken as tied (relative to the
// pair's size): the face wins over GJK's axis, whose direction is exact only to GJK's tolerance.
constexpr double kTie = 1e-9;
// Capsules closer to parallel than this (cosine of 5°) touch along a line: both ends of the overlap.
constexpr double kParallel = 0.9961946980917455;

// A clipped vertex this close to the chord of its neighbours, relative to the smaller shape's size,
// is dropped (drop_collinear); the same fraction as the merging of points (contact_identity.cpp).
constexpr double kCollinear = 1e-3;

enum class CoreKind { point, segment, polyhedron, triangle };

// A solid's core, or a mesh triangle, in the world.
struct Core {
  CoreKind kind = CoreKind::point;
  double radius = 0;
  const ConvexPolyhedron* poly = nullptr;
  Mat3 R = Mat3::Identity();
  Vec3 t = Vec3::Zero();
  std::array<Vec3, 3> p{};  // point: p[0]; segment: p[0], p[1]; triangle: p[0..2]
  Vec3 normal = Vec3::UnitZ();  // triangle: its front side
  const btConvexShape* gjk = nullptr;
  btTransform transform;
  double size = 0;

  double support(const Vec3& u) const {  // max over the core of uᵀx
    switch (kind) {
      case CoreKind::point: return u.dot(p[0]);
      case CoreKind::segment: return std::max(u.dot(p[0]), u.dot(p[1]));
      case CoreKind::triangle: return std::max({u.dot(p[0]), u.dot(p[1]), u.dot(p[2])});
      case CoreKind::polyhedron: break;
    }
    const Vec3 local = R.transpose() * u;
    double m = -kInf;
    for (const Vec3& v : poly->vertices) m = std::max(m, local.dot(v));
    return m + u.dot(t);
  }
  Vec3 vertex(int k) const { return R * poly->vertices[static_cast<std::size_t>(k)] + t; }
};

Core solid_core(const NarrowShape& s, const Pose& pose) {
  Core c;
  c.R = pose.orientation.toRotationMatrix();
  c.t = pose.position;
  c.radius = s.radius;
  c.gjk = s.core.get();
  c.transform = to_bt(pose);
  c.size = s.shape->bounding_radius();
  switch (s.shape->kind) {
    case ShapeKind::sphere: c.kind = CoreKind::point; c.p[0] = c.t; break;
    case ShapeKind::capsule:
      c.kind = CoreKind::segment;
      c.p[0] = pose.apply(Vec3(0, 0, -s.shape->half_length));
      c.p[1] = pose.apply(Vec3(0, 0, s.shape->half_length));
      break;
    default: c.kind = CoreKind::polyhedron; c.poly = s.shape->polyhedron.get(); break;
  }
  return c;
}

// g(u) for u from a to b.
double separation(const Core& a, const Core& b, const Vec3& u) {
  return -b.support(-u) - a.support(u) - a.radius - b.radius;
}

enum class AxisSource { none, face_a, face_b, gjk };
struct Axis {
  AxisSource source = AxisSource::none;
  Vec3 u = Vec3::UnitZ();
  double gap = -kInf;
  int face = -1;
  Vec3 witness_a = Vec3::Zero(), witness_b = Vec3::Zero();  // gjk: closest points of the cores
  double distance = 0;  // gjk: the distance it reports (≤ 0: touching or overlapping, EPA's depth)
};

struct GjkResult : btDiscreteCollisionDetectorInterface::Result {
  bool found = false;
  btVector3 normal_on_b, point_on_b;
  btScalar distance = 0;
  void setShapeIdentifiersA(int, int) override {}
  void setShapeIdentifiersB(int, int) override {}
  void addContactPoint(const btVector3& n, const btVector3& p, btScalar d) override {
    found = true;
    normal_on_b = n;
    point_on_b = p;
    distance = d;
  }
};

Axis gjk_axis(const Core& a, const Core& b) {
  btVoronoiSimplexSolver simplex;
  btGjkEpaPenetrationDepthSolver epa;
  btGjkPairDetector gjk(a.gjk, b.gjk, &simplex, &epa);
  btGjkPairDetector::ClosestPointInput input;
  input.m_transformA = a.transform;
  input.m_transformB = b.transform;
  GjkResult r;
  gjk.getClosestPoints(input, r, nullptr);
  Axis axis;
  const Vec3 n = -from_bt(r.normal_on_b);  // Bullet's normal points from b to a
  if (!r.found || !n.allFinite() || !(n.norm() > 0.5)) return axis;
  axis.source = AxisSource::gjk;
  axis.u = n.normalized();
  axis.witness_b = from_bt(r.point_on_b);
  axis.witness_a = axis.witness_b - axis.u * r.distance;
  axis.distance = r.distance;
  // Scored as the faces are, by the cores' supports along the axis: a lower bound of the distance
  // for any axis, equal to it for the exact one, so a poor axis (GJK at touching cores) cannot win.
  axis.gap = separation(a, b, axis.u);
  return axis;
}

// The face normals of a (u = n) and of b (u = −n) that may separate the cores, each scored by g(u).
// When the cores are apart by more than `tie`, only those within 60° of GJK's axis (a face further
// turned cannot hold the contact); when they touch or overlap, all of them: GJK's axis is then EPA's,
// which at a face-on-face touch can point anywhere along the touching faces (measured: 45° off the
// common normal of a box resting on a box, which left the face out and the box without a point).
void face_axes(const Core& a, const Core& b, const Axis& gjk, double tie, Axis& best) {
  const bool apart = gjk.source == AxisSource::gjk && gjk.distance > tie;
  const auto consider = [&](AxisSource source, const Vec3& u, int face) {
    if (apart && u.dot(gjk.u) < 0.5) return;
    const double g = separation(a, b, u);
    if (g > best.gap + tie) best = {source, u, g, face, Vec3::Zero(), Vec3::Zero()};
  };
  if (a.kind == CoreKind::triangle) consider(AxisSource::face_a, a.normal, 0);
  if (a.kind == CoreKind::polyhedron)
    for (std::size_t f = 0; f < a.poly->faces.size(); ++f) consider(AxisSource::face_a, a.R * a.poly->faces[f].normal, static_cast<int>(f));
  if (b.kind == CoreKind::polyhedron)
    for (std::size_t f = 0; f < b.poly->faces.size(); ++f) consider(AxisSource::face_b, -(b.R * b.poly->faces[f].normal), static_cast<int>(f));
}

// The reference face (outward normal `normal`, vertices counter-clockwise about it) and its plane.
struct Face {
  btVertexArray vertices;
  Vec3 normal = Vec3::UnitZ();
  double offset = 0;
};

void polyhedron_face(const Core& c, int f, Face& out) {
  const PolyhedronFace& face = c.poly->faces[static_cast<std::size_t>(f)];
  out.vertices.resize(0);
  for (int k : face.vertices) out.vertices.push_back(to_bt(c.vertex(k)));
  out.normal = c.R * face.normal;
  out.offset = out.normal.dot(c.vertex(face.vertices.front()));
}

void triangle_face(const Core& c, Face& out) {
  out.vertices.resize(0);
  for (const Vec3& x : c.p) out.vertices.push_back(to_bt(x));
  out.normal = c.normal;
  out.offset = c.normal.dot(c.p[0]);
}

// The incident feature of `c` against a reference face of normal n: the face of a polyhedron most
// turned towards it, a segment, a triangle or a point, as the polygon to clip.
void incident_polygon(const Core& c, const Vec3& n, btVertexArray& out) {
  out.resize(0);
  switch (c.kind) {
    case CoreKind::point: out.push_back(to_bt(c.p[0])); return;
    case CoreKind::segment: out.push_back(to_bt(c.p[0])); out.push_back(to_bt(c.p[1])); return;
    case CoreKind::triangle: for (const Vec3& x : c.p) out.push_back(to_bt(x)); return;
    case CoreKind::polyhedron: break;
  }
  int best = 0;
  double lowest = kInf;
  for (std::size_t f = 0; f < c.poly->faces.size(); ++f) {
    const double d = (c.R * c.poly->faces[f].normal).dot(n);
    if (d < lowest) {
      lowest = d;
      best = static_cast<int>(f);
    }
  }
  for (int k : c.poly->faces[static_cast<std::size_t>(best)].vertices) out.push_back(to_bt(c.vertex(k)));
}

// Clips `poly` to the prism over the reference face (its side planes s·x <= s·v, s = edge × n).
void clip_to_face(const Face& ref, btVertexArray& poly, btVertexArray& scratch) {
  const int n = ref.vertices.size();
  const btVector3 normal = to_bt(ref.normal);
  for (int k = 0; k < n && poly.size() > 0; ++k) {
    const btVector3& v0 = ref.vertices[k];
    const btVector3 side = (ref.vertices[(k + 1) % n] - v0).cross(normal);
    if (poly.size() == 2) {  // a segment: clipFace would repeat a crossing point
      const double f0 = side.dot(poly[0] - v0), f1 = side.dot(poly[1] - v0);
      if (f0 > 0 && f1 > 0) { poly.resize(0); return; }
      if (f0 > 0) poly[0] = poly[0].lerp(poly[1], f0 / (f0 - f1));
      else if (f1 > 0) poly[1] = poly[1].lerp(poly[0], f1 / (f1 - f0));
      continue;
    }
    scratch.resize(0);
    if (poly.size() == 1) {
      if (side.dot(poly[0] - v0) <= 0) scratch.push_back(poly[0]);
    } else {
      btPolyhedralContactClipping::clipFace(poly, scratch, side, -side.dot(v0));
    }
    poly.copyFromArray(scratch);
  }
}

// Drops the clipped polygon's vertices that lie within `tolerance` of the chord between their
// neighbours: two faces that coincide edge on edge (equal boxes stacked) cross at arbitrary places
// along those edges under the slightest turn, vertices that come and go from step to step and add
// nothing to the support polygon (dropping one moves its boundary by less than `tolerance`).
void drop_collinear(btVertexArray& poly, double tolerance) {
  for (int k = 0; poly.size() > 2 && k < poly.size();) {
    const int n = poly.size();
    const btVector3& prev = poly[(k + n - 1) % n];
    const btVector3 chord = poly[(k + 1) % n] - prev;
    const double length = chord.length();
    if (length > 0 && (poly[k] - prev).cross(chord).length() <= tolerance * length) {
      for (int j = k; j + 1 < n; ++j) poly[j] = poly[j + 1];
      poly.pop_back();
      k = 0;  // its neighbours may now be collinear with theirs
    } else {
      ++k;
    }
  }
}

void push_point(const Vec3& surface_a, const Vec3& u, double gap, double margin, std::vector<RawPoint>& out) {
  if (gap <= margin) out.push_back({surface_a + 0.5 * gap * u, u, gap});
}

// The manifold along a face normal: the incident polygon clipped to the reference face, each vertex
// with its gap from the reference plane (reference on a: u = n; on b: u = −n).
void face_manifold(const Core& a, const Core& b, const Axis& axis, double margin, std::vector<RawPoint>& out) {
  const bool on_a = axis.source == AxisSource::face_a;
  const Core& ref = on_a ? a : b;
  const Core& inc = on_a ? b : a;
  thread_local Face face;
  thread_local btVertexArray poly, scratch;
  if (ref.kind == CoreKind::triangle) triangle_face(ref, face);
  else polyhedron_face(ref, axis.face, face);
  incident_polygon(inc, face.normal, poly);
  if (poly.size() > 1) clip_to_face(face, poly, scratch);
  drop_collinear(poly, kCollinear * std::min(a.size, b.size));
  for (int k = 0; k < poly.size(); ++k) {
    const Vec3 x = from_bt(poly[k]);  // on the incident core
    const double gap = face.normal.dot(x) - face.offset - inc.radius;
    // The point on a's surface: the reference plane's foot, or the incident point moved to a's side.
    const Vec3 on_surface_a = on_a ? Vec3(x - (gap + inc.radius) * axis.u) : Vec3(x + inc.radius * axis.u);
    push_point(on_surface_a, axis.u, gap, margin, out);
  }
}

// Two capsules side by side: the ends of b's segment overlap with a's, each with its own normal.
bool parallel_segments(const Core& a, const Core& b, double margin, std::vector<RawPoint>& out) {
  const Vec3 da = a.p[1] - a.p[0], db = b.p[1] - b.p[0];
  const double la = da.norm(), lb = db.norm();
  if (std::abs(da.dot(db)) < kParallel * la * lb) return false;
  const Vec3 d = da / la;
  double s0 = d.dot(b.p[0] - a.p[0]), s1 = d.dot(b.p[1] - a.p[0]);  // b's ends along a
  const bool reversed = s0 > s1;
  if (reversed) std::swap(s0, s1);
  const double lo = std::max(s0, 0.0), hi = std::min(s1, la);
  if (!(hi > lo)) return false;  // they overlap at most in a point: GJK's one point
  for (const double s : {lo, hi}) {
    const double w = (s - s0) / (s1 - s0);
    const Vec3 x = reversed ? Vec3(b.p[1] + w * (b.p[0] - b.p[1])) : Vec3(b.p[0] + w * (b.p[1] - b.p[0]));
    const Vec3 y = a.p[0] + std::clamp(d.dot(x - a.p[0]), 0.0, la) * d;
    const double dist = (x - y).norm();
    if (!(dist > 0)) return false;
    const Vec3 n = (x - y) / dist;
    push_point(y + a.radius * n, n, dist - a.radius - b.radius, margin, out);
  }
  return true;
}

void convex_pair(const Core& a, const Core& b, double margin, std::vector<RawPoint>& out) {
  const double tie = kTie * std::max(a.size, b.size);
  const Axis gjk = gjk_axis(a, b);
  Axis best;
  face_axes(a, b, gjk, tie, best);
  if (gjk.source == AxisSource::gjk && (best.source == AxisSource::none || gjk.gap > best.gap + tie)) best = gjk;
  if (best.source == AxisSource::none || best.gap > margin) return;
  if (a.kind == CoreKind::triangle && best.u.dot(a.normal) <= 0) return;  // behind a one-sided triangle
  if (best.source != AxisSource::gjk) return face_manifold(a, b, best, margin, out);
  if (a.kind == CoreKind::segment && b.kind == CoreKind::segment && parallel_segments(a, b, margin, out)) return;
  push_point(best.witness_a + a.radius * best.u, best.u, best.gap, margin, out);
}

}  // namespace

namespace {

// A support point of the solid against a plane: the contact point is on the solid's surface (where
// a sphere_plane contact puts it), not midway, so that a plane's points are exactly those of the
// explicit contacts of the same geometry.
void emit(const Vec3& core_point, double radius, const Vec3& n, double offset, double margin, std::vector<RawPoint>& out) {
  const double gap = n.dot(core_point) - offset - radius;
  if (gap <= margin) out.push_back({core_point - radius * n, n, gap});
}

// A cylinder's rims against a plane: each rim's lowest point, or, for a rim lying flat on the
// plane (its axis along the normal to 1e-9), eight points on it, fixed in the body.
void cylinder_on_plane(const Shape& s, const Pose& pose, const Vec3& n, double offset, double margin,
                       std::vector<RawPoint>& out) {
  const Mat3 R = pose.orientation.toRotationMatrix();
  const Vec3 axis = R.col(2);
  const Vec3 w = n - n.dot(axis) * axis;  // the normal's part in the rims' planes
  const double wn = w.norm();
  for (const double end : {-s.half_length, s.half_length}) {
    const Vec3 centre = pose.apply(Vec3(0, 0, end));
    if (wn > 1e-9) {
      emit(centre - s.radius * w / wn, 0, n, offset, margin, out);
      continue;
    }
    for (int k = 0; k < 8; ++k) {
      const double angle = std::numbers::pi * k / 4;
      emit(centre + s.radius * (std::cos(angle) * R.col(0) + std::sin(angle) * R.col(1)), 0, n, offset, margin, out);
    }
  }
}

// A plane (the half-space below it) against a solid: the support points of the solid's core.
void plane_pair(const NarrowShape& plane, const Pose& pp, const NarrowShape& b, const Pose& pb, double margin,
                std::vector<RawPoint>& out) {
  const Vec3 n = pp.orientation * plane.shape->normal;
  const double offset = n.dot(pp.position);
  const Shape& s = *b.shape;
  if (n.dot(pb.position) - offset - s.bounding_radius() > margin) return;
  switch (s.kind) {
    case ShapeKind::sphere: return emit(pb.position, s.radius, n, offset, margin, out);
    case ShapeKind::capsule:
      emit(pb.apply(Vec3(0, 0, -s.half_length)), s.radius, n, offset, margin, out);
      return emit(pb.apply(Vec3(0, 0, s.half_length)), s.radius, n, offset, margin, out);
    case ShapeKind::cylinder: return cylinder_on_plane(s, pb, n, offset, margin, out);
    default:
      for (const Vec3& v : s.polyhedron->vertices) emit(pb.apply(v), 0, n, offset, margin, out);
  }
}

// Every triangle of a mesh whose box meets the solid's box (grown by the margin), through the mesh's
// BVH, as a one-sided face against the solid.
struct TriangleVisitor : btTriangleCallback {
  const Core* solid = nullptr;
  const Pose* mesh_pose = nullptr;
  double margin = 0;
  std::vector<RawPoint>* out = nullptr;
  void processTriangle(btVector3* v, int, int) override {
    Core tri;
    tri.kind = CoreKind::triangle;
    for (int k = 0; k < 3; ++k) tri.p[static_cast<std::size_t>(k)] = mesh_pose->apply(from_bt(v[k]));
    const Vec3 n = (tri.p[1] - tri.p[0]).cross(tri.p[2] - tri.p[0]);
    if (!(n.norm() > 0)) return;
    tri.normal = n.normalized();
    btTriangleShape shape(to_bt(tri.p[0]), to_bt(tri.p[1]), to_bt(tri.p[2]));
    shape.setMargin(0);
    tri.gjk = &shape;
    tri.transform.setIdentity();
    tri.size = std::max({(tri.p[1] - tri.p[0]).norm(), (tri.p[2] - tri.p[1]).norm(), (tri.p[0] - tri.p[2]).norm()});
    convex_pair(tri, *solid, margin, *out);
  }
};

void mesh_pair(const NarrowShape& mesh, const Pose& pm, const NarrowShape& b, const Pose& pb, double margin,
               std::vector<RawPoint>& out) {
  Vec3 lower, upper;
  world_box(b, pb, lower, upper);
  // The solid's box in the mesh's frame: centre and half extents of the turned box.
  const Mat3 Rt = pm.orientation.toRotationMatrix().transpose();
  const Vec3 centre = Rt * (0.5 * (lower + upper) - pm.position);
  const Vec3 half = Rt.cwiseAbs() * (0.5 * (upper - lower)) + Vec3::Constant(margin);
  const Core solid = solid_core(b, pb);
  TriangleVisitor visit;
  visit.solid = &solid;
  visit.mesh_pose = &pm;
  visit.margin = margin;
  visit.out = &out;
  mesh.mesh->processAllTriangles(&visit, to_bt(centre - half), to_bt(centre + half));
}

}  // namespace

NarrowShape::NarrowShape(const Shape& s) : shape(&s) {
  if (s.polyhedron || s.mesh) {
    const std::vector<Vec3>& vs = s.kind == ShapeKind::triangle_mesh ? s.mesh->vertices : s.polyhedron->vertices;
    local_lower = Vec3::Constant(kInf);
    local_upper = Vec3::Constant(-kInf);
    for (const Vec3& v : vs) {
      local_lower = local_lower.cwiseMin(v);
      local_upper = local_upper.cwiseMax(v);
    }
  }
  switch (s.kind) {
    case ShapeKind::sphere:
    case ShapeKind::capsule: {
      radius = s.radius;
      std::array<btVector3, 2> ends{btVector3(0, 0, 0), btVector3(0, 0, 0)};
      if (s.kind == ShapeKind::capsule) ends = {btVector3(0, 0, -s.half_length), btVector3(0, 0, s.half_length)};
      auto hull = std::make_unique<btConvexHullShape>(&ends[0].x(), s.kind == ShapeKind::capsule ? 2 : 1, sizeof(btVector3));
      hull->setMargin(0);
      core = std::move(hull);
      return;
    }
    case ShapeKind::plane: return;
    case ShapeKind::triangle_mesh: {
      const TriangleMesh& m = *s.mesh;
      for (const auto& t : m.triangles) indices.insert(indices.end(), t.begin(), t.end());
      mesh_data = std::make_unique<btTriangleIndexVertexArray>(
          static_cast<int>(m.triangles.size()), indices.data(), static_cast<int>(3 * sizeof(int)),
          static_cast<int>(m.vertices.size()), const_cast<double*>(m.vertices.front().data()), static_cast<int>(sizeof(Vec3)));
      mesh = std::make_unique<btBvhTriangleMeshShape>(mesh_data.get(), true);
      return;
    }
    default: {
      auto hull = std::make_unique<btConvexHullShape>();
      for (const Vec3& v : s.polyhedron->vertices) hull->addPoint(to_bt(v), false);
      hull->recalcLocalAabb();
      hull->setMargin(0);
      core = std::move(hull);
    }
  }
}

NarrowShape::~NarrowShape() = default;
NarrowShape::NarrowShape(NarrowShape&&) noexcept = default;

void world_box(const NarrowShape& ns, const Pose& pose, Vec3& lower, Vec3& upper) {
  const Shape& s = *ns.shape;
  const Mat3 R = pose.orientation.toRotationMatrix();
  Vec3 half;
  switch (s.kind) {
    case ShapeKind::sphere: half = Vec3::Constant(s.radius); break;
    case ShapeKind::capsule: half = s.half_length * R.col(2).cwiseAbs() + Vec3::Constant(s.radius); break;
    case ShapeKind::cylinder:  // the rims' extent: h |a_i| + r √(1 − a_i²) along each axis i
      half = s.half_length * R.col(2).cwiseAbs() +
             s.radius * (Vec3::Ones() - R.col(2).cwiseAbs2()).cwiseMax(0.0).cwiseSqrt();
      break;
    case ShapeKind::plane: lower = Vec3::Constant(-kInf); upper = Vec3::Constant(kInf); return;
    default: {  // the turned box of the local one
      const Vec3 centre = pose.apply(0.5 * (ns.local_lower + ns.local_upper));
      half = R.cwiseAbs() * (0.5 * (ns.local_upper - ns.local_lower));
      lower = centre - half;
      upper = centre + half;
      return;
    }
  }
  lower = pose.position - half;
  upper = pose.position + half;
}

void collide(const NarrowShape& a, const Pose& pa, const NarrowShape& b, const Pose& pb, double margin,
             std::vector<RawPoint>& out) {
  if (a.shape->kind == ShapeKind::plane) return plane_pair(a, pa, b, pb, margin, out);
  if (a.shape->kind == ShapeKind::triangle_mesh) return mesh_pair(a, pa, b, pb, margin, out);
  convex_pair(solid_core(a, pa), solid_core(b, pb), margin, out);
}

}  // namespace stickslip::geometry::detail
