#include "io/dimension_hints.hpp"

#include <string>

namespace stickslip {
namespace {

const char* const kHint = "this model is planar (the default); for a spatial model put 'dimension: spatial' at the "
                          "top of the file";

}  // namespace

void refuse_spatial_keys(const YamlField& f, std::initializer_list<const char*> keys) {
  if (!f.is_map()) return;
  for (const char* key : keys) {
    if (f.has(key)) f.at(key).fail(std::string("'") + key + "' is a key of spatial models: " + kHint);
  }
}

Vec2 planar_vec2(const YamlField& f) {
  if (f.is_sequence() && f.size() == 3) f.fail(std::string("three numbers where a planar model takes two: ") + kHint);
  return f.as_vec2();
}

void refuse_spatial_vector(const YamlField& f) {
  if (f.is_sequence() && f.size() == 3) f.fail(std::string("three numbers where a planar model takes one: ") + kHint);
}

}  // namespace stickslip
