// Collision detection (src/geometry/collision_world.hpp): manifolds of the shape pairs against
// their exact contact geometry, identities, filtering, the broad phase's cost.
#include <gtest/gtest.h>

#include <algorithm>
#include <numbers>

#include "../test_support.hpp"
#include "geometry/collision_world.hpp"

namespace stickslip::geometry {
namespace collision_world_test {

constexpr double kMargin = 1e-3;

struct Placed {
  Shape shape;
  Pose pose;
  int owner;
};

std::unique_ptr<CollisionWorld> world_of(const std::vector<Placed>& items) {
  std::vector<CollisionObject> objects;
  for (const Placed& p : items) objects.push_back({p.shape, p.owner, p.owner != 0, 1u, ~0u});
  auto world = std::make_unique<CollisionWorld>(std::move(objects));
  for (std::size_t k = 0; k < items.size(); ++k) world->set_pose(static_cast<int>(k), items[k].pose);
  return world;
}

Pose at(const Vec3& x, const Quat& q = Quat::Identity()) { return {x, q}; }
Quat about(const Vec3& axis, double angle) { return Quat(Eigen::AngleAxisd(angle, axis.normalized())); }

// The points' positions sorted (x, then y), for comparison with an exact list.
std::vector<Vec3> sorted_positions(const std::vector<ContactPoint>& points) {
  std::vector<Vec3> xs;
  for (const ContactPoint& p : points) xs.push_back(p.position);
  std::sort(xs.begin(), xs.end(), [](const Vec3& a, const Vec3& b) {
    return a.x() != b.x() ? a.x() < b.x() : a.y() < b.y();
  });
  return xs;
}

// A box of half extents (0.1, 0.1, 0.05) centred on a larger one's top face, 1e-7 above it: the four
// corners of its bottom face from the first detection, normal +z exactly, gap 1e-7 each (to the
// rounding of coordinates of order 1: 1e-16).
TEST(CollisionWorld, BoxOnBoxGivesItsFourCornersAtFirstTouch) {
  const double gap = 1e-7;
  auto w = world_of({{make_box(Vec3(1, 1, 0.5)), at(Vec3(0, 0, -0.5)), 0},
                     {make_box(Vec3(0.1, 0.1, 0.05)), at(Vec3(0.2, -0.3, 0.05 + gap)), 1}});
  w->detect(kMargin);
  const auto& pts = w->points();
  ASSERT_EQ(pts.size(), 4u);
  const std::vector<Vec3> xs = sorted_positions(pts);
  const std::vector<Vec3> corners = {{0.1, -0.4, 0.5 * gap}, {0.1, -0.2, 0.5 * gap}, {0.3, -0.4, 0.5 * gap},
                                     {0.3, -0.2, 0.5 * gap}};
  for (std::size_t k = 0; k < 4; ++k) EXPECT_LT((xs[k] - corners[k]).norm(), 1e-15) << xs[k].transpose();
  for (const ContactPoint& p : pts) {
    EXPECT_EQ(p.normal, Vec3::UnitZ());
    EXPECT_NEAR(p.gap, gap, 1e-15);
    EXPECT_EQ(p.a, 0);
    EXPECT_EQ(p.b, 1);
    EXPECT_EQ(p.previous, -1);
  }
  std::vector<int> ids;
  for (const ContactPoint& p : pts) ids.push_back(p.id);
  EXPECT_EQ(ids, (std::vector<int>{0, 1, 2, 3}));
}

// Equal boxes stacked, the upper one shifted by a micrometre and turned by 1e-7 rad: the faces
// coincide edge on edge, and clipping one square to the other crosses the nearly parallel edges at
// arbitrary places along them. The manifold is still the four corners of the overlap, with their ids
// kept as the turn changes (the crossings lie within a thousandth of the boxes' size of the chord
// between the corners and are dropped; corners a rounding apart merge).
TEST(CollisionWorld, EqualBoxesStackedGiveFourCornersUnderASlightTurn) {
  const double a = 0.1;
  auto w = world_of({{make_box(Vec3(a, a, 0.5 * a)), at(Vec3(0, 0, 0)), 1},
                     {make_box(Vec3(a, a, 0.5 * a)), at(Vec3(1e-6, 0, a), about(Vec3::UnitZ(), 1e-7)), 2}});
  for (const double turn : {1e-7, -2e-7, 3e-9}) {
    w->set_pose(1, at(Vec3(1e-6, 0, a), about(Vec3::UnitZ(), turn)));
    w->detect(kMargin);
    ASSERT_EQ(w->points().size(), 4u) << turn;
    std::vector<int> ids;
    for (const ContactPoint& p : w->points()) {
      ids.push_back(p.id);
      // Each a corner of the overlap: |x| and |y| within the turn's 1e-7 × 0.1 m and the shift of a.
      EXPECT_NEAR(std::abs(p.position.y()), a, 1e-7) << turn;
      EXPECT_NEAR(std::abs(p.position.x() - 0.5e-6), a - 0.5e-6, 1e-7) << turn;
    }
    EXPECT_EQ(ids, (std::vector<int>{0, 1, 2, 3})) << turn;
  }
}

// A block resting on a table box as a time step left it: touching to 1e-13 m and turned by 1e-12
// rad. GJK's axis is then EPA's, 45° off the common normal (measured); the face normals are still
// all compared, so the four corners are found with the normal +z and the gap to rounding.
TEST(CollisionWorld, TouchingBoxesKeepTheirCornersWhereGjksAxisIsOff) {
  auto w = world_of({{make_box(Vec3(1, 1, 0.5)), at(Vec3(0, 0, -0.5)), 0},
                     {make_box(Vec3(0.1, 0.1, 0.15)),
                      at(Vec3(3.5814873087635508e-12, -2.695756308066996e-13, 0.15000000000013475),
                         Quat(1, -5.329353867933317e-13, 5.3570085564035569e-13, -1.8974935910714976e-12).normalized()),
                      1}});
  w->detect(kMargin);
  ASSERT_EQ(w->points().size(), 4u);
  for (const ContactPoint& p : w->points()) {
    EXPECT_NEAR(p.normal.z(), 1.0, 1e-12);
    // The block's corners lie within 0.1 × 2e-12 rad + 1.3e-13 m of the table's top.
    EXPECT_NEAR(p.gap, 0.0, 1e-12);
  }
}

// A finger's pad (a box 3 × 1 × 8 cm) pressed on the side of a 4 cm cube, the cube turned slightly
// about the pad's long axis and about the common normal, and overlapping by a micrometre: a rigid
// grip as a time step leaves it. The contact is face on face: the pad's face clipped to the cube's
// gives four points (the rectangle 3 cm wide and the cube's 4 cm high), each with its own gap along the
// face normal, at every small turn; a single point (GJK's deepest) would let the cube spin about it.
TEST(CollisionWorld, PressedFacesTurnedSlightlyKeepTheirClippedPolygon) {
  for (const double turn : {0.0, 1e-9, 1e-6, 1e-4, 1e-3, 1e-2}) {
    SCOPED_TRACE(turn);
    const Quat q = about(Vec3(0.3, 0.2, 1.0), turn);
    const double overlap = 1e-6;
    auto w = world_of({{make_box(Vec3(0.02, 0.02, 0.02)), at(Vec3::Zero(), q), 1},
                       {make_box(Vec3(0.015, 0.005, 0.04)), at(Vec3(0, 0.025 - overlap, 0.025)), 2}});
    w->detect(kMargin);
    ASSERT_EQ(w->points().size(), 4u);
    for (const ContactPoint& p : w->points()) {
      // The normal is one of the two faces' (the cube's is turned by `turn`), so within `turn` of +y.
      EXPECT_LE(std::acos(std::min(1.0, p.normal.y())), turn + 1e-12);
      // Each gap is its vertex's distance from the reference face: the overlap, plus at most the
      // turn times the 4 cm reach of the face (a small angle's first-order term).
      EXPECT_LE(std::abs(p.gap + overlap), turn * 0.04 * 2 + 1e-15);
    }
  }
}

// Two equal square faces turned 45° to each other meet in a regular octagon: eight points at
// distance a/cos(22.5°)·… from the centre, all on the circle through the octagon's vertices.
TEST(CollisionWorld, TurnedSquaresGiveTheClippedOctagon) {
  const double a = 0.1;
  auto w = world_of({{make_box(Vec3(a, a, a)), at(Vec3(0, 0, 0)), 1},
                     {make_box(Vec3(a, a, a)), at(Vec3(0, 0, 2 * a), about(Vec3::UnitZ(), std::numbers::pi / 4)), 2}});
  w->detect(kMargin);
  ASSERT_EQ(w->points().size(), 8u);
  const double radius = a / std::cos(std::numbers::pi / 8);  // the octagon's circumradius
  for (const ContactPoint& p : w->points()) {
    EXPECT_NEAR(std::hypot(p.position.x(), p.position.y()), radius, 1e-15);
    EXPECT_NEAR(p.gap, 0.0, 1e-15);
    EXPECT_LT((p.normal - Vec3::UnitZ()).norm(), 1e-15);
  }
}

// A box on one of its bottom edges (turned 30° about x) on a plane: the two ends of that edge, and
// nothing of the edge above (0.2 sin 30° = 0.1 up, beyond the margin).
TEST(CollisionWorld, BoxOnItsEdgeOnAPlaneGivesTheEdgeEnds) {
  const Quat q = about(Vec3::UnitX(), std::numbers::pi / 6);
  const Vec3 h(0.1, 0.1, 0.05);
  const Vec3 lowest_corner = q * Vec3(h.x(), -h.y(), -h.z());  // the lower bottom edge's +x end, from the centre
  auto w = world_of({{make_plane(Vec3::UnitZ()), at(Vec3::Zero()), 0}, {make_box(h), at(Vec3(0, 0, -lowest_corner.z()), q), 1}});
  w->detect(kMargin);
  ASSERT_EQ(w->points().size(), 2u);
  for (const ContactPoint& p : w->points()) {
    EXPECT_NEAR(p.gap, 0.0, 1e-15);
    EXPECT_EQ(p.normal, Vec3::UnitZ());
    EXPECT_NEAR(std::abs(p.position.x()), 0.1, 1e-15);
  }
}

// A box tilted about its bottom edge on another box: the edge's two ends only, as against a plane.
TEST(CollisionWorld, TiltedBoxOnBoxGivesItsEdge) {
  const Quat q = about(Vec3::UnitY(), 0.2);
  const Vec3 h(0.1, 0.1, 0.05);
  const Vec3 corner = q * Vec3(h.x(), h.y(), -h.z());  // on the lower bottom edge (x = +a turns down)
  auto w = world_of({{make_box(Vec3(1, 1, 0.5)), at(Vec3(0, 0, -0.5)), 0}, {make_box(h), at(Vec3(0, 0, -corner.z()), q), 1}});
  w->detect(kMargin);
  ASSERT_EQ(w->points().size(), 2u);
  for (const ContactPoint& p : w->points()) {
    EXPECT_NEAR(p.gap, 0.0, 1e-15);
    EXPECT_EQ(p.normal, Vec3::UnitZ());
    EXPECT_NEAR(p.position.x(), corner.x(), 1e-15);
  }
}

// A sphere over a box's face: one point under its centre, the face's normal exactly; between two
// spheres: one point midway between the surfaces, along the centres.
TEST(CollisionWorld, SpherePointsAreExact) {
  const Vec3 first(0.3, 0.2, 0.1 + 2e-4), second = first + (0.3 + 1e-4) * Vec3(0, 0.6, 0.8);
  auto w = world_of({{make_box(Vec3(1, 1, 0.5)), at(Vec3(0, 0, -0.5)), 0},
                     {make_sphere(0.1), at(first), 1},
                     {make_sphere(0.2), at(second), 2}});  // 0.14 above the box
  w->detect(kMargin);
  ASSERT_EQ(w->points().size(), 2u);  // the pairs in order: (box, first), (first, second)
  const ContactPoint& floor = w->points()[0];
  EXPECT_EQ(floor.b, 1);
  EXPECT_EQ(floor.normal, Vec3::UnitZ());
  EXPECT_NEAR(floor.gap, 2e-4, 1e-16);
  EXPECT_LT((floor.position - Vec3(0.3, 0.2, 1e-4)).norm(), 1e-16);
  const ContactPoint& spheres = w->points()[1];
  EXPECT_EQ(spheres.a, 1);
  EXPECT_EQ(spheres.b, 2);
  EXPECT_NEAR(spheres.gap, 1e-4, 1e-14);  // GJK between two points: their distance to rounding
  EXPECT_LT((spheres.normal - Vec3(0, 0.6, 0.8)).norm(), 1e-12);
}

// A capsule lying on a box face, and two capsules side by side: both ends of the line contact.
TEST(CollisionWorld, CapsulesLyingDownGiveBothEnds) {
  const Quat lying = about(Vec3::UnitY(), std::numbers::pi / 2);  // axis along x
  auto w = world_of({{make_box(Vec3(1, 1, 0.5)), at(Vec3(0, 0, -0.5)), 0},
                     {make_capsule(0.05, 0.2), at(Vec3(0, 0, 0.05), lying), 1},
                     {make_capsule(0.05, 0.1), at(Vec3(0.15, 0.1 + 1e-5, 0.05), lying), 2}});
  w->detect(kMargin);
  std::vector<const ContactPoint*> floor, side;
  for (const ContactPoint& p : w->points()) (p.a == 0 && p.b == 1 ? floor : p.a == 1 ? side : floor).push_back(&p);
  ASSERT_EQ(side.size(), 2u);
  for (const ContactPoint* p : side) {
    EXPECT_NEAR(p->gap, 1e-5, 1e-15);
    EXPECT_LT((p->normal - Vec3::UnitY()).norm(), 1e-15);
  }
  EXPECT_NEAR(std::min(side[0]->position.x(), side[1]->position.x()), 0.05, 1e-15);  // the overlap [0.05, 0.2]
  EXPECT_NEAR(std::max(side[0]->position.x(), side[1]->position.x()), 0.2, 1e-15);
  int on_floor_1 = 0;
  for (const ContactPoint* p : floor)
    if (p->b == 1) {
      ++on_floor_1;
      EXPECT_NEAR(p->gap, 0.0, 1e-15);
      EXPECT_NEAR(std::abs(p->position.x()), 0.2, 1e-15);
    }
  EXPECT_EQ(on_floor_1, 2);
}

// A cylinder lying on a plane touches along a line (its two rims' lowest points); standing, its
// bottom rim lies flat (eight points on it).
TEST(CollisionWorld, CylinderOnAPlaneTouchesAlongItsRims) {
  auto lying = world_of({{make_plane(Vec3::UnitZ()), at(Vec3::Zero()), 0},
                         {make_cylinder(0.1, 0.3), at(Vec3(0, 0, 0.1), about(Vec3::UnitX(), std::numbers::pi / 2)), 1}});
  lying->detect(kMargin);
  ASSERT_EQ(lying->points().size(), 2u);
  for (const ContactPoint& p : lying->points()) {
    EXPECT_NEAR(p.gap, 0.0, 1e-15);
    EXPECT_NEAR(std::abs(p.position.y()), 0.3, 1e-15);
  }
  auto standing = world_of({{make_plane(Vec3::UnitZ()), at(Vec3::Zero()), 0}, {make_cylinder(0.1, 0.3), at(Vec3(0, 0, 0.3)), 1}});
  standing->detect(kMargin);
  ASSERT_EQ(standing->points().size(), 8u);
  for (const ContactPoint& p : standing->points()) EXPECT_NEAR(std::hypot(p.position.x(), p.position.y()), 0.1, 1e-15);
}

// A square of two triangles as a mesh: a sphere above its inside touches once, along the triangles'
// normal; a box on it touches at its corners (and where its face crosses the diagonal).
TEST(CollisionWorld, TriangleMeshHoldsSpheresAndBoxes) {
  auto square = std::make_shared<TriangleMesh>();
  square->vertices = {{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}};
  square->triangles = {{0, 1, 2}, {0, 2, 3}};
  const Shape ground = make_triangle_mesh(square, "");
  auto w = world_of({{ground, at(Vec3::Zero()), 0}, {make_sphere(0.1), at(Vec3(0.3, -0.5, 0.1 + 1e-6)), 1},
                     {make_box(Vec3(0.1, 0.1, 0.1)), at(Vec3(-0.5, 0.5, 0.1)), 2}});
  w->detect(kMargin);
  int sphere = 0, box_corners = 0;
  for (const ContactPoint& p : w->points()) {
    EXPECT_LT((p.normal - Vec3::UnitZ()).norm(), 1e-12);
    if (p.b == 1) {
      ++sphere;
      EXPECT_NEAR(p.gap, 1e-6, 1e-12);
    } else {
      EXPECT_NEAR(p.gap, 0.0, 1e-15);
      box_corners += std::abs(std::abs(p.position.x() + 0.5) - 0.1) < 1e-15 && std::abs(std::abs(p.position.y() - 0.5) - 0.1) < 1e-15;
    }
  }
  EXPECT_EQ(sphere, 1);
  EXPECT_EQ(box_corners, 4);
}

// Objects of one owner, objects whose groups and masks exclude each other, excluded owner pairs and
// two objects that are not dynamic find no contact.
TEST(CollisionWorld, FiltersPairs) {
  const Shape ball = make_sphere(0.1);
  std::vector<CollisionObject> objects = {{ball, 1, true, 1u, ~0u}, {ball, 1, true, 1u, ~0u}, {ball, 2, true, 2u, ~2u},
                                          {ball, 3, true, 1u, ~0u}, {ball, 4, false, 1u, ~0u}, {ball, 5, false, 1u, ~0u}};
  CollisionWorld w(objects, {{3, 1}});
  for (int k = 0; k < w.size(); ++k) w.set_pose(k, at(Vec3(0.01 * k, 0, 0)));
  w.detect(kMargin);
  std::vector<std::pair<int, int>> pairs;
  for (const ContactPoint& p : w.points()) pairs.emplace_back(p.a, p.b);
  pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
  // 0, 1: owner 1; 2: group 2 masked out by itself, meets only those whose mask has bit 2 (all but
  // itself) → (0,2), (1,2), (2,3), (2,4), (2,5); 3: owners (1,3) excluded → (3,4), (3,5); 4, 5 fixed.
  const std::vector<std::pair<int, int>> expected = {{0, 2}, {0, 4}, {0, 5}, {1, 2}, {1, 4}, {1, 5}, {2, 3}, {2, 4}, {2, 5}, {3, 4}, {3, 5}};
  EXPECT_EQ(pairs, expected);
}

// A box sliding 1 mm per detection keeps the ids of its four points (and points back to them); lifted
// beyond the margin it loses them; set down again it gets fresh ones.
TEST(CollisionWorld, PointsKeepTheirIdsWhileTheyPersist) {
  auto w = world_of({{make_box(Vec3(1, 1, 0.5)), at(Vec3(0, 0, -0.5)), 0}, {make_box(Vec3(0.1, 0.1, 0.05)), at(Vec3(0, 0, 0.05)), 1}});
  w->detect(kMargin);
  const std::vector<ContactPoint> first = w->points();
  for (int step = 1; step <= 5; ++step) {
    w->set_pose(1, at(Vec3(1e-3 * step, 0, 0.05)));
    w->detect(kMargin);
    ASSERT_EQ(w->points().size(), 4u);
    for (std::size_t k = 0; k < 4; ++k) {
      EXPECT_EQ(w->points()[k].id, first[k].id);
      EXPECT_EQ(w->points()[k].previous, static_cast<int>(k));
      EXPECT_LT((w->points()[k].local_b - first[k].local_b).norm(), 1e-15);
    }
  }
  w->set_pose(1, at(Vec3(0, 0, 0.06)));
  w->detect(kMargin);
  EXPECT_TRUE(w->points().empty());
  w->set_pose(1, at(Vec3(0, 0, 0.05)));
  w->detect(kMargin);
  ASSERT_EQ(w->points().size(), 4u);
  for (const ContactPoint& p : w->points()) EXPECT_EQ(p.previous, -1);
}

// A detection after save/restore equals the one of the world that went on (ids and all).
TEST(CollisionWorld, SavedIdentitiesResumeExactly) {
  const std::vector<Placed> scene = {{make_box(Vec3(1, 1, 0.5)), at(Vec3(0, 0, -0.5)), 0},
                                     {make_box(Vec3(0.1, 0.1, 0.05)), at(Vec3(0, 0, 0.05), about(Vec3::UnitZ(), 0.3)), 1},
                                     {make_capsule(0.02, 0.05), at(Vec3(0.4, 0, 0.02), about(Vec3::UnitX(), 1.5707963)), 2}};
  auto a = world_of(scene);
  a->detect(kMargin);
  std::vector<std::int64_t> ints;
  std::vector<double> reals;
  a->save(ints, reals);
  auto b = world_of(scene);
  b->restore(ints, reals);
  for (auto* w : {a.get(), b.get()}) {
    w->set_pose(1, at(Vec3(2e-3, 1e-3, 0.05), about(Vec3::UnitZ(), 0.31)));
    w->detect(kMargin);
  }
  ASSERT_EQ(a->points().size(), b->points().size());
  for (std::size_t k = 0; k < a->points().size(); ++k) {
    EXPECT_EQ(a->points()[k].id, b->points()[k].id);
    EXPECT_EQ(a->points()[k].previous, b->points()[k].previous);
    EXPECT_EQ(a->points()[k].position, b->points()[k].position);
  }
}

// n × n × n spheres 1.5 diameters apart: no pair is a candidate (the broad phase passes the pairs
// whose grown boxes overlap), not the n⁶/2 pairs; packed touching, only their neighbours are.
TEST(CollisionWorld, BroadPhasePassesOnlyNearbyPairs) {
  const int n = static_cast<int>(test::release_or_sanitized(20, 10)), m = n - 1;
  std::vector<Placed> scene;
  const auto grid = [n](int k) { return Vec3(k % n, (k / n) % n, k / (n * n)); };
  for (int k = 0; k < n * n * n; ++k) scene.push_back({make_sphere(0.1), at(0.3 * grid(k)), k + 1});
  auto spread = world_of(scene);
  spread->detect(kMargin);
  EXPECT_EQ(spread->stats().candidate_pairs, 0);
  for (int k = 0; k < n * n * n; ++k) spread->set_pose(k, at(0.2 * grid(k)));  // touching
  spread->detect(kMargin);
  // Each sphere touches its 6 face neighbours (3 m n² pairs); its box, grown by the margin, also meets
  // those of its edge and corner neighbours (6 m² n and 4 m³ pairs), which the narrow phase finds
  // 0.083 and 0.146 apart.
  EXPECT_EQ(spread->stats().candidate_pairs, 3 * m * n * n + 6 * m * m * n + 4 * m * m * m);
  EXPECT_EQ(spread->stats().touching_pairs, 3 * m * n * n);
}

}  // namespace collision_world_test
}  // namespace stickslip::geometry
