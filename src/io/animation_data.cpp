#include "io/animation_data.hpp"

#include <algorithm>
#include <cmath>

#include "io/csv_writer.hpp"

namespace stickslip {
namespace {

// JSON text of a string; '<' is escaped too, so that the data can sit inside a <script> element.
void append_string(std::string& out, const std::string& s) {
  out += '"';
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += ch;
    } else if (c < 0x20 || c == '<') {
      static const char* const hex = "0123456789abcdef";
      out += "\\u00";
      out += hex[c >> 4];
      out += hex[c & 15];
    } else {
      out += ch;
    }
  }
  out += '"';
}

// Shortest round-trip text; null for NaN and infinities, which JSON has no words for.
void append_value(std::string& out, double x) {
  if (std::isfinite(x)) append_number(out, x);
  else out += "null";
}

void append_vec(std::string& out, const Vec3& v) {
  out += '[';
  for (int k = 0; k < 3; ++k) {
    if (k) out += ',';
    append_value(out, v[k]);
  }
  out += ']';
}

class JsonObject {
 public:
  explicit JsonObject(std::string& out) : out_(out) { out_ += '{'; }
  ~JsonObject() { out_ += '}'; }
  JsonObject(const JsonObject&) = delete;
  JsonObject& operator=(const JsonObject&) = delete;
  std::string& key(const char* k) {
    if (!first_) out_ += ',';
    first_ = false;
    append_string(out_, k);
    out_ += ':';
    return out_;
  }
  void string(const char* k, const std::string& v) { append_string(key(k), v); }
  void number(const char* k, double v) { append_value(key(k), v); }
  void vec(const char* k, const Vec3& v) { append_vec(key(k), v); }

 private:
  std::string& out_;
  bool first_ = true;
};

// A channel: one value per frame, or the value alone when every frame has it (bit for bit).
void append_channel(std::string& out, const std::vector<double>& column, const std::vector<std::size_t>& rows) {
  bool constant = true;
  for (std::size_t r : rows) {
    if (!(column[r] == column[rows.front()]) || std::signbit(column[r]) != std::signbit(column[rows.front()])) {
      constant = false;
      break;
    }
  }
  if (constant) {
    append_value(out, column[rows.front()]);
    return;
  }
  out += '[';
  for (std::size_t k = 0; k < rows.size(); ++k) {
    if (k) out += ',';
    append_value(out, column[rows[k]]);
  }
  out += ']';
}

const char* shape_type(SceneShape::Type t) {
  switch (t) {
    case SceneShape::Type::box: return "box";
    case SceneShape::Type::sphere: return "sphere";
    case SceneShape::Type::rod: return "rod";
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

void append_shapes(std::string& out, const std::vector<SceneShape>& shapes) {
  out += '[';
  for (std::size_t k = 0; k < shapes.size(); ++k) {
    if (k) out += ',';
    const SceneShape& s = shapes[k];
    JsonObject o(out);
    o.string("type", shape_type(s.type));
    if (s.type == SceneShape::Type::rod) {
      o.vec("from", s.from);
      o.vec("to", s.to);
      o.number("width", s.width);
    } else {
      o.vec("center", s.center);
      if (s.type == SceneShape::Type::box) o.vec("size", s.size);
      else o.number("radius", s.radius);
    }
  }
  out += ']';
}

// The pose channels x y z qw qx qy qz of a body. Planar results give x, y, θ: z = 0 and the
// rotation about z is q = (cos θ/2, 0, 0, sin θ/2).
void append_pose(std::string& out, const Scene& scene, const SceneBody& b, const ResultTable& results,
                 const std::vector<std::size_t>& rows) {
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
      append_channel(pose.key(k), results.column(b.name + "." + k, what), rows);
    }
    return;
  }
  append_channel(pose.key("x"), results.column(b.name + ".x", what), rows);
  append_channel(pose.key("y"), results.column(b.name + ".y", what), rows);
  pose.number("z", 0.0);
  const std::vector<double>& theta = results.column(b.name + ".theta", what);
  std::vector<double> qw(theta.size()), qz(theta.size());
  for (std::size_t r : rows) {
    qw[r] = std::cos(0.5 * theta[r]);
    qz[r] = std::sin(0.5 * theta[r]);
  }
  append_channel(pose.key("qw"), qw, rows);
  pose.number("qx", 0.0);
  pose.number("qy", 0.0);
  append_channel(pose.key("qz"), qz, rows);
}

void append_bodies(std::string& out, const Scene& scene, const ResultTable& results, const std::vector<std::size_t>& rows) {
  out += '[';
  for (std::size_t k = 0; k < scene.bodies.size(); ++k) {
    if (k) out += ',';
    const SceneBody& b = scene.bodies[k];
    JsonObject o(out);
    o.string("name", b.name);
    o.string("motion", motion_name(b.motion));
    append_shapes(o.key("shapes"), b.shapes);
    append_pose(o.key("pose"), scene, b, results, rows);
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

void append_contacts(std::string& out, const Scene& scene, const ResultTable& results, const std::vector<std::size_t>& rows) {
  const bool spatial = scene.dimension == SceneDimension::spatial;
  out += '[';
  for (std::size_t k = 0; k < scene.contacts.size(); ++k) {
    if (k) out += ',';
    const SceneContact& c = scene.contacts[k];
    const std::string what = "contact '" + c.name + "'";
    JsonObject o(out);
    o.string("name", c.name);
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
      append_value(e, c.extent_min);
      e += ',';
      append_value(e, c.extent_max);
      e += ']';
    } else {
      o.vec("center_i", c.center_i);
      o.number("radius_i", c.radius_i);
    }
    o.vec("center_j", c.center_j);
    o.number("radius_j", c.radius_j);
    append_channel(o.key("state"), results.column(c.name + ".state", what), rows);
    append_channel(o.key("fn"), results.column(c.name + ".fn", what), rows);
    append_channel(o.key("ft1"), results.column(c.name + (spatial ? ".ft1" : ".ft"), what), rows);
    if (spatial) append_channel(o.key("ft2"), results.column(c.name + ".ft2", what), rows);
    else o.number("ft2", 0.0);
  }
  out += ']';
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

void append_columns(std::string& out, const ResultTable& results, const std::vector<std::size_t>& rows) {
  JsonObject o(out);
  std::string& names = o.key("names");
  names += '[';
  bool first = true;
  for (const std::string& n : results.names) {
    if (n == "t") continue;
    if (!first) names += ',';
    first = false;
    append_string(names, n);
  }
  names += ']';
  std::string& values = o.key("values");
  values += '[';
  first = true;
  for (std::size_t c = 0; c < results.names.size(); ++c) {
    if (results.names[c] == "t") continue;
    if (!first) values += ',';
    first = false;
    append_channel(values, results.columns[c], rows);
  }
  values += ']';
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

std::string animation_data_json(const Scene& scene, const ResultTable& results, const std::vector<EventLogRow>& events,
                                const AnimationOptions& options) {
  const std::vector<double>& t = results.column("t", "the time");
  const std::vector<std::size_t> rows = frame_rows(t, options.fps);
  std::string out;
  out.reserve(12 * rows.size() * (results.names.size() + 8) + 4096);
  {
  JsonObject o(out);
  o.string("format", "stickslip-animation");
  o.number("version", 1);
  o.string("dimension", scene.dimension == SceneDimension::spatial ? "spatial" : "planar");
  o.string("title", scene.title);
  {
    JsonObject src(o.key("source"));
    src.string("results", options.results_file);
    src.string("model", options.model_file);
    src.number("rows", static_cast<double>(results.rows()));
    src.number("fps", options.fps);
  }
  o.vec("up", scene.up);
  if (!options.initial_column.empty()) o.string("initial_column", options.initial_column);
  std::string& time = o.key("time");
  time += '[';
  for (std::size_t k = 0; k < rows.size(); ++k) {
    if (k) time += ',';
    append_value(time, t[rows[k]]);
  }
  time += ']';
  std::string& source_rows = o.key("source_rows");
  source_rows += '[';
  for (std::size_t k = 0; k < rows.size(); ++k) {
    if (k) source_rows += ',';
    source_rows += std::to_string(rows[k]);
  }
  source_rows += ']';
  append_bodies(o.key("bodies"), scene, results, rows);
  append_joints(o.key("joints"), scene);
  append_springs(o.key("springs"), scene);
  append_contacts(o.key("contacts"), scene, results, rows);
  append_events(o.key("events"), events);
  append_columns(o.key("columns"), results, rows);
  }  // closes the object
  return out;
}

}  // namespace stickslip
