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
  Raycaster, Scene, Vector2, Vector3, WebGLRenderer,
} from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { bodyColor, FORCE_COLORS, STATE_COLORS } from './colors.js';
import { formatForce } from './format.js';
import { add, cross, dot, niceNumber, normalize, scale, sub } from './math.js';
import { ArrowSet, MarkerSet } from './markers3d.js';
import { shapeGeometry, shapeKey } from './shapes3d.js';

const v3 = (a) => new Vector3(a[0], a[1], a[2]);
const quat = (q) => new Quaternion(q[1], q[2], q[3], q[0]);  // three.js stores (x, y, z, w)
const ONE = new Vector3(1, 1, 1), P = new Vector3(), Q = new Quaternion();
const poseMatrix = (m, p) => m.compose(P.set(p.position[0], p.position[1], p.position[2]),
  Q.set(p.orientation[1], p.orientation[2], p.orientation[3], p.orientation[0]), ONE);

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
  // pose in the body. Planes are meshes of their own, sized to the scene.
  buildBodies() {
    const size = this.bounds.size, groups = new Map();
    this.planes = [];
    this.anim.bodies.forEach((b, k) => {
      for (const s of b.shapes || []) {
        const local = new Matrix4().compose(v3(s.position || [0, 0, 0]), quat(s.orientation || [1, 0, 0, 0]), new Vector3(1, 1, 1));
        if (s.kind === 'plane') {
          const plane = this.planeMesh(s, size);
          plane.userData = { body: k, local };
          plane.matrixAutoUpdate = false;
          this.scene.add(plane);
          this.planes.push(plane);
          continue;
        }
        const key = shapeKey(s);
        if (!groups.has(key)) groups.set(key, { shape: s, items: [] });
        groups.get(key).items.push({ body: k, local });
      }
    });
    const material = new MeshLambertMaterial({ color: '#ffffff' });
    this.shapeSets = [...groups.values()].map(({ shape, items }) => {
      const set = new MarkerSet(this.scene, shapeGeometry(shape, size), material, items.length);
      items.forEach((it, n) => set.setColor(n, bodyColor(it.body)));
      set.mesh.count = items.length;
      set.mesh.userData.items = items;
      return { set, items };
    });
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

  // Without a plane to stand on, a grid under the scene (across the up direction, at its lowest
  // point) shows which way is up and how things move.
  floorGrid() {
    const { lo, hi, size } = this.bounds, up = normalize(this.anim.up);
    const centre = scale(add(lo, hi), 0.5);
    let low = Infinity;
    for (const x of [lo[0], hi[0]]) for (const y of [lo[1], hi[1]]) for (const z of [lo[2], hi[2]]) low = Math.min(low, dot([x, y, z], up));
    const grid = this.planeMesh({}, size);
    const q = new Quaternion().setFromUnitVectors(new Vector3(0, 0, 1), v3(up));
    grid.quaternion.copy(q);
    grid.position.copy(v3(add(centre, scale(up, low - dot(centre, up)))));
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
    this.shownColors = [];
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
    if (!this.bodyMatrices) this.bodyMatrices = state.bodies.map(() => new Matrix4());
    const body = this.bodyMatrices;
    state.bodies.forEach((p, k) => poseMatrix(body[k], p));
    const m = new Matrix4();
    for (const { set, items } of this.shapeSets) {
      for (let n = 0; n < items.length; ++n) set.mesh.setMatrixAt(n, m.multiplyMatrices(body[items[n].body], items[n].local));
      set.mesh.instanceMatrix.needsUpdate = true;
      set.mesh.boundingSphere = null;  // recomputed by the next raycast
    }
    for (const plane of this.planes) plane.matrix.multiplyMatrices(body[plane.userData.body], plane.userData.local);
    this.renderJoints(state);
    this.renderContacts([...state.contacts, ...state.points]);
    if (this.follow >= 0) {
      const p = v3(state.bodies[this.follow].position);
      const shift = p.clone().sub(this.controls.target);
      this.controls.target.add(shift);
      this.camera.position.add(shift);
    }
    this.draw();
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

  renderContacts(contacts) {
    const show = this.show.forces;
    let arrowsN = 0, arrowsF = 0;
    contacts.forEach((c, k) => {
      this.contactMarkers.place(k, c.point);
      const color = this.stateColors[c.state] || this.stateColors[0];
      this.contactMarkers.mesh.setColorAt(k, color);
      this.shownColors[k] = `#${color.getHexString()}`;
      if (!show || c.state === 0) return;
      if (this.normalArrows.place(arrowsN, c.point, c.normalForce, this.scales.normal)) ++arrowsN;
      if (this.frictionArrows.place(arrowsF, c.point, c.frictionForce, this.scales.friction)) ++arrowsF;
    });
    this.shownColors.length = contacts.length;
    this.contactMarkers.finish(contacts.length);
    this.normalArrows.finish(arrowsN);
    this.frictionArrows.finish(arrowsF);
  }

  draw() {
    this.renderer.render(this.scene, this.camera);
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
  contactColor(k) { return this.shownColors[k] ?? null; }

  // The pose body k is drawn at (the matrix its shapes' instances are placed by, in double precision;
  // the GPU then holds it in single precision).
  objectPose(k) {
    const p = new Vector3(), q = new Quaternion(), s = new Vector3();
    this.bodyMatrices[k].decompose(p, q, s);
    return { position: p.toArray(), orientation: [q.w, q.x, q.y, q.z] };
  }

  // The body whose shape is nearest the camera under canvas pixel (x, y), or null; with `only`,
  // among body `only` alone (whether it lies under the pixel, even if hidden).
  pick(x, y, only) {
    const ray = new Raycaster();
    ray.setFromCamera(new Vector2((x / this.w) * 2 - 1, 1 - (y / this.h) * 2), this.camera);
    const meshes = this.shapeSets.map((s) => s.set.mesh);
    for (const hit of ray.intersectObjects(meshes, false)) {
      const k = hit.object.userData.items[hit.instanceId].body;
      if (only === undefined || k === only) return this.anim.bodies[k].name;
    }
    return null;
  }
}

window.StickslipView3D = { View3D };
