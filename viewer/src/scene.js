// What the page shows at one instant, in the global frame, for both renderers (and for tests,
// through window.stickslip.state()): body poses, joint points, spring ends, contact points with
// their frames, forces and states (contacts.js), and the contact points of the frame that come and go.
import { contactAt, contactObject, STRIDE } from './contacts.js';
import { add, normalize, rotate, scale } from './math.js';

// Body k's pose from an array of poses (Animation.poseAt: 7 numbers per body) as an object.
function poseOf(anim, poses, k) {
  const o = 7 * k;
  return {
    name: anim.bodies[k].name,
    position: [poses[o], poses[o + 1], poses[o + 2]],
    orientation: [poses[o + 3], poses[o + 4], poses[o + 5], poses[o + 6]],
  };
}

// A body-frame point in the global frame.
export function toGlobal(pose, point) { return add(pose.position, rotate(pose.orientation, point)); }

// The contact points of frame i (those that come and go): discrete, as the frame has them.
function framePoints(anim, i) {
  const p = anim.points;
  if (!p) return [];
  const out = [];
  for (let k = p.offsets[i]; k < p.offsets[i + 1]; ++k) {
    const v3 = (a) => [a[3 * k], a[3 * k + 1], a[3 * k + 2]];
    const normal = v3(p.normal), fn = p.fn[k], friction = v3(p.friction);
    out.push({
      pair: p.pairs[p.pair[k]] ?? String(p.pair[k]), id: p.id[k], point: v3(p.position), normal, state: p.state[k],
      stateName: anim.stateNames[p.state[k]] ?? String(p.state[k]), fn, normalForce: scale(normal, fn), frictionForce: friction,
    });
  }
  return out;
}

// The instant at frame i, fraction f. Body poses and contacts stay in reused typed arrays (`poses`,
// `contactData`: what the 3-D view reads, allocating nothing per body or contact); `bodies`,
// `contacts` (objects) and `points` are made when first read, for the 2-D view and scripts.
export function evaluate(anim, i, f) {
  const poses = anim.poseAt(i, f), stamp = anim.poseStamp;
  const pose = (k) => poseOf(anim, poses, k);
  const joints = anim.joints.map((j) => {
    const pi = pose(j.body_i), pj = pose(j.body_j);
    const pointI = toGlobal(pi, j.point_i);
    const pointJ = toGlobal(pj, j.point_j);
    const axis = j.axis ? normalize(rotate(pi.orientation, j.axis)) : null;
    const axisJ = j.axis_j ? normalize(rotate(pj.orientation, j.axis_j)) : null;
    return { name: j.name, type: j.type, point_i: pointI, point_j: pointJ, axis, axis_j: axisJ };
  });
  const springs = anim.springs.map((s) => ({
    name: s.name,
    a: toGlobal(pose(s.body_i), s.point_i),
    b: toGlobal(pose(s.body_j), s.point_j),
  }));
  if (!anim.contactData) anim.contactData = new Float64Array(STRIDE * anim.contacts.length);
  const contactData = anim.contactData;
  for (let k = 0; k < anim.contacts.length; ++k) contactAt(anim, k, poses, i, f, contactData);
  const t = i + 1 < anim.frames ? anim.time[i] + f * (anim.time[i + 1] - anim.time[i]) : anim.time[i];
  const state = { t, index: i, fraction: f, joints, springs };
  Object.defineProperties(state, { poses: { value: poses }, contactData: { value: contactData } });
  // The arrays are shared by all instants: read again if another instant was evaluated since.
  const current = () => (anim.poseStamp === stamp ? state : evaluate(anim, i, f));
  let bodies = null, contacts = null, points = null;
  Object.defineProperties(state, {
    bodies: {
      enumerable: true,
      get() {
        const now = current();
        bodies ??= anim.bodies.map((b, k) => poseOf(anim, now.poses, k));
        return bodies;
      },
    },
    contacts: {
      enumerable: true,
      get() {
        const now = current();
        contacts ??= anim.contacts.map((c, k) => contactObject(anim, now.contactData, k));
        return contacts;
      },
    },
    points: { enumerable: true, get() { points ??= framePoints(anim, i); return points; } },
  });
  return state;
}

// Largest normal and friction forces of the run (contacts and contact points), for the arrows' scales.
export function largestForces(anim) {
  let normal = 0, friction = 0;
  for (const c of anim.contacts) {
    for (let i = 0; i < anim.frames; ++i) {
      const fn = c.ch.fn.at(i) || 0, f1 = c.ch.ft1.at(i) || 0, f2 = c.ch.ft2.at(i) || 0;
      normal = Math.max(normal, Math.abs(fn));
      friction = Math.max(friction, Math.hypot(f1, f2));
      if (c.ch.fn.constant && c.ch.ft1.constant && c.ch.ft2.constant) break;
    }
  }
  const p = anim.points;
  if (p) {
    for (let k = 0; k < p.fn.length; ++k) {
      normal = Math.max(normal, Math.abs(p.fn[k]));
      friction = Math.max(friction, Math.hypot(p.friction[3 * k], p.friction[3 * k + 1], p.friction[3 * k + 2]));
    }
  }
  return { normal, friction };
}

// Points bounding a shape in its body's frame (planes bound nothing: they are as large as the scene).
export function shapePoints(shape) {
  const local = [];
  const r = shape.radius || 0;
  if (shape.kind === 'box') {
    const h = scale(shape.size, 0.5);
    for (const sx of [-1, 1]) for (const sy of [-1, 1]) for (const sz of [-1, 1]) local.push([sx * h[0], sy * h[1], sz * h[2]]);
  } else if (shape.kind === 'sphere' || shape.kind === 'capsule' || shape.kind === 'cylinder') {
    const h = shape.kind === 'sphere' ? 0 : 0.5 * shape.length;
    for (const z of [-h - (shape.kind === 'capsule' ? r : 0), h + (shape.kind === 'capsule' ? r : 0)]) {
      for (const [x, y] of [[r, 0], [-r, 0], [0, r], [0, -r]]) local.push([x, y, z]);
    }
    if (shape.kind === 'sphere') local.push([0, 0, r], [0, 0, -r]);
  } else if (shape.vertices) {
    for (let k = 0; k + 2 < shape.vertices.length; k += 3) local.push([shape.vertices[k], shape.vertices[k + 1], shape.vertices[k + 2]]);
  }
  const pose = { position: shape.position || [0, 0, 0], orientation: shape.orientation || [1, 0, 0, 0] };
  return local.map((p) => toGlobal(pose, p));
}

// Bounding box of everything drawn over the run (bodies with shapes, joints, bounded contact
// lines, contact points), sampled on at most ~400 frames (fewer for large scenes: about 10⁶ points
// transformed in all): what the camera frames at start.
export function sceneBounds(anim) {
  const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
  const grow = (p) => { for (let k = 0; k < 3; ++k) { lo[k] = Math.min(lo[k], p[k]); hi[k] = Math.max(hi[k], p[k]); } };
  const local = anim.bodies.map((b) => [...(b.shapes || []), ...(b.visuals || [])].flatMap(shapePoints));
  const work = local.reduce((n, l) => n + Math.max(l.length, 1), 0) + anim.contacts.length;
  const samples = Math.max(2, Math.min(400, Math.floor(1e6 / work)));
  const stride = Math.max(1, Math.floor(anim.frames / samples));
  for (let i = 0; i < anim.frames; i += stride) {
    const all = anim.poseAt(i, 0), poses = anim.bodies.map((b, k) => poseOf(anim, all, k));
    anim.bodies.forEach((b, k) => {
      for (const p of local[k]) grow(toGlobal(poses[k], p));
      if (k > 0 && !local[k].length) grow(poses[k].position);
    });
    for (const j of anim.joints) grow(toGlobal(poses[j.body_j], j.point_j));
    for (const c of anim.contacts) {
      if (c.kind === 'plane') {
        const e = c.plane.extent;
        if (e && e[0] !== null && e[1] !== null) {
          const o = toGlobal(poses[c.body_i], c.plane.point);
          const t = rotate(poses[c.body_i].orientation, c.plane.tangent);
          grow(add(o, scale(t, e[0])));
          grow(add(o, scale(t, e[1])));
        }
      } else {
        grow(toGlobal(poses[c.body_j], c.center_j || [0, 0, 0]));
      }
    }
    if (anim.points) for (let k = anim.points.offsets[i]; k < anim.points.offsets[i + 1]; ++k) grow([0, 1, 2].map((a) => anim.points.position[3 * k + a]));
    if (i + stride >= anim.frames && i !== anim.frames - 1) i = anim.frames - 1 - stride;  // the last frame too
  }
  if (!isFinite(lo[0])) return { lo: [-1, -1, -1], hi: [1, 1, 1], size: 2 };
  const size = Math.max(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]) || 1;
  return { lo, hi, size };
}
