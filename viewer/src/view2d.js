// The planar renderer: a 2-D canvas, x to the right and y up, zoom with the wheel (about the
// cursor), pan by dragging, fit on double-click. Normal and friction forces have their own arrow
// scales (the legend shows both).
import { bodyColor, FORCE_COLORS, STATE_COLORS } from './colors.js';
import { planarAngle, niceNumber, add, scale, sub, dot, rotate } from './math.js';
import { formatForce } from './format.js';
import { toGlobal } from './scene.js';

export class View2D {
  constructor(container, anim, bounds, scales) {
    this.anim = anim;
    this.bounds = bounds;
    this.scales = scales;  // metres of arrow per newton: {normal, friction}
    this.canvas = document.createElement('canvas');
    this.canvas.className = 'view';
    container.appendChild(this.canvas);
    this.ctx = this.canvas.getContext('2d', { willReadFrequently: false });
    this.show = { forces: true, names: false };
    this.follow = -1;  // index of the body the camera follows, -1: none
    this.onChange = () => {};
    this.cx = 0; this.cy = 0; this.s = 1;  // world point at the canvas centre, pixels per metre
    this.resize();
    this.fit();
    this.attachControls();
  }

  resize() {
    const r = this.canvas.parentElement.getBoundingClientRect();
    const dpr = window.devicePixelRatio || 1;
    this.w = Math.max(1, Math.floor(r.width));
    this.h = Math.max(1, Math.floor(r.height));
    this.canvas.width = Math.floor(this.w * dpr);
    this.canvas.height = Math.floor(this.h * dpr);
    this.canvas.style.width = `${this.w}px`;
    this.canvas.style.height = `${this.h}px`;
    this.dpr = dpr;
  }

  fit() {
    const { lo, hi } = this.bounds;
    const wx = Math.max(hi[0] - lo[0], 1e-9), wy = Math.max(hi[1] - lo[1], 1e-9);
    this.cx = 0.5 * (lo[0] + hi[0]);
    this.cy = 0.5 * (lo[1] + hi[1]);
    this.s = 0.85 * Math.min(this.w / wx, this.h / wy);
    if (!isFinite(this.s) || this.s <= 0) this.s = 100;
    this.followOffset = null;
  }

  cameraState() { return { cx: this.cx, cy: this.cy, s: this.s, w: this.w, h: this.h }; }

  // Global point → canvas pixel (CSS pixels from the top left).
  project(p) { return [this.w / 2 + (p[0] - this.cx) * this.s, this.h / 2 - (p[1] - this.cy) * this.s]; }
  unproject(px, py) { return [this.cx + (px - this.w / 2) / this.s, this.cy - (py - this.h / 2) / this.s]; }

  attachControls() {
    const c = this.canvas;
    c.addEventListener('wheel', (e) => {
      e.preventDefault();
      const r = c.getBoundingClientRect();
      const px = e.clientX - r.left, py = e.clientY - r.top;
      const before = this.unproject(px, py);
      this.s *= Math.exp(-e.deltaY * 0.0015);
      const after = this.unproject(px, py);
      this.cx += before[0] - after[0];
      this.cy += before[1] - after[1];
      this.onChange();
    }, { passive: false });
    let drag = null;
    c.addEventListener('pointerdown', (e) => { drag = [e.clientX, e.clientY]; c.setPointerCapture(e.pointerId); });
    c.addEventListener('pointermove', (e) => {
      if (!drag) return;
      this.cx -= (e.clientX - drag[0]) / this.s;
      this.cy += (e.clientY - drag[1]) / this.s;
      drag = [e.clientX, e.clientY];
      this.onChange();
    });
    c.addEventListener('pointerup', () => { drag = null; });
    c.addEventListener('dblclick', () => { this.fit(); this.onChange(); });
  }

  // One frame: surfaces (contact lines of bodies without a shape), bodies, springs, joints,
  // contact points coloured by state, force arrows, legend.
  render(state) {
    if (this.follow >= 0) {
      const p = state.bodies[this.follow].position;
      if (!this.followOffset) this.followOffset = [this.cx - p[0], this.cy - p[1]];
      this.cx = p[0] + this.followOffset[0];
      this.cy = p[1] + this.followOffset[1];
    }
    const ctx = this.ctx;
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, this.w, this.h);
    this.drawSurfaces(state);
    this.anim.bodies.forEach((b, k) => this.drawBody(b, state.bodies[k], bodyColor(k)));
    for (const s of state.springs) this.drawSpring(s);
    for (const j of state.joints) this.drawJoint(j);
    for (const c of state.contacts) this.drawContact(c);
    if (this.show.names) this.drawNames(state);
    this.drawLegend();
  }

  // World transform of a body: after this, drawing is in the body's frame, in metres.
  bodyTransform(pose) {
    const ctx = this.ctx, [px, py] = this.project(pose.position), th = planarAngle(pose.orientation);
    const c = Math.cos(th), s = Math.sin(th), k = this.s * this.dpr;
    ctx.setTransform(k * c, -k * s, -k * s, -k * c, px * this.dpr, py * this.dpr);  // y up on screen
  }

  drawBody(body, pose, color) {
    const ctx = this.ctx;
    ctx.save();
    this.bodyTransform(pose);
    const px = 1 / this.s;  // one CSS pixel in metres
    for (const sh of body.shapes || []) {
      // The shape's own frame: a position in the body's plane and a rotation about z.
      const c = sh.position || [0, 0, 0], th = planarAngle(sh.orientation || [1, 0, 0, 0]);
      ctx.save();
      ctx.translate(c[0], c[1]);
      ctx.rotate(th);
      ctx.fillStyle = color;
      ctx.strokeStyle = '#222';
      ctx.lineWidth = px;
      if (sh.kind === 'box') {
        ctx.fillRect(-sh.size[0] / 2, -sh.size[1] / 2, sh.size[0], sh.size[1]);
        ctx.strokeRect(-sh.size[0] / 2, -sh.size[1] / 2, sh.size[0], sh.size[1]);
      } else if (sh.kind === 'sphere') {
        ctx.beginPath();
        ctx.arc(0, 0, sh.radius, 0, 2 * Math.PI);
        ctx.fill();
        ctx.stroke();
        ctx.beginPath();  // a radius, so that rotation shows
        ctx.moveTo(0, 0);
        ctx.lineTo(sh.radius, 0);
        ctx.stroke();
      } else if (sh.kind === 'capsule' || sh.kind === 'cylinder') {
        // Along the shape's z axis turned into the plane: its ends at ∓ length/2 along that axis.
        const axis = rotate(sh.orientation || [1, 0, 0, 0], [0, 0, 0.5 * sh.length]);
        ctx.rotate(-th);
        ctx.lineCap = sh.kind === 'capsule' ? 'round' : 'butt';
        ctx.strokeStyle = color;
        ctx.lineWidth = Math.max(2 * sh.radius, 5 * px);
        ctx.beginPath();
        ctx.moveTo(-axis[0], -axis[1]);
        ctx.lineTo(axis[0], axis[1]);
        ctx.stroke();
      }
      ctx.restore();
    }
    ctx.restore();
  }

  // Contact lines of bodies drawn without a shape (the ground, a platform): the line, hatched on
  // the side away from its normal, hatches fixed to the body so that its motion shows.
  drawSurfaces(state) {
    const ctx = this.ctx, seen = new Set();
    const hatch = niceNumber(this.bounds.size / 30);
    const viewHalf = 0.5 * Math.hypot(this.w, this.h) / this.s;
    for (const c of this.anim.contacts) {
      if (c.kind !== 'plane' || (this.anim.bodies[c.body_i].shapes || []).length) continue;
      const key = JSON.stringify([c.body_i, c.plane]);
      if (seen.has(key)) continue;
      seen.add(key);
      const pose = state.bodies[c.body_i];
      const o = toGlobal(pose, c.plane.point);
      const t = rotate(pose.orientation, c.plane.tangent), n = rotate(pose.orientation, c.plane.normal);
      // Visible stretch along the line: around the projection of the view centre.
      const sc = dot(sub([this.cx, this.cy, 0], o), t);
      const e = c.plane.extent || [null, null];
      const a = Math.max(e[0] ?? -Infinity, sc - viewHalf), b = Math.min(e[1] ?? Infinity, sc + viewHalf);
      if (!(b > a)) continue;
      const p = (s, d) => this.project(add(add(o, scale(t, s)), scale(n, -d)));
      ctx.save();
      ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
      ctx.strokeStyle = '#555';
      ctx.lineWidth = 1;
      ctx.beginPath();
      for (let k = Math.ceil(a / hatch); k * hatch <= b; ++k) {
        const [x0, y0] = p(k * hatch, 0), [x1, y1] = p(k * hatch - 0.5 * hatch, 0.7 * hatch);
        ctx.moveTo(x0, y0);
        ctx.lineTo(x1, y1);
      }
      ctx.stroke();
      ctx.lineWidth = 2;
      ctx.strokeStyle = '#222';
      ctx.beginPath();
      ctx.moveTo(...p(a, 0));
      ctx.lineTo(...p(b, 0));
      ctx.stroke();
      ctx.restore();
    }
  }

  drawSpring(s) {
    const ctx = this.ctx, [ax, ay] = this.project(s.a), [bx, by] = this.project(s.b);
    const dx = bx - ax, dy = by - ay, len = Math.hypot(dx, dy);
    if (len < 1) return;
    const ux = dx / len, uy = dy / len, turns = 8, amp = 5;
    ctx.save();
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    ctx.strokeStyle = '#666';
    ctx.lineWidth = 1.2;
    ctx.beginPath();
    ctx.moveTo(ax, ay);
    for (let k = 1; k < 2 * turns; ++k) {
      const f = k / (2 * turns), side = k % 2 ? amp : -amp;
      ctx.lineTo(ax + dx * f - uy * side, ay + dy * f + ux * side);
    }
    ctx.lineTo(bx, by);
    ctx.stroke();
    ctx.restore();
  }

  // Revolute joints as rings (the body shows through), welds as squares, prismatic joints as the
  // guide line through body i's point along the axis, with a ring at body j's point.
  drawJoint(j) {
    const ctx = this.ctx, [x, y] = this.project(j.point_j);
    ctx.save();
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    ctx.strokeStyle = '#111';
    ctx.lineWidth = 1.5;
    if (j.type === 'prismatic' && j.axis) {
      const half = 0.5 * this.bounds.size;
      const a = this.project(add(j.point_i, scale(j.axis, -half))), b = this.project(add(j.point_i, scale(j.axis, half)));
      ctx.setLineDash([6, 4]);
      ctx.beginPath();
      ctx.moveTo(...a);
      ctx.lineTo(...b);
      ctx.stroke();
      ctx.setLineDash([]);
    }
    ctx.beginPath();
    if (j.type === 'weld') ctx.rect(x - 4, y - 4, 8, 8);
    else ctx.arc(x, y, 4.5, 0, 2 * Math.PI);
    ctx.stroke();
    ctx.restore();
  }

  drawContact(c) {
    const ctx = this.ctx, [x, y] = this.project(c.point);
    ctx.save();
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    if (this.show.forces && c.state !== 0) {
      this.arrow(c.point, c.normalForce, this.scales.normal, FORCE_COLORS.normal);
      this.arrow(c.point, c.frictionForce, this.scales.friction, FORCE_COLORS.friction);
    }
    ctx.fillStyle = STATE_COLORS[c.state] ?? '#000';
    ctx.strokeStyle = '#000';
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.arc(x, y, c.state === 0 ? 3 : 4.5, 0, 2 * Math.PI);
    ctx.fill();
    ctx.stroke();
    ctx.restore();
  }

  // An arrow from p along the force f (newtons), `metresPerNewton` long per newton (the legend's scale).
  arrow(p, f, metresPerNewton, color) {
    const d = scale(f, metresPerNewton);
    const [x0, y0] = this.project(p), [x1, y1] = this.project(add(p, d));
    const len = Math.hypot(x1 - x0, y1 - y0);
    if (len < 2) return;
    this.screenArrow(x0, y0, x1, y1, color);
  }

  screenArrow(x0, y0, x1, y1, color) {
    const ctx = this.ctx, len = Math.hypot(x1 - x0, y1 - y0), ux = (x1 - x0) / len, uy = (y1 - y0) / len;
    const head = Math.min(10, 0.4 * len);
    ctx.strokeStyle = color;
    ctx.fillStyle = color;
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.moveTo(x0, y0);
    ctx.lineTo(x1 - ux * head * 0.8, y1 - uy * head * 0.8);
    ctx.stroke();
    ctx.beginPath();
    ctx.moveTo(x1, y1);
    ctx.lineTo(x1 - ux * head - uy * head * 0.4, y1 - uy * head + ux * head * 0.4);
    ctx.lineTo(x1 - ux * head + uy * head * 0.4, y1 - uy * head - ux * head * 0.4);
    ctx.closePath();
    ctx.fill();
  }

  drawNames(state) {
    const ctx = this.ctx;
    ctx.save();
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    ctx.fillStyle = '#000';
    ctx.font = '12px sans-serif';
    state.bodies.forEach((b, k) => {
      if (k === 0) return;
      const [x, y] = this.project(b.position);
      ctx.fillText(b.name, x + 6, y - 6);
    });
    ctx.restore();
  }

  // Force scales: for normal and friction forces, an arrow of a round number of newtons at the
  // current zoom.
  drawLegend() {
    if (!this.show.forces) return;
    const ctx = this.ctx;
    ctx.save();
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    ctx.fillStyle = '#000';
    ctx.font = '12px sans-serif';
    let y = this.h - 14;
    for (const [kind, label] of [['friction', 'friction'], ['normal', 'normal']]) {
      if (!(this.scales[kind] > 0)) continue;
      const pxPerNewton = this.scales[kind] * this.s;
      const ref = niceNumber(80 / pxPerNewton), len = ref * pxPerNewton, x = 12;
      this.screenArrow(x, y, x + len, y, FORCE_COLORS[kind]);
      ctx.fillStyle = '#000';
      ctx.fillText(`${formatForce(ref)} ${label}`, x + len + 8, y + 4);
      y -= 18;
    }
    ctx.restore();
  }

  // The pixel (x, y) with body k drawn alone (so that bodies and markers in front do not hide it);
  // the frame is drawn again afterwards.
  bodyPixel(state, k, x, y) {
    this.ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    this.ctx.fillStyle = '#ffffff';
    this.ctx.fillRect(0, 0, this.w, this.h);
    this.drawBody(this.anim.bodies[k], state.bodies[k], bodyColor(k));
    const p = this.readPixel(x, y);
    this.render(state);
    return p;
  }

  readPixel(px, py) {
    const d = this.ctx.getImageData(Math.round(px * this.dpr), Math.round(py * this.dpr), 1, 1).data;
    return [d[0], d[1], d[2], d[3]];
  }
}
