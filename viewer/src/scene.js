// What the page shows at one instant, in the global frame, for both renderers (and for tests,
// through window.stickslip.state()): body poses, joint points, spring ends, contact points with
// their frames, forces and states. Contact geometry follows the model's conventions
// (docs/animation-format.md): a plane (a line in the plane) on body i with its normal and first
// tangent, or two spheres (circles) whose normal runs from centre i to centre j.
import { Animation } from './data.js';
import { add, cross, dot, nlerp, norm, normalize, perpendicular, rotate, scale, sub } from './math.js';

export const STATE_NAMES = ['open', 'stick', 'slip+', 'slip-'];

function bodyPose(body, i, f) {
  const p = body.pose;
  const v = (k) => Animation.value(p[k], i, f);
  const position = [v('x'), v('y'), v('z')];
  const qa = ['qw', 'qx', 'qy', 'qz'].map((k) => p[k].at(i));
  let orientation = qa;
  if (f !== 0 && !['qw', 'qx', 'qy', 'qz'].every((k) => p[k].constant)) {
    orientation = nlerp(qa, ['qw', 'qx', 'qy', 'qz'].map((k) => p[k].at(i + 1)), f);
  }
  return { name: body.name, position, orientation };
}

// A body-frame point in the global frame.
export function toGlobal(pose, point) { return add(pose.position, rotate(pose.orientation, point)); }

function contactFrame(c, poses) {
  const pi = poses[c.body_i], pj = poses[c.body_j];
  const cj = toGlobal(pj, c.center_j || [0, 0, 0]);
  let normal, tangent1, beyondEnd = false;
  if (c.kind === 'plane') {
    const origin = toGlobal(pi, c.plane.point);
    normal = normalize(rotate(pi.orientation, c.plane.normal));
    tangent1 = normalize(rotate(pi.orientation, c.plane.tangent));
    const s = dot(sub(cj, origin), tangent1);
    const ext = c.plane.extent || [null, null];
    beyondEnd = (ext[0] !== null && s < ext[0]) || (ext[1] !== null && s > ext[1]);
  } else {
    const ci = toGlobal(pi, c.center_i || [0, 0, 0]);
    const d = sub(cj, ci);
    normal = norm(d) > 0 ? normalize(d) : [0, 1, 0];
    tangent1 = perpendicular(normal);
  }
  const tangent2 = cross(normal, tangent1);
  const point = sub(cj, scale(normal, c.radius_j || 0));
  return { point, normal, tangent1, tangent2, beyondEnd };
}

export function evaluate(anim, i, f) {
  const poses = anim.bodies.map((b) => bodyPose(b, i, f));
  const joints = anim.joints.map((j) => {
    const pointI = toGlobal(poses[j.body_i], j.point_i);
    const pointJ = toGlobal(poses[j.body_j], j.point_j);
    const axis = j.axis ? normalize(rotate(poses[j.body_i].orientation, j.axis)) : null;
    return { name: j.name, type: j.type, point_i: pointI, point_j: pointJ, axis };
  });
  const springs = anim.springs.map((s) => ({
    name: s.name,
    a: toGlobal(poses[s.body_i], s.point_i),
    b: toGlobal(poses[s.body_j], s.point_j),
  }));
  // Discrete values (the contact state) are those of the frame at or before the time.
  const contacts = anim.contacts.map((c) => {
    const fr = contactFrame(c, poses);
    const state = c.ch.state.at(i);
    const fn = Animation.value(c.ch.fn, i, f) || 0;
    const ft1 = Animation.value(c.ch.ft1, i, f) || 0;
    const ft2 = Animation.value(c.ch.ft2, i, f) || 0;
    return {
      name: c.name, state, stateName: STATE_NAMES[state] ?? String(state), ...fr, fn, ft1, ft2,
      normalForce: scale(fr.normal, fn),
      frictionForce: add(scale(fr.tangent1, ft1), scale(fr.tangent2, ft2)),
    };
  });
  const t = i + 1 < anim.frames ? anim.time[i] + f * (anim.time[i + 1] - anim.time[i]) : anim.time[i];
  return { t, index: i, fraction: f, bodies: poses, joints, springs, contacts };
}

// Largest contact force of the run (for the arrows' scale).
export function largestForce(anim) {
  let m = 0;
  for (const c of anim.contacts) {
    for (let i = 0; i < anim.frames; ++i) {
      const fn = c.ch.fn.at(i) || 0, f1 = c.ch.ft1.at(i) || 0, f2 = c.ch.ft2.at(i) || 0;
      m = Math.max(m, Math.abs(fn), Math.hypot(f1, f2));
      if (c.ch.fn.constant && c.ch.ft1.constant && c.ch.ft2.constant) break;
    }
  }
  return m;
}

// Points bounding a body's shapes in its frame (box corners, sphere extremes, rod ends).
export function shapePoints(shape) {
  const c = shape.center || [0, 0, 0];
  if (shape.type === 'box') {
    const h = scale(shape.size, 0.5), pts = [];
    for (const sx of [-1, 1]) for (const sy of [-1, 1]) for (const sz of [-1, 1]) {
      pts.push(add(c, [sx * h[0], sy * h[1], sz * h[2]]));
    }
    return pts;
  }
  if (shape.type === 'sphere') {
    const r = shape.radius, pts = [];
    for (let k = 0; k < 3; ++k) for (const s of [-1, 1]) { const p = c.slice(); p[k] += s * r; pts.push(p); }
    return pts;
  }
  if (shape.type === 'rod') return [shape.from, shape.to];
  return [c];
}

// Bounding box of everything drawn over the run (bodies with shapes, joints, bounded contact
// lines), sampled on at most ~400 frames: what the camera frames at start.
export function sceneBounds(anim) {
  const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
  const grow = (p) => { for (let k = 0; k < 3; ++k) { lo[k] = Math.min(lo[k], p[k]); hi[k] = Math.max(hi[k], p[k]); } };
  const stride = Math.max(1, Math.floor(anim.frames / 400));
  for (let i = 0; i < anim.frames; i += stride) {
    const poses = anim.bodies.map((b) => bodyPose(b, i, 0));
    anim.bodies.forEach((b, k) => {
      for (const s of b.shapes || []) for (const p of shapePoints(s)) grow(toGlobal(poses[k], p));
      if (k > 0 && !(b.shapes || []).length) grow(poses[k].position);
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
  }
  if (!isFinite(lo[0])) return { lo: [-1, -1, -1], hi: [1, 1, 1], size: 2 };
  const size = Math.max(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]) || 1;
  return { lo, hi, size };
}
