#include "geometry/mesh_file.hpp"

#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <filesystem>
#include <system_error>

namespace stickslip::geometry {
namespace {

[[noreturn]] void fail(const std::string& path, const std::string& why) { throw GeometryError(path + ": " + why); }

// Triangles of every mesh of the scene, vertices already in the scene's frame (the node transforms
// baked in by aiProcess_PreTransformVertices); lines and points are skipped.
void append_meshes(const aiScene& scene, TriangleMesh& out) {
  for (unsigned m = 0; m < scene.mNumMeshes; ++m) {
    const aiMesh& mesh = *scene.mMeshes[m];
    const int base = static_cast<int>(out.vertices.size());
    for (unsigned v = 0; v < mesh.mNumVertices; ++v) {
      const aiVector3D& p = mesh.mVertices[v];
      out.vertices.emplace_back(p.x, p.y, p.z);
    }
    for (unsigned f = 0; f < mesh.mNumFaces; ++f) {
      const aiFace& face = mesh.mFaces[f];
      if (face.mNumIndices != 3) continue;
      out.triangles.push_back({base + static_cast<int>(face.mIndices[0]), base + static_cast<int>(face.mIndices[1]),
                               base + static_cast<int>(face.mIndices[2])});
    }
  }
}

}  // namespace

std::shared_ptr<const TriangleMesh> read_mesh_file(const std::string& path, const MeshLimits& limits) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) fail(path, "no such file");
  if (std::filesystem::is_directory(path, ec)) fail(path, "is a folder, not a mesh file");
  Assimp::Importer importer;
  importer.SetPropertyBool(AI_CONFIG_PP_FD_REMOVE, true);  // drop degenerate triangles
  const unsigned steps = aiProcess_Triangulate | aiProcess_JoinIdenticalVertices | aiProcess_PreTransformVertices |
                         aiProcess_FindDegenerates | aiProcess_SortByPType;
  const aiScene* scene = importer.ReadFile(path, steps);
  if (scene == nullptr) fail(path, std::string("cannot be read as a mesh (") + importer.GetErrorString() + ")");
  std::size_t triangles = 0;
  for (unsigned m = 0; m < scene->mNumMeshes; ++m) triangles += scene->mMeshes[m]->mNumFaces;
  if (triangles > limits.max_triangles) {
    fail(path, "has " + std::to_string(triangles) + " triangles, more than the " + std::to_string(limits.max_triangles) +
                   " a shape may have (docs/model-format.md); decimate it");
  }
  auto mesh = std::make_shared<TriangleMesh>();
  append_meshes(*scene, *mesh);
  if (mesh->triangles.empty()) fail(path, "holds no triangles");
  return mesh;
}

}  // namespace stickslip::geometry
