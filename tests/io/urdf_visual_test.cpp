// URDF <visual> elements as visuals of their links' bodies (io/urdf_shapes.cpp urdf_visual; docs/urdf.md,
// "Visuals"): geometry, pose, mesh scale and material colour, and what is still reported.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "../test_support.hpp"
#include "io/animation_scene.hpp"
#include "io/input_error.hpp"
#include "io/model_file.hpp"

namespace stickslip {
namespace urdf_visual_test {

// An arm on a hinge 1 m up, its inertial origin 0.5 m down the link, with a mesh visual (scaled
// differently along each axis, turned a quarter about z, a robot-level material by name), a
// cylinder with its own translucent colour, and a massless tip welded 1 m down whose sphere visual
// (no material) joins the arm's body. The pyramid's vertices are 100 mm out along each axis.
const char* kPainted = R"(<?xml version="1.0"?>
<robot name="painted">
  <material name="orange"><color rgba="1 0.5 0 1"/></material>
  <link name="world"/>
  <joint name="hinge" type="continuous">
    <parent link="world"/><child link="arm"/><origin xyz="0 0 1"/><axis xyz="0 1 0"/>
  </joint>
  <link name="arm">
    <inertial><origin xyz="0 0 -0.5"/><mass value="1"/><inertia ixx="0.08" ixy="0" ixz="0" iyy="0.08" iyz="0" izz="0.001"/></inertial>
    <visual>
      <origin xyz="0.1 0 -0.2" rpy="0 0 1.5707963267948966"/>
      <geometry><mesh filename="package://painted/meshes/pyramid.obj" scale="0.001 0.002 0.003"/></geometry>
      <material name="orange"/>
    </visual>
    <visual>
      <geometry><cylinder radius="0.02" length="1"/></geometry>
      <material name="blue"><color rgba="0 0 1 0.5"/></material>
    </visual>
  </link>
  <joint name="tip_weld" type="fixed"><parent link="arm"/><child link="tip"/><origin xyz="0 0 -1"/></joint>
  <link name="tip">
    <visual>
      <geometry><sphere radius="0.05"/></geometry>
      <material name="wood"><texture filename="wood.png"/></material>
    </visual>
  </link>
</robot>
)";

const char* kPyramid = "v 0 0 0\nv 100 0 0\nv 0 100 0\nv 0 0 100\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n";

TEST(UrdfVisual, VisualsArePosedScaledAndColouredOnTheirLinksBody) {
  test::TempDir dir;
  std::filesystem::create_directories(dir.file("painted/urdf"));
  std::filesystem::create_directories(dir.file("painted/meshes"));
  dir.write("painted/meshes/pyramid.obj", kPyramid);
  const std::string urdf = dir.write("painted/urdf/painted.urdf", kPainted);
  const ModelFile mf = read_model_file(urdf);
  const Model& m = mf.model;
  ASSERT_EQ(m.visuals.size(), 3u);
  const int arm = m.body_index("arm");
  for (const BodyVisual& v : m.visuals) EXPECT_EQ(v.body, arm);
  EXPECT_TRUE(m.shapes.empty());  // drawn only: no collision shape, the inertial's mass alone
  EXPECT_EQ(m.bodies[static_cast<std::size_t>(arm)].mass, 1.0);

  // The mesh: its surface (a mesh on a moving body is drawn as it is), scaled per axis, at its
  // <origin> in the body frame, whose origin is the inertial origin 0.5 m down the link: 0.3 m up.
  const BodyVisual& mesh = m.visuals[0];
  ASSERT_EQ(mesh.geometry.kind, geometry::ShapeKind::triangle_mesh);
  const std::vector<Vec3>& v = mesh.geometry.mesh->vertices;
  ASSERT_EQ(v.size(), 4u);
  // assimp may order the vertices its own way; the file's integers are exact in its floats.
  for (const Vec3& p : {Vec3(0, 0, 0), Vec3(0.1, 0, 0), Vec3(0, 0.2, 0), Vec3(0, 0, 0.3)}) {
    EXPECT_TRUE(std::any_of(v.begin(), v.end(), [&](const Vec3& x) { return (x - p).norm() <= 1e-15; })) << p.transpose();
  }
  EXPECT_NEAR((mesh.pose.position - Vec3(0.1, 0, 0.3)).norm(), 0.0, 1e-15);
  EXPECT_NEAR((mesh.pose.orientation * Vec3::UnitX() - Vec3::UnitY()).norm(), 0.0, 1e-15);
  // urdfdom keeps colours in single precision: 0.5 is exact.
  EXPECT_EQ(mesh.color, (std::array<double, 4>{1, 0.5, 0, 1}));

  const BodyVisual& rod = m.visuals[1];
  ASSERT_EQ(rod.geometry.kind, geometry::ShapeKind::cylinder);
  EXPECT_EQ(rod.geometry.radius, 0.02);
  EXPECT_EQ(rod.geometry.half_length, 0.5);
  EXPECT_NEAR((rod.pose.position - Vec3(0, 0, 0.5)).norm(), 0.0, 1e-15);
  EXPECT_EQ(rod.color, (std::array<double, 4>{0, 0, 1, 0.5}));

  // The welded tip's sphere: on the arm's body 1 m down the link (0.5 m below the centre of mass);
  // its material has a texture only, so the page draws the body's colour, and the texture is reported.
  const BodyVisual& tip = m.visuals[2];
  EXPECT_EQ(tip.geometry.kind, geometry::ShapeKind::sphere);
  EXPECT_NEAR((tip.pose.position - Vec3(0, 0, -0.5)).norm(), 0.0, 1e-15);
  EXPECT_FALSE(tip.has_color());
  ASSERT_EQ(mf.warnings.size(), 1u) << ::testing::PrintToString(mf.warnings);
  EXPECT_NE(mf.warnings[0].find(urdf + ":24: <texture> of link 'tip' not imported: textures are not drawn"), std::string::npos)
      << mf.warnings[0];

  // The scene the page is drawn from carries them on the arm.
  const Scene scene = scene_from_model(m);
  ASSERT_EQ(scene.bodies[static_cast<std::size_t>(arm)].visuals.size(), 3u);
  EXPECT_EQ(scene.bodies[static_cast<std::size_t>(arm)].visuals[0].kind, SceneShape::Kind::mesh);
}

// A visual mesh that is not there stops the reading at the <visual>'s line, as a collision mesh does;
// so does a geometry URDF does not have.
TEST(UrdfVisual, AMissingMeshNamesTheVisualsLine) {
  test::TempDir dir;
  const std::string head = "<?xml version=\"1.0\"?>\n<robot name=\"r\">\n  <link name=\"world\"/>\n"
                           "  <joint name=\"j\" type=\"floating\"><parent link=\"world\"/><child link=\"a\"/></joint>\n"
                           "  <link name=\"a\"><inertial><mass value=\"1\"/>"
                           "<inertia ixx=\"1\" ixy=\"0\" ixz=\"0\" iyy=\"1\" iyz=\"0\" izz=\"1\"/></inertial>\n";
  const auto error = [&](const std::string& urdf) {
    try {
      read_model_file(dir.write("bad.urdf", urdf));
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  const std::string missing = error(head + "    <collision><geometry><box size=\"1 1 1\"/></geometry></collision>\n"
                                           "    <visual><geometry><mesh filename=\"meshes/none.dae\"/></geometry></visual>\n  </link>\n</robot>\n");
  EXPECT_NE(missing.find("bad.urdf:7:0: link 'a': <mesh filename=\"meshes/none.dae\">: no such file '" + dir.file("meshes/none.dae") + "'"),
            std::string::npos)
      << missing;
  const std::string capsule = error(head + "    <visual>\n      <geometry><capsule radius=\"1\" length=\"2\"/></geometry>\n    </visual>\n  </link>\n</robot>\n");
  EXPECT_NE(capsule.find("bad.urdf:7:0: link 'a': <visual> needs a <geometry> of <box>, <cylinder>, <sphere> or <mesh> (not <capsule>)"),
            std::string::npos)
      << capsule;
}

// A visual on the massless world root: the root becomes a fixed body that carries it (as for collision
// shapes), at the robot's placement.
TEST(UrdfVisual, AVisualOnTheWorldLinkIsDrawnOnAFixedBody) {
  test::TempDir dir;
  dir.write("stand.urdf", R"(<?xml version="1.0"?>
<robot name="stand">
  <link name="base"><visual><origin xyz="0 0 0.05"/><geometry><box size="0.4 0.4 0.1"/></geometry></visual></link>
  <joint name="hinge" type="continuous"><parent link="base"/><child link="arm"/><origin xyz="0 0 1"/><axis xyz="0 1 0"/></joint>
  <link name="arm"><inertial><origin xyz="0 0 -0.5"/><mass value="1"/><inertia ixx="0.08" ixy="0" ixz="0" iyy="0.08" iyz="0" izz="0.001"/></inertial></link>
</robot>
)");
  const ModelFile mf = read_model_file(dir.write("placed.yaml", "urdf: {file: stand.urdf, position: [2, 0, 0]}\n"));
  ASSERT_EQ(mf.model.visuals.size(), 1u);
  const Body& base = mf.model.bodies[static_cast<std::size_t>(mf.model.visuals[0].body)];
  EXPECT_EQ(base.name, "base");
  EXPECT_EQ(base.motion, BodyMotion::fixed);
  EXPECT_EQ(base.spatial.position, Vec3(2, 0, 0));
  EXPECT_EQ(mf.model.visuals[0].geometry.half_extents, Vec3(0.2, 0.2, 0.05));
  EXPECT_EQ(mf.model.visuals[0].pose.position, Vec3(0, 0, 0.05));
}

// A robot with stops (joint_limit contacts, which have no point or friction columns) and a visual:
// `stickslip view` draws it, the stops left out of the page's contacts as on planar pages.
TEST(UrdfVisual, ARobotWithStopsAndVisualsIsDrawn) {
  test::TempDir dir;
  const std::string urdf = test::source_path("tests/data/urdf/unsupported.urdf");
  const test::CommandResult run = test::run_cli("run " + urdf + " -o " + dir.file("out.csv") + " --t-end 0.1");
  ASSERT_EQ(run.exit_code, 0) << run.out;
  const test::CommandResult view = test::run_cli("view " + dir.file("out.csv") + " --model " + urdf + " -o " + dir.file("page.html"));
  ASSERT_EQ(view.exit_code, 0) << view.out;
  const std::string page = test::read_text(dir.file("page.html"));
  EXPECT_NE(page.find("\"visuals\":[{\"kind\":\"box\""), std::string::npos);
  EXPECT_NE(page.find("\"contacts\":[]"), std::string::npos);
}

}  // namespace urdf_visual_test
}  // namespace stickslip
