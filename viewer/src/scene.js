// What the page shows at one instant, in the global frame, for both renderers (and for tests,
// through window.stickslip.state()): body poses, joint points, spring ends, contact points with
// their frames, forces and states, and the contact points of the frame that come and go. Contact
// geometry follows the model's conventions (docs/animation-format.md): a plane (a line in the
// plane) on body i with its normal and first tangent, or two spheres (circles) whose normal runs
// from centre i to centre j.
import { Animation } from './data.js';
import { add, cross, dot, nlerp, norm, normalize, perpendicular, rotate, scale, sub } from './math.js';

function bodyPose(body, i, f) {
  const p = body.pose;
  const v = (k) => Animation.value(p[k], i, f);
  const position = [v('x'), v('y'), v('z')];
  const qa = [p.qw.at(i), p.qx.at(i), p.qy.at(i), p.qz.at(i)];
  let orientation = qa;
  if (f !== 0 && !(p.qw.constant && p.qx.constant && p.qy.constant && p.qz.constant)) {
    orientation = nlerp(qa, [p.qw.at(i + 1), p.qx.at(i + 1), p.qy.at(i + 1), p.qz.at(i + 1)], f);
  }
  return { name: body.name, position, orientation };
}

// A body-frame point in the global frame.
export function toGlobal(pose, point) { return add(pose.position, rotate(pose.orientation, point)); }

// The rotation taking unit vector a to unit vector b by the smallest angle, applied to v
// (Rodrigues; the model turns a sphere pair's first tangent this way).
function turnLike(a, b, v) {
  const k = cross(a, b), c = dot(a, b);
  if (c < -1 + 1e-12) return scale(v, -1);
  return add(add(scale(v, c), cross(k, v)), scale(k, dot(k, v) / (1 + c)));
}

function contactFrame(c, poses, spatial) {
  const pi = poses[c.body_i], pj = poses[c.body_j];
  const cj = toGlobal(pj, c.center_j || [0, 0, 0]);
  let normal, tangent1, point, beyondEnd = false;
  if (c.kind === 'plane') {
    const origin = toGlobal(pi, c.plane.point);
    normal = normalize(rotate(pi.orientation, c.plane.normal));
    tangent1 = normalize(rotate(pi.orientation, c.plane.tangent));
    const s = dot(sub(cj, origin), tangent1);
    const ext = c.plane.extent || [null, null];
    beyondEnd = (ext[0] !== null && s < ext[0]) || (ext[1] !== null && s > ext[1]);
    point = sub(cj, scale(normal, c.radius_j || 0));
  } else {
    const ci = toGlobal(pi, c.center_i || [0, 0, 0]);
    const d = sub(cj, ci), length = norm(d);
    if (spatial) {
      normal = length > 0 ? scale(d, 1 / length) : c.reference_normal;
      tangent1 = normalize(turnLike(c.reference_normal, normal, c.reference_tangent));
      // The middle of the overlap, as the model reports it.
      point = add(ci, scale(normal, (c.radius_i || 0) + 0.5 * (length - (c.radius_i || 0) - (c.radius_j || 0))));
    } else {
      normal = length > 0 ? scale(d, 1 / length) : [0, 1, 0];
      tangent1 = perpendicular(normal);
      point = sub(cj, scale(normal, c.radius_j || 0));
    }
  }
  const tangent2 = cross(normal, tangent1);
  return { point, normal, tangent1, tangent2, beyondEnd };
}

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

export function evaluate(anim, i, f) {
  const spatial = anim.dimension === 'spatial';
  const poses = anim.bodies.map((b) => bodyPose(b, i, f));
  const joints = anim.joints.map((j) => {
    const pointI = toGlobal(poses[j.body_i], j.point_i);
    const pointJ = toGlobal(poses[j.body_j], j.point_j);
    const axis = j.axis ? normalize(rotate(poses[j.body_i].orientation, j.axis)) : null;
    const axisJ = j.axis_j ? normalize(rotate(poses[j.body_j].orientation, j.axis_j)) : null;
    return { name: j.name, type: j.type, point_i: pointI, point_j: pointJ, axis, axis_j: axisJ };
  });
  const springs = anim.springs.map((s) => ({
    name: s.name,
    a: toGlobal(poses[s.body_i], s.point_i),
    b: toGlobal(poses[s.body_j], s.point_j),
  }));
  // Discrete values (the contact state) are those of the frame at or before the time.
  const contacts = anim.contacts.map((c) => {
    const fr = contactFrame(c, poses, spatial);
    const state = c.ch.state.at(i);
    const fn = Animation.value(c.ch.fn, i, f) || 0;
    const ft1 = Animation.value(c.ch.ft1, i, f) || 0;
    const ft2 = Animation.value(c.ch.ft2, i, f) || 0;
    return {
      name: c.name, state, stateName: anim.stateNames[state] ?? String(state), ...fr, fn, ft1, ft2,
      normalForce: scale(fr.normal, fn),
      frictionForce: add(scale(fr.tangent1, ft1), scale(fr.tangent2, ft2)),
    };
  });
  const points = framePoints(anim, i);
  const t = i + 1 < anim.frames ? anim.time[i] + f * (anim.time[i + 1] - anim.time[i]) : anim.time[i];
  return { t, index: i, fraction: f, bodies: poses, joints, springs, contacts, points };
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
  const local = anim.bodies.map((b) => (b.shapes || []).flatMap(shapePoints));
  const work = local.reduce((n, l) => n + Math.max(l.length, 1), 0) + anim.contacts.length;
  const samples = Math.max(2, Math.min(400, Math.floor(1e6 / work)));
  const stride = Math.max(1, Math.floor(anim.frames / samples));
  for (let i = 0; i < anim.frames; i += stride) {
    const poses = anim.bodies.map((b) => bodyPose(b, i, 0));
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
