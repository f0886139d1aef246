#include "laws/parameter.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <limits>

namespace stickslip::laws {
namespace parameter_test {

constexpr std::array kSpecs{
    ParamSpec{"K", "N/m^n", "stiffness", std::nullopt, Bound::positive()},
    ParamSpec{"n", "-", "exponent", 1.5, Bound::at_least(1.0)},
    ParamSpec{"e", "-", "restitution", std::nullopt, Bound::open_closed(0.0, 1.0)},
};

TEST(Bound, ContainsAndDescribe) {
  EXPECT_TRUE(Bound::positive().contains(1e-300));
  EXPECT_FALSE(Bound::positive().contains(0.0));
  EXPECT_TRUE(Bound::non_negative().contains(0.0));
  EXPECT_FALSE(Bound::non_negative().contains(-1e-300));
  EXPECT_TRUE(Bound::open_closed(0, 1).contains(1.0));
  EXPECT_FALSE(Bound::open_closed(0, 1).contains(0.0));
  EXPECT_TRUE(Bound::closed(0, 1).contains(0.0));
  EXPECT_TRUE(Bound::any().contains(-5.0));
  const double inf = std::numeric_limits<double>::infinity();
  for (const Bound b : {Bound::any(), Bound::positive(), Bound::non_negative()}) {
    EXPECT_FALSE(b.contains(std::nan("")));
    EXPECT_FALSE(b.contains(inf));
  }
  EXPECT_EQ(Bound::positive().describe(), "> 0");
  EXPECT_EQ(Bound::non_negative().describe(), ">= 0");
  EXPECT_EQ(Bound::at_least(1.0).describe(), ">= 1");
  EXPECT_EQ(Bound::open_closed(0, 1).describe(), "in (0, 1]");
  EXPECT_EQ(Bound::closed(0, 1).describe(), "in [0, 1]");
  EXPECT_EQ(Bound::any().describe(), "finite");
}

TEST(ResolveParameters, FillsDefaultsAndKeepsGivenValues) {
  const auto v = resolve_parameters("test_law", kSpecs, {{"K", 1e9}, {"e", 0.9}});
  EXPECT_EQ(v.size(), 3u);
  EXPECT_EQ(parameter_value(v, "K"), 1e9);
  EXPECT_EQ(parameter_value(v, "n"), 1.5);
  EXPECT_EQ(parameter_value(v, "e"), 0.9);
  const auto w = resolve_parameters("test_law", kSpecs, {{"K", 1e9}, {"e", 0.9}, {"n", 1.0}});
  EXPECT_EQ(parameter_value(w, "n"), 1.0);
}

// Each rejection names the offending key, so the io layer can point at it in the model file.
TEST(ResolveParameters, RejectsUnknownMissingAndOutOfBoundNamingTheKey) {
  auto key_of = [](const ParamValues& values) -> std::string {
    try {
      resolve_parameters("test_law", kSpecs, values);
    } catch (const ParameterError& e) {
      EXPECT_NE(std::string(e.what()).find(e.parameter()), std::string::npos);
      EXPECT_NE(e.message().find("test_law"), std::string::npos);
      return e.parameter();
    }
    return "(no error)";
  };
  EXPECT_EQ(key_of({{"K", 1e9}, {"e", 0.9}, {"k", 1.0}}), "k");         // unknown (case matters)
  EXPECT_EQ(key_of({{"e", 0.9}}), "K");                                  // missing required
  EXPECT_EQ(key_of({{"K", -1.0}, {"e", 0.9}}), "K");                     // out of bound
  EXPECT_EQ(key_of({{"K", 1.0}, {"e", 0.0}}), "e");                      // open end of (0, 1]
  EXPECT_EQ(key_of({{"K", 1.0}, {"e", 0.5}, {"n", 0.5}}), "n");          // given below the bound
  EXPECT_EQ(key_of({{"K", std::nan("")}, {"e", 0.5}}), "K");             // NaN
}

TEST(ParameterError, CarriesKeyAndMessage) {
  const ParameterError e("mu_s", "must be >= mu_k");
  EXPECT_EQ(e.parameter(), "mu_s");
  EXPECT_EQ(e.message(), "must be >= mu_k");
  EXPECT_EQ(std::string(e.what()), "parameter 'mu_s': must be >= mu_k");
  EXPECT_THROW(parameter_value(ParamValues{}, "x"), ParameterError);
  EXPECT_EQ(check_parameter("l", kSpecs[0], 2.0), 2.0);
  EXPECT_THROW(check_parameter("l", kSpecs[0], 0.0), ParameterError);
}

}  // namespace parameter_test
}  // namespace stickslip::laws
