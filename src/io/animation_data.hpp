// The data embedded in an animation page (docs/animation-format.md): a scene, the results
// decimated to a frame rate, the event log, the contact points found during the run, and the
// result columns for the page's readout.
#pragma once

#include <string>
#include <vector>

#include "io/animation_scene.hpp"
#include "io/result_table.hpp"

namespace stickslip {

struct AnimationOptions {
  double fps = 30;             // frames per simulated second; 0 keeps every row
  std::string initial_column;  // the column the page shows first (empty: its default)
  std::string results_file, model_file;  // recorded in the data, for the page's title
  // Bits per number of the per-frame channels: 64 exact, 32 single precision (half the size).
  int precision = 64;
  // Shell patterns (crank.*) of the result columns embedded for the readout; empty: all.
  std::vector<std::string> readout_columns;
  bool autoplay = true;        // the page starts playing when opened
  // The longest data a page can hold: a browser's JavaScript strings end at about 2^29 characters
  // (V8: 536 870 888), and the page reads its data as one.
  std::size_t max_data_chars = 500'000'000;
};

// The rows that become frames: for each frame time t0 + k/fps the first row at or after it, and
// always the first and the last row (fps = 0: every row). Rows are never interpolated, so a frame
// holds exactly the numbers of its row.
std::vector<std::size_t> frame_rows(const std::vector<double>& t, double fps);

// The data as JSON text. Throws InputError (naming the results file) when a column the scene
// needs is missing: body poses (planar <b>.x .y .theta; spatial <b>.x .y .z .qw .qx .qy .qz) and
// contact forces and states (<c>.state .fn and planar .ft, spatial .ft1 .ft2), and when the data
// would exceed options.max_data_chars (saying how to make it smaller).
std::string animation_data_json(const Scene& scene, const ResultTable& results, const std::vector<EventLogRow>& events,
                                const AnimationOptions& options, const ContactPoints& points = {});

}  // namespace stickslip
