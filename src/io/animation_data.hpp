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
  std::size_t every = 1;       // keep every k-th of the frames fps chooses (the first and last always)
  std::size_t max_frames = 0;  // at most this many frames, evenly spread over the chosen ones (0: no limit)
  // The largest data a page gets: beyond it, frames are thinned in time (every k-th kept) until the
  // data fits. At most kMaxPageDataChars.
  std::size_t max_data_chars = 250'000'000;
};

// A browser's JavaScript strings end at about 2^29 characters (V8: 536 870 888), and the page reads
// its data as one: no page holds more.
inline constexpr std::size_t kMaxPageDataChars = 500'000'000;

// The data of a page and the frames it holds.
struct AnimationData {
  std::string json;
  std::vector<std::size_t> rows;  // the result rows that became frames
  std::size_t chosen_frames = 0;  // the frames fps, every and max_frames chose
  std::size_t thinned_every = 1;  // > 1: only every k-th of those was kept, so that the data fits
  std::size_t chosen_chars = 0;   // when thinned: the size the data would have had with every chosen frame (estimated)
  bool visuals_dropped = false;   // the visuals alone would have exceeded the limit: left out
};

// The rows that become frames: for each frame time t0 + k/fps the first row at or after it, and
// always the first and the last row (fps = 0: every row). Rows are never interpolated, so a frame
// holds exactly the numbers of its row.
std::vector<std::size_t> frame_rows(const std::vector<double>& t, double fps);

// The rows of frame_rows(t, options.fps), then every options.every-th of them (and the last), then at
// most options.max_frames of those spread evenly (the first and last kept).
std::vector<std::size_t> chosen_rows(const std::vector<double>& t, const AnimationOptions& options);

// A size in characters as megabytes, three significant digits (for messages).
std::string megabytes(std::size_t chars);

// rows[0], rows[k], rows[2k], ... and the last row.
std::vector<std::size_t> every_kth(const std::vector<std::size_t>& rows, std::size_t k);

// The data as JSON text, on the chosen rows thinned in time (every k-th frame) when it would exceed
// options.max_data_chars; without the bodies' visuals when they alone take the first and last frame
// over it. Throws InputError (naming the results file) when a column the scene needs
// is missing: body poses (planar <b>.x .y .theta; spatial <b>.x .y .z .qw .qx .qy .qz) and contact
// forces and states (<c>.state .fn and planar .ft, spatial .ft1 .ft2), and when even the first and
// last frame alone exceed the limit (saying how to make the data smaller).
AnimationData animation_data(const Scene& scene, const ResultTable& results, const std::vector<EventLogRow>& events,
                             const AnimationOptions& options, const ContactPoints& points = {});

// animation_data(...).json.
std::string animation_data_json(const Scene& scene, const ResultTable& results, const std::vector<EventLogRow>& events,
                                const AnimationOptions& options, const ContactPoints& points = {});

}  // namespace stickslip
