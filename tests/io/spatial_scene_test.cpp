// The scene of spatial models (io/spatial_scene.cpp), the triangle surfaces of shapes
// (io/shape_mesh.cpp) and the contact points of the animation data: what `stickslip view` draws
// for each spatial example, each shape checked against what the model says (corners, radii, mass
// moments) and each surface by its enclosed volume.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>

#include "../simulation_support.hpp"
#include "../test_support.hpp"
#include "io/animation_data.hpp"
#include "io/animation_scene.hpp"
#include "io/shape_mesh.hpp"

namespace stickslip {
namespace spatial_scene_test {

// Shapes come from the model's numbers by a few sums, square roots and an eigen-decomposition of 3×3
// matrices: rounding of a few 1e-16.
constexpr double kTol = 1e-12;

const SceneBody& body(const Scene& s, const std::string& name) {
  for (const SceneBody& b : s.bodies) {
    if (b.name == name) return b;
  }
  throw std::runtime_error("no body " + name);
}

Scene example(const std::string& path) { return scene_from_model(read_model_file(test::source_path(path)).model); }

// Moments of a uniform solid about its centre, along its own axes: a box of edges e, a cylinder.
Vec3 box_moments(double m, const Vec3& e) {
  return m / 12 * Vec3(e.y() * e.y() + e.z() * e.z(), e.x() * e.x() + e.z() * e.z(), e.x() * e.x() + e.y() * e.y());
}

// The eight box_plane corners of the box on the incline: its box exactly; the incline is the
// ground's plane shape, normal (−0.4, 0, 1) normalised, first tangent ⊥ it.
TEST(SpatialScene, BoxOnTheIncline) {
  const Scene s = example("examples/box_on_incline/box_on_incline_rigid.yaml");
  EXPECT_EQ(s.dimension, SceneDimension::spatial);
  EXPECT_TRUE(s.up.isApprox(Vec3::UnitZ(), kTol));
  const SceneBody& box = body(s, "box");
  ASSERT_EQ(box.shapes.size(), 1u);
  EXPECT_EQ(box.shapes[0].kind, SceneShape::Kind::box);
  EXPECT_TRUE(box.shapes[0].size.isApprox(Vec3(0.2, 0.2, 0.1), kTol));
  EXPECT_NEAR(box.shapes[0].position.norm(), 0.0, kTol);
  const SceneBody& ground = body(s, "ground");
  ASSERT_EQ(ground.shapes.size(), 1u);  // one plane for the eight corners
  const SceneShape& plane = ground.shapes[0];
  EXPECT_EQ(plane.kind, SceneShape::Kind::plane);
  EXPECT_TRUE((plane.orientation * Vec3::UnitZ()).isApprox(Vec3(-0.4, 0, 1).normalized(), kTol));
  EXPECT_NEAR((plane.orientation * Vec3::UnitX()).dot(Vec3(-0.4, 0, 1)), 0.0, kTol);
  ASSERT_EQ(s.contacts.size(), 8u);
  EXPECT_TRUE(s.contacts[7].center_j.isApprox(Vec3(0.1, 0.1, 0.05), kTol));  // corner +++
  EXPECT_EQ(s.contacts[7].radius_j, 0.0);
}

// A body with joints on one line through its centre of mass is a rod at least as long as the
// uniform rod of its inertia; one with nothing attached off its centre is the uniform box of its
// principal moments; a universal joint keeps both pins.
TEST(SpatialScene, SliderCrankRodsBoxAndJointAxes) {
  const Scene s = example("examples/spatial_slider_crank/spatial_slider_crank.yaml");
  const SceneShape& crank = body(s, "crank").shapes.at(0);
  EXPECT_EQ(crank.kind, SceneShape::Kind::capsule);
  EXPECT_NEAR(crank.length, 0.1, 1e-9);  // pivot to pin; √(12 J/m) = 0.1 as well (J to 14 digits)
  EXPECT_NEAR(std::abs((crank.orientation * Vec3::UnitZ()).x()), 1.0, kTol);
  EXPECT_EQ(body(s, "crank").shapes.size(), 1u);  // isotropic inertia: no disc beside the rod
  EXPECT_NEAR(body(s, "rod").shapes.at(0).length, 0.4, 1e-9);
  const SceneBody& slider = body(s, "slider");
  ASSERT_EQ(slider.shapes.size(), 1u);
  EXPECT_EQ(slider.shapes[0].kind, SceneShape::Kind::box);
  EXPECT_TRUE(box_moments(2.0, slider.shapes[0].size).isApprox(Vec3::Constant(0.01), kTol));
  EXPECT_TRUE(body(s, "ground").shapes.empty());
  ASSERT_EQ(s.joints.size(), 4u);
  const SceneJoint& wrist = s.joints[2];
  EXPECT_EQ(wrist.type, "universal");
  EXPECT_TRUE(wrist.has_axis && wrist.has_axis_j);
  EXPECT_TRUE(wrist.axis.isApprox(Vec3::UnitZ(), kTol));
  EXPECT_TRUE(wrist.axis_j.isApprox(Vec3::UnitY(), kTol));
  EXPECT_TRUE(s.joints[1].point_j.isApprox(Vec3(-0.2, 0, 0), kTol));
  EXPECT_FALSE(s.joints[1].has_axis);  // spherical
  EXPECT_TRUE(s.up.isApprox(Vec3::UnitY(), kTol));  // against gravity (−y)
}

// The top: a rod from its tip through its centre of mass, and the cylinder of its moments about
// the centre of mass (J_C = m r²/2 about the axis, J_A = m (3r² + h²)/12 across).
TEST(SpatialScene, TopGetsTheCylinderOfItsInertia) {
  const Scene s = example("examples/spinning_top/spinning_top.yaml");
  const SceneBody& top = body(s, "top");
  ASSERT_EQ(top.shapes.size(), 2u);
  EXPECT_EQ(top.shapes[0].kind, SceneShape::Kind::capsule);
  const SceneShape& disc = top.shapes[1];
  EXPECT_EQ(disc.kind, SceneShape::Kind::cylinder);
  EXPECT_NEAR(std::abs((disc.orientation * Vec3::UnitZ()).z()), 1.0, kTol);
  const double m = 0.5, r = disc.radius, h = disc.length;
  EXPECT_NEAR(m * r * r / 2, 5e-4, kTol);
  EXPECT_NEAR(m * (3 * r * r + h * h) / 12, 3.5e-4, kTol);
}

// Nothing attached: the box of the handle's principal moments [2, 5, 6]e-4 kg m² and mass 0.2 kg.
TEST(SpatialScene, FreeBodyIsTheBoxOfItsInertia) {
  const Scene s = example("examples/tumbling_t_handle/tumbling_t_handle.yaml");
  const SceneBody& handle = body(s, "handle");
  ASSERT_EQ(handle.shapes.size(), 1u);
  EXPECT_TRUE(box_moments(0.2, handle.shapes[0].size).isApprox(Vec3(2e-4, 5e-4, 6e-4), kTol));
}

// A full inertia tensor: the box lies along the principal axes, given in the file's body frame.
TEST(SpatialScene, InertiaBoxAlongPrincipalAxes) {
  const ModelFile mf = test::model_from_yaml(R"(
dimension: spatial
bodies:
  - {name: b, mass: 2, inertia: [[0.03, 0.01, 0], [0.01, 0.03, 0], [0, 0, 0.05]]}
)");
  const Scene s = scene_from_model(mf.model);
  const SceneShape& box = s.bodies.at(1).shapes.at(0);
  const Mat3 r = box.orientation.toRotationMatrix();
  const Vec3 j = box_moments(2.0, box.size);
  const Mat3 inertia = r * j.asDiagonal() * r.transpose();  // the box's tensor in the body frame
  EXPECT_TRUE(inertia.isApprox(mf.model.bodies[1].spatial.inertia, kTol)) << inertia;
}

// Spheres of sphere contacts on either body, the ground's sphere too, and a planar-style rod for a
// body hanging from a point force and a spring.
TEST(SpatialScene, SpheresOfContactsAndSpheresPairs) {
  const ModelFile mf = test::model_from_yaml(R"(
dimension: spatial
gravity: [0, 0, -9.81]
bodies:
  - {name: a, mass: 1, inertia: [0.01, 0.01, 0.01], position: [0, 0, 1]}
  - {name: b, mass: 1, inertia: [0.01, 0.01, 0.01], position: [0, 0, 2]}
contacts:
  - {name: ab, type: sphere_sphere, bodies: [a, b], centers: [[0, 0, 0.1], [0, 0, -0.2]], radii: [0.3, 0.25],
     impact: {law: newton, e: 0}}
  - {name: ga, type: sphere_sphere, bodies: [ground, a], centers: [[0, 0, 0], [0, 0, 0]], radii: [0.5, 0.3],
     impact: {law: newton, e: 0}}
)");
  const Scene s = scene_from_model(mf.model);
  ASSERT_EQ(body(s, "a").shapes.size(), 2u);  // its sphere for ab and its sphere for ga
  EXPECT_EQ(body(s, "a").shapes[0].radius, 0.3);
  EXPECT_TRUE(body(s, "a").shapes[0].position.isApprox(Vec3(0, 0, 0.1)));
  EXPECT_EQ(body(s, "b").shapes.at(0).radius, 0.25);
  EXPECT_EQ(body(s, "ground").shapes.at(0).radius, 0.5);
  EXPECT_EQ(s.contacts[0].kind, SceneContact::Kind::spheres);
  EXPECT_TRUE(s.contacts[0].reference_normal.isApprox(Vec3::UnitZ(), kTol));  // centre i to centre j at the start
}

// Volume enclosed by a closed surface (divergence theorem): positive when the triangles face out.
double volume(const TriangleMesh& m) {
  double v = 0;
  for (const auto& t : m.triangles) v += m.vertices[t[0]].dot(m.vertices[t[1]].cross(m.vertices[t[2]])) / 6;
  return v;
}

// Each triangle edge appears once in each direction: the surface is closed.
bool closed(const TriangleMesh& m) {
  std::map<std::pair<int, int>, int> edges;
  for (const auto& t : m.triangles) {
    for (int k = 0; k < 3; ++k) ++edges[{t[k], t[(k + 1) % 3]}];
  }
  for (const auto& [e, n] : edges) {
    if (n != 1 || edges.count({e.second, e.first}) != 1) return false;
  }
  return true;
}

// Curved shapes have kSegments = 24 facets around: a cylinder's is a prism on the inscribed 24-gon,
// of volume (24/2) r² sin(2π/24) h exactly (to rounding); spheres and capsules are inscribed in the
// true surface (every vertex on it), so their volume lies a little below the true one: the 24-gon
// alone loses 1.1 % and the 15° steps from pole to pole about as much again, so 95 % separates a
// right surface from a wrong radius or a missing cap.
TEST(ShapeMesh, ClosedOutwardSurfacesOfTheRightVolume) {
  const double pi = std::numbers::pi;
  SceneShape box;
  box.size = {0.2, 0.3, 0.5};
  box.position = {1, 2, 3};
  box.orientation = Eigen::Quaterniond(Eigen::AngleAxisd(0.7, Vec3(1, 2, 3).normalized()));
  const TriangleMesh b = shape_mesh(box, 1);
  EXPECT_TRUE(closed(b));
  EXPECT_NEAR(volume(b), 0.03, kTol);  // exact for a box, wherever it is
  SceneShape sphere;
  sphere.kind = SceneShape::Kind::sphere;
  sphere.radius = 0.5;
  sphere.position = {0, 1, 0};
  const TriangleMesh s = shape_mesh(sphere, 1);
  EXPECT_TRUE(closed(s));
  const double ball = 4.0 / 3 * pi * 0.125;
  EXPECT_LT(volume(s), ball);
  EXPECT_GT(volume(s), 0.95 * ball);
  for (const Vec3& v : s.vertices) EXPECT_NEAR((v - sphere.position).norm(), 0.5, kTol);
  const TriangleMesh c = shape_mesh(rod_shape({0, 0, 0}, {1, 0, 0}, 0.2), 1);
  EXPECT_TRUE(closed(c));
  const double capsule = pi * 0.01 * 1 + 4.0 / 3 * pi * 0.001;
  EXPECT_LT(volume(c), capsule);
  EXPECT_GT(volume(c), 0.95 * capsule);
  for (const Vec3& v : c.vertices) {  // on the capsule: at the radius from its axis segment
    const double along = std::clamp(v.x(), 0.0, 1.0);
    EXPECT_NEAR((v - Vec3(along, 0, 0)).norm(), 0.1, kTol);
  }
  SceneShape cylinder;
  cylinder.kind = SceneShape::Kind::cylinder;
  cylinder.radius = 0.3;
  cylinder.length = 2;
  const TriangleMesh y = shape_mesh(cylinder, 1);
  EXPECT_TRUE(closed(y));
  EXPECT_NEAR(volume(y), kSegments / 2.0 * 0.09 * std::sin(2 * pi / kSegments) * 2, kTol);
  SceneShape plane;
  plane.kind = SceneShape::Kind::plane;
  const TriangleMesh p = shape_mesh(plane, 3);
  EXPECT_EQ(p.triangles.size(), 2u);
  for (const Vec3& v : p.vertices) EXPECT_EQ(v.cwiseAbs(), Vec3(3, 3, 0));
}

TEST(ResultTable, ReadsContactPointFiles) {
  test::TempDir dir;
  const ContactPoints p = read_contact_points(dir.write(
      "p.csv", "t,pair,point,x,y,z,nx,ny,nz,gap,fn,ftx,fty,ftz,state\n0,a/b,3,1,2,3,0,0,1,-1e-4,10,1,0,0,1\n"
               "0.5,c/d,0,0,0,0,1,0,0,0,2,0,0,0,2\n0.5,a/b,3,1,2,3,0,0,1,0,0,0,0,0,0\n"));
  ASSERT_EQ(p.rows.size(), 3u);
  EXPECT_EQ(p.pairs, (std::vector<std::string>{"a/b", "c/d"}));
  EXPECT_EQ(p.rows[2].pair, 0);
  EXPECT_EQ(p.rows[0].id, 3u);
  EXPECT_TRUE(p.rows[0].position.isApprox(Vec3(1, 2, 3)));
  EXPECT_EQ(p.rows[0].fn, 10.0);
  EXPECT_EQ(p.rows[1].state, 2);
  const auto error = [&](const std::string& text) {
    try {
      read_contact_points(dir.write("bad.csv", text));
    } catch (const InputError& e) {
      return e.line() * 1000 + e.column();
    }
    return -1;
  };
  const std::string header = "t,pair,point,x,y,z,nx,ny,nz,fn,ftx,fty,ftz,state\n";
  EXPECT_EQ(error("t,pair,x\n"), 1001);                                       // columns missing
  EXPECT_EQ(error(header + "0,a,1,1,2,3,0,0,1,x,0,0,0,1\n"), 2019);          // fn is not a number
  EXPECT_EQ(error(header + "0,a,1.5,1,2,3,0,0,1,1,0,0,0,1\n"), 2005);        // a fractional identity
  EXPECT_EQ(error(header + "1,a,1,1,2,3,0,0,1,1,0,0,0,1\n0,a,1,1,2,3,0,0,1,1,0,0,0,1\n"), 3001);  // time back
}

// The contact points file that `stickslip run` writes for a model with shapes names each pair by its
// shapes' indices and writes the event log's states (3: slip−): the page reads it as it is.
TEST(ResultTable, ReadsTheRunsContactPointFile) {
  test::TempDir dir;
  const ContactPoints p = read_contact_points(dir.write(
      "run.points.csv", "t,shape_i,shape_j,point,x,y,z,nx,ny,nz,gap,vn,slip,fn,ftx,fty,ftz,state\n"
                        "0.001,0,1,2,-0.1,0.1,0,0,0,1,0,0,0,26.8,-15.8,-3.1,0,1\n"
                        "0.002,0,2,0,0.1,0.1,0,0,0,1,0,0,0.3,5,1,0,0,3\n"));
  ASSERT_EQ(p.rows.size(), 2u);
  EXPECT_EQ(p.pairs, (std::vector<std::string>{"shape 0|shape 1", "shape 0|shape 2"}));
  EXPECT_EQ(p.rows[0].id, 2u);
  EXPECT_EQ(p.rows[0].fn, 26.8);
  EXPECT_EQ(p.rows[0].state, 1);  // stick
  EXPECT_EQ(p.rows[1].state, 2);  // slip− drawn as slip
}

// Given the model's shape names (as `stickslip view` passes them), the pairs are named by the shapes,
// and a shape index the model does not have is refused at its line and column: the file is another
// model's.
TEST(ResultTable, NamesTheRunsPairsByTheModelsShapes) {
  test::TempDir dir;
  const std::string header = "t,shape_i,shape_j,point,x,y,z,nx,ny,nz,gap,vn,slip,fn,ftx,fty,ftz,state\n";
  const std::vector<std::string> names{"floor", "box", "lid"};
  const ContactPoints p = read_contact_points(
      dir.write("named.points.csv", header + "0.001,0,1,2,-0.1,0.1,0,0,0,1,0,0,0,26.8,-15.8,-3.1,0,1\n"
                                             "0.002,1,2,0,0.1,0.1,0,0,0,1,0,0,0.3,5,1,0,0,3\n"),
      nullptr, &names);
  EXPECT_EQ(p.pairs, (std::vector<std::string>{"floor|box", "box|lid"}));
  const std::string other = dir.write("other.points.csv", header + "0.001,0,3,0,0,0,0,0,0,1,0,0,0,1,0,0,0,1\n");
  try {
    read_contact_points(other, nullptr, &names);
    FAIL() << "a shape index beyond the model's shapes was accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(e.line(), 2);
    EXPECT_EQ(e.column(), 9);  // after "0.001,0,": shape_j starts at the ninth character
    EXPECT_NE(std::string(e.what()).find("shape_j"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("has 3 shapes"), std::string::npos) << e.what();
  }
}

}  // namespace spatial_scene_test
}  // namespace stickslip
