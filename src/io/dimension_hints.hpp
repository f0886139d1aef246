// Spatial keys and values met in a planar model (the default dimension): the error says the model is
// planar and names `dimension: spatial`, where a bare "unknown key" or "expected [x, y]" would leave
// the reader to guess.
#pragma once

#include <initializer_list>

#include "io/yaml_reader.hpp"
#include "math/types.hpp"

namespace stickslip {

// Fails at the first of `keys` that the map `f` has.
void refuse_spatial_keys(const YamlField& f, std::initializer_list<const char*> keys);

// f.as_vec2(), where three numbers fail with the hint.
Vec2 planar_vec2(const YamlField& f);

// Fails with the hint when `f` is a list of three numbers where a planar model takes one number
// (an inertia, an angular velocity).
void refuse_spatial_vector(const YamlField& f);

}  // namespace stickslip
