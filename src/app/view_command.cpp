// `stickslip view RESULTS.csv --model MODEL.yaml -o ANIM.html`: writes an animation of a run as one
// self-contained HTML page (docs/cli.md, section "stickslip view").
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <limits>
#include <optional>

#include "app/commands.hpp"
#include "io/animation_data.hpp"
#include "io/animation_page.hpp"
#include "io/event_log_writer.hpp"
#include "io/model_file.hpp"
#include "io/output_file.hpp"
#include "io/vtk_export.hpp"

namespace stickslip::app {
namespace {

struct ViewArgs {
  std::string results, model, output, events, column, format = "html", readout, contact_points;
  double fps = 30;
  int precision = 64;
  std::size_t every = 1, max_frames = 0;
  double max_size_mb = 250;
  bool no_events = false, no_contact_points = false, paused = false;
};

std::string default_output(const std::string& results, const std::string& format) {
  std::filesystem::path p(results);
  return p.replace_extension(format == "vtk" ? ".pvd" : ".html").string();
}

std::vector<std::string> split_patterns(const std::string& list) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= list.size()) {
    const std::size_t end = std::min(list.find(',', start), list.size());
    std::string p = list.substr(start, end - start);
    p.erase(0, p.find_first_not_of(' '));
    p.erase(p.find_last_not_of(' ') + 1);
    if (!p.empty()) out.push_back(p);
    start = end + 1;
  }
  return out;
}

// Writes `text` to `path`, every write, the fsync and the close checked; false (and a message) when
// it cannot.
// The same words as the Python reader's (python/stickslip/results_file.py).
void warn_if_cut(const std::string& file, int dropped_line) {
  if (dropped_line > 0)
    std::cerr << "warning: " << file << ": line " << dropped_line
              << " is an incomplete row: dropped (the run was stopped while writing it)\n";
}

bool write_file(const std::string& path, const std::string& text) {
  try {
    OutputFile f;
    f.create(path);
    f.write(text);
    f.close();
  } catch (const OutputError& e) {
    std::cerr << "error: " << e.what() << "\n";
    return false;
  }
  return true;
}

int view(const ViewArgs& a) {
  const std::string out = a.output.empty() ? default_output(a.results, a.format) : a.output;
  const std::string events_path = a.events.empty() ? event_log_path(a.results) : a.events;
  const std::string points_path = a.contact_points.empty() ? contact_points_path(a.results) : a.contact_points;
  if (const std::string clash = output_clash({a.results, a.model, events_path, points_path}, {out},
                                             "the results, the model, the event log or the contact points", "-o");
      !clash.empty()) {
    std::cerr << "error: " << clash << "\n";
    return kExitBadInput;
  }
  std::string page;
  std::size_t frames = 0, rows = 0;
  double t0 = 0, t1 = 0;
  try {
    const ModelFile mf = read_model_file(a.model);
    const Scene scene = scene_from_model(mf.model);
    const ResultTable results = read_result_table(a.results);
    warn_if_cut(a.results, results.dropped_line);
    // The event log: given, or the one `stickslip run` writes beside its results, if there.
    std::vector<EventLogRow> events;
    if (!a.no_events && (!a.events.empty() || std::filesystem::exists(events_path))) {
      int dropped = 0;
      events = read_event_log(events_path, &dropped);
      warn_if_cut(events_path, dropped);
    }
    if (!a.column.empty() && (a.column == "t" || results.index(a.column) < 0)) {
      std::cerr << "error: --column: no column '" << a.column << "' in " << a.results << "\n";
      return kExitBadInput;
    }
    AnimationOptions options;
    options.fps = a.fps;
    options.initial_column = a.column;
    options.results_file = a.results;
    options.model_file = a.model;
    options.precision = a.precision;
    options.readout_columns = split_patterns(a.readout);
    options.autoplay = !a.paused;
    options.every = a.every;
    options.max_frames = a.max_frames;
    options.max_data_chars = static_cast<std::size_t>(a.max_size_mb * 1e6);
    const std::vector<double>& t = results.column("t", "the time");
    if (a.format == "vtk") {
      const VtkSeries series = write_vtk_series(scene, results, events, options, out);
      std::printf("wrote %s: %zu frames from %zu rows, t = %g .. %g s (%zu files beside it in %s)\n", out.c_str(),
                  series.frames, results.rows(), t.front(), t.back(), series.files, series.folder.c_str());
      return kExitOk;
    }
    // The contact points: given, or the file `stickslip run` writes beside its results, if there.
    ContactPoints points;
    if (!a.no_contact_points && (!a.contact_points.empty() || std::filesystem::exists(points_path))) {
      int dropped = 0;
      std::vector<std::string> shape_names;
      for (const BodyShape& s : mf.model.shapes) shape_names.push_back(s.name);
      points = read_contact_points(points_path, &dropped, &shape_names);
      warn_if_cut(points_path, dropped);
    }
    const AnimationData data = animation_data(scene, results, events, options, points);
    if (data.visuals_dropped) {
      std::cerr << "note: the bodies' visuals would make more than --max-size " << a.max_size_mb
                << " MB of data with the first and last frame alone: drawn by their collision shapes instead\n";
    }
    if (data.thinned_every > 1) {
      const std::size_t bodies = scene.bodies.size() - 1;  // the ground is body 0
      std::cerr << "note: " << bodies << (bodies == 1 ? " body" : " bodies") << " over " << data.chosen_frames << " frames would make "
                << megabytes(data.chosen_chars) << " MB of data, more than --max-size " << a.max_size_mb
                << " MB: kept one frame in " << data.thinned_every << " (" << data.rows.size() << " frames, "
                << megabytes(data.json.size()) << " MB); choose the frames with --fps, --every or --max-frames\n";
    }
    page = animation_page(data.json, scene.dimension);
    rows = results.rows();
    frames = data.rows.size();
    t0 = t.front();
    t1 = t.back();
  } catch (const InputError& e) {
    std::cerr << "error: " << e.what() << "\n";
    return kExitBadInput;
  } catch (const OutputError& e) {
    std::cerr << "error: " << e.what() << "\n";
    return kExitIoError;
  }
  if (!write_file(out, page)) return kExitIoError;
  std::printf("wrote %s: %zu frames from %zu rows, t = %g .. %g s\n", out.c_str(), frames, rows, t0, t1);
  return kExitOk;
}

}  // namespace

void add_view_command(CLI::App& cli, int& exit_code) {
  auto a = std::make_shared<ViewArgs>();
  auto* sub = cli.add_subcommand("view", "Write an animation of a run as one self-contained HTML page");
  sub->add_option("results", a->results, "Result CSV file (from stickslip run)")->required();
  sub->add_option("--model,-m", a->model, "The model file the results were computed from")->required();
  sub->add_option("-o,--output", a->output, "Output HTML file (default: the results' path with .html)");
  sub->add_option("--fps", a->fps, "Frames kept per simulated second (0: every row)")
      ->check(finite_number(0.0, false, "a finite number >= 0"))
      ->capture_default_str();
  sub->add_option("--every", a->every, "Keep every k-th of the frames --fps chooses (the first and last always)")
      ->check(CLI::Range(std::size_t{1}, std::numeric_limits<std::size_t>::max()))
      ->capture_default_str();
  sub->add_option("--max-frames", a->max_frames, "At most this many frames, spread evenly over the run (0: no limit)")
      ->check(CLI::Range(std::size_t{0}, std::numeric_limits<std::size_t>::max()))
      ->capture_default_str();
  sub->add_option("--max-size", a->max_size_mb,
                  "Largest page data in MB (at most 500, a browser's limit): beyond it every k-th frame is kept, with a note")
      ->check(CLI::Range(1e-3, kMaxPageDataChars / 1e6))
      ->capture_default_str();
  sub->add_option("--column", a->column, "Result column shown as a number at start (any can be chosen in the page)");
  sub->add_option("--events", a->events, "Event log (default: RESULTS.events.csv beside the results, if there)");
  sub->add_flag("--no-events", a->no_events, "Leave the event log out");
  sub->add_option("--contact-points", a->contact_points,
                  "Contact points that come and go (t,pair,point,x,y,z,nx,ny,nz,fn,ftx,fty,ftz,state), drawn with the model's "
                  "contacts (default: RESULTS.points.csv beside the results, if there)");
  sub->add_flag("--no-contact-points", a->no_contact_points, "Leave the contact points file out");
  sub->add_option("--format", a->format, "html: one animation page; vtk: a ParaView time series (.pvd and .vtu files)")
      ->check(CLI::IsMember({"html", "vtk"}))
      ->capture_default_str();
  sub->add_option("--precision", a->precision, "Bits per number of the animated values: 64 (exact) or 32 (half the size)")
      ->check(CLI::IsMember({32, 64}))
      ->capture_default_str();
  sub->add_option("--readout", a->readout, "Columns (comma-separated names or patterns) the page can show as numbers (default: all)");
  sub->add_flag("--paused", a->paused, "The page opens paused at the start (by default it starts playing)");
  sub->callback([a, &exit_code] { exit_code = view(*a); });
}

}  // namespace stickslip::app
