// The animation writer behind `stickslip view`: the scene made from a planar model (inferred
// shapes, contact geometry), the frames kept at a frame rate, the embedded data (planar poses as
// quaternions, spatial columns, constant channels), the page, and reading results back.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <cmath>
#include <cstring>

#include "../simulation_support.hpp"
#include "../test_support.hpp"
#include "io/animation_data.hpp"
#include "io/animation_page.hpp"
#include "io/animation_scene.hpp"
#include "io/result_table.hpp"

namespace stickslip {
namespace animation_test {

// Shapes are computed from the model's numbers by a few sums and square roots.
constexpr double kTol = 1e-12;

const SceneBody& body(const Scene& s, const std::string& name) {
  for (const SceneBody& b : s.bodies) {
    if (b.name == name) return b;
  }
  throw std::runtime_error("no body " + name);
}

TEST(AnimationScene, SliderCrankOnARoughGuide) {
  const ModelFile mf = read_model_file(test::source_path("examples/slider_crank_rough_guide/slider_crank_rough_guide.yaml"));
  const Scene s = scene_from_model(mf.model);
  EXPECT_EQ(s.dimension, SceneDimension::planar);
  EXPECT_TRUE(s.up.isApprox(Vec3::UnitY()));
  EXPECT_TRUE(body(s, "ground").shapes.empty());  // drawn through its contact line only
  // The crank's pivot and pin lie on its axis, 0.25 m either side of its centre: a rod.
  const SceneBody& crank = body(s, "crank");
  ASSERT_EQ(crank.shapes.size(), 1u);
  const SceneShape& rod = crank.shapes[0];
  EXPECT_EQ(rod.kind, SceneShape::Kind::capsule);
  EXPECT_NEAR(rod.length, 0.5, kTol);
  EXPECT_NEAR(rod.position.norm(), 0.0, kTol);
  EXPECT_NEAR(std::abs((rod.orientation * Vec3::UnitZ()).x()), 1.0, kTol);  // along the crank
  EXPECT_NEAR(2 * rod.radius, 0.06 * 0.5, kTol);
  // The slider's two bottom corners (contacts) and its pin at the centre: the 0.2 m × 0.1 m block.
  const SceneBody& slider = body(s, "slider");
  ASSERT_EQ(slider.shapes.size(), 1u);
  EXPECT_EQ(slider.shapes[0].kind, SceneShape::Kind::box);
  EXPECT_TRUE(slider.shapes[0].size.isApprox(Vec3(0.2, 0.1, 0.0), kTol));
  ASSERT_EQ(s.contacts.size(), 2u);
  const SceneContact& heel = s.contacts[0];
  EXPECT_EQ(heel.kind, SceneContact::Kind::plane);
  EXPECT_TRUE(heel.plane_point.isApprox(Vec3(0, -0.05, 0)));
  EXPECT_TRUE(heel.plane_tangent.isApprox(Vec3::UnitX()));
  EXPECT_TRUE(heel.plane_normal.isApprox(Vec3::UnitY()));
  EXPECT_EQ(heel.extent_min, -1.0);
  EXPECT_EQ(heel.extent_max, 3.0);
  EXPECT_TRUE(heel.center_j.isApprox(Vec3(-0.1, -0.05, 0)));
  ASSERT_EQ(s.joints.size(), 3u);
  EXPECT_EQ(s.joints[0].type, "revolute");
}

// The double pendulum's second rod has one joint, at its end: drawn whole, as long as the uniform
// rod of its mass and inertia (1 m), not just from the joint to its centre.
TEST(AnimationScene, RodPinnedAtOneEndIsDrawnWhole) {
  const Scene s = scene_from_model(read_model_file(test::source_path("examples/double_pendulum/double_pendulum.yaml")).model);
  for (const char* name : {"rod1", "rod2"}) {
    const SceneShape& rod = body(s, name).shapes.at(0);
    EXPECT_EQ(rod.kind, SceneShape::Kind::capsule) << name;
    EXPECT_NEAR(rod.length, 1.0, 1e-9) << name;  // √(12 J/m), J given to 15 digits
    EXPECT_NEAR(rod.position.x(), 0.0, 1e-9) << name;
  }
}

TEST(AnimationScene, CirclesInertiaSquaresFixedBodiesAndGravity) {
  const ModelFile mf = test::model_from_yaml(R"(
gravity: [9.81, 0]
bodies:
  - {name: wheel, mass: 2, inertia: 0.01, position: [0, 0.3]}
  - {name: lump, mass: 3, inertia: 0.5}
  - {name: wall, motion: fixed, position: [2, 1], angle: 0.5}
  - {name: plate, mass: 1, inertia: 0.1, position: [5, 0]}
joints:
  - {name: a, type: revolute, bodies: [wall, plate], points: [[0, 0], [-0.3, 0.2]]}
  - {name: b, type: revolute, bodies: [ground, plate], points: [[5.3, 0.2], [0.3, 0.2]]}
contacts:
  - name: roll
    type: circle_line
    bodies: [ground, wheel]
    center: [0, 0]
    radius: 0.3
    impact: {law: newton, e: 0}
)");
  const Scene s = scene_from_model(mf.model);
  EXPECT_TRUE(s.up.isApprox(-Vec3::UnitX()));  // against gravity
  const SceneBody& wheel = body(s, "wheel");
  ASSERT_EQ(wheel.shapes.size(), 1u);
  EXPECT_EQ(wheel.shapes[0].kind, SceneShape::Kind::sphere);
  EXPECT_EQ(wheel.shapes[0].radius, 0.3);
  // No points on it: the square of the same mass and inertia, J = m a²/6.
  const SceneBody& lump = body(s, "lump");
  ASSERT_EQ(lump.shapes.size(), 1u);
  EXPECT_NEAR(lump.shapes[0].size.x(), std::sqrt(6 * 0.5 / 3), kTol);
  EXPECT_NEAR(lump.shapes[0].size.y(), std::sqrt(6 * 0.5 / 3), kTol);
  // Points at (−0.3, 0.2) and (0.3, 0.2) and the centre: a box centred on the centre of mass.
  const SceneBody& plate = body(s, "plate");
  ASSERT_EQ(plate.shapes.size(), 1u);
  EXPECT_EQ(plate.shapes[0].kind, SceneShape::Kind::box);
  EXPECT_TRUE(plate.shapes[0].size.isApprox(Vec3(0.6, 0.4, 0.0), kTol));
  const SceneBody& wall = body(s, "wall");
  EXPECT_EQ(wall.motion, BodyMotion::fixed);
  EXPECT_TRUE(wall.position.isApprox(Vec3(2, 1, 0)));
  EXPECT_NEAR(wall.orientation.w(), std::cos(0.25), kTol);
  EXPECT_NEAR(wall.orientation.z(), std::sin(0.25), kTol);
}

// Rows 0.000, 0.001, ..., 20.000 s at 30 frames per second: 601 frames, each the first row at or
// after its frame time, the last row always kept.
TEST(AnimationFrames, FirstRowAtOrAfterEachFrameTime) {
  std::vector<double> t;
  for (int k = 0; k <= 20000; ++k) t.push_back(k * 1e-3);
  const std::vector<std::size_t> rows = frame_rows(t, 30);
  ASSERT_EQ(rows.size(), 601u);
  EXPECT_EQ(rows.front(), 0u);
  EXPECT_EQ(rows.back(), 20000u);
  for (std::size_t k = 1; k + 1 < rows.size(); ++k) {
    const double frame_time = static_cast<double>(k) / 30;
    EXPECT_GE(t[rows[k]], frame_time) << k;
    EXPECT_LT(t[rows[k] - 1], frame_time) << k;
  }
  EXPECT_EQ(frame_rows(t, 0).size(), t.size());  // 0: every row
  // Rows sparser than the frames: every row is kept, none twice.
  const std::vector<double> sparse{0, 0.5, 0.5, 1.0, 2.0};
  EXPECT_EQ(frame_rows(sparse, 30), (std::vector<std::size_t>{0, 1, 3, 4}));
  EXPECT_EQ(frame_rows({0.0}, 30), (std::vector<std::size_t>{0}));
}

// --every keeps every k-th frame of those --fps chose and the last; --max-frames spreads at most N
// frames evenly over them, the first and last included.
TEST(AnimationFrames, EveryAndMaxFramesThinInTime) {
  std::vector<double> t;
  for (int k = 0; k <= 1000; ++k) t.push_back(k * 1e-3);
  AnimationOptions o;
  o.fps = 0;
  o.every = 3;
  const std::vector<std::size_t> every3 = chosen_rows(t, o);
  ASSERT_EQ(every3.size(), 335u);  // 0, 3, ..., 999 and 1000
  EXPECT_EQ(every3[1], 3u);
  EXPECT_EQ(every3[333], 999u);
  EXPECT_EQ(every3.back(), 1000u);
  o.every = 1;
  o.max_frames = 5;
  EXPECT_EQ(chosen_rows(t, o), (std::vector<std::size_t>{0, 250, 500, 750, 1000}));
  o.max_frames = 4;  // 0, 333.3, 666.7, 1000 rounded
  EXPECT_EQ(chosen_rows(t, o), (std::vector<std::size_t>{0, 333, 667, 1000}));
  o.max_frames = 2000;  // more than there are: all of them
  EXPECT_EQ(chosen_rows(t, o).size(), 1001u);
  o.fps = 100;  // 101 frames, every 2nd: 51, then at most 3
  o.every = 2;
  o.max_frames = 3;
  EXPECT_EQ(chosen_rows(t, o), (std::vector<std::size_t>{0, 500, 1000}));
  EXPECT_EQ(every_kth({4, 5, 6}, 5), (std::vector<std::size_t>{4, 6}));
}

// A channel or packed array of the data as numbers: a plain number, or {"f64"|"f32"|"u32"|"u8": base64}.
std::vector<double> values(const YAML::Node& node) {
  if (node.IsScalar()) return {node.as<double>()};
  const auto type = node.begin()->first.as<std::string>();
  const std::string text = node.begin()->second.as<std::string>();
  std::string bytes;
  unsigned buffer = 0;
  int bits = 0;
  for (const char c : text) {
    if (c == '=') break;
    const std::string digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    buffer = (buffer << 6) | static_cast<unsigned>(digits.find(c));
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes += static_cast<char>((buffer >> bits) & 255);
    }
  }
  std::vector<double> out;
  const auto read = [&](auto tag) {
    using T = decltype(tag);
    for (std::size_t k = 0; k + sizeof(T) <= bytes.size(); k += sizeof(T)) {
      T v;
      std::memcpy(&v, bytes.data() + k, sizeof(T));
      out.push_back(static_cast<double>(v));
    }
  };
  if (type == "f64") read(double{});
  else if (type == "f32") read(float{});
  else if (type == "u32") read(std::uint32_t{});
  else if (type == "u8") read(std::uint8_t{});
  return out;
}

ResultTable table(const std::vector<std::string>& names, const std::vector<std::vector<double>>& rows) {
  ResultTable r;
  r.file = "results.csv";
  r.names = names;
  r.columns.assign(names.size(), {});
  for (const auto& row : rows) {
    for (std::size_t c = 0; c < names.size(); ++c) r.columns[c].push_back(row[c]);
  }
  return r;
}

TEST(AnimationData, PlanarPosesBecomeQuaternionsAboutZ) {
  const ModelFile mf = test::model_from_yaml(R"(
name: swing
bodies:
  - {name: bob, mass: 1, inertia: 0.1}
contacts:
  - {name: touch, type: point_line, bodies: [ground, bob], point: [0, -0.1], impact: {law: newton, e: 0}}
)");
  const Scene scene = scene_from_model(mf.model);
  const ResultTable r = table({"t", "bob.x", "bob.y", "bob.theta", "touch.fn", "touch.ft", "touch.state"},
                              {{0, 0.5, 1, 0.2, 3, -1, 1}, {0.1, 0.6, 1, -3.0, 3, -2, 2}});
  const std::vector<EventLogRow> events{{0.05, "touch", "slip", "stick", "slip+"}};
  const YAML::Node d = YAML::Load(animation_data_json(scene, r, events, {}));
  EXPECT_EQ(d["format"].as<std::string>(), "stickslip-animation");
  EXPECT_EQ(d["version"].as<int>(), 2);
  EXPECT_EQ(d["dimension"].as<std::string>(), "planar");
  EXPECT_EQ(d["title"].as<std::string>(), "swing");
  EXPECT_TRUE(d["autoplay"].as<bool>());
  EXPECT_EQ(d["state_names"][3].as<std::string>(), "slip-");
  const YAML::Node pose = d["bodies"][1]["pose"];
  EXPECT_EQ(values(pose["x"]), (std::vector<double>{0.5, 0.6}));  // packed doubles: exact
  EXPECT_TRUE(pose["y"].IsScalar());  // the same in every frame: written once
  EXPECT_EQ(pose["y"].as<double>(), 1.0);
  EXPECT_EQ(pose["z"].as<double>(), 0.0);
  EXPECT_EQ(values(pose["qw"])[1], std::cos(-1.5));
  EXPECT_EQ(values(pose["qz"])[1], std::sin(-1.5));
  EXPECT_EQ(pose["qx"].as<double>(), 0.0);
  const YAML::Node c = d["contacts"][0];
  EXPECT_EQ(c["kind"].as<std::string>(), "plane");
  EXPECT_EQ(values(c["ft1"])[1], -2.0);
  EXPECT_EQ(c["ft2"].as<double>(), 0.0);
  EXPECT_EQ(values(c["state"])[1], 2.0);
  EXPECT_TRUE(c["plane"]["extent"][0].IsNull());  // unbounded
  EXPECT_EQ(d["events"][0]["to"].as<std::string>(), "slip+");
  EXPECT_EQ(d["columns"]["names"].size(), 6u);  // every column but t
  EXPECT_EQ(values(d["source_rows"]), (std::vector<double>{0, 1}));
  EXPECT_EQ(values(d["time"]), (std::vector<double>{0, 0.1}));
  // Single precision halves the per-frame numbers; the readout's columns stay exact.
  AnimationOptions single;
  single.precision = 32;
  single.readout_columns = {"bob.*"};
  const YAML::Node d32 = YAML::Load(animation_data_json(scene, r, events, single));
  EXPECT_EQ(d32["bodies"][1]["pose"]["x"].begin()->first.as<std::string>(), "f32");
  EXPECT_EQ(values(d32["bodies"][1]["pose"]["x"])[1], static_cast<double>(0.6f));
  EXPECT_EQ(d32["columns"]["names"].size(), 3u);  // bob.x, .y, .theta
  EXPECT_EQ(values(d32["columns"]["values"][0])[1], 0.6);
  // Data larger than a browser reads are refused, naming the results and what to do.
  AnimationOptions small;
  small.max_data_chars = 100;
  try {
    animation_data_json(scene, r, events, small);
    FAIL() << "expected an InputError";
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), "results.csv");
    EXPECT_NE(e.message().find("--precision 32"), std::string::npos) << e.what();
  }
}

// N boxes, each moving in all seven pose coordinates over `rows` rows (a turn about z and a
// translation, closed-form: no channel is constant).
ResultTable moving_boxes(Scene& scene, int bodies, int rows) {
  scene.dimension = SceneDimension::spatial;
  scene.bodies.resize(1);
  scene.bodies[0].name = "ground";
  scene.bodies[0].motion = BodyMotion::fixed;
  std::vector<std::string> names{"t"};
  for (int b = 0; b < bodies; ++b) {
    SceneBody box{"b" + std::to_string(b), BodyMotion::dynamic, {}, Vec3::Zero(), Eigen::Quaterniond::Identity()};
    SceneShape shape;
    shape.kind = SceneShape::Kind::box;
    shape.size = {0.4, 0.3, 0.2};
    box.shapes.push_back(shape);
    scene.bodies.push_back(box);
    for (const char* c : {"x", "y", "z", "qw", "qx", "qy", "qz"}) names.push_back(box.name + "." + c);
  }
  std::vector<std::vector<double>> values;
  for (int k = 0; k < rows; ++k) {
    const double t = 1e-3 * k;
    std::vector<double> row{t};
    for (int b = 0; b < bodies; ++b) {
      const double a = t + 0.1 * b;
      const Eigen::Quaterniond q(Eigen::AngleAxisd(a, Vec3(1, 2, 3).normalized()));
      row.insert(row.end(), {b + 0.1 * std::cos(a), 0.1 * std::sin(a), 0.2 + 0.01 * a, q.w(), q.x(), q.y(), q.z()});
    }
    values.push_back(row);
  }
  return table(names, values);
}

// Data over the size limit are thinned in time (every k-th frame kept) so that they fit: the
// estimate from a sample of frames is close to the whole, the page holds exactly the numbers of
// its rows, and data whose first and last frame alone exceed the limit are refused.
TEST(AnimationData, LargeRunsAreThinnedInTimeToFit) {
  Scene scene;
  const ResultTable r = moving_boxes(scene, 12, 1501);
  AnimationOptions o;
  o.fps = 0;
  o.precision = 32;
  const AnimationData whole = animation_data(scene, r, {}, o);
  ASSERT_EQ(whole.rows.size(), 1501u);
  EXPECT_EQ(whole.thinned_every, 1u);
  o.max_data_chars = whole.json.size() / 4;
  const AnimationData thin = animation_data(scene, r, {}, o);
  EXPECT_LE(thin.json.size(), o.max_data_chars);
  // The size grows linearly with the frames but for base64's padding (at most 2 characters per channel
  // and frame count): the sample's estimate is within 0.1 % of the whole, and a quarter of the size takes
  // keeping one frame in 4 or 5 (the 3 % margin).
  EXPECT_NEAR(static_cast<double>(thin.chosen_chars), static_cast<double>(whole.json.size()), 1e-3 * static_cast<double>(whole.json.size()));
  EXPECT_EQ(thin.chosen_frames, 1501u);
  EXPECT_GE(thin.thinned_every, 4u);
  EXPECT_LE(thin.thinned_every, 5u);
  EXPECT_EQ(thin.rows, every_kth(whole.rows, thin.thinned_every));
  EXPECT_EQ(thin.rows.back(), 1500u);
  const YAML::Node d = YAML::Load(thin.json);
  const std::vector<double> time = values(d["time"]), x = values(d["bodies"][3]["pose"]["x"]);
  ASSERT_EQ(time.size(), thin.rows.size());
  ASSERT_EQ(x.size(), thin.rows.size());
  for (std::size_t k = 0; k < thin.rows.size(); ++k) {
    EXPECT_EQ(time[k], r.columns[0][thin.rows[k]]);
    EXPECT_EQ(x[k], static_cast<double>(static_cast<float>(r.column("b2.x", "")[thin.rows[k]])));  // f32: rounded once
  }
  // Data whose first and last frame alone exceed the limit are refused, saying what makes them smaller.
  o.max_data_chars = 2000;
  try {
    animation_data(scene, r, {}, o);
    FAIL() << "expected an InputError";
  } catch (const InputError& e) {
    EXPECT_NE(e.message().find("first and last frame alone"), std::string::npos) << e.what();
    EXPECT_NE(e.message().find("--readout"), std::string::npos) << e.what();
  }
}

TEST(AnimationData, SpatialColumnsAndMissingColumns) {
  Scene scene;
  scene.dimension = SceneDimension::spatial;
  scene.bodies.resize(2);
  scene.bodies[0].name = "ground";
  scene.bodies[0].motion = BodyMotion::fixed;
  scene.bodies[1].name = "top";
  SceneContact c;
  c.name = "tip";
  c.body_j = 1;
  scene.contacts.push_back(c);
  const ResultTable r = table({"t", "top.x", "top.y", "top.z", "top.qw", "top.qx", "top.qy", "top.qz", "tip.fn",
                               "tip.ft1", "tip.ft2", "tip.state"},
                              {{0, 1, 2, 3, 0.5, 0.5, 0.5, 0.5, 10, 1, 2, 1}, {1, 1, 2, 4, 1, 0, 0, 0, 10, 3, 4, 1}});
  const YAML::Node d = YAML::Load(animation_data_json(scene, r, {}, {}));
  EXPECT_EQ(d["dimension"].as<std::string>(), "spatial");
  EXPECT_EQ(values(d["bodies"][1]["pose"]["z"])[1], 4.0);
  EXPECT_EQ(values(d["bodies"][1]["pose"]["qx"])[0], 0.5);
  EXPECT_EQ(values(d["contacts"][0]["ft2"])[1], 4.0);
  EXPECT_EQ(d["state_names"][2].as<std::string>(), "slip");
  // A planar scene read against these columns lacks .theta: the error names the file and column.
  scene.dimension = SceneDimension::planar;
  try {
    animation_data_json(scene, r, {}, {});
    FAIL() << "expected an InputError";
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), "results.csv");
    EXPECT_NE(e.message().find("'top.theta'"), std::string::npos) << e.what();
    EXPECT_NE(e.message().find("body 'top'"), std::string::npos) << e.what();
  }
}

// Contact points that come and go: each frame lists those at its row's time, as flat arrays.
TEST(AnimationData, ContactPointsPerFrame) {
  Scene scene;
  scene.dimension = SceneDimension::spatial;
  scene.bodies.resize(1);
  scene.bodies[0].name = "ground";
  scene.bodies[0].motion = BodyMotion::fixed;
  ResultTable r;
  r.file = "r.csv";
  r.names = {"t"};
  r.columns = {{0.0, 0.5, 1.0}};
  ContactPoints points;
  points.pairs = {"box/floor", "box/wall"};
  points.rows = {{0.0, 0, 7, {1, 2, 3}, {0, 0, 1}, 10, {1, 0, 0}, 1},
                 {0.0, 1, 2, {4, 5, 6}, {1, 0, 0}, 20, {0, 2, 0}, 2},
                 {0.25, 0, 9, {0, 0, 0}, {0, 0, 1}, 5, {0, 0, 0}, 1},  // between frames: on no frame
                 {1.0, 0, 7, {1, 2, 3.5}, {0, 0, 1}, 30, {0, 0, 0}, 0}};
  const YAML::Node d = YAML::Load(animation_data_json(scene, r, {}, {}, points));
  const YAML::Node p = d["contact_points"];
  ASSERT_TRUE(p);
  EXPECT_EQ(p["pairs"][1].as<std::string>(), "box/wall");
  EXPECT_EQ(values(p["offsets"]), (std::vector<double>{0, 2, 2, 3}));  // two, none, one
  EXPECT_EQ(values(p["id"]), (std::vector<double>{7, 2, 7}));
  EXPECT_EQ(values(p["pair"]), (std::vector<double>{0, 1, 0}));
  EXPECT_EQ(values(p["position"]), (std::vector<double>{1, 2, 3, 4, 5, 6, 1, 2, 3.5}));
  EXPECT_EQ(values(p["fn"]), (std::vector<double>{10, 20, 30}));
  EXPECT_EQ(values(p["friction"])[4], 2.0);
  EXPECT_EQ(values(p["state"]), (std::vector<double>{1, 2, 0}));
  EXPECT_FALSE(YAML::Load(animation_data_json(scene, r, {}, {}))["contact_points"]);  // none: no key
}

TEST(AnimationPage, SelfContainedAndThreeJsOnlyForSpatialData) {
  const std::string json = R"({"title":"a\u003c/script>"})";
  const std::string planar = animation_page(json, SceneDimension::planar);
  const std::string spatial = animation_page(json, SceneDimension::spatial);
  for (const std::string* page : {&planar, &spatial}) {
    EXPECT_NE(page->find("<script type=\"application/json\" id=\"stickslip-data\">" + json + "</script>"), std::string::npos);
    EXPECT_EQ(page->find("<!--DATA-->"), std::string::npos);
    EXPECT_EQ(page->find("<!--VIEW3D-->"), std::string::npos);
    EXPECT_EQ(page->find("src=\"http"), std::string::npos);  // loads nothing
    EXPECT_EQ(page->find("<link"), std::string::npos);
  }
  EXPECT_EQ(planar.find("three.js"), std::string::npos);
  EXPECT_NE(spatial.find("StickslipView3D"), std::string::npos);
  EXPECT_NE(spatial.find("Copyright (c) 2010-2026 three.js authors"), std::string::npos);  // its MIT license
}

TEST(AnimationData, StringsCannotCloseTheScriptElement) {
  Scene scene;
  scene.title = "</script><b>";
  scene.bodies.resize(1);
  scene.bodies[0].name = "ground";
  scene.bodies[0].motion = BodyMotion::fixed;
  const std::string json = animation_data_json(scene, table({"t"}, {{0}}), {}, {});
  EXPECT_EQ(json.find('<'), std::string::npos);
  EXPECT_EQ(YAML::Load(json)["title"].as<std::string>(), "</script><b>");
}

TEST(ResultTable, ReadsColumnsAndNamesBadLines) {
  test::TempDir dir;
  const ResultTable r = read_result_table(dir.write("ok.csv", "t,a.x,b\n0,1,nan\n0.5,2,inf\n0.5,3,4\n"));
  EXPECT_EQ(r.rows(), 3u);
  EXPECT_EQ(r.index("a.x"), 1);
  EXPECT_EQ(r.index("zz"), -1);
  EXPECT_TRUE(std::isnan(r.columns[2][0]));
  const auto error = [&](const std::string& text) {
    try {
      read_result_table(dir.write("bad.csv", text));
    } catch (const InputError& e) {
      return e.line() * 1000 + e.column();
    }
    return -1;
  };
  EXPECT_EQ(error("t,a\n0,1\n1,2,3\n"), 3001);     // too many values on line 3
  EXPECT_EQ(error("t,a\n0,1\n1,x\n"), 3003);       // not a number, column 3
  EXPECT_EQ(error("t,a\n1,1\n0,2\n"), 3001);       // time going back
  EXPECT_EQ(error("x,a\n1,1\n"), 1001);            // no t
  EXPECT_EQ(error("t,a,a\n1,1,1\n"), 1005);        // a repeated name
  EXPECT_EQ(error("t,a\n"), 2001);                 // no rows
  EXPECT_EQ(error(""), 1001);
  try {
    read_result_table(dir.file("missing.csv"));
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("missing.csv"), std::string::npos);
  }
}

TEST(ResultTable, ReadsTheEventLog) {
  test::TempDir dir;
  const auto rows = read_event_log(dir.write("e.csv", "t,contact,event,from,to,vn_before,vn_after\n"
                                                      "0.25,tip,impact,open,stick,-1,0\n1,tip,slip,stick,slip-,,\n"));
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[1].t, 1.0);
  EXPECT_EQ(rows[1].to, "slip-");
  EXPECT_THROW(read_event_log(dir.write("r.csv", "t,a\n0,1\n")), InputError);
  EXPECT_THROW(read_event_log(dir.write("s.csv", "t,contact,event,from,to,vn_before,vn_after\nx,a,b,c,d,,\n")), InputError);
}

}  // namespace animation_test
}  // namespace stickslip
