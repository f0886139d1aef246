// The near-miss suggestions of messages about unknown names: one edit for short names, more for long
// ones, a swap of neighbours counting one, case ignored, and nothing when no name is that near.
#include "math/nearest_name.hpp"

#include <gtest/gtest.h>

namespace stickslip {
namespace nearest_name_test {

const std::vector<std::string> kBodyKeys{"name", "motion", "mass", "inertia", "position", "angle", "velocity",
                                         "angular_velocity"};

TEST(NearestName, OneEditForShortNamesMoreForLongOnes) {
  EXPECT_EQ(nearest_name("mas", kBodyKeys), "mass");               // a deletion
  EXPECT_EQ(nearest_name("masss", kBodyKeys), "mass");             // an insertion
  EXPECT_EQ(nearest_name("mess", kBodyKeys), "mass");              // a substitution
  EXPECT_EQ(nearest_name("amss", kBodyKeys), "mass");              // a swap of neighbours: one edit
  EXPECT_EQ(nearest_name("Mass", kBodyKeys), "mass");              // case is ignored
  EXPECT_EQ(nearest_name("intertia", kBodyKeys), "inertia");       // up to eight characters: two edits
  EXPECT_EQ(nearest_name("angular_velocty", kBodyKeys), "angular_velocity");
  EXPECT_EQ(nearest_name("angulr_velocty", kBodyKeys), "angular_velocity");  // two edits of a long name
  EXPECT_EQ(nearest_name("mss", kBodyKeys), "mass");
  EXPECT_EQ(nearest_name("ms", kBodyKeys), "");                    // two edits of a short name: too far
  EXPECT_EQ(nearest_name("colour", kBodyKeys), "");
  EXPECT_EQ(nearest_name("", kBodyKeys), "");
  EXPECT_EQ(nearest_name("mass", {}), "");
}

TEST(NearestName, TiesGoToTheFirstAndTheNearestWins) {
  EXPECT_EQ(nearest_name("ab", {"ax", "ay"}), "ax");
  EXPECT_EQ(nearest_name("abcdef", {"abcxyz", "abcdeg"}), "abcdeg");  // one edit beats three
}

TEST(NearestName, MessagesWords) {
  EXPECT_EQ(did_you_mean("mas", kBodyKeys), "did you mean 'mass'? ");
  EXPECT_EQ(did_you_mean("colour", kBodyKeys), "");
  EXPECT_EQ(name_list({"a", "b", "c"}), "a, b, c");
  EXPECT_EQ(name_list({"a", "b", "c"}, 2), "a, b, ... (3 in all)");
}

}  // namespace nearest_name_test
}  // namespace stickslip
