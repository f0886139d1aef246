// `stickslip view RESULTS.csv --model MODEL.yaml -o ANIM.html`: writes an animation of a run as one
// self-contained HTML page (docs/cli.md, section "stickslip view").
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <optional>

#include "app/commands.hpp"
#include "io/animation_data.hpp"
#include "io/animation_page.hpp"
#include "io/event_log_writer.hpp"
#include "io/model_file.hpp"
#include "io/output_file.hpp"

namespace stickslip::app {
namespace {

struct ViewArgs {
  std::string results, model, output, events, column;
  double fps = 30;
  bool no_events = false;
};

std::string default_output(const std::string& results) {
  std::filesystem::path p(results);
  return p.replace_extension(".html").string();
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
  const std::string out = a.output.empty() ? default_output(a.results) : a.output;
  const std::string events_path = a.events.empty() ? event_log_path(a.results) : a.events;
  if (const std::string clash = output_clash({a.results, a.model, events_path}, {out},
                                             "the results, the model or the event log", "-o");
      !clash.empty()) {
    std::cerr << "error: " << clash << "\n";
    return kExitBadInput;
  }
  std::string page;
  std::size_t frames = 0, rows = 0;
  double t0 = 0, t1 = 0;
  try {
    const ModelFile mf = read_model_file(a.model);
    if (mf.model.dimension == Dimension::spatial) {
      throw locate_model_error(a.model, ModelError("dimension", "stickslip view does not draw spatial models yet "
                                                                "(issue 11, stage S5); plot their columns with stickslip plot"));
    }
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
    page = animation_page(animation_data_json(scene, results, events, options), scene.dimension);
    const std::vector<double>& t = results.column("t", "the time");
    rows = results.rows();
    frames = frame_rows(t, a.fps).size();
    t0 = t.front();
    t1 = t.back();
  } catch (const InputError& e) {
    std::cerr << "error: " << e.what() << "\n";
    return kExitBadInput;
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
  sub->add_option("--column", a->column, "Result column shown as a number at start (any can be chosen in the page)");
  sub->add_option("--events", a->events, "Event log (default: RESULTS.events.csv beside the results, if there)");
  sub->add_flag("--no-events", a->no_events, "Leave the event log out");
  sub->callback([a, &exit_code] { exit_code = view(*a); });
}

}  // namespace stickslip::app
