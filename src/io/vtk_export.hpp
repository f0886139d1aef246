// The run as a ParaView time series (`stickslip view --format vtk`): a collection file NAME.pvd
// listing, per frame, NAME_vtk/bodies_K.vtu (every body's shapes as triangles in the global frame,
// cell data `body`: the body's index, 0 the ground) and NAME_vtk/contacts_K.vtu (one vertex per
// contact point, point data `contact`, `state`, `fn`, `normal_force`, `friction_force`). VTK's XML
// formats, binary arrays inline (base64, UInt64 headers). docs/animation-format.md, "ParaView".
#pragma once

#include <string>
#include <vector>

#include "io/animation_data.hpp"

namespace stickslip {

struct VtkSeries {
  std::size_t frames = 0;
  std::size_t files = 0;    // .vtu files written
  std::string folder;       // where they are
};

// Frames are chosen as for the animation page (options.fps, whole rows). Throws InputError when the
// results lack a column the scene needs, OutputError when a file cannot be written.
VtkSeries write_vtk_series(const Scene& scene, const ResultTable& results, const std::vector<EventLogRow>& events,
                           const AnimationOptions& options, const std::string& pvd_path);

}  // namespace stickslip
