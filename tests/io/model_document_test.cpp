// Model documents: values read and changed by key path, the model rebuilt, every error located as
// for a file read by `stickslip run`, and a refused change leaving the document as it was.
#include "io/model_document.hpp"

#include <gtest/gtest.h>

#include "../test_support.hpp"

namespace stickslip {
namespace model_document_test {

// Line numbers below refer to this text (line 1 is "name: two_arms").
const char* kModel = R"(name: two_arms
gravity: [0, -9.81]
bodies:
  - name: upper
    mass: 2
    inertia: 0.5
    position: [0.5, 0]
  - name: lower
    mass: 1
    inertia: 0.25
    position: [1.5, 0]
joints:
  - {name: shoulder, type: revolute, bodies: [ground, upper], points: [[0, 0], [-0.5, 0]]}
  - {name: elbow, type: revolute, bodies: [upper, lower], points: [[0.5, 0], [-0.5, 0]]}
)";

ModelDocument document() { return ModelDocument::parse(kModel, "arms.yaml"); }

InputError error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e;
  }
  ADD_FAILURE() << "no InputError";
  return InputError("", 0, 0, "", "");
}

TEST(ModelDocument, ReadsValuesByElementNameAndByIndex) {
  const ModelDocument d = document();
  EXPECT_EQ(d.get("bodies.lower.mass").as<double>(), 1.0);
  EXPECT_EQ(d.get("bodies[0].mass").as<double>(), 2.0);
  EXPECT_EQ(d.get("gravity[1]").as<double>(), -9.81);
  EXPECT_EQ(d.get("joints.elbow.points.0.0").as<double>(), 0.5);  // digits index a list without brackets
  EXPECT_EQ(d.get("joints.elbow.points[1][0]").as<double>(), -0.5);
  EXPECT_EQ(d.resolve("joints.elbow.points.0.0"), "joints[1].points[0][0]");
  EXPECT_EQ(d.model().model.name, "two_arms");
}

TEST(ModelDocument, AChangeRebuildsTheModel) {
  ModelDocument d = document();
  const int lower = 2;  // bodies[0] is the ground
  ASSERT_EQ(d.model().model.bodies[lower].name, "lower");
  d.set("bodies.lower.mass", YAML::Node("3.5"));
  EXPECT_EQ(d.model().model.bodies[lower].mass, 3.5);
  EXPECT_EQ(d.get("bodies.lower.mass").as<double>(), 3.5);
  // Several changes apply together: a missing section and key are added.
  d.set({{"simulation.t_end", YAML::Node("2.5")}, {"gravity", YAML::Load("[0, -1.62]")}});
  EXPECT_EQ(d.model().options.t_end, 2.5);
  EXPECT_EQ(d.model().model.gravity.y(), -1.62);
  EXPECT_EQ(d.model().model.bodies[lower].mass, 3.5);  // the earlier change stays
}

TEST(ModelDocument, AnInvalidChangeIsLocatedAndChangesNothing) {
  ModelDocument d = document();
  const InputError e = error_of([&] { d.set("bodies.lower.mass", YAML::Node("-1")); });
  EXPECT_EQ(e.file(), "arms.yaml");
  EXPECT_EQ(e.line(), 8);  // the value set has no line of its own: its entry's line
  EXPECT_EQ(e.path(), "bodies[1].mass");
  EXPECT_NE(e.message().find("must be > 0"), std::string::npos) << e.what();
  EXPECT_EQ(d.get("bodies.lower.mass").as<double>(), 1.0);
  EXPECT_EQ(d.model().model.bodies[2].mass, 1.0);
  // An unknown key is refused by the reader, at its map.
  const InputError k = error_of([&] { d.set("bodies.lower.masss", YAML::Node("1")); });
  EXPECT_EQ(k.line(), 8);
  EXPECT_NE(k.message().find("unknown key 'masss'"), std::string::npos) << k.what();
}

TEST(ModelDocument, UnknownEntriesAndKeysAreNamed) {
  const ModelDocument d = document();
  const InputError entry = error_of([&] { d.get("bodies.middle.mass"); });
  EXPECT_EQ(entry.line(), 4);  // the list
  EXPECT_EQ(entry.path(), "bodies.middle");
  EXPECT_NE(entry.message().find("no entry named 'middle' in this list (entries: upper, lower)"), std::string::npos);
  const InputError key = error_of([&] { d.get("bodies.upper.density"); });
  EXPECT_EQ(key.path(), "bodies[0].density");
  EXPECT_NE(key.message().find("keys: name, mass, inertia, position"), std::string::npos) << key.what();
  const InputError index = error_of([&] { d.get("gravity[2]"); });
  EXPECT_NE(index.message().find("the list has 2 entries"), std::string::npos);
  for (const char* bad : {"bodies[x].mass", "bodies..mass", "bodies.", ""}) {
    const InputError p = error_of([&] { d.get(bad); });
    EXPECT_NE(p.message().find("not a key path"), std::string::npos) << bad << ": " << p.what();
  }
}

TEST(ModelDocument, BuildsAModelEntryByEntry) {
  ModelDocument d = ModelDocument::from_tree(YAML::Load("{name: built}"), "<dict>");
  EXPECT_THROW(d.model(), InputError);  // no bodies yet
  EXPECT_FALSE(d.complete());
  d.set("gravity", YAML::Load("[0, -9.81]"));  // taken: the model is under construction
  d.set("simulation.t_end", YAML::Node("2"));
  d.append("bodies", YAML::Load("{name: bob, mass: 1, inertia: 0.01, position: [1, 0]}"));
  d.append("joints", YAML::Load("{name: pivot, type: revolute, bodies: [ground, bob], location: [0, 0]}"));
  EXPECT_EQ(d.model().model.joints.size(), 1u);
  EXPECT_EQ(d.model().model.gravity.y(), -9.81);
  EXPECT_EQ(d.model().options.t_end, 2.0);
  // A joint on an unknown body is refused and not kept; a document from data has no lines.
  const InputError e = error_of([&] { d.append("joints", YAML::Load("{name: j2, type: revolute, bodies: [bob, rod], location: [1, 0]}")); });
  EXPECT_EQ(e.line(), 0);
  EXPECT_EQ(e.path(), "joints[1].bodies[1]");
  EXPECT_NE(e.message().find("unknown body 'rod'"), std::string::npos);
  EXPECT_EQ(d.model().model.joints.size(), 1u);
  // Its text reads back as the same model.
  const ModelDocument again = ModelDocument::parse(d.emit());
  EXPECT_EQ(again.model().model.bodies.size(), 2u);
  EXPECT_EQ(again.get("bodies.bob.position[0]").as<double>(), 1.0);
}

TEST(ModelDocument, LocatesALaterModelError) {
  const ModelDocument d = document();
  const InputError e = d.locate(ModelError("joints[1].points", "refused"));
  EXPECT_EQ(e.line(), 14);
  EXPECT_EQ(e.path(), "joints[1].points");
}

TEST(ModelDocument, ReadsFilesWithTheirFolder) {
  test::TempDir dir;
  const std::string path = dir.write("arms.yaml", kModel);
  const ModelDocument d = ModelDocument::read(path);
  EXPECT_EQ(d.name(), path);
  EXPECT_EQ(d.directory(), std::filesystem::path(path).parent_path().string());
  const InputError missing = error_of([&] { ModelDocument::read(path + ".missing"); });
  EXPECT_NE(missing.message().find("cannot open"), std::string::npos);
  const InputError syntax = error_of([] { ModelDocument::parse("bodies: [", "bad.yaml"); });
  EXPECT_NE(syntax.message().find("YAML syntax error"), std::string::npos);
}

}  // namespace model_document_test
}  // namespace stickslip
