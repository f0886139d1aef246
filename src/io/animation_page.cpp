#include "io/animation_page.hpp"

#include <stdexcept>

#include "io/viewer_assets.hpp"

namespace stickslip {
namespace {

template <std::size_t N>
std::string join(const char* const (&chunks)[N]) {
  std::string s;
  for (const char* c : chunks) s += c;
  return s;
}

// Replaces the one occurrence of `marker` in `page`.
void fill(std::string& page, const std::string& marker, const std::string& text) {
  const std::size_t at = page.find(marker);
  if (at == std::string::npos) throw std::logic_error("viewer page template lacks " + marker);
  page.replace(at, marker.size(), text);
}

}  // namespace

std::string animation_page(const std::string& data_json, SceneDimension dimension) {
  std::string page = join(viewer_assets::kPage);
  // The 3-D script goes in first: the data's size does not matter to the search for its marker.
  fill(page, "<!--VIEW3D-->",
       dimension == SceneDimension::spatial ? "<script>\n" + join(viewer_assets::kView3d) + "\n</script>" : "");
  fill(page, "<!--DATA-->", "<script type=\"application/json\" id=\"stickslip-data\">" + data_json + "</script>");
  return page;
}

}  // namespace stickslip

namespace stickslip {

std::string animation_html(const Model& model, const ResultTable& results, const std::vector<EventLogRow>& events,
                           const AnimationOptions& options, const ContactPoints& points) {
  const Scene scene = scene_from_model(model);
  return animation_page(animation_data_json(scene, results, events, options, points), scene.dimension);
}

}  // namespace stickslip
