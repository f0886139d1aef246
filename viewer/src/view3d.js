// The spatial renderer: three.js, an orbit camera (drag to rotate, wheel to zoom, right-drag or
// shift-drag to pan, double-click to fit). Built as its own script (dist/view3d.js) and put into a
// page only for spatial data; it registers itself as window.StickslipView3D.
//
// Large scenes: shapes of the same kind and size share one instanced mesh (one draw call for ten
// thousand boxes), contact points and force arrows are instanced too, and a frame only rewrites
// instance matrices and colours.
import {
  AmbientLight, BufferGeometry, Color, DirectionalLight, DoubleSide, Float32BufferAttribute, Group, LineBasicMaterial,
  LineSegments, Matrix4, Mesh, MeshBasicMaterial, MeshLambertMaterial, PerspectiveCamera, PlaneGeometry, Quaternion,
  Raycaster, Scene, SRGBColorSpace, Vector2, Vector3, WebGLRenderer,
} from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { bodyColor, FORCE_COLORS, STATE_COLORS } from './colors.js';
import { formatForce } from './format.js';
import { add, cross, dot, niceNumber, normalize, scale, sub } from './math.js';
import { FN, FT1, FT2, STATE, STRIDE } from './contacts.js';
import { ArrowSet, MarkerSet } from './markers3d.js';
import { shapeGeometry, shapeKey } from './shapes3d.js';

const v3 = (a) => new Vector3(a[0], a[1], a[2]);
const quat = (q) => new Quaternion(q[1], q[2], q[3], q[0]);  // three.js stores (x, y, z, w)
const ONE = new Vector3(1, 1, 1);
const IDENTITY = new Float64Array([0, 0, 0, 1, 0, 0, 0]);

// Writes at m[o] the column-major 4×4 matrix placing a shape whose pose in its body is l[lo..lo+7)
// (x y z qw qx qy qz) on the body at pose p[po..po+7): rotation q = q_b q_l, translation
// x_b + R(q_b) x_l. Straight from the typed arrays into the instance buffer: no object per body.
export function placeInstance(m, o, p, po, l, lo) {
  const bw = p[po + 3], bx = p[po + 4], by = p[po + 5], bz = p[po + 6];
  const lw = l[lo + 3], lx = l[lo + 4], ly = l[lo + 5], lz = l[lo + 6];
  const w = bw * lw - bx * lx - by * ly - bz * lz, x = bw * lx + bx * lw + by * lz - bz * ly;
  const y = bw * ly - bx * lz + by * lw + bz * lx, z = bw * lz + bx * ly - by * lx + bz * lw;
  // R(q_b) x_l = x_l + 2 w_b (u × x_l) + 2 u × (u × x_l), u the vector part of q_b.
  const vx = l[lo], vy = l[lo + 1], vz = l[lo + 2];
  const cx = by * vz - bz * vy, cy = bz * vx - bx * vz, cz = bx * vy - by * vx;
  m[o + 12] = p[po] + vx + 2 * (bw * cx + by * cz - bz * cy);
  m[o + 13] = p[po + 1] + vy + 2 * (bw * cy + bz * cx - bx * cz);
  m[o + 14] = p[po + 2] + vz + 2 * (bw * cz + bx * cy - by * cx);
  m[o] = 1 - 2 * (y * y + z * z); m[o + 1] = 2 * (x * y + w * z); m[o + 2] = 2 * (x * z - w * y); m[o + 3] = 0;
  m[o + 4] = 2 * (x * y - w * z); m[o + 5] = 1 - 2 * (x * x + z * z); m[o + 6] = 2 * (y * z + w * x); m[o + 7] = 0;
  m[o + 8] = 2 * (x * z + w * y); m[o + 9] = 2 * (y * z - w * x); m[o + 10] = 1 - 2 * (x * x + y * y); m[o + 11] = 0;
  m[o + 15] = 1;
}

export class View3D {
  constructor(container, anim, bounds, scales) {
    this.anim = anim;
    this.bounds = bounds;
    this.scales = scales;
    this.show = { forces: true, names: false };
    this.follow = -1;
    this.onChange = () => {};
    this.renderer = new WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
    this.renderer.setPixelRatio(window.devicePixelRatio || 1);
    this.canvas = this.renderer.domElement;
    this.canvas.className = 'view';
    container.appendChild(this.canvas);
    this.labels = document.createElement('canvas');  // names, over the 3-D view
    this.labels.className = 'view';
    this.labels.style.pointerEvents = 'none';
    container.appendChild(this.labels);
    this.scene = new Scene();
    this.scene.background = new Color('#ffffff');
    this.camera = new PerspectiveCamera(40, 1, 1e-3 * bounds.size, 1e3 * bounds.size);
    this.camera.up.copy(v3(anim.up));
    this.scene.add(new AmbientLight(0xffffff, 1.2));
    const sun = new DirectionalLight(0xffffff, 1.8);
    sun.position.copy(v3(add(scale(anim.up, 3), [1, 2, 1.5])));
    this.scene.add(sun);
    this.buildBodies();
    if (!this.planes.length) this.scene.add(this.floorGrid());
    this.buildJoints();
    this.buildContacts();
    this.controls = new OrbitControls(this.camera, this.canvas);
    this.controls.addEventListener('change', () => this.draw());
    this.canvas.addEventListener('dblclick', () => { this.fit(); this.draw(); });
    this.resize();
    this.fit();
  }

  // Shapes of equal kind and size share an instanced mesh; each instance remembers its body and its
  // pose in the body (typed arrays, read by render() every frame). Planes are meshes of their
  // own, sized to the scene. A body with visuals is drawn by them (in their colours, else the
  // body's); its collision shapes are then dimmed and hidden until showCollision(true).
  buildBodies() {
    const size = this.bounds.size, groups = new Map();
    this.planes = [];
    this.hasVisuals = this.anim.bodies.some((b) => b.visuals.length > 0);
    this.anim.bodies.forEach((b, k) => {
      const add = (s, role) => {
        const position = s.position || [0, 0, 0], orientation = s.orientation || [1, 0, 0, 0];
        if (s.kind === 'plane') {
          const plane = this.planeMesh(s, size);
          plane.userData = { body: k, local: new Matrix4().compose(v3(position), quat(orientation), ONE) };
          plane.matrixAutoUpdate = false;
          this.scene.add(plane);
          this.planes.push(plane);
          return;
        }
        const opacity = role === 'visual' && s.color ? s.color[3] : 1;
        const key = `${role} ${opacity} ${shapeKey(s)}`;
        if (!groups.has(key)) groups.set(key, { shape: s, role, opacity, items: [] });
        const color = role === 'visual' && s.color ? new Color().setRGB(s.color[0], s.color[1], s.color[2], SRGBColorSpace)
          : new Color(bodyColor(k));
        groups.get(key).items.push({ body: k, local: [...position, ...orientation], color });
      };
      for (const s of b.shapes) add(s, b.visuals.length ? 'dimmed' : 'solid');
      for (const s of b.visuals) add(s, 'visual');
    });
    const solid = new MeshLambertMaterial({ color: '#ffffff' });
    const dimmed = new MeshLambertMaterial({ color: '#ffffff', transparent: true, opacity: 0.3, depthWrite: false });
    this.shapeSets = [...groups.values()].map(({ shape, role, opacity, items }) => {
      const material = role === 'dimmed' ? dimmed
        : opacity < 1 ? new MeshLambertMaterial({ color: '#ffffff', transparent: true, opacity, depthWrite: false }) : solid;
      const set = new MarkerSet(this.scene, shapeGeometry(shape, size, items.length), material, items.length);
      const body = new Int32Array(items.length), local = new Float64Array(7 * items.length);
      items.forEach((it, n) => {
        set.mesh.setColorAt(n, it.color);
        body[n] = it.body;
        local.set(it.local, 7 * n);
      });
      set.mesh.instanceColor.needsUpdate = true;
      set.mesh.count = items.length;
      set.mesh.userData.body = body;
      set.mesh.visible = role !== 'dimmed';
      return { set, body, local, role };
    });
    this.firstInstance = new Map();  // body → [shape set, instance] of its first collision shape (else visual)
    for (const visual of [false, true]) {
      this.shapeSets.forEach(({ body, role }, s) => {
        if ((role === 'visual') !== visual) return;
        body.forEach((k, n) => { if (!this.firstInstance.has(k)) this.firstInstance.set(k, [s, n]); });
      });
    }
  }

  // The collision shapes of bodies drawn by their visuals, shown dimmed (true) or hidden.
  showCollision(on) {
    for (const { set, role } of this.shapeSets) if (role === 'dimmed') set.mesh.visible = on;
  }

  // A square patch with a grid, 2.4 times the scene's size (or the plane's own size).
  planeMesh(shape, size) {
    const sx = shape.size ? shape.size[0] : 2.4 * size, sy = shape.size ? shape.size[1] : 2.4 * size;
    const group = new Group();
    const patch = new Mesh(new PlaneGeometry(sx, sy), new MeshLambertMaterial({ color: '#e8e8e8', side: DoubleSide }));
    patch.position.z = -1e-4 * size;
    group.add(patch);
    const step = niceNumber(size / 6), pts = [];
    for (let x = Math.ceil(-sx / 2 / step) * step; x <= sx / 2; x += step) pts.push(x, -sy / 2, 0, x, sy / 2, 0);
    for (let y = Math.ceil(-sy / 2 / step) * step; y <= sy / 2; y += step) pts.push(-sx / 2, y, 0, sx / 2, y, 0);
    const geo = new BufferGeometry();
    geo.setAttribute('position', new Float32BufferAttribute(pts, 3));
    group.add(new LineSegments(geo, new LineBasicMaterial({ color: '#b0b0b0' })));
    return group;
  }

  // Without a plane to stand on, a grid under the scene (across the up direction, a thousandth of
  // its size below its lowest point, so that it does not fight a face lying there, such as a
  // mesh's floor) shows which way is up and how things move.
  floorGrid() {
    const { lo, hi, size } = this.bounds, up = normalize(this.anim.up);
    const centre = scale(add(lo, hi), 0.5);
    let low = Infinity;
    for (const x of [lo[0], hi[0]]) for (const y of [lo[1], hi[1]]) for (const z of [lo[2], hi[2]]) low = Math.min(low, dot([x, y, z], up));
    const grid = this.planeMesh({}, size);
    const q = new Quaternion().setFromUnitVectors(new Vector3(0, 0, 1), v3(up));
    grid.quaternion.copy(q);
    grid.position.copy(v3(add(centre, scale(up, low - 1e-3 * size - dot(centre, up)))));
    grid.children[0].material.opacity = 0.35;
    grid.children[0].material.transparent = true;
    return grid;
  }

  // Joint points (small wire balls) and axes: a joint's axis through body i's point (universal:
  // both pins), a prismatic or cylindrical joint's guide longer.
  buildJoints() {
    const r = 0.012 * this.bounds.size;
    this.jointMarkers = new MarkerSet(this.scene, 'sphere', new MeshBasicMaterial({ color: '#111111', wireframe: true }),
      this.anim.joints.length, r);
    this.jointMarkers.mesh.count = this.anim.joints.length;
    const segments = this.anim.joints.reduce((n, j) => n + (j.axis ? 1 : 0) + (j.axis_j ? 1 : 0), 0) + this.anim.springs.length;
    const geo = new BufferGeometry();
    geo.setAttribute('position', new Float32BufferAttribute(new Float32Array(6 * Math.max(segments, 1)), 3));
    this.lines = new LineSegments(geo, new LineBasicMaterial({ color: '#333333' }));
    this.lines.frustumCulled = false;
    this.scene.add(this.lines);
  }

  // Contact points (balls coloured by state, drawn over the bodies) and force arrows, instanced:
  // the model's contacts, then the contact points of the frame.
  buildContacts() {
    const size = this.bounds.size;
    const most = this.anim.contacts.length + (this.anim.points ? this.anim.points.most : 0);
    this.contactMarkers = new MarkerSet(this.scene, 'sphere', new MeshBasicMaterial({ color: '#ffffff', depthTest: false }),
      most, 0.012 * size, true);
    this.normalArrows = new ArrowSet(this.scene, FORCE_COLORS.normal, most, size);
    this.frictionArrows = new ArrowSet(this.scene, FORCE_COLORS.friction, most, size);
    this.stateColors = STATE_COLORS.map((c) => new Color(c));
    this.shownStates = new Uint8Array(Math.max(most, 1));
    this.shownContacts = 0;
  }

  resize() {
    const r = this.canvas.parentElement.getBoundingClientRect();
    this.w = Math.max(1, Math.floor(r.width));
    this.h = Math.max(1, Math.floor(r.height));
    this.renderer.setSize(this.w, this.h);
    const dpr = window.devicePixelRatio || 1;
    this.labels.width = Math.floor(this.w * dpr);
    this.labels.height = Math.floor(this.h * dpr);
    this.labels.style.width = `${this.w}px`;
    this.labels.style.height = `${this.h}px`;
    this.camera.aspect = this.w / this.h;
    this.camera.updateProjectionMatrix();
  }

  // Looks at the scene's centre from the front, a little from above and the side.
  fit() {
    const { lo, hi, size } = this.bounds, up = normalize(this.anim.up);
    const centre = scale(add(lo, hi), 0.5);
    let front = Math.abs(dot(up, [0, 0, 1])) < 0.9 ? [0, 0, 1] : [0, -1, 0];
    front = normalize(sub(front, scale(up, dot(front, up))));
    const side = cross(up, front);
    const dir = normalize(add(add(front, scale(side, 0.35)), scale(up, 0.45)));
    this.controls.target.copy(v3(centre));
    this.camera.position.copy(v3(add(centre, scale(dir, 1.6 * size))));
    this.controls.update();
  }

  render(state) {
    this.state = state;
    const poses = state.poses;
    for (const { set, body, local } of this.shapeSets) {
      const m = set.mesh.instanceMatrix.array;
      for (let n = 0; n < body.length; ++n) placeInstance(m, 16 * n, poses, 7 * body[n], local, 7 * n);
      set.mesh.instanceMatrix.needsUpdate = true;
      set.mesh.boundingSphere = null;  // recomputed by the next raycast
    }
    for (const plane of this.planes) plane.matrix.multiplyMatrices(this.bodyMatrix(plane.userData.body), plane.userData.local);
    this.renderJoints(state);
    this.renderContacts(state);
    if (this.follow >= 0) {
      const o = 7 * this.follow;
      const shift = new Vector3(poses[o], poses[o + 1], poses[o + 2]).sub(this.controls.target);
      this.controls.target.add(shift);
      this.camera.position.add(shift);
    }
    this.draw();
  }

  // Body k's matrix at the instant shown, in double precision (the same arithmetic as its shapes'
  // instances, which the GPU then holds in single precision).
  bodyMatrix(k) {
    const m = new Matrix4();
    placeInstance(m.elements, 0, this.state.poses, 7 * k, IDENTITY, 0);
    return m;
  }

  renderJoints(state) {
    state.joints.forEach((j, k) => this.jointMarkers.place(k, j.point_j));
    this.jointMarkers.mesh.instanceMatrix.needsUpdate = true;
    const pos = this.lines.geometry.attributes.position, half = 0.08 * this.bounds.size;
    let n = 0;
    const segment = (a, b) => { pos.setXYZ(n++, ...a); pos.setXYZ(n++, ...b); };
    for (const j of state.joints) {
      const long = j.type === 'prismatic' || j.type === 'cylindrical' ? 4 : 1;
      if (j.axis) segment(add(j.point_i, scale(j.axis, -long * half)), add(j.point_i, scale(j.axis, long * half)));
      if (j.axis_j) segment(add(j.point_j, scale(j.axis_j, -half)), add(j.point_j, scale(j.axis_j, half)));
    }
    for (const s of state.springs) segment(s.a, s.b);
    this.lines.geometry.setDrawRange(0, n);
    pos.needsUpdate = true;
  }

  // The model's contacts (evaluated by scene.js), then the frame's contact points read straight from
  // their typed arrays.
  renderContacts(state) {
    const show = this.show.forces, { normal, friction } = this.scales, d = state.contactData;
    let n = 0, an = 0, af = 0;
    for (let k = 0, o = 0; k < this.anim.contacts.length; ++k, o += STRIDE) {
      const x = d[o], y = d[o + 1], z = d[o + 2], s = d[o + STATE], fn = d[o + FN], ft1 = d[o + FT1], ft2 = d[o + FT2];
      this.markContact(n++, x, y, z, s);
      if (!show || s === 0) continue;
      if (this.normalArrows.place(an, x, y, z, fn * d[o + 3], fn * d[o + 4], fn * d[o + 5], normal)) ++an;
      const fx = d[o + 6] * ft1 + d[o + 9] * ft2, fy = d[o + 7] * ft1 + d[o + 10] * ft2, fz = d[o + 8] * ft1 + d[o + 11] * ft2;
      if (this.frictionArrows.place(af, x, y, z, fx, fy, fz, friction)) ++af;
    }
    const p = this.anim.points;
    for (let k = p ? p.offsets[state.index] : 0, end = p ? p.offsets[state.index + 1] : 0; k < end; ++k) {
      const x = p.position[3 * k], y = p.position[3 * k + 1], z = p.position[3 * k + 2], fn = p.fn[k];
      this.markContact(n++, x, y, z, p.state[k]);
      if (!show || p.state[k] === 0) continue;
      if (this.normalArrows.place(an, x, y, z, fn * p.normal[3 * k], fn * p.normal[3 * k + 1], fn * p.normal[3 * k + 2], normal)) ++an;
      if (this.frictionArrows.place(af, x, y, z, p.friction[3 * k], p.friction[3 * k + 1], p.friction[3 * k + 2], friction)) ++af;
    }
    this.shownContacts = n;
    this.contactMarkers.finish(n);
    this.normalArrows.finish(an);
    this.frictionArrows.finish(af);
  }

  markContact(n, x, y, z, state) {
    const s = this.stateColors[state] ? state : 0;
    this.contactMarkers.placeAt(n, x, y, z);
    this.contactMarkers.mesh.setColorAt(n, this.stateColors[s]);
    this.shownStates[n] = s;
  }

  draw() {
    const before = performance.now();
    this.renderer.render(this.scene, this.camera);
    this.drawMs = performance.now() - before;
    this.drawNames();
  }

  // Body names beside their centres (the `names` box), on a 2-D canvas over the view.
  drawNames() {
    const ctx = this.labels.getContext('2d'), dpr = window.devicePixelRatio || 1;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, this.w, this.h);
    if (!this.show.names || !this.state) return;
    ctx.fillStyle = '#000';
    ctx.font = '12px sans-serif';
    this.state.bodies.forEach((b, k) => {
      if (k === 0) return;
      const [x, y] = this.project(b.position);
      ctx.fillText(b.name, x + 6, y - 6);
    });
  }

  // The arrows' scales in words (a perspective view has no fixed length on screen).
  legendText() {
    const parts = [];
    for (const [kind, label] of [['normal', 'normal'], ['friction', 'friction']]) {
      const s = this.scales[kind];
      if (!(s > 0)) continue;
      const ref = niceNumber((0.1 * this.bounds.size) / s);
      parts.push(`${label}: ${formatForce(ref)} per ${+(ref * s).toPrecision(3)} m`);
    }
    return parts.length ? `arrows: ${parts.join(', ')}` : '';
  }

  project(p) {
    const v = v3(p).project(this.camera);
    return [(v.x + 1) * 0.5 * this.w, (1 - v.y) * 0.5 * this.h];
  }

  readPixel(x, y) {
    const gl = this.renderer.getContext(), dpr = this.renderer.getPixelRatio();
    const out = new Uint8Array(4);
    gl.readPixels(Math.round(x * dpr), Math.round((this.h - y) * dpr), 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, out);
    return Array.from(out);
  }

  // The colour contact k (the model's contacts first, then the frame's contact points) is drawn in.
  contactColor(k) { return k >= 0 && k < this.shownContacts ? `#${this.stateColors[this.shownStates[k]].getHexString()}` : null; }

  // The pose body k is drawn at (the matrix its shapes' instances are placed by, in double precision;
  // the GPU then holds it in single precision).
  objectPose(k) {
    const p = new Vector3(), q = new Quaternion(), s = new Vector3();
    this.bodyMatrix(k).decompose(p, q, s);
    return { position: p.toArray(), orientation: [q.w, q.x, q.y, q.z] };
  }

  // The 16 numbers (column-major, single precision) the GPU draws body k's first shape with, or null.
  instanceMatrix(k) {
    const at = this.firstInstance.get(k);
    if (!at) return null;
    const m = this.shapeSets[at[0]].set.mesh.instanceMatrix.array;
    return Array.from(m.subarray(16 * at[1], 16 * at[1] + 16));
  }

  // The body whose shape is nearest the camera under canvas pixel (x, y), or null; with `only`,
  // among body `only` alone (whether it lies under the pixel, even if hidden).
  pick(x, y, only) {
    const ray = new Raycaster();
    ray.setFromCamera(new Vector2((x / this.w) * 2 - 1, 1 - (y / this.h) * 2), this.camera);
    const meshes = this.shapeSets.map((s) => s.set.mesh).filter((m) => m.visible);
    for (const hit of ray.intersectObjects(meshes, false)) {
      const k = hit.object.userData.body[hit.instanceId];
      if (only === undefined || k === only) return this.anim.bodies[k].name;
    }
    return null;
  }
}

window.StickslipView3D = { View3D };
