// The model's contacts at one instant, into one reused typed array (STRIDE numbers per contact), so
// that a frame of thousands of contacts allocates nothing: per contact its point, normal, tangents,
// forces and state. Contact geometry follows the model's conventions (docs/animation-format.md): a
// plane (a line in the plane) on body i with its normal and first tangent, or two spheres (circles)
// whose normal runs from centre i to centre j.
import { Animation } from './data.js';

export const STRIDE = 20;
// Offsets in a contact's numbers: point, normal, tangent1, tangent2 (x y z each), then:
export const FN = 12, FT1 = 13, FT2 = 14, BEYOND_END = 15, STATE = 16;

const ZERO = [0, 0, 0];
const cj = new Float64Array(3), ci = new Float64Array(3), k3 = new Float64Array(3);

// out[o..o+3) = R(q) v + (withPosition ? x : 0), q and x body b's pose in `poses` (x y z qw qx qy qz):
// v' = v + 2 w (u × v) + 2 u × (u × v), u the vector part of q.
function place(out, o, poses, b, v, withPosition) {
  const p = 7 * b, w = poses[p + 3], ux = poses[p + 4], uy = poses[p + 5], uz = poses[p + 6];
  const cx = uy * v[2] - uz * v[1], cy = uz * v[0] - ux * v[2], cz = ux * v[1] - uy * v[0];
  const dx = uy * cz - uz * cy, dy = uz * cx - ux * cz, dz = ux * cy - uy * cx;
  out[o] = v[0] + 2 * (w * cx + dx) + (withPosition ? poses[p] : 0);
  out[o + 1] = v[1] + 2 * (w * cy + dy) + (withPosition ? poses[p + 1] : 0);
  out[o + 2] = v[2] + 2 * (w * cz + dz) + (withPosition ? poses[p + 2] : 0);
}

function normalizeAt(a, o) {
  const n = Math.hypot(a[o], a[o + 1], a[o + 2]);
  const s = n > 0 ? 1 / n : 0;
  a[o] *= s; a[o + 1] *= s; a[o + 2] *= s;
}

function set3(a, o, x, y, z) { a[o] = x; a[o + 1] = y; a[o + 2] = z; }

// The smallest rotation taking unit a to unit n (at out[o + 3]) applied to v, into out[o + 6]
// (Rodrigues; the model turns a sphere pair's first tangent this way).
function turnTangent(out, o, a, v) {
  const nx = out[o + 3], ny = out[o + 4], nz = out[o + 5];
  set3(k3, 0, a[1] * nz - a[2] * ny, a[2] * nx - a[0] * nz, a[0] * ny - a[1] * nx);
  const c = a[0] * nx + a[1] * ny + a[2] * nz;
  if (c < -1 + 1e-12) { set3(out, o + 6, -v[0], -v[1], -v[2]); return; }
  const kv = (k3[0] * v[0] + k3[1] * v[1] + k3[2] * v[2]) / (1 + c);
  set3(out, o + 6, v[0] * c + (k3[1] * v[2] - k3[2] * v[1]) + k3[0] * kv,
    v[1] * c + (k3[2] * v[0] - k3[0] * v[2]) + k3[1] * kv, v[2] * c + (k3[0] * v[1] - k3[1] * v[0]) + k3[2] * kv);
}

// A unit vector perpendicular to the normal: n × z, or n × x when n is along z (the model's first
// tangent of a planar sphere pair, −perp(n) in the plane).
function perpendicularTangent(out, o) {
  const nx = out[o + 3], ny = out[o + 4], nz = out[o + 5];
  if (Math.hypot(ny, nx) > 1e-12) set3(out, o + 6, ny, -nx, 0);
  else set3(out, o + 6, 0, nz, -ny);
  normalizeAt(out, o + 6);
}

function planeContact(c, poses, out, o) {
  place(ci, 0, poses, c.body_i, c.plane.point, true);  // the plane's origin
  place(out, o + 3, poses, c.body_i, c.plane.normal, false);
  normalizeAt(out, o + 3);
  place(out, o + 6, poses, c.body_i, c.plane.tangent, false);
  normalizeAt(out, o + 6);
  const s = (cj[0] - ci[0]) * out[o + 6] + (cj[1] - ci[1]) * out[o + 7] + (cj[2] - ci[2]) * out[o + 8];
  const ext = c.plane.extent || [null, null];
  out[o + BEYOND_END] = (ext[0] !== null && s < ext[0]) || (ext[1] !== null && s > ext[1]) ? 1 : 0;
  const r = c.radius_j || 0;
  set3(out, o, cj[0] - out[o + 3] * r, cj[1] - out[o + 4] * r, cj[2] - out[o + 5] * r);
}

function sphereContact(c, poses, spatial, out, o) {
  place(ci, 0, poses, c.body_i, c.center_i || ZERO, true);
  const dx = cj[0] - ci[0], dy = cj[1] - ci[1], dz = cj[2] - ci[2], length = Math.hypot(dx, dy, dz);
  const ri = c.radius_i || 0, rj = c.radius_j || 0;
  out[o + BEYOND_END] = 0;
  if (length > 0) set3(out, o + 3, dx / length, dy / length, dz / length);
  else if (spatial) set3(out, o + 3, ...c.reference_normal);
  else set3(out, o + 3, 0, 1, 0);
  if (spatial) {
    turnTangent(out, o, c.reference_normal, c.reference_tangent);
    normalizeAt(out, o + 6);
    const along = ri + 0.5 * (length - ri - rj);  // the middle of the overlap, as the model reports it
    set3(out, o, ci[0] + out[o + 3] * along, ci[1] + out[o + 4] * along, ci[2] + out[o + 5] * along);
  } else {
    perpendicularTangent(out, o);
    set3(out, o, cj[0] - out[o + 3] * rj, cj[1] - out[o + 4] * rj, cj[2] - out[o + 5] * rj);
  }
}

// Contact k of the model at frame i, fraction f, bodies at `poses`, into out[STRIDE k ...]. Discrete
// values (the state) are those of the frame at or before the time; NaN where the data has none.
export function contactAt(anim, k, poses, i, f, out) {
  const c = anim.contacts[k], o = STRIDE * k;
  place(cj, 0, poses, c.body_j, c.center_j || ZERO, true);
  if (c.kind === 'plane') planeContact(c, poses, out, o);
  else sphereContact(c, poses, anim.dimension === 'spatial', out, o);
  const nx = out[o + 3], ny = out[o + 4], nz = out[o + 5], tx = out[o + 6], ty = out[o + 7], tz = out[o + 8];
  set3(out, o + 9, ny * tz - nz * ty, nz * tx - nx * tz, nx * ty - ny * tx);  // t2 = n × t1
  out[o + FN] = Animation.value(c.ch.fn, i, f) || 0;
  out[o + FT1] = Animation.value(c.ch.ft1, i, f) || 0;
  out[o + FT2] = Animation.value(c.ch.ft2, i, f) || 0;
  out[o + STATE] = c.ch.state.at(i) ?? NaN;
}

// Contact k of `data` as an object (what scripts and the 2-D view read).
export function contactObject(anim, data, k) {
  const o = STRIDE * k, v = (n) => [data[o + n], data[o + n + 1], data[o + n + 2]];
  const fn = data[o + FN], ft1 = data[o + FT1], ft2 = data[o + FT2], s = data[o + STATE];
  const state = Number.isNaN(s) ? null : s, normal = v(3), tangent1 = v(6), tangent2 = v(9);
  return {
    name: anim.contacts[k].name, state, stateName: anim.stateNames[state] ?? String(state),
    point: v(0), normal, tangent1, tangent2, beyondEnd: data[o + BEYOND_END] === 1, fn, ft1, ft2,
    normalForce: normal.map((x) => x * fn),
    frictionForce: [0, 1, 2].map((a) => tangent1[a] * ft1 + tangent2[a] * ft2),
  };
}
