// Writes the animation page of a synthetic spatial run for the browser test (browser_test.py): a
// scene whose motion the test knows in closed form (a tumbling box, a ball on the floor, an arm hinged
// to the ground), with the result columns of spatial bodies (<body>.x .y .z .qw .qx .qy .qz) and
// contacts (<contact>.fn .ft1 .ft2 .state), and optionally contact points that come and go.
// usage: spatial_page RESULTS.csv OUT.html [CONTACT_POINTS.csv]
#include <fstream>
#include <iostream>

#include "io/animation_data.hpp"
#include "io/animation_page.hpp"

using namespace stickslip;

int main(int argc, char** argv) {
  if (argc != 3 && argc != 4) {
    std::cerr << "usage: spatial_page RESULTS.csv OUT.html [CONTACT_POINTS.csv]\n";
    return 2;
  }
  Scene scene;
  scene.dimension = SceneDimension::spatial;
  scene.title = "synthetic spatial run";
  scene.up = Vec3::UnitZ();
  SceneBody ground;
  ground.name = "ground";
  ground.motion = BodyMotion::fixed;
  SceneShape floor_plane;
  floor_plane.kind = SceneShape::Kind::plane;
  ground.shapes.push_back(floor_plane);
  SceneBody cube{"cube", BodyMotion::dynamic, {}, Vec3::Zero(), Eigen::Quaterniond::Identity()};
  SceneShape box;
  box.kind = SceneShape::Kind::box;
  box.size = {0.4, 0.3, 0.2};
  cube.shapes.push_back(box);
  SceneBody ball{"ball", BodyMotion::dynamic, {}, Vec3::Zero(), Eigen::Quaterniond::Identity()};
  SceneShape sphere;
  sphere.kind = SceneShape::Kind::sphere;
  sphere.radius = 0.1;
  ball.shapes.push_back(sphere);
  SceneBody arm{"arm", BodyMotion::dynamic, {}, Vec3::Zero(), Eigen::Quaterniond::Identity()};
  arm.shapes.push_back(rod_shape({0, 0, 0.3}, {0, 0, -0.3}, 0.05));
  scene.bodies = {ground, cube, ball, arm};
  SceneJoint hinge;
  hinge.name = "hinge";
  hinge.type = "spherical";
  hinge.body_i = 0;
  hinge.body_j = 3;
  hinge.point_i = {-0.8, 0.5, 1.2};
  hinge.point_j = {0, 0, 0.3};
  scene.joints.push_back(hinge);
  SceneContact floor;
  floor.name = "ball_floor";
  floor.kind = SceneContact::Kind::plane;
  floor.body_i = 0;
  floor.body_j = 2;
  floor.plane_normal = Vec3::UnitZ();
  floor.plane_tangent = Vec3::UnitX();
  floor.radius_j = 0.1;
  scene.contacts.push_back(floor);
  try {
    const ResultTable results = read_result_table(argv[1]);
    const ContactPoints points = argc == 4 ? read_contact_points(argv[3]) : ContactPoints{};
    AnimationOptions options;
    options.results_file = argv[1];
    options.fps = 50;
    options.autoplay = false;
    std::ofstream(argv[2], std::ios::binary)
        << animation_page(animation_data_json(scene, results, {}, options, points), scene.dimension);
  } catch (const InputError& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 2;
  }
  return 0;
}
