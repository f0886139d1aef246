// The stray flow indicators that make yaml-cpp 0.7 loop until memory runs out (found by fuzzing,
// docs/fuzzing.md) are refused with their line and column before yaml-cpp sees the text; everything
// YAML allows around them is left alone.
#include "io/yaml_guard.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "../test_support.hpp"
#include "io/input_error.hpp"
#include "io/model_document.hpp"
#include "io/model_file.hpp"

namespace stickslip {
namespace yaml_guard_test {

struct Stray {
  const char* text;
  int line, column;
  char indicator;
};

// Each of these made yaml-cpp 0.7's LoadAll allocate without end (checked one by one with a
// 1 GB memory limit when the guard was written).
TEST(YamlGuard, FindsEveryIndicatorThatHangsYamlCpp) {
  const Stray cases[] = {
      {", a: b\n", 1, 1, ','},         {"a: 1\n, x\n", 2, 1, ','},       {"a:\n  , x\n", 2, 3, ','},
      {"# c\n, x\n", 2, 1, ','},       {"] x\n", 1, 1, ']'},             {"} x\n", 1, 1, '}'},
      {"a: 1\n]\n", 2, 1, ']'},        {"a: [1, 2]]", 1, 10, ']'},       {"a: {x: 1}}", 1, 10, '}'},
      {"a: [1, 2],", 1, 10, ','},      {"a: [1, 2] , b", 1, 11, ','},    {"? ,", 1, 3, ','},
      {"a: \"x\" ,", 1, 8, ','},       {"[1, 2], 3", 1, 7, ','},         {"- ]\n", 1, 3, ']'},
      {"a: 'it''s' ]", 1, 12, ']'},     {"&b:,  a", 1, 4, ','},           {"a: *x]", 1, 6, ']'},
      {"a: !t}", 1, 6, '}'},
  };
  for (const Stray& c : cases) {
    const StrayFlowIndicator found = find_stray_flow_indicator(c.text);
    EXPECT_TRUE(found.found) << c.text;
    EXPECT_EQ(found.line, c.line) << c.text;
    EXPECT_EQ(found.column, c.column) << c.text;
    EXPECT_EQ(found.indicator, c.indicator) << c.text;
  }
}

// The second line of defence: the same texts given to the loader itself end (YAML::LoadAll would loop
// on them until memory ran out) with an exception or with `more` set, which the reader refuses.
TEST(YamlGuard, TheLoaderEndsOnEveryTextThatMadeLoadAllLoop) {
  const char* texts[] = {", a: b\n", "a: 1\n]\n", "a: [1, 2]]", "&b:,  a", "a: \"x\" ,", "- ]\n", ",", "\n,\n"};
  for (const char* t : texts) {
    bool refused = false;
    try {
      refused = load_first_yaml_document(t).more;
    } catch (const YAML::Exception&) {
      refused = true;
    }
    EXPECT_TRUE(refused) << t;
  }
  const FirstYamlDocument one = load_first_yaml_document("a: 1\nb: [2, 3]\n");
  EXPECT_FALSE(one.more);
  EXPECT_EQ(one.root["b"][1].as<int>(), 3);
  const FirstYamlDocument two = load_first_yaml_document("a: 1\n---\nb: 2\n");
  EXPECT_TRUE(two.more);
  EXPECT_EQ(two.second.line, 2);  // 0-based: the line of its first node
}

TEST(YamlGuard, LeavesScalarsCommentsFlowCollectionsAndBlockScalarsAlone) {
  const char* texts[] = {
      "a: [1, 2]\n",                      "a: b, c\n",       // a ',' inside a plain scalar
      "a: b ]\n",                         "a: b # , x\n",    // a plain scalar's ']'; a comment
      "a: [1,\n  2, # c, ]\n  3]\n",      "a: {x: [1, 2], y: \"]\"}\n",
      "a: 'x, ]'\n",                      "a: \"q\\\" ,\"\n",  // quotes, with escapes
      "- a, b\n- c]\n",                   "a: &x [1]\nb: *x\n",
      "a: |\n  , x\n  ]\nb: 1\n",         "a: >-\n  text, ]\n\nb: 2\n",  // block scalars
      "---\na: 1\n...\n",
  };
  for (const char* t : texts) EXPECT_FALSE(find_stray_flow_indicator(t).found) << t;
}

// yaml-cpp reads "a: 1\n  , x" as the plain scalar "1 , x" continued on the next line; the guard
// refuses it (it does not follow plain scalars across lines). Such a file is almost surely a typo,
// and the message says to quote the value if the ',' belongs to it.
TEST(YamlGuard, RefusesAContinuedPlainScalarThatStartsWithAnIndicator) {
  EXPECT_TRUE(find_stray_flow_indicator("a: 1\n  , x\n").found);
}

TEST(YamlGuard, EveryShippedModelFilePasses) {
  int files = 0;
  for (const char* folder : {"examples", "tests/data"}) {
    for (const auto& entry : std::filesystem::recursive_directory_iterator(std::string(STICKSLIP_SOURCE_DIR) + "/" + folder)) {
      if (entry.path().extension() != ".yaml") continue;
      std::ifstream in(entry.path());
      std::stringstream text;
      text << in.rdbuf();
      EXPECT_FALSE(find_yaml_text_problem(text.str()).found) << entry.path();
      ++files;
    }
  }
  EXPECT_GT(files, 10);
}

// "\0," made yaml-cpp 0.7 loop as the stray indicators do (make fuzz-ci, seed 1, input 13 985).
// YAML allows no control character but tab, line feed and carriage return (YAML 1.2 section 5.1),
// so every other one is refused where it stands, whatever follows it.
TEST(YamlGuard, RefusesEveryControlCharacterYamlDoesNotAllow) {
  for (int byte = 0; byte < 0x80; ++byte) {
    const bool control = (byte < 0x20 && byte != '\t' && byte != '\n' && byte != '\r') || byte == 0x7F;
    const std::string text = std::string("a: 1\nb: x") + static_cast<char>(byte) + "y\n";
    const YamlTextProblem problem = find_yaml_text_problem(text);
    EXPECT_EQ(problem.found, control) << "byte " << byte;
    if (!control) continue;
    EXPECT_EQ(problem.line, 2) << "byte " << byte;
    EXPECT_EQ(problem.column, 5) << "byte " << byte;
    EXPECT_NE(problem.message.find("control character"), std::string::npos) << problem.message;
  }
  EXPECT_TRUE(find_yaml_text_problem(std::string("\0,", 2)).found);
  EXPECT_FALSE(find_yaml_text_problem("a: \"\xC3\xA9t\xC3\xA9\"\r\n").found);  // UTF-8 and CRLF are text
  EXPECT_TRUE(find_yaml_text_problem("a: [1]]").found);                    // and the stray indicators
}

TEST(YamlGuard, AModelFileWithANulByteIsAnInputErrorAtItsLine) {
  test::TempDir dir;
  const std::string file = dir.write("model.yaml", std::string("name: m\n\0,\n", 11));
  try {
    read_model_file(file);
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), file);
    EXPECT_EQ(e.line(), 2);
    EXPECT_EQ(e.column(), 1);
    EXPECT_NE(std::string(e.what()).find("byte 0x00"), std::string::npos) << e.what();
  }
}

// A complex key made the key reader throw yaml-cpp's bad conversion out of read_model_file (the long
// fuzz run, input 67 415): a key that is a list or map is refused at its line, and so is nesting
// deeper than the limit, which also ends a walk through an alias of an ancestor.
TEST(YamlGuard, RefusesComplexKeysAndDeepNesting) {
  const YamlStructureProblem complex_key = find_yaml_structure_problem(YAML::Load("a: 1\nb:\n  ? [x, y]\n  : 2\n"));
  EXPECT_TRUE(complex_key.found);
  EXPECT_EQ(complex_key.mark.line, 2);  // 0-based
  EXPECT_NE(complex_key.message.find("a key must be a name"), std::string::npos);
  EXPECT_FALSE(find_yaml_structure_problem(YAML::Load("a: {b: [1, {c: 2}]}\n? d\n: 3\n")).found);
  const std::string deep = std::string(300, '[') + std::string(300, ']');
  EXPECT_TRUE(find_yaml_structure_problem(YAML::Load(deep)).found);
  EXPECT_FALSE(find_yaml_structure_problem(YAML::Load(std::string(100, '[') + std::string(100, ']'))).found);
}

TEST(YamlGuard, AModelFileWithAComplexKeyIsAnInputErrorAtItsLine) {
  test::TempDir dir;
  const std::string file = dir.write("model.yaml", "name: m\n? [of, system]\n: 1\n");
  try {
    read_model_file(file);
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), file);
    EXPECT_EQ(e.line(), 2);
    EXPECT_NE(std::string(e.what()).find("a key must be a name"), std::string::npos) << e.what();
  }
}

TEST(YamlGuard, AModelFileWithAStrayIndicatorIsAnInputErrorAtItsLine) {
  test::TempDir dir;
  const std::string file = dir.write("model.yaml", "name: m\nbodies:\n  - {name: b, mass: 1, inertia: 1}]\n");
  try {
    read_model_file(file);
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), file);
    EXPECT_EQ(e.line(), 3);
    EXPECT_EQ(e.column(), 35);
    EXPECT_NE(std::string(e.what()).find("']' outside every [ ] and { }"), std::string::npos) << e.what();
  }
}

// Ten aliases of ten aliases of ... ("billion laughs"): 607 bytes that yaml-cpp loads as a shared
// graph but every walk of the tree visits 9^9 times over. The structure check used to walk it so,
// and ran for ever (issue 37).
std::string billion_laughs() {
  std::string text = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n";
  for (char c = 'b'; c <= 'i'; ++c) {
    const char prev = static_cast<char>(c - 1);
    text += std::string(1, c) + ": &" + c + " [";
    for (int k = 0; k < 9; ++k) text += std::string(k ? ", " : "") + "*" + prev;
    text += "]\n";
  }
  return text;
}

// `levels` + 1 lists, each holding the previous one twice through aliases: 2^(levels + 3) nodes.
std::string doubling_chain(int levels) {
  std::string text = "l0: &l0 [x, x]\n";
  for (int k = 1; k <= levels; ++k) {
    const std::string prev = "l" + std::to_string(k - 1), name = "l" + std::to_string(k);
    text += name + ": &" + name + " [*" + prev + ", *" + prev + "]\n";
  }
  return text;
}

// The count is exact and costs one pass over the text: a chain of 2^63 nodes is counted, not walked
// (a walk would not end in the life of the machine), so the time is linear in the text whatever
// the expansion. The root map, one key per level and list L of 2^(L+2) − 1 nodes:
// 1 + Σ_{L=0..60} 2^(L+2) = 2^63 − 3.
TEST(YamlGuard, CountsTheExpandedNodesWithoutExpandingThem) {
  const YamlExpansion huge = measure_yaml_expansion(doubling_chain(60), UINT64_MAX, 1000);
  EXPECT_FALSE(huge.problem.found) << huge.problem.message;
  EXPECT_EQ(huge.nodes, (std::uint64_t{1} << 63) - 3);
  // A plain document: every map, list and scalar (keys included) once.
  EXPECT_EQ(measure_yaml_expansion("a: 1\nb: [2, 3]\nc: {d: 4}\n").nodes, 11u);  // 1 + (a, 1) + (b, [2, 3]: 3) + (c, {d: 4}: 3)
  // An alias counts as what it names: "&x [1, 2]" is 3 nodes, "*x" 3 more.
  EXPECT_EQ(measure_yaml_expansion("a: &x [1, 2]\nb: *x\n").nodes, 9u);
  EXPECT_EQ(measure_yaml_expansion("a: &s text\nb: *s\n").nodes, 5u);
}

TEST(YamlGuard, RefusesAliasBombsAtTheAliasThatCrossesTheCap) {
  const YamlExpansion laughs = measure_yaml_expansion(billion_laughs());
  ASSERT_TRUE(laughs.problem.found);
  EXPECT_NE(laughs.problem.message.find("more than 4000000 nodes"), std::string::npos) << laughs.problem.message;
  // 9^6 = 531 441 nodes through f, 9^7 through g: the cap is crossed inside g's list (line 7).
  EXPECT_EQ(laughs.problem.mark.line, 6);  // 0-based
  EXPECT_NE(laughs.problem.message.find("'*f'"), std::string::npos) << laughs.problem.message;
  const YamlExpansion chain = measure_yaml_expansion(doubling_chain(60));
  EXPECT_TRUE(chain.problem.found);
  EXPECT_LE(chain.nodes, 2 * kMaxYamlNodes);  // counting stopped at the cap
  // Below the cap, aliases are welcome.
  EXPECT_FALSE(measure_yaml_expansion(doubling_chain(15)).problem.found);
}

TEST(YamlGuard, RefusesAnAliasInsideWhatItNamesAndDepthThroughAliases) {
  const YamlExpansion cycle = measure_yaml_expansion("a: &x [1, *x]\n");
  ASSERT_TRUE(cycle.problem.found);
  EXPECT_NE(cycle.problem.message.find("cycle"), std::string::npos) << cycle.problem.message;
  EXPECT_EQ(cycle.problem.mark.column, 10);  // 0-based: the alias
  // 150 levels named once, then used 100 levels down: 250 levels once expanded.
  const std::string deep = "a: &a " + std::string(150, '[') + std::string(150, ']') + "\nb: " +
                           std::string(100, '[') + "*a" + std::string(100, ']') + "\n";
  const YamlExpansion through = measure_yaml_expansion(deep);
  ASSERT_TRUE(through.problem.found);
  EXPECT_NE(through.problem.message.find("deeper than 200"), std::string::npos) << through.problem.message;
  EXPECT_FALSE(measure_yaml_expansion("a: &a [[[1]]]\nb: [[*a]]\n").problem.found);
}

// The model reader refuses the bomb before anything walks the tree (the structure check, the
// sections), at the alias's line; so do changes by key path.
TEST(YamlGuard, AModelFileWithAnAliasBombIsAnInputErrorAtItsLine) {
  test::TempDir dir;
  const std::string file = dir.write("laughs.yaml", "name: m\n" + billion_laughs());
  try {
    read_model_file(file);
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), file);
    EXPECT_EQ(e.line(), 8);
    EXPECT_NE(std::string(e.what()).find("aliases are expanded"), std::string::npos) << e.what();
  }
  ModelDocument doc = ModelDocument::read(test::source_path("examples/simple_pendulum/simple_pendulum.yaml"));
  EXPECT_THROW(doc.set("description", YAML::Load(billion_laughs())), InputError);
}

// The walk of a tree built by other means stops at the cap too.
TEST(YamlGuard, TheStructureWalkStopsAtTheNodeCap) {
  const YAML::Node chain = YAML::Load(doubling_chain(40));  // a shared graph: cheap to build
  const YamlStructureProblem problem = find_yaml_structure_problem(chain, kMaxYamlDepth, 1000);
  ASSERT_TRUE(problem.found);
  EXPECT_NE(problem.message.find("more than 1000 nodes"), std::string::npos) << problem.message;
}

}  // namespace yaml_guard_test
}  // namespace stickslip
