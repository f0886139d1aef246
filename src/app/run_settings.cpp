#include "app/run_settings.hpp"

#include <array>
#include <filesystem>
#include <limits>

#include "app/commands.hpp"
#include "io/model_file.hpp"
#include "io/run_options.hpp"

namespace stickslip::app {

void add_run_options(CLI::App& sub, RunSettings& a) {
  const auto any = finite_number(-std::numeric_limits<double>::infinity(), false, "a finite number");
  const auto positive = finite_number(0.0, true, "a finite number > 0");
  const auto non_negative = finite_number(0.0, false, "a finite number >= 0");
  sub.add_option("model", a.model, "Model file (YAML)")->required();
  sub.add_option("-o,--output", a.output,
                 "Results file (default: the model file's stem + .csv or .npy, in the current folder)");
  sub.add_option("--format", a.format, "csv (text) or npy (NumPy binary, for big runs); default: from -o's extension")
      ->check(CLI::IsMember({"csv", "npy"}));
  sub.add_option("--scheme", a.scheme, "compliant, event-driven or time-stepping")
      ->check(CLI::IsMember({"compliant", "event-driven", "time-stepping"}));
  sub.add_option("--integrator", a.integrator,
                 "auto (default: dopri5, bdf for stiff spring-dampers), rk4 (fixed step), dopri5 (adaptive) or bdf "
                 "(implicit, stiff)")
      ->check(CLI::IsMember({"auto", "rk4", "dopri5", "bdf"}));
  sub.add_option("--dt", a.dt, "Step: fixed step of rk4 and time-stepping, first step of dopri5 and bdf")
      ->check(positive);
  sub.add_option("--t-end", a.t_end, "End time [s]")->check(any);
  sub.add_option("--rtol", a.rtol, "Relative tolerance of dopri5 and bdf")->check(positive);
  sub.add_option("--atol", a.atol, "Absolute tolerance of dopri5 and bdf")->check(positive);
  sub.add_option("--output-interval", a.output_interval, "Time between output rows [s] (0: every step)")
      ->check(non_negative);
  sub.add_option("--output-every", a.output_every, "Write only every N-th of those rows (first and last always)")
      ->check(CLI::Range(1L, std::numeric_limits<long>::max()));
  sub.add_option("--baumgarte", a.baumgarte, "Baumgarte alpha,beta of Φ̈ + αΦ̇ + βΦ = 0 (both >= 0)")
      ->delimiter(',')->expected(2)->check(non_negative);
  sub.add_flag("--projection", a.projection,
               "Project positions (and, except under time-stepping, velocities) onto the constraints after each step");
  sub.add_option("--checkpoint-every", a.checkpoint_every,
                 "Write a checkpoint every T seconds of simulated time (continue with `stickslip resume`)")
      ->check(positive);
  sub.add_option("--checkpoint", a.checkpoint, "Checkpoint file (default: the results file with .checkpoint)");
  sub.add_flag("--no-contact-points", a.no_contact_points,
               "No file of the contact points between shapes beside the results (RESULTS.points.csv or .npy)");
}

void add_session_options(CLI::App& sub, SessionSettings& s) {
  sub.add_flag("-q,--quiet", s.quiet, "No progress and no warnings");
  sub.add_option("--progress", s.progress_every,
                 "Off a terminal: a progress line every SECONDS (on a terminal a progress bar is shown anyway)")
      ->check(finite_number(0.0, true, "a finite number > 0"));
  sub.add_option("--max-wall", s.max_wall, "Stop cleanly after SECONDS of wall time (exit status 4)")
      ->check(finite_number(0.0, true, "a finite number > 0"));
  sub.add_option("--dump-unconverged", s.dump_unconverged,
                 "Time-stepping: write each contact problem left above the tolerance into FOLDER/step_N/ "
                 "(.npy tables and problem.json; at most 100)");
}

// The options shared with Python and sweep files go through apply_run_options (io/run_options.hpp),
// so a run means the same everywhere; decimation and checkpoints are the command line's own.
void apply_settings(const RunSettings& a, SimulationOptions& o) {
  RunOptions r;
  if (!a.scheme.empty()) r.scheme = a.scheme;
  if (!a.integrator.empty()) r.integrator = a.integrator;
  r.dt = a.dt;
  r.t_end = a.t_end;
  r.rtol = a.rtol;
  r.atol = a.atol;
  r.output_interval = a.output_interval;
  if (a.baumgarte.size() == 2) r.baumgarte = std::array<double, 2>{a.baumgarte[0], a.baumgarte[1]};
  r.projection = a.projection;
  apply_run_options(r, o);
  if (a.output_every) o.output_every = *a.output_every;
  if (a.checkpoint_every) o.checkpoint_interval = *a.checkpoint_every;
}

namespace {

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace

std::string output_format(const RunSettings& s) {
  if (!s.format.empty()) return s.format;
  return ends_with(s.output, ".npy") ? "npy" : "csv";
}

std::string output_path(const RunSettings& s) {
  if (!s.output.empty()) return s.output;
  return std::filesystem::path(s.model).stem().string() + "." + output_format(s);
}

std::string checkpoint_path(const RunSettings& s) {
  if (!s.checkpoint.empty()) return s.checkpoint;
  std::filesystem::path p = output_path(s);
  return p.replace_extension(".checkpoint").string();
}

namespace {

void put_optional(Snapshot& snapshot, const std::string& key, const std::optional<double>& v) {
  snapshot.put_reals(key, v ? std::vector<double>{*v} : std::vector<double>{});
}

std::optional<double> get_optional(const Snapshot& snapshot, const std::string& key) {
  const auto& v = snapshot.reals(key);
  if (v.size() > 1) throw SnapshotError("checkpoint entry '" + key + "' has more than one value");
  return v.empty() ? std::nullopt : std::optional<double>(v[0]);
}

}  // namespace

// Paths are stored absolute, so that `resume` works from any folder.
void save_settings(Snapshot& snapshot, const RunSettings& s) {
  const auto absolute = [](const std::string& p) { return std::filesystem::absolute(p).string(); };
  snapshot.put_text("app.run.model", absolute(s.model));
  snapshot.put_text("app.run.output", absolute(output_path(s)));
  snapshot.put_text("app.run.format", output_format(s));
  snapshot.put_text("app.run.checkpoint", absolute(checkpoint_path(s)));
  snapshot.put_text("app.run.integrator", s.integrator);
  snapshot.put_text("app.run.scheme", s.scheme);
  put_optional(snapshot, "app.run.dt", s.dt);
  put_optional(snapshot, "app.run.t_end", s.t_end);
  put_optional(snapshot, "app.run.rtol", s.rtol);
  put_optional(snapshot, "app.run.atol", s.atol);
  put_optional(snapshot, "app.run.output_interval", s.output_interval);
  put_optional(snapshot, "app.run.checkpoint_every", s.checkpoint_every);
  snapshot.put_integers("app.run.output_every",
                        s.output_every ? std::vector<std::int64_t>{*s.output_every} : std::vector<std::int64_t>{});
  snapshot.put_reals("app.run.baumgarte", s.baumgarte);
  snapshot.put_integer("app.run.projection", s.projection ? 1 : 0);
  snapshot.put_integer("app.run.no_contact_points", s.no_contact_points ? 1 : 0);
}

RunSettings restore_settings(const Snapshot& snapshot) {
  RunSettings s;
  s.model = snapshot.text("app.run.model");
  s.output = snapshot.text("app.run.output");
  s.format = snapshot.text("app.run.format");
  s.checkpoint = snapshot.text("app.run.checkpoint");
  s.integrator = snapshot.text("app.run.integrator");
  s.scheme = snapshot.text("app.run.scheme");
  s.dt = get_optional(snapshot, "app.run.dt");
  s.t_end = get_optional(snapshot, "app.run.t_end");
  s.rtol = get_optional(snapshot, "app.run.rtol");
  s.atol = get_optional(snapshot, "app.run.atol");
  s.output_interval = get_optional(snapshot, "app.run.output_interval");
  s.checkpoint_every = get_optional(snapshot, "app.run.checkpoint_every");
  const auto& every = snapshot.integers("app.run.output_every");
  if (!every.empty()) s.output_every = every[0];
  s.baumgarte = snapshot.reals("app.run.baumgarte");
  if (!s.baumgarte.empty() && s.baumgarte.size() != 2) throw SnapshotError("checkpoint entry 'app.run.baumgarte' needs two values");
  s.projection = snapshot.integer("app.run.projection") != 0;
  // Absent in checkpoints written before the points file existed.
  s.no_contact_points = snapshot.has("app.run.no_contact_points") && snapshot.integer("app.run.no_contact_points") != 0;
  return s;
}

}  // namespace stickslip::app
