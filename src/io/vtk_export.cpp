#include "io/vtk_export.hpp"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "io/csv_writer.hpp"
#include "io/json_writer.hpp"
#include "io/output_file.hpp"
#include "io/shape_mesh.hpp"

namespace stickslip {
// File-local helpers, in a namespace of their own: unity batches compile io/ files together.
namespace vtk_detail {

struct Pose {
  Vec3 position = Vec3::Zero();
  Eigen::Quaterniond orientation = Eigen::Quaterniond::Identity();
  Vec3 operator*(const Vec3& p) const { return position + orientation * p; }
};

// Each body's pose in row r, from its result columns (fixed bodies: the scene's pose).
class PoseReader {
 public:
  PoseReader(const Scene& scene, const ResultTable& results) : scene_(scene) {
    const bool spatial = scene.dimension == SceneDimension::spatial;
    for (const SceneBody& b : scene.bodies) {
      std::vector<const std::vector<double>*> cols;
      if (b.motion != BodyMotion::fixed) {
        const std::string what = "body '" + b.name + "'";
        for (const char* k : spatial ? std::vector<const char*>{"x", "y", "z", "qw", "qx", "qy", "qz"}
                                     : std::vector<const char*>{"x", "y", "theta"}) {
          cols.push_back(&results.column(b.name + "." + k, what));
        }
      }
      columns_.push_back(std::move(cols));
    }
  }

  Pose pose(std::size_t body, std::size_t r) const {
    const SceneBody& b = scene_.bodies[body];
    const auto& c = columns_[body];
    if (c.empty()) return {b.position, b.orientation};
    if (c.size() == 3) {
      return {Vec3((*c[0])[r], (*c[1])[r], 0.0), Eigen::Quaterniond(Eigen::AngleAxisd((*c[2])[r], Vec3::UnitZ()))};
    }
    return {Vec3((*c[0])[r], (*c[1])[r], (*c[2])[r]),
            Eigen::Quaterniond((*c[3])[r], (*c[4])[r], (*c[5])[r], (*c[6])[r]).normalized()};
  }

 private:
  const Scene& scene_;
  std::vector<std::vector<const std::vector<double>*>> columns_;
};

// Where a contact acts and along what, as the page computes it (docs/animation-format.md, "contacts").
struct ContactFrame {
  Vec3 point, normal, tangent1, tangent2;
};

ContactFrame contact_frame(const SceneContact& c, const Pose& pi, const Pose& pj, bool spatial) {
  ContactFrame f;
  const Vec3 cj = pj * c.center_j;
  if (c.kind == SceneContact::Kind::plane) {
    f.normal = (pi.orientation * c.plane_normal).normalized();
    f.tangent1 = (pi.orientation * c.plane_tangent).normalized();
    f.point = cj - c.radius_j * f.normal;
  } else {
    const Vec3 ci = pi * c.center_i, d = cj - ci;
    f.normal = d.norm() > 0 ? Vec3(d.normalized()) : c.reference_normal;
    if (spatial) {  // the smallest rotation from the reference normal, as the model turns t₁
      const Eigen::Quaterniond q = Eigen::Quaterniond::FromTwoVectors(c.reference_normal, f.normal);
      f.tangent1 = q * c.reference_tangent;
      f.point = ci + (c.radius_i + 0.5 * (d.norm() - c.radius_i - c.radius_j)) * f.normal;
    } else {
      f.tangent1 = Vec3(f.normal.y(), -f.normal.x(), 0.0);  // −perp(n)
      f.point = cj - c.radius_j * f.normal;
    }
  }
  f.tangent2 = f.normal.cross(f.tangent1);
  return f;
}

// A DataArray in VTK's inline binary form: base64 of a UInt64 byte count followed by the bytes.
template <typename T>
void data_array(std::string& out, const char* type, const char* name, int components, const std::vector<T>& values) {
  out += "<DataArray type=\"";
  out += type;
  out += "\"";
  if (name[0]) out += std::string(" Name=\"") + name + "\"";
  if (components > 1) out += " NumberOfComponents=\"" + std::to_string(components) + "\"";
  out += " format=\"binary\">";
  const std::uint64_t bytes = values.size() * sizeof(T);
  std::string raw(sizeof bytes + bytes, '\0');
  std::memcpy(raw.data(), &bytes, sizeof bytes);
  if (bytes) std::memcpy(raw.data() + sizeof bytes, values.data(), bytes);
  append_base64(out, raw.data(), raw.size());
  out += "</DataArray>\n";
}

constexpr const char* kHeader =
    "<?xml version=\"1.0\"?>\n<VTKFile type=\"UnstructuredGrid\" version=\"1.0\" byte_order=\"LittleEndian\" "
    "header_type=\"UInt64\">\n<UnstructuredGrid>\n";
constexpr const char* kFooter = "</Piece>\n</UnstructuredGrid>\n</VTKFile>\n";

void piece_head(std::string& out, std::size_t points, std::size_t cells, const std::vector<double>& xyz) {
  out += "<Piece NumberOfPoints=\"" + std::to_string(points) + "\" NumberOfCells=\"" + std::to_string(cells) + "\">\n";
  out += "<Points>\n";
  data_array(out, "Float64", "", 3, xyz);
  out += "</Points>\n";
}

void cells(std::string& out, const std::vector<std::int64_t>& connectivity, const std::vector<std::int64_t>& offsets,
           std::uint8_t type) {
  out += "<Cells>\n";
  data_array(out, "Int64", "connectivity", 1, connectivity);
  data_array(out, "Int64", "offsets", 1, offsets);
  data_array(out, "UInt8", "types", 1, std::vector<std::uint8_t>(offsets.size(), type));
  out += "</Cells>\n";
}

constexpr std::uint8_t kVtkVertex = 1, kVtkTriangle = 5;

std::string bodies_piece(const std::vector<TriangleMesh>& meshes, const std::vector<Pose>& poses) {
  std::vector<double> xyz;
  std::vector<std::int64_t> connectivity, offsets;
  std::vector<std::int32_t> body;
  std::int64_t base = 0;
  for (std::size_t k = 0; k < meshes.size(); ++k) {
    for (const Vec3& v : meshes[k].vertices) {
      const Vec3 p = poses[k] * v;
      xyz.insert(xyz.end(), {p.x(), p.y(), p.z()});
    }
    for (const auto& t : meshes[k].triangles) {
      connectivity.insert(connectivity.end(), {base + t[0], base + t[1], base + t[2]});
      offsets.push_back(static_cast<std::int64_t>(connectivity.size()));
      body.push_back(static_cast<std::int32_t>(k));
    }
    base += static_cast<std::int64_t>(meshes[k].vertices.size());
  }
  std::string out = kHeader;
  piece_head(out, xyz.size() / 3, offsets.size(), xyz);
  cells(out, connectivity, offsets, kVtkTriangle);
  out += "<CellData Scalars=\"body\">\n";
  data_array(out, "Int32", "body", 1, body);
  out += "</CellData>\n";
  out += kFooter;
  return out;
}

std::string contacts_piece(const Scene& scene, const std::vector<Pose>& poses, const ResultTable& results, std::size_t r) {
  const bool spatial = scene.dimension == SceneDimension::spatial;
  std::vector<double> xyz, fn, normal_force, friction_force;
  std::vector<std::int32_t> index, state;
  for (std::size_t k = 0; k < scene.contacts.size(); ++k) {
    const SceneContact& c = scene.contacts[k];
    const std::string what = "contact '" + c.name + "'";
    const ContactFrame f = contact_frame(c, poses[c.body_i], poses[c.body_j], spatial);
    const double n = results.column(c.name + ".fn", what)[r];
    const double t1 = results.column(c.name + (spatial ? ".ft1" : ".ft"), what)[r];
    const double t2 = spatial ? results.column(c.name + ".ft2", what)[r] : 0.0;
    const Vec3 fnv = n * f.normal, ftv = t1 * f.tangent1 + t2 * f.tangent2;
    xyz.insert(xyz.end(), {f.point.x(), f.point.y(), f.point.z()});
    fn.push_back(n);
    normal_force.insert(normal_force.end(), {fnv.x(), fnv.y(), fnv.z()});
    friction_force.insert(friction_force.end(), {ftv.x(), ftv.y(), ftv.z()});
    index.push_back(static_cast<std::int32_t>(k));
    state.push_back(static_cast<std::int32_t>(results.column(c.name + ".state", what)[r]));
  }
  std::vector<std::int64_t> connectivity(index.begin(), index.end()), offsets;
  for (std::size_t k = 1; k <= index.size(); ++k) offsets.push_back(static_cast<std::int64_t>(k));
  std::string out = kHeader;
  piece_head(out, index.size(), index.size(), xyz);
  cells(out, connectivity, offsets, kVtkVertex);
  out += "<PointData Scalars=\"state\" Vectors=\"normal_force\">\n";
  data_array(out, "Int32", "contact", 1, index);
  data_array(out, "Int32", "state", 1, state);
  data_array(out, "Float64", "fn", 1, fn);
  data_array(out, "Float64", "normal_force", 3, normal_force);
  data_array(out, "Float64", "friction_force", 3, friction_force);
  out += "</PointData>\n";
  out += kFooter;
  return out;
}

// Half the size of an unbounded plane's patch: the span of the bodies' centres over the frames, at
// least a metre.
double plane_half_size(const Scene& scene, const PoseReader& poses, const std::vector<std::size_t>& rows) {
  Vec3 lo = Vec3::Constant(1e300), hi = Vec3::Constant(-1e300);
  for (std::size_t r : rows) {
    for (std::size_t k = 1; k < scene.bodies.size(); ++k) {
      const Vec3 p = poses.pose(k, r).position;
      lo = lo.cwiseMin(p);
      hi = hi.cwiseMax(p);
    }
  }
  const double span = scene.bodies.size() > 1 ? (hi - lo).maxCoeff() : 0.0;
  return std::max(1.0, std::isfinite(span) ? span : 0.0);
}

void write_text(const std::filesystem::path& path, const std::string& text) {
  OutputFile f;
  f.create(path.string());
  f.write(text);
  f.close();
}

}  // namespace vtk_detail

VtkSeries write_vtk_series(const Scene& scene, const ResultTable& results, const std::vector<EventLogRow>&,
                           const AnimationOptions& options, const std::string& pvd_path) {
  const std::vector<double>& t = results.column("t", "the time");
  const std::vector<std::size_t> rows = chosen_rows(t, options);
  const vtk_detail::PoseReader reader(scene, results);
  // Every column is looked up once before a file is written: a missing one writes nothing.
  vtk_detail::contacts_piece(scene, std::vector<vtk_detail::Pose>(scene.bodies.size()), results, 0);
  const double half = vtk_detail::plane_half_size(scene, reader, rows);
  std::vector<TriangleMesh> meshes;
  for (const SceneBody& b : scene.bodies) {
    TriangleMesh m;
    for (const SceneShape& s : b.visuals.empty() ? b.shapes : b.visuals) m.append(shape_mesh(s, half));  // as the page draws it
    meshes.push_back(std::move(m));
  }
  const std::filesystem::path pvd(pvd_path);
  const std::string folder_name = pvd.stem().string() + "_vtk";
  const std::filesystem::path folder = pvd.parent_path() / folder_name;
  std::error_code ec;
  std::filesystem::create_directory(folder, ec);  // beside the collection file, whose folder must exist
  if (ec) throw OutputError(folder.string(), "cannot create the folder: " + ec.message());
  std::string collection =
      "<?xml version=\"1.0\"?>\n<VTKFile type=\"Collection\" version=\"1.0\" byte_order=\"LittleEndian\">\n<Collection>\n";
  VtkSeries series;
  series.folder = folder.string();
  for (std::size_t k = 0; k < rows.size(); ++k) {
    std::vector<vtk_detail::Pose> poses;
    for (std::size_t b = 0; b < scene.bodies.size(); ++b) poses.push_back(reader.pose(b, rows[k]));
    char name[64];
    std::string time;
    append_number(time, t[rows[k]]);
    for (const char* part : {"bodies", "contacts"}) {
      std::snprintf(name, sizeof name, "%s_%06zu.vtu", part, k);
      const bool bodies = part[0] == 'b';
      vtk_detail::write_text(folder / name, bodies ? vtk_detail::bodies_piece(meshes, poses)
                                                   : vtk_detail::contacts_piece(scene, poses, results, rows[k]));
      collection += "<DataSet timestep=\"" + time + "\" part=\"" + (bodies ? "0" : "1") + "\" file=\"" + folder_name + "/" +
                    name + "\"/>\n";
      ++series.files;
    }
  }
  collection += "</Collection>\n</VTKFile>\n";
  vtk_detail::write_text(pvd, collection);
  series.frames = rows.size();
  return series;
}

}  // namespace stickslip
