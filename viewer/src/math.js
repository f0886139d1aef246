// Small vector and quaternion helpers. Vectors are [x, y, z]; quaternions [w, x, y, z] (unit,
// rotating body-frame vectors into the global frame). Planar poses are rotations about z.

export function add(a, b) { return [a[0] + b[0], a[1] + b[1], a[2] + b[2]]; }
export function sub(a, b) { return [a[0] - b[0], a[1] - b[1], a[2] - b[2]]; }
export function scale(a, s) { return [a[0] * s, a[1] * s, a[2] * s]; }
export function dot(a, b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
export function cross(a, b) {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}
export function norm(a) { return Math.hypot(a[0], a[1], a[2]); }
export function normalize(a) {
  const n = norm(a);
  return n > 0 ? scale(a, 1 / n) : [0, 0, 0];
}
export function lerp(a, b, f) { return a + (b - a) * f; }

// v' = q v q*, expanded: v + 2 w (u × v) + 2 u × (u × v) with u the vector part of q.
export function rotate(q, v) {
  const u = [q[1], q[2], q[3]];
  const c1 = cross(u, v);
  const c2 = cross(u, c1);
  return [v[0] + 2 * (q[0] * c1[0] + c2[0]), v[1] + 2 * (q[0] * c1[1] + c2[1]), v[2] + 2 * (q[0] * c1[2] + c2[2])];
}

// Normalised linear interpolation, taking the shorter way round (q and −q are one rotation).
export function nlerp(a, b, f) {
  const s = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3] < 0 ? -1 : 1;
  const q = [0, 1, 2, 3].map((k) => lerp(a[k], s * b[k], f));
  const n = Math.hypot(q[0], q[1], q[2], q[3]);
  return n > 0 ? q.map((x) => x / n) : [1, 0, 0, 0];
}

// θ of a rotation about z: q = [cos θ/2, 0, 0, sin θ/2].
export function planarAngle(q) { return 2 * Math.atan2(q[3], q[0]); }

// A unit vector perpendicular to n: n × z, or n × x when n is along z (Scene convention for the
// first tangent of a contact between two spheres; in the plane it is −perp(n)).
export function perpendicular(n) {
  const t = cross(n, [0, 0, 1]);
  return norm(t) > 1e-12 ? normalize(t) : normalize(cross(n, [1, 0, 0]));
}

// 1, 2 or 5 × 10^k nearest below x (> 0): the round numbers of a legend.
export function niceNumber(x) {
  if (!(x > 0) || !isFinite(x)) return 1;
  const e = Math.pow(10, Math.floor(Math.log10(x)));
  const m = x / e;
  return (m >= 5 ? 5 : m >= 2 ? 2 : 1) * e;
}
