#include "io/animation_data.hpp"

#include <algorithm>
#include <fnmatch.h>

#include <cmath>
#include <cstdio>

#include "io/json_writer.hpp"

namespace stickslip {
namespace {

PackedType channel_type(const AnimationOptions& o) { return o.precision == 32 ? PackedType::f32 : PackedType::f64; }

// A channel: the value alone when every frame has it (bit for bit), else one value per frame, packed.
void append_channel(std::string& out, const std::vector<double>& column, const std::vector<std::size_t>& rows,
                    PackedType type) {
  bool constant = true;
  for (std::size_t r : rows) {
    if (!(column[r] == column[rows.front()]) || std::signbit(column[r]) != std::signbit(column[rows.front()])) {
      constant = false;
      break;
    }
  }
  if (constant) {
    append_json_number(out, column[rows.front()]);
    return;
  }
  std::vector<double> values(rows.size());
  for (std::size_t k = 0; k < rows.size(); ++k) values[k] = column[rows[k]];
  append_packed(out, values, type);
}

const char* shape_kind(SceneShape::Kind k) {
  switch (k) {
    case SceneShape::Kind::box: return "box";
    case SceneShape::Kind::sphere: return "sphere";
    case SceneShape::Kind::capsule: return "capsule";
    case SceneShape::Kind::cylinder: return "cylinder";
    case SceneShape::Kind::plane: return "plane";
    case SceneShape::Kind::convex: return "convex";
    case SceneShape::Kind::mesh: return "mesh";
  }
  return "box";
}

const char* motion_name(BodyMotion m) {
  switch (m) {
    case BodyMotion::fixed: return "fixed";
    case BodyMotion::dynamic: return "dynamic";
    case BodyMotion::prescribed: return "prescribed";
  }
  return "dynamic";
}

void append_quaternion(std::string& out, const Eigen::Quaterniond& q) {
  out += '[';
  const double v[] = {q.w(), q.x(), q.y(), q.z()};
  for (int k = 0; k < 4; ++k) {
    if (k) out += ',';
    append_json_number(out, v[k]);
  }
  out += ']';
}

void append_shape(std::string& out, const SceneShape& s) {
  JsonObject o(out);
  o.string("kind", shape_kind(s.kind));
  o.vec("position", s.position);
  append_quaternion(o.key("orientation"), s.orientation);
  switch (s.kind) {
    case SceneShape::Kind::box: o.vec("size", s.size); break;
    case SceneShape::Kind::sphere: o.number("radius", s.radius); break;
    case SceneShape::Kind::capsule:
    case SceneShape::Kind::cylinder:
      o.number("radius", s.radius);
      o.number("length", s.length);
      break;
    case SceneShape::Kind::plane:
      if (s.size.x() > 0 && s.size.y() > 0) o.vec("size", s.size);
      break;
    case SceneShape::Kind::convex:
    case SceneShape::Kind::mesh: {
      std::vector<double> v;
      for (const Vec3& p : s.vertices) v.insert(v.end(), {p.x(), p.y(), p.z()});
      append_packed(o.key("vertices"), v, PackedType::f32);
      if (s.kind == SceneShape::Kind::mesh) {
        std::vector<double> t;
        for (const auto& tri : s.triangles) t.insert(t.end(), {double(tri[0]), double(tri[1]), double(tri[2])});
        append_packed(o.key("triangles"), t, PackedType::u32);
      }
      break;
    }
  }
  if (!std::isnan(s.color[0])) {
    std::string& c = o.key("color");
    for (std::size_t k = 0; k < 4; ++k) {
      c += k ? ',' : '[';
      append_json_number(c, s.color[k]);
    }
    c += ']';
  }
}

void append_shapes(std::string& out, const std::vector<SceneShape>& shapes) {
  out += '[';
  for (std::size_t k = 0; k < shapes.size(); ++k) {
    if (k) out += ',';
    append_shape(out, shapes[k]);
  }
  out += ']';
}

// The pose channels x y z qw qx qy qz of a body. Planar results give x, y, θ: z = 0 and the
// rotation about z is q = (cos θ/2, 0, 0, sin θ/2).
void append_pose(std::string& out, const Scene& scene, const SceneBody& b, const ResultTable& results,
                 const std::vector<std::size_t>& rows, PackedType type) {
  JsonObject pose(out);
  const std::string what = "body '" + b.name + "'";
  if (b.motion == BodyMotion::fixed) {
    const Eigen::Quaterniond& q = b.orientation;
    const double values[] = {b.position.x(), b.position.y(), b.position.z(), q.w(), q.x(), q.y(), q.z()};
    const char* const keys[] = {"x", "y", "z", "qw", "qx", "qy", "qz"};
    for (int k = 0; k < 7; ++k) pose.number(keys[k], values[k]);
    return;
  }
  if (scene.dimension == SceneDimension::spatial) {
    for (const char* k : {"x", "y", "z", "qw", "qx", "qy", "qz"}) {
      append_channel(pose.key(k), results.column(b.name + "." + k, what), rows, type);
    }
    return;
  }
  append_channel(pose.key("x"), results.column(b.name + ".x", what), rows, type);
  append_channel(pose.key("y"), results.column(b.name + ".y", what), rows, type);
  pose.number("z", 0.0);
  const std::vector<double>& theta = results.column(b.name + ".theta", what);
  std::vector<double> qw(theta.size()), qz(theta.size());
  for (std::size_t r : rows) {
    qw[r] = std::cos(0.5 * theta[r]);
    qz[r] = std::sin(0.5 * theta[r]);
  }
  append_channel(pose.key("qw"), qw, rows, type);
  pose.number("qx", 0.0);
  pose.number("qy", 0.0);
  append_channel(pose.key("qz"), qz, rows, type);
}

void append_bodies(std::string& out, const Scene& scene, const ResultTable& results, const std::vector<std::size_t>& rows,
                   PackedType type) {
  out += '[';
  for (std::size_t k = 0; k < scene.bodies.size(); ++k) {
    if (k) out += ',';
    const SceneBody& b = scene.bodies[k];
    JsonObject o(out);
    o.string("name", b.name);
    o.string("motion", motion_name(b.motion));
    append_shapes(o.key("shapes"), b.shapes);
    if (!b.visuals.empty()) append_shapes(o.key("visuals"), b.visuals);
    append_pose(o.key("pose"), scene, b, results, rows, type);
  }
  out += ']';
}

void append_joints(std::string& out, const Scene& scene) {
  out += '[';
  for (std::size_t k = 0; k < scene.joints.size(); ++k) {
    if (k) out += ',';
    const SceneJoint& j = scene.joints[k];
    JsonObject o(out);
    o.string("name", j.name);
    o.string("type", j.type);
    o.number("body_i", j.body_i);
    o.number("body_j", j.body_j);
    o.vec("point_i", j.point_i);
    o.vec("point_j", j.point_j);
    if (j.has_axis) o.vec("axis", j.axis);
    if (j.has_axis_j) o.vec("axis_j", j.axis_j);
  }
  out += ']';
}

void append_springs(std::string& out, const Scene& scene) {
  out += '[';
  for (std::size_t k = 0; k < scene.springs.size(); ++k) {
    if (k) out += ',';
    const SceneSpring& s = scene.springs[k];
    JsonObject o(out);
    o.string("name", s.name);
    o.number("body_i", s.body_i);
    o.number("body_j", s.body_j);
    o.vec("point_i", s.point_i);
    o.vec("point_j", s.point_j);
  }
  out += ']';
}

void append_contact_geometry(JsonObject& o, const Scene& scene, const SceneContact& c) {
  o.string("kind", c.kind == SceneContact::Kind::plane ? "plane" : "spheres");
  o.number("body_i", c.body_i);
  o.number("body_j", c.body_j);
  if (c.kind == SceneContact::Kind::plane) {
    JsonObject p(o.key("plane"));
    p.vec("point", c.plane_point);
    p.vec("normal", c.plane_normal);
    p.vec("tangent", c.plane_tangent);
    std::string& e = p.key("extent");
    e += '[';
    append_json_number(e, c.extent_min);
    e += ',';
    append_json_number(e, c.extent_max);
    e += ']';
  } else {
    o.vec("center_i", c.center_i);
    o.number("radius_i", c.radius_i);
    if (scene.dimension == SceneDimension::spatial) {
      o.vec("reference_normal", c.reference_normal);
      o.vec("reference_tangent", c.reference_tangent);
    }
  }
  o.vec("center_j", c.center_j);
  o.number("radius_j", c.radius_j);
}

void append_contacts(std::string& out, const Scene& scene, const ResultTable& results, const std::vector<std::size_t>& rows,
                     PackedType type) {
  const bool spatial = scene.dimension == SceneDimension::spatial;
  out += '[';
  for (std::size_t k = 0; k < scene.contacts.size(); ++k) {
    if (k) out += ',';
    const SceneContact& c = scene.contacts[k];
    const std::string what = "contact '" + c.name + "'";
    JsonObject o(out);
    o.string("name", c.name);
    append_contact_geometry(o, scene, c);
    // States are small integers: exact in either precision.
    append_channel(o.key("state"), results.column(c.name + ".state", what), rows, type);
    append_channel(o.key("fn"), results.column(c.name + ".fn", what), rows, type);
    append_channel(o.key("ft1"), results.column(c.name + (spatial ? ".ft1" : ".ft"), what), rows, type);
    if (spatial) append_channel(o.key("ft2"), results.column(c.name + ".ft2", what), rows, type);
    else o.number("ft2", 0.0);
  }
  out += ']';
}

// The contact points of each frame, as flat arrays: frame k holds points offsets[k] .. offsets[k+1] − 1.
void append_contact_points(std::string& out, const ContactPoints& points, const std::vector<double>& frame_times,
                           PackedType type) {
  std::vector<std::size_t> order(points.rows.size());
  for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return points.rows[a].t < points.rows[b].t; });
  std::vector<double> offsets{0}, pair, id, position, normal, fn, friction, state;
  std::size_t next = 0;
  for (const double t : frame_times) {
    while (next < order.size() && points.rows[order[next]].t < t) ++next;
    for (; next < order.size() && points.rows[order[next]].t == t; ++next) {
      const ContactPointRow& r = points.rows[order[next]];
      pair.push_back(r.pair);
      id.push_back(r.id);
      position.insert(position.end(), {r.position.x(), r.position.y(), r.position.z()});
      normal.insert(normal.end(), {r.normal.x(), r.normal.y(), r.normal.z()});
      fn.push_back(r.fn);
      friction.insert(friction.end(), {r.friction.x(), r.friction.y(), r.friction.z()});
      state.push_back(r.state);
    }
    offsets.push_back(static_cast<double>(pair.size()));
  }
  JsonObject o(out);
  std::string& names = o.key("pairs");
  names += '[';
  for (std::size_t k = 0; k < points.pairs.size(); ++k) {
    if (k) names += ',';
    append_json_string(names, points.pairs[k]);
  }
  names += ']';
  append_packed(o.key("offsets"), offsets, PackedType::u32);
  append_packed(o.key("pair"), pair, PackedType::u32);
  append_packed(o.key("id"), id, PackedType::u32);
  append_packed(o.key("position"), position, type);
  append_packed(o.key("normal"), normal, PackedType::f32);  // a direction: drawing only
  append_packed(o.key("fn"), fn, type);
  append_packed(o.key("friction"), friction, type);
  append_packed(o.key("state"), state, PackedType::u8);
}

void append_events(std::string& out, const std::vector<EventLogRow>& events) {
  out += '[';
  for (std::size_t k = 0; k < events.size(); ++k) {
    if (k) out += ',';
    const EventLogRow& e = events[k];
    JsonObject o(out);
    o.number("t", e.t);
    o.string("contact", e.contact);
    o.string("event", e.event);
    o.string("from", e.from);
    o.string("to", e.to);
  }
  out += ']';
}

bool chosen_for_readout(const std::string& name, const AnimationOptions& options) {
  if (name == "t") return false;
  if (options.readout_columns.empty()) return true;
  for (const std::string& p : options.readout_columns) {
    if (fnmatch(p.c_str(), name.c_str(), 0) == 0) return true;
  }
  return false;
}

void append_columns(std::string& out, const ResultTable& results, const std::vector<std::size_t>& rows,
                    const AnimationOptions& options) {
  std::vector<std::size_t> chosen;
  for (std::size_t c = 0; c < results.names.size(); ++c) {
    if (chosen_for_readout(results.names[c], options) || results.names[c] == options.initial_column) chosen.push_back(c);
  }
  JsonObject o(out);
  std::string& names = o.key("names");
  names += '[';
  for (std::size_t k = 0; k < chosen.size(); ++k) {
    if (k) names += ',';
    append_json_string(names, results.names[chosen[k]]);
  }
  names += ']';
  std::string& values = o.key("values");
  values += '[';
  for (std::size_t k = 0; k < chosen.size(); ++k) {
    if (k) values += ',';
    append_channel(values, results.columns[chosen[k]], rows, PackedType::f64);  // the readout's numbers stay exact
  }
  values += ']';
}

void append_header(JsonObject& o, const Scene& scene, const ResultTable& results, const AnimationOptions& options) {
  o.string("format", "stickslip-animation");
  o.number("version", 2);
  o.string("dimension", scene.dimension == SceneDimension::spatial ? "spatial" : "planar");
  o.string("title", scene.title);
  {
    JsonObject src(o.key("source"));
    src.string("results", options.results_file);
    src.string("model", options.model_file);
    src.number("rows", static_cast<double>(results.rows()));
    src.number("fps", options.fps);
    src.number("precision", options.precision);
  }
  o.vec("up", scene.up);
  std::string& states = o.key("state_names");
  states += scene.dimension == SceneDimension::spatial ? R"(["open","stick","slip"])" : R"(["open","stick","slip+","slip-"])";
  o.key("autoplay") += options.autoplay ? "true" : "false";
  if (!options.initial_column.empty()) o.string("initial_column", options.initial_column);
}

// The data on the given result rows.
std::string data_on_rows(const Scene& scene, const ResultTable& results, const std::vector<EventLogRow>& events,
                         const AnimationOptions& options, const ContactPoints& points, const std::vector<std::size_t>& rows) {
  const std::vector<double>& t = results.column("t", "the time");
  const PackedType type = channel_type(options);
  std::vector<double> times(rows.size());
  for (std::size_t k = 0; k < rows.size(); ++k) times[k] = t[rows[k]];
  std::string out;
  out.reserve(11 * rows.size() * (results.names.size() + 8) + 4096);
  {
    JsonObject o(out);
    append_header(o, scene, results, options);
    append_packed(o.key("time"), times, PackedType::f64);
    std::vector<double> source_rows(rows.begin(), rows.end());
    append_packed(o.key("source_rows"), source_rows, PackedType::u32);
    append_bodies(o.key("bodies"), scene, results, rows, type);
    append_joints(o.key("joints"), scene);
    append_springs(o.key("springs"), scene);
    append_contacts(o.key("contacts"), scene, results, rows, type);
    if (!points.rows.empty() || !points.pairs.empty()) append_contact_points(o.key("contact_points"), points, times, type);
    append_events(o.key("events"), events);
    append_columns(o.key("columns"), results, rows, options);
  }  // closes the object
  return out;
}

}  // namespace

std::vector<std::size_t> frame_rows(const std::vector<double>& t, double fps) {
  std::vector<std::size_t> rows;
  if (t.empty()) return rows;
  rows.push_back(0);
  const double t0 = t.front();
  long k = 1;  // next frame: t0 + k / fps
  for (std::size_t r = 1; r + 1 < t.size(); ++r) {
    if (fps > 0 && t[r] < t0 + static_cast<double>(k) / fps) continue;
    rows.push_back(r);
    if (fps > 0) k = std::max(k + 1, static_cast<long>(std::floor((t[r] - t0) * fps)) + 1);
  }
  if (t.size() > 1) rows.push_back(t.size() - 1);
  return rows;
}

std::string megabytes(std::size_t chars) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3g", static_cast<double>(chars) / 1e6);
  return text;
}

std::vector<std::size_t> every_kth(const std::vector<std::size_t>& rows, std::size_t k) {
  if (k <= 1 || rows.size() <= 2) return rows;
  std::vector<std::size_t> out;
  for (std::size_t n = 0; n < rows.size(); n += k) out.push_back(rows[n]);
  if (out.back() != rows.back()) out.push_back(rows.back());
  return out;
}

std::vector<std::size_t> chosen_rows(const std::vector<double>& t, const AnimationOptions& options) {
  std::vector<std::size_t> rows = every_kth(frame_rows(t, options.fps), options.every);
  const std::size_t n = rows.size(), most = options.max_frames;
  if (most == 0 || n <= most) return rows;
  if (most == 1) return {rows.front()};
  std::vector<std::size_t> spread(most);
  for (std::size_t j = 0; j < most; ++j) spread[j] = rows[(j * (n - 1) + (most - 1) / 2) / (most - 1)];  // j (n−1)/(most−1), rounded
  return spread;
}

AnimationData animation_data(const Scene& scene, const ResultTable& results, const std::vector<EventLogRow>& events,
                             const AnimationOptions& options, const ContactPoints& points) {
  AnimationData data;
  data.rows = chosen_rows(results.column("t", "the time"), options);
  data.chosen_frames = data.rows.size();
  const std::size_t limit = std::min(options.max_data_chars, kMaxPageDataChars), n = data.rows.size();
  // Visual meshes are the largest data that does not grow with the frames: when they alone take the
  // first and last frame over the limit, the page draws the collision shapes instead.
  Scene without_visuals;
  const Scene* drawn = &scene;
  const bool visuals = std::any_of(scene.bodies.begin(), scene.bodies.end(), [](const SceneBody& b) { return !b.visuals.empty(); });
  if (visuals && data_on_rows(scene, results, events, options, points, {data.rows.front(), data.rows.back()}).size() > limit) {
    without_visuals = scene;
    for (SceneBody& b : without_visuals.bodies) b.visuals.clear();
    drawn = &without_visuals;
    data.visuals_dropped = true;
  }
  const auto build = [&](const std::vector<std::size_t>& rows) { return data_on_rows(*drawn, results, events, options, points, rows); };
  const auto refuse = [&](std::size_t chars, const std::string& what) {
    throw InputError(results.file, 0, 0, "",
                     "the animation data would be " + megabytes(chars) + " MB " + what + ", more than a page takes (" +
                         megabytes(limit) + " MB): use --precision 32, fewer readout columns (--readout), or --format vtk");
  };
  if (n <= 2) {
    data.json = build(data.rows);
    if (data.json.size() > limit) refuse(data.json.size(), "with its first and last frame alone");
    return data;
  }
  // Size grows linearly with the frames: measured on the first and last frame alone and on (at most)
  // about 64 frames spread over the run, before anything as large as the whole is built.
  const double fixed = static_cast<double>(build({data.rows.front(), data.rows.back()}).size());
  if (fixed > static_cast<double>(limit)) refuse(static_cast<std::size_t>(fixed), "with its first and last frame alone");
  const std::vector<std::size_t> sample = n > 64 ? every_kth(data.rows, n / 64) : data.rows;
  std::string sampled = build(sample);
  if (sample.size() == n && sampled.size() <= limit) {
    data.json = std::move(sampled);
    return data;
  }
  // Data of `frames` frames taking `chars`: per frame (chars − fixed) / (frames − 2). Keeps every k-th
  // frame, k such that those kept fit 3 % below the limit (the sample's constant channels may vary
  // elsewhere); measured again on the thinned data if they still do not fit.
  const auto per_frame = [&](std::size_t frames, std::size_t chars) {
    return std::max(1.0, (static_cast<double>(chars) - fixed) / static_cast<double>(frames - 2));
  };
  const auto every_to_fit = [&](double frame_chars) {
    const double fit = std::max(1.0, (0.97 * static_cast<double>(limit) - fixed) / frame_chars);
    return std::max<std::size_t>(2, static_cast<std::size_t>(std::ceil(static_cast<double>(n - 1) / fit)));
  };
  const double whole = fixed + per_frame(sample.size(), sampled.size()) * static_cast<double>(n - 2);
  if (whole > static_cast<double>(limit)) {
    data.chosen_chars = static_cast<std::size_t>(whole);
    data.thinned_every = every_to_fit(per_frame(sample.size(), sampled.size()));
  }
  for (int attempt = 0;; ++attempt) {
    const std::vector<std::size_t> rows = every_kth(data.rows, data.thinned_every);
    data.json = build(rows);
    if (data.json.size() <= limit) {
      data.rows = rows;
      return data;
    }
    if (rows.size() <= 2 || attempt == 4) refuse(data.json.size(), "with " + std::to_string(rows.size()) + " frames");
    if (data.thinned_every == 1) data.chosen_chars = data.json.size();
    data.thinned_every = std::max(data.thinned_every + 1, every_to_fit(per_frame(rows.size(), data.json.size())));
  }
}

std::string animation_data_json(const Scene& scene, const ResultTable& results, const std::vector<EventLogRow>& events,
                                const AnimationOptions& options, const ContactPoints& points) {
  return animation_data(scene, results, events, options, points).json;
}

}  // namespace stickslip
