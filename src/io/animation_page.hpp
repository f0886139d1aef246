// The animation page `stickslip view` writes: one self-contained HTML file (styles, scripts and
// data inlined; it loads nothing). Its front end is built from viewer/src into viewer/dist and
// compiled into the library (docs/architecture.md).
#pragma once

#include <string>

#include "io/animation_scene.hpp"

namespace stickslip {

// The page around the animation data (animation_data_json); spatial data also gets the 3-D
// renderer (three.js).
std::string animation_page(const std::string& data_json, SceneDimension dimension);

}  // namespace stickslip
