// Kinematics of the spatial contact shapes (model/contact.hpp), in velocity space: for a spatial
// body v = [ṙ (world); ω' (principal body frame)], so the velocity of its material point at P is
// ṙ + R(ω' × s'), s' = Rᵀ(P − r), and the row of a direction e (world) is
//   [eᵀ, (s' × Rᵀe)ᵀ] = [eᵀ, (Rᵀ((P − r) × e))ᵀ]       (eᵀ R(ω' × s') = ω'ᵀ(s' × Rᵀe)),
// + for body j, − for body i. ġ_N = nᵀ(V_j(P) − V_i(P)) exactly for both shapes (the terms of ṅ
// and of P's motion along the surface vanish: ṅ ⊥ n, and (ω × n) ⊥ n for a sphere's radius).
//
// Tangent basis (t₁, t₂ = n × t₁), continuous in time:
//   sphere_plane:  fixed in body i: t₁ = A_i t₁⁰ with t₁⁰ ⊥ n₀ chosen once by the builder (the
//                  body axis least aligned with n₀, made orthogonal to it), so the basis turns with
//                  the plane and never jumps.
//   sphere_sphere: the minimal rotation taking the reference normal n_ref (the initial direction
//                  C_i → C_j, world) to n, applied to t₁_ref ⊥ n_ref:
//                    t₁ = c t + k × t + k (k·t)/(1 + c),  k = n_ref × n, c = n_ref·n,
//                  smooth in n except at n = −n_ref (the spheres would have to roll half way round
//                  each other while touching); a frozen bristle state is re-expressed in it on reopening.
// The acceleration-level biases ŵ are not computed (NaN): only the compliant scheme takes spatial
// contacts, and it reads them only for Karnopp's stick force, which spatial contacts refuse.
#include <cmath>
#include <limits>

#include "assembly/body_kinematics.hpp"
#include "assembly/contact_kinematics.hpp"

namespace stickslip {
namespace {

struct SpatialGeometry {
  double gap = 0;
  Vec3 n, t1, P;
};

SpatialGeometry sphere_plane(const Contact& c, const SpatialKinematics& bi, const SpatialKinematics& bj) {
  SpatialGeometry g;
  const Vec3 A = point_position(bi, c.plane_point);
  const Vec3 C = point_position(bj, c.sphere_center_j);
  g.n = bi.A * c.reference_normal;
  g.t1 = bi.A * c.reference_tangent;
  g.gap = g.n.dot(C - A) - c.radius_j;
  g.P = C - c.radius_j * g.n;
  return g;
}

SpatialGeometry sphere_sphere(const Contact& c, const SpatialKinematics& bi, const SpatialKinematics& bj) {
  SpatialGeometry g;
  const Vec3 Ci = point_position(bi, c.sphere_center_i), Cj = point_position(bj, c.sphere_center_j);
  const Vec3 d = Cj - Ci;
  const double L = d.norm();
  g.n = L > 1e-15 ? Vec3(d / L) : c.reference_normal;  // coincident centres: any direction
  g.gap = L - c.radius_i - c.radius_j;
  g.P = Ci + (c.radius_i + 0.5 * g.gap) * g.n;
  const Vec3& n0 = c.reference_normal;
  const Vec3& t0 = c.reference_tangent;
  const Vec3 k = n0.cross(g.n);
  const double cos_angle = n0.dot(g.n);
  g.t1 = cos_angle * t0 + k.cross(t0) + (k.dot(t0) / (1.0 + cos_angle)) * k;
  g.t1 = (g.t1 - g.t1.dot(g.n) * g.n).normalized();  // rounding only: the rotation keeps t₁ ⊥ n
  return g;
}

// Rows of direction e at P for spatial bodies i and j, and the relative velocity along e.
void spatial_direction_terms(const Vec3& e, const Vec3& P, const SpatialKinematics& bi, const SpatialKinematics& bj,
                             BodyRow& wi, BodyRow& wj, double& velocity) {
  const Vec3 ai = bi.R.transpose() * (P - bi.r).cross(e);
  const Vec3 aj = bj.R.transpose() * (P - bj.r).cross(e);
  wi.resize(6);
  wj.resize(6);
  wi << -e.x(), -e.y(), -e.z(), -ai.x(), -ai.y(), -ai.z();
  wj << e.x(), e.y(), e.z(), aj.x(), aj.y(), aj.z();
  velocity = e.dot(bj.v - bi.v) + aj.dot(bj.omega) - ai.dot(bi.omega);
}

}  // namespace

ContactKinematics spatial_contact_kinematics(const Contact& c, const Workspace& ws) {
  const SpatialKinematics &bi = ws.bodies[c.body_i].spatial, &bj = ws.bodies[c.body_j].spatial;
  const SpatialGeometry g = c.shape == ContactShape::sphere_plane ? sphere_plane(c, bi, bj) : sphere_sphere(c, bi, bj);
  ContactKinematics k;
  k.gap = g.gap;
  k.normal3 = g.n;
  k.tangents3 = {g.t1, g.n.cross(g.t1)};
  k.point3 = g.P;
  k.tangent_rows = 2;
  spatial_direction_terms(g.n, g.P, bi, bj, k.wn_i, k.wn_j, k.vn);
  for (int t = 0; t < 2; ++t) spatial_direction_terms(k.tangents3[t], g.P, bi, bj, k.wt_i[t], k.wt_j[t], k.vt[t]);
  constexpr double nan = std::numeric_limits<double>::quiet_NaN();
  k.wn_bias = nan;
  k.wt_bias = TangentVector::Constant(nan);
  return k;
}

}  // namespace stickslip
