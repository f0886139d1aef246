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
// Acceleration-level biases: g̈_e = W_eᵀ v̇ + ŵ_e with, for a direction e at P,
//   ŵ_e = ėᵀ(V_j(P) − V_i(P)) + eᵀ(ω_j × (Ṗ − ṙ_j) − ω_i × (Ṗ − ṙ_i))     (ω in the world frame)
// (+ W_eᵀ of the known accelerations of bodies that are not dynamic): the derivative of
// eᵀ(ṙ_j + ω_j × (P − r_j) − …) along the motion, whose terms in r̈ and ω̇ = R ω̇' are the rows
// (Pfeiffer & Glocker 1996 ch. 4; the planar contacts' ŵ in contact_kinematics.cpp, written in 3-D).
// The rates ṅ, ṫ₁, Ṗ of each shape come with its geometry; ṫ₂ = ṅ × t₁ + n × ṫ₁.
#include <cmath>
#include <array>
#include <limits>

#include "assembly/body_kinematics.hpp"
#include "assembly/contact_kinematics.hpp"

namespace stickslip {
namespace {

struct SpatialGeometry {
  double gap = 0;
  Vec3 n, t1, P;
  Vec3 n_dot, t1_dot, P_dot;  // rates along q̇ = B(q) v
};

Vec3 world_omega(const SpatialKinematics& b) { return b.R * b.omega; }

// `rates`: also ṅ, ṫ₁, Ṗ (for the acceleration biases only).
SpatialGeometry sphere_plane(const Contact& c, const SpatialKinematics& bi, const SpatialKinematics& bj, bool rates) {
  SpatialGeometry g;
  const Vec3 A = point_position(bi, c.plane_point);
  const Vec3 C = point_position(bj, c.sphere_center_j);
  g.n = bi.A * c.reference_normal;
  g.t1 = bi.A * c.reference_tangent;
  g.gap = g.n.dot(C - A) - c.radius_j;
  g.P = C - c.radius_j * g.n;
  if (!rates) return g;
  // n and t₁ turn with body i; the sphere's centre moves with body j.
  const Vec3 wi = world_omega(bi);
  g.n_dot = wi.cross(g.n);
  g.t1_dot = wi.cross(g.t1);
  g.P_dot = point_velocity(bj, c.sphere_center_j) - c.radius_j * g.n_dot;
  return g;
}

SpatialGeometry sphere_sphere(const Contact& c, const SpatialKinematics& bi, const SpatialKinematics& bj, bool rates) {
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
  if (!rates) return g;
  // Rates: ḋ = V_j(C_j) − V_i(C_i), ṅ = (ḋ − (n·ḋ) n)/L, Ṗ = V_i(C_i) + ½ ġ n + (ρ_i + ½ g) ṅ, and
  // ṫ₁ by differentiating the minimal rotation in n (k̇ = n_ref × ṅ, ċ = n_ref·ṅ).
  const Vec3 Vi = point_velocity(bi, c.sphere_center_i), Vj = point_velocity(bj, c.sphere_center_j);
  const Vec3 d_dot = Vj - Vi;
  const double L_dot = g.n.dot(d_dot);
  g.n_dot = L > 1e-15 ? Vec3((d_dot - L_dot * g.n) / L) : Vec3::Zero();
  g.P_dot = Vi + 0.5 * L_dot * g.n + (c.radius_i + 0.5 * g.gap) * g.n_dot;
  const Vec3 k_dot = n0.cross(g.n_dot);
  const double c_dot = n0.dot(g.n_dot), one_c = 1.0 + cos_angle;
  g.t1_dot = c_dot * t0 + k_dot.cross(t0) + (k.dot(t0) / one_c) * k_dot + (k_dot.dot(t0) / one_c) * k -
             (k.dot(t0) * c_dot / (one_c * one_c)) * k;
  return g;
}

// Rows of direction e at P for spatial bodies i and j and the relative velocity along e (see the top).
void spatial_direction_rows(const Vec3& e, const Vec3& P, const SpatialKinematics& bi, const SpatialKinematics& bj,
                            BodyRow& wi, BodyRow& wj, double& velocity) {
  const Vec3 ai = bi.R.transpose() * (P - bi.r).cross(e);
  const Vec3 aj = bj.R.transpose() * (P - bj.r).cross(e);
  wi.resize(6);
  wj.resize(6);
  for (int k = 0; k < 3; ++k) {
    wi[k] = -e[k];
    wi[3 + k] = -ai[k];
    wj[k] = e[k];
    wj[3 + k] = aj[k];
  }
  velocity = e.dot(bj.v - bi.v) + aj.dot(bj.omega) - ai.dot(bi.omega);
}

// The rows and velocity of direction e, and its acceleration bias ŵ_e (see the top; ė the rate of e).
void spatial_direction_terms(const Vec3& e, const Vec3& e_dot, const SpatialGeometry& g, const Body& body_i,
                             const SpatialKinematics& bi, const Body& body_j, const SpatialKinematics& bj, BodyRow& wi,
                             BodyRow& wj, double& velocity, double& bias) {
  const Vec3& P = g.P;
  spatial_direction_rows(e, P, bi, bj, wi, wj, velocity);
  const Vec3 wi_world = world_omega(bi), wj_world = world_omega(bj);
  const Vec3 dV = (bj.v + wj_world.cross(P - bj.r)) - (bi.v + wi_world.cross(P - bi.r));
  bias = e_dot.dot(dV) + e.dot(wj_world.cross(g.P_dot - bj.v) - wi_world.cross(g.P_dot - bi.v));
  // Bodies that are not dynamic move with known accelerations.
  const auto known = [](const SpatialKinematics& b) {
    BodyVector a(6);
    a << b.a, b.alpha;
    return a;
  };
  if (!body_j.is_dynamic()) bias += wj.dot(known(bj));
  if (!body_i.is_dynamic()) bias += wi.dot(known(bi));
}

}  // namespace

ContactKinematics spatial_contact_kinematics(const Model& model, const Contact& c, const Workspace& ws) {
  const SpatialKinematics &bi = ws.bodies[c.body_i].spatial, &bj = ws.bodies[c.body_j].spatial;
  const Body &body_i = model.bodies[c.body_i], &body_j = model.bodies[c.body_j];
  const SpatialGeometry g =
      c.shape == ContactShape::sphere_plane ? sphere_plane(c, bi, bj, true) : sphere_sphere(c, bi, bj, true);
  ContactKinematics k;
  k.gap = g.gap;
  k.normal3 = g.n;
  k.tangents3 = {g.t1, g.n.cross(g.t1)};
  k.point3 = g.P;
  k.tangent_rows = 2;
  spatial_direction_terms(g.n, g.n_dot, g, body_i, bi, body_j, bj, k.wn_i, k.wn_j, k.vn, k.wn_bias);
  const std::array<Vec3, 2> t_dot{g.t1_dot, g.n_dot.cross(g.t1) + g.n.cross(g.t1_dot)};
  for (int t = 0; t < 2; ++t) {
    spatial_direction_terms(k.tangents3[t], t_dot[t], g, body_i, bi, body_j, bj, k.wt_i[t], k.wt_j[t], k.vt[t],
                            k.wt_bias[t]);
  }
  return k;
}

void spatial_contact_rows(const Model& model, const Contact& c, const Workspace& ws, double tangent_gap,
                          ContactKinematics& k) {
  (void)model;
  const SpatialKinematics &bi = ws.bodies[c.body_i].spatial, &bj = ws.bodies[c.body_j].spatial;
  const SpatialGeometry g =
      c.shape == ContactShape::sphere_plane ? sphere_plane(c, bi, bj, false) : sphere_sphere(c, bi, bj, false);
  k.gap = g.gap;
  k.normal3 = g.n;
  k.point3 = g.P;
  k.tangent_rows = 2;
  spatial_direction_rows(g.n, g.P, bi, bj, k.wn_i, k.wn_j, k.vn);
  if (!(g.gap <= tangent_gap)) return;
  k.tangents3 = {g.t1, g.n.cross(g.t1)};
  for (int t = 0; t < 2; ++t) spatial_direction_rows(k.tangents3[t], g.P, bi, bj, k.wt_i[t], k.wt_j[t], k.vt[t]);
}

}  // namespace stickslip

namespace stickslip {

void point_contact_kinematics(const Model& /*model*/, const Contact& c, const Vec3& n, const Vec3& t1, const Vec3& P,
                              double gap, const Workspace& ws, ContactKinematics& k) {
  const SpatialKinematics &bi = ws.bodies[static_cast<std::size_t>(c.body_i)].spatial,
                          &bj = ws.bodies[static_cast<std::size_t>(c.body_j)].spatial;
  k.in_range = true;
  k.gap = gap;
  k.normal3 = n;
  k.tangents3 = {t1, n.cross(t1)};
  k.point3 = P;
  k.tangent_rows = 2;
  const auto rows = [&](const Vec3& e, BodyRow& wi, BodyRow& wj, double& velocity) {
    const Vec3 ai = bi.R.transpose() * (P - bi.r).cross(e);
    const Vec3 aj = bj.R.transpose() * (P - bj.r).cross(e);
    wi.resize(6);
    wj.resize(6);
    wi << -e.x(), -e.y(), -e.z(), -ai.x(), -ai.y(), -ai.z();
    wj << e.x(), e.y(), e.z(), aj.x(), aj.y(), aj.z();
    velocity = e.dot(bj.v - bi.v) + aj.dot(bj.omega) - ai.dot(bi.omega);
  };
  rows(n, k.wn_i, k.wn_j, k.vn);
  for (int t = 0; t < 2; ++t) rows(k.tangents3[static_cast<std::size_t>(t)], k.wt_i[static_cast<std::size_t>(t)], k.wt_j[static_cast<std::size_t>(t)], k.vt[t]);
  k.wn_bias = std::numeric_limits<double>::quiet_NaN();
  k.wt_bias.setConstant(std::numeric_limits<double>::quiet_NaN());
}

}  // namespace stickslip
