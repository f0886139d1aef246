// The animation page `stickslip view` writes: one self-contained HTML file (styles, scripts and
// data inlined; it loads nothing). Its front end is built from viewer/src into viewer/dist and
// compiled into the library (docs/architecture.md).
#pragma once

#include <string>
#include <vector>

#include "io/animation_data.hpp"
#include "io/animation_scene.hpp"

namespace stickslip {

// The page around the animation data (animation_data_json); spatial data also gets the 3-D
// renderer (three.js).
std::string animation_page(const std::string& data_json, SceneDimension dimension);

// The whole page of a run of `model` (planar or spatial): what `stickslip view` writes, for callers
// that hold the model and the results in memory (a notebook's display of a run). Throws InputError
// when the results lack a column the scene needs.
std::string animation_html(const Model& model, const ResultTable& results, const std::vector<EventLogRow>& events,
                           const AnimationOptions& options, const ContactPoints& points = {});

}  // namespace stickslip
