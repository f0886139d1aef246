#include "sweep/sweep_spec.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <set>

#include "io/yaml_reader.hpp"

namespace stickslip {
namespace {

constexpr double kMaxRuns = 1e7;  // a table beyond this is almost certainly a typo in a range

void check_name(const YamlField& f, const std::string& name, std::set<std::string>& used) {
  if (name.empty() || name.find_first_of(",\"'\n\r") != std::string::npos) {
    f.fail("a table column name must be non-empty, without commas, quotes or line breaks");
  }
  if (!used.insert(name).second) f.fail("the table already has a column '" + name + "'");
}

SweepTarget read_target(const YamlField& f) {
  SweepTarget t;
  if (f.is_scalar()) {
    t.path = f.as_string();
    return t;
  }
  f.expect_keys({"path", "scale", "offset"});
  t.path = f.at("path").as_string();
  if (const auto s = f.get("scale")) t.scale = s->as_double();
  if (const auto o = f.get("offset")) t.offset = o->as_double();
  return t;
}

std::vector<double> read_range(const YamlField& f) {
  f.expect_keys({"from", "to", "count"});
  const double from = f.at("from").as_double(), to = f.at("to").as_double();
  const YamlField count_field = f.at("count");
  const int count = count_field.as_int();
  if (count < 1) count_field.fail("must be >= 1");
  std::vector<double> out{from};
  const double n = count - 1;
  for (int k = 1; k < count - 1; ++k) {
    // Rounded to 15 digits, so that a range of decimal ends has decimal steps (0.3, not
    // 0.30000000000000004): the change is below 1e-15 relative.
    char text[32];
    std::snprintf(text, sizeof text, "%.15g", from + (to - from) * k / n);
    out.push_back(std::strtod(text, nullptr));
  }
  if (count > 1) out.push_back(to);  // both ends exact
  return out;
}

SweepParameter read_parameter(const YamlField& f, SweepMode mode) {
  f.expect_keys({"name", "path", "set", "values", "range", "uniform", "log_uniform"});
  SweepParameter p;
  if (f.has("path") == f.has("set")) f.fail("a parameter names the model value it sets: 'path' (one) or 'set' (a list)");
  if (const auto path = f.get("path")) p.targets.push_back(read_target(*path));
  if (const auto set = f.get("set")) {
    for (const YamlField& t : set->items()) p.targets.push_back(read_target(t));
    if (p.targets.empty()) set->fail("expected at least one model path");
  }
  p.name = f.has("name") ? f.at("name").as_string() : p.targets.front().path;

  const int given = int(f.has("values")) + int(f.has("range")) + int(f.has("uniform")) + int(f.has("log_uniform"));
  if (mode == SweepMode::random) {
    if (f.has("range")) f.at("range").fail("a random sweep draws from 'uniform: [low, high]', 'log_uniform: [low, high]' or 'values'");
    if (given != 1) f.fail("a random sweep's parameter needs one of 'uniform', 'log_uniform' or 'values'");
  } else {
    if (f.has("uniform") || f.has("log_uniform")) {
      f.fail("'uniform' and 'log_uniform' are for random sweeps (mode: random); a grid or list takes 'values' or 'range'");
    }
    if (given != 1) f.fail("a parameter needs 'values: [...]' or 'range: {from, to, count}'");
  }
  if (const auto v = f.get("values")) {
    p.values = v->as_doubles();
    if (p.values.empty()) v->fail("expected at least one value");
  }
  if (const auto r = f.get("range")) p.values = read_range(*r);
  for (const char* key : {"uniform", "log_uniform"}) {
    const auto b = f.get(key);
    if (!b) continue;
    const Vec2 bounds = b->as_vec2();
    p.low = bounds.x();
    p.high = bounds.y();
    p.distribution = std::string(key) == "uniform" ? SweepParameter::Distribution::uniform
                                                   : SweepParameter::Distribution::log_uniform;
    if (!(p.low <= p.high)) b->fail("expected [low, high] with low <= high");
    if (p.distribution == SweepParameter::Distribution::log_uniform && !(p.low > 0)) b->fail("log_uniform needs 0 < low");
  }
  return p;
}

QuantitySpec read_quantity(const YamlField& f) {
  static const std::initializer_list<std::pair<const char*, QuantityKind>> kinds = {
      {"final", QuantityKind::final},       {"change", QuantityKind::change},
      {"max", QuantityKind::max},           {"min", QuantityKind::min},
      {"max_abs", QuantityKind::max_abs},   {"first_event", QuantityKind::first_event},
      {"overturned", QuantityKind::overturned}, {"wall_time", QuantityKind::wall_time},
      {"steps", QuantityKind::steps},       {"contact_events", QuantityKind::contact_events}};
  QuantitySpec q;
  if (f.is_scalar()) {  // wall_time, steps, contact_events
    const std::string s = f.as_choice({"wall_time", "steps", "contact_events"});
    for (const auto& [key, kind] : kinds) {
      if (s == key) q.kind = kind;
    }
    q.name = s;
    return q;
  }
  f.expect_keys({"name", "final", "change", "max", "min", "max_abs", "first_event", "contact", "overturned", "angle",
                 "wall_time", "steps", "contact_events"});
  std::string key;
  for (const auto& [k, kind] : kinds) {
    if (!f.has(k)) continue;
    if (!key.empty()) f.fail("one quantity per entry ('" + key + "' and '" + k + "' given)");
    key = k;
    q.kind = kind;
  }
  if (key.empty()) f.fail("expected a quantity: final, change, max, min, max_abs (of a column), first_event, overturned, wall_time, steps or contact_events");
  const YamlField value = f.at(key.c_str());
  if (f.has("contact") && q.kind != QuantityKind::first_event) f.at("contact").fail("'contact' goes with first_event");
  if (f.has("angle") && q.kind != QuantityKind::overturned) f.at("angle").fail("'angle' goes with overturned");
  switch (q.kind) {
    case QuantityKind::first_event:
      q.event = value.as_choice({"onset", "impact", "separation", "detachment", "stick", "slip", "reversal"});
      if (const auto c = f.get("contact")) q.contact = c->as_string();
      q.name = "first_event." + q.event + (q.contact.empty() ? "" : "." + q.contact);
      break;
    case QuantityKind::overturned:
      q.column = value.as_string();
      if (const auto a = f.get("angle")) {
        q.angle = a->as_angle();
        if (!(q.angle > 0)) a->fail("must be > 0");
      }
      q.name = "overturned." + q.column;
      break;
    case QuantityKind::wall_time:
    case QuantityKind::steps:
    case QuantityKind::contact_events:
      if (!value.node().IsNull() && !(value.is_scalar() && value.as_string() == "true")) {
        value.fail("takes no value (write '- " + key + "')");
      }
      q.name = key;
      break;
    default:
      q.column = value.as_string();
      q.name = key + "." + q.column;
  }
  if (const auto n = f.get("name")) q.name = n->as_string();
  return q;
}

}  // namespace

SweepSpec read_sweep_spec(const YamlField& root, const std::string& directory) {
  root.expect_keys({"description", "model", "run", "mode", "samples", "seed", "parameters", "keep", "output"});
  SweepSpec s;
  std::filesystem::path model = root.at("model").as_string();
  if (model.is_relative() && !directory.empty()) model = std::filesystem::path(directory) / model;
  s.model = model.string();
  if (const auto m = root.get("mode")) {
    const std::string mode = m->as_choice({"grid", "list", "random"});
    s.mode = mode == "grid" ? SweepMode::grid : mode == "list" ? SweepMode::list : SweepMode::random;
  }
  if (s.mode == SweepMode::random) {
    const YamlField n = root.at("samples"), seed = root.at("seed");
    s.samples = n.as_int();
    if (s.samples < 1 || static_cast<double>(s.samples) > kMaxRuns) n.fail("must lie in [1, 1e7]");
    const int value = seed.as_int();
    if (value < 0) seed.fail("must be >= 0");
    s.seed = static_cast<std::uint64_t>(value);
  } else {
    for (const char* key : {"samples", "seed"}) {
      if (root.has(key)) root.at(key).fail(std::string("'") + key + "' goes with mode: random");
    }
  }
  if (const auto r = root.get("run")) {
    r->expect_keys({"scheme", "integrator", "dt", "t_end", "rtol", "atol", "output_interval", "baumgarte", "projection"});
    if (const auto v = r->get("scheme")) s.run.scheme = v->as_choice({"compliant", "event-driven", "time-stepping"});
    if (const auto v = r->get("integrator")) s.run.integrator = v->as_choice({"auto", "rk4", "dopri5", "bdf"});
    if (const auto v = r->get("dt")) s.run.dt = v->as_positive();
    if (const auto v = r->get("t_end")) s.run.t_end = v->as_double();
    if (const auto v = r->get("rtol")) s.run.rtol = v->as_positive();
    if (const auto v = r->get("atol")) s.run.atol = v->as_positive();
    if (const auto v = r->get("output_interval")) s.run.output_interval = v->as_non_negative();
    if (const auto v = r->get("baumgarte")) {
      const Vec2 ab = v->as_vec2();
      if (!(ab.x() >= 0 && ab.y() >= 0)) v->fail("expected [alpha, beta], both >= 0");
      s.run.baumgarte = std::array<double, 2>{ab.x(), ab.y()};
    }
    if (const auto v = r->get("projection")) s.run.projection = v->as_bool();
  }
  std::set<std::string> names{"run", "status", "error"};
  const YamlField parameters = root.at("parameters");
  for (const YamlField& p : parameters.items()) {
    s.parameters.push_back(read_parameter(p, s.mode));
    check_name(p.has("name") ? p.at("name") : p, s.parameters.back().name, names);
  }
  if (s.parameters.empty()) parameters.fail("expected at least one parameter");
  if (s.mode == SweepMode::list) {
    for (std::size_t k = 1; k < s.parameters.size(); ++k) {
      if (s.parameters[k].values.size() != s.parameters[0].values.size()) {
        parameters[k].fail("a list sweep takes the k-th values of all parameters together: expected " +
                           std::to_string(s.parameters[0].values.size()) + " values, as the first parameter has");
      }
    }
  }
  if (s.mode == SweepMode::grid) {
    double runs = 1;
    for (const auto& p : s.parameters) runs *= static_cast<double>(p.values.size());
    if (runs > kMaxRuns) parameters.fail("the grid has " + std::to_string(static_cast<long long>(runs)) + " runs (more than 1e7)");
  }
  const YamlField keep = root.at("keep");
  for (const YamlField& q : keep.items()) {
    s.keep.push_back(read_quantity(q));
    check_name(q.is_map() && q.has("name") ? q.at("name") : q, s.keep.back().name, names);
  }
  if (s.keep.empty()) keep.fail("expected at least one quantity to keep");
  if (const auto o = root.get("output")) s.output = o->as_string();
  return s;
}

std::vector<std::vector<double>> sweep_samples(const SweepSpec& spec) {
  std::vector<std::vector<double>> runs;
  const std::size_t np = spec.parameters.size();
  if (spec.mode == SweepMode::list) {
    for (std::size_t r = 0; r < spec.parameters[0].values.size(); ++r) {
      std::vector<double> row;
      for (const auto& p : spec.parameters) row.push_back(p.values[r]);
      runs.push_back(std::move(row));
    }
  } else if (spec.mode == SweepMode::grid) {
    std::vector<std::size_t> index(np, 0);
    while (true) {
      std::vector<double> row;
      for (std::size_t k = 0; k < np; ++k) row.push_back(spec.parameters[k].values[index[k]]);
      runs.push_back(std::move(row));
      std::size_t k = np;  // odometer: the last parameter turns fastest
      while (k > 0 && ++index[k - 1] == spec.parameters[k - 1].values.size()) index[--k] = 0;
      if (k == 0) break;
    }
  } else {
    // Uniform numbers from the top 53 bits of the twister: exact and the same on every platform
    // (std::uniform_real_distribution is not specified bit for bit).
    std::mt19937_64 engine(spec.seed);
    const auto unit = [&engine] { return static_cast<double>(engine() >> 11) * 0x1.0p-53; };
    for (long r = 0; r < spec.samples; ++r) {
      std::vector<double> row;
      for (const auto& p : spec.parameters) {
        const double u = unit();
        switch (p.distribution) {
          case SweepParameter::Distribution::uniform: row.push_back(p.low + (p.high - p.low) * u); break;
          case SweepParameter::Distribution::log_uniform:
            row.push_back(std::exp(std::log(p.low) + (std::log(p.high) - std::log(p.low)) * u));
            break;
          case SweepParameter::Distribution::values:
            row.push_back(p.values[std::min(p.values.size() - 1, static_cast<std::size_t>(u * static_cast<double>(p.values.size())))]);
            break;
        }
      }
      runs.push_back(std::move(row));
    }
  }
  return runs;
}

}  // namespace stickslip
