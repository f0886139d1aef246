// The spatial renderer: three.js, an orbit camera (drag to rotate, wheel to zoom, right-drag or
// shift-drag to pan, double-click to fit). Built as its own script (dist/view3d.js) and put into a
// page only for spatial data; it registers itself as window.StickslipView3D.
import {
  AmbientLight, ArrowHelper, BoxGeometry, BufferGeometry, Color, CylinderGeometry, DirectionalLight, DoubleSide,
  Group, Line, LineBasicMaterial, LineSegments, Matrix4, Mesh, MeshBasicMaterial, MeshLambertMaterial, PerspectiveCamera,
  PlaneGeometry, Quaternion, Raycaster, Scene, SphereGeometry, Vector2, Vector3, WebGLRenderer, Float32BufferAttribute,
} from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { bodyColor, FORCE_COLORS, STATE_COLORS } from './colors.js';
import { formatForce } from './format.js';
import { add, cross, dot, niceNumber, normalize, scale, sub } from './math.js';

const v3 = (a) => new Vector3(a[0], a[1], a[2]);
const quat = (q) => new Quaternion(q[1], q[2], q[3], q[0]);  // three.js stores (x, y, z, w)

function shapeMesh(shape, material, size) {
  const c = shape.center || [0, 0, 0];
  let mesh;
  if (shape.type === 'box') {
    const s = shape.size.map((x) => Math.max(x, 1e-3 * size));
    mesh = new Mesh(new BoxGeometry(s[0], s[1], s[2]), material);
    mesh.position.copy(v3(c));
  } else if (shape.type === 'sphere') {
    mesh = new Mesh(new SphereGeometry(shape.radius, 32, 16), material);
    mesh.position.copy(v3(c));
  } else if (shape.type === 'rod') {
    const a = v3(shape.from), b = v3(shape.to), len = a.distanceTo(b);
    const r = Math.max(0.5 * shape.width, 2e-3 * size);
    mesh = new Mesh(new CylinderGeometry(r, r, Math.max(len, r), 16), material);
    mesh.position.copy(a.clone().add(b).multiplyScalar(0.5));
    if (len > 0) mesh.quaternion.setFromUnitVectors(new Vector3(0, 1, 0), b.clone().sub(a).normalize());
  }
  return mesh;
}

export class View3D {
  constructor(container, anim, bounds, forceScale) {
    this.anim = anim;
    this.bounds = bounds;
    this.forceScale = forceScale;
    this.show = { forces: true, names: false };
    this.follow = -1;
    this.onChange = () => {};
    this.renderer = new WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
    this.renderer.setPixelRatio(window.devicePixelRatio || 1);
    this.canvas = this.renderer.domElement;
    this.canvas.className = 'view';
    container.appendChild(this.canvas);
    this.scene = new Scene();
    this.scene.background = new Color('#ffffff');
    this.camera = new PerspectiveCamera(40, 1, 1e-3 * bounds.size, 1e3 * bounds.size);
    this.camera.up.copy(v3(anim.up));
    this.scene.add(new AmbientLight(0xffffff, 1.2));
    const sun = new DirectionalLight(0xffffff, 1.8);
    sun.position.copy(v3(add(scale(anim.up, 3), [1, 2, 1.5])));
    this.scene.add(sun);
    this.buildBodies();
    this.buildMarkers();
    this.controls = new OrbitControls(this.camera, this.canvas);
    this.controls.addEventListener('change', () => this.draw());
    this.canvas.addEventListener('dblclick', () => { this.fit(); this.draw(); });
    this.resize();
    this.fit();
  }

  buildBodies() {
    const size = this.bounds.size;
    this.bodyGroups = this.anim.bodies.map((b, k) => {
      const g = new Group();
      g.name = b.name;
      const material = new MeshLambertMaterial({ color: bodyColor(k) });
      for (const s of b.shapes || []) {
        const m = shapeMesh(s, material, size);
        if (m) { m.userData.body = b.name; g.add(m); }
      }
      this.scene.add(g);
      return g;
    });
    // Contact planes of bodies without a shape (the ground, a platform): a square patch with a
    // grid, fixed to the body so that its motion shows.
    const seen = new Set();
    for (const c of this.anim.contacts) {
      if (c.kind !== 'plane' || (this.anim.bodies[c.body_i].shapes || []).length) continue;
      const key = JSON.stringify([c.body_i, c.plane]);
      if (seen.has(key)) continue;
      seen.add(key);
      this.bodyGroups[c.body_i].add(this.planePatch(c.plane, size));
    }
  }

  planePatch(plane, size) {
    const n = normalize(plane.normal), t1 = normalize(plane.tangent), t2 = cross(n, t1);
    const e = plane.extent || [null, null];
    const half = 1.2 * size;
    const a = e[0] ?? -half, b = e[1] ?? half;
    const group = new Group();
    const patch = new Mesh(new PlaneGeometry(b - a, 2 * half), new MeshLambertMaterial({ color: '#e8e8e8', side: DoubleSide }));
    // PlaneGeometry lies in its x-y plane with normal z: map x → t1, y → t2, z → n.
    const basis = new Matrix4().makeBasis(v3(t1), v3(t2), v3(n));
    patch.quaternion.setFromRotationMatrix(basis);
    patch.position.copy(v3(add(plane.point, add(scale(t1, 0.5 * (a + b)), scale(n, -1e-4 * size)))));
    group.add(patch);
    const step = niceNumber(size / 6);
    const pts = [];
    for (let s = Math.ceil(a / step) * step; s <= b; s += step) {
      pts.push(...add(plane.point, add(scale(t1, s), scale(t2, -half))), ...add(plane.point, add(scale(t1, s), scale(t2, half))));
    }
    for (let s = Math.ceil(-half / step) * step; s <= half; s += step) {
      pts.push(...add(plane.point, add(scale(t1, a), scale(t2, s))), ...add(plane.point, add(scale(t1, b), scale(t2, s))));
    }
    const geo = new BufferGeometry();
    geo.setAttribute('position', new Float32BufferAttribute(pts, 3));
    group.add(new LineSegments(geo, new LineBasicMaterial({ color: '#b0b0b0' })));
    return group;
  }

  buildMarkers() {
    const size = this.bounds.size, r = 0.012 * size;
    const jointGeo = new SphereGeometry(r, 12, 8), contactGeo = new SphereGeometry(r, 12, 8);
    this.jointMarkers = this.anim.joints.map(() => {
      const m = new Mesh(jointGeo, new MeshBasicMaterial({ color: '#111111', wireframe: true }));
      this.scene.add(m);
      return m;
    });
    // Contact points and force arrows are drawn over the bodies (a ball hides its own contact).
    const onTop = (object) => {
      object.renderOrder = 1;
      object.traverse((o) => { if (o.material) o.material.depthTest = false; });
      return object;
    };
    this.stateMaterials = STATE_COLORS.map((c) => new MeshBasicMaterial({ color: c, depthTest: false }));
    this.contactMarkers = this.anim.contacts.map(() => {
      const m = onTop(new Mesh(contactGeo, this.stateMaterials[0]));
      const normal = onTop(new ArrowHelper(new Vector3(0, 1, 0), new Vector3(), 1, FORCE_COLORS.normal));
      const friction = onTop(new ArrowHelper(new Vector3(1, 0, 0), new Vector3(), 1, FORCE_COLORS.friction));
      this.scene.add(m, normal, friction);
      return { m, normal, friction };
    });
    this.springLines = this.anim.springs.map(() => {
      const geo = new BufferGeometry();
      geo.setAttribute('position', new Float32BufferAttribute([0, 0, 0, 0, 0, 0], 3));
      const l = new Line(geo, new LineBasicMaterial({ color: '#666666' }));
      this.scene.add(l);
      return l;
    });
  }

  resize() {
    const r = this.canvas.parentElement.getBoundingClientRect();
    this.w = Math.max(1, Math.floor(r.width));
    this.h = Math.max(1, Math.floor(r.height));
    this.renderer.setSize(this.w, this.h);
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
    this.camera.position.copy(v3(add(centre, scale(dir, 1.9 * size))));
    this.controls.update();
  }

  render(state) {
    state.bodies.forEach((p, k) => {
      const g = this.bodyGroups[k];
      g.position.copy(v3(p.position));
      g.quaternion.copy(quat(p.orientation));
    });
    state.joints.forEach((j, k) => this.jointMarkers[k].position.copy(v3(j.point_j)));
    state.springs.forEach((s, k) => {
      const pos = this.springLines[k].geometry.attributes.position;
      pos.setXYZ(0, ...s.a);
      pos.setXYZ(1, ...s.b);
      pos.needsUpdate = true;
    });
    state.contacts.forEach((c, k) => {
      const mk = this.contactMarkers[k];
      mk.m.position.copy(v3(c.point));
      mk.m.material = this.stateMaterials[c.state] || this.stateMaterials[0];
      this.setArrow(mk.normal, c.point, c.normalForce, c.state !== 0);
      this.setArrow(mk.friction, c.point, c.frictionForce, c.state !== 0);
    });
    if (this.follow >= 0) {
      const p = v3(state.bodies[this.follow].position);
      const shift = p.clone().sub(this.controls.target);
      this.controls.target.add(shift);
      this.camera.position.add(shift);
    }
    this.draw();
  }

  setArrow(arrow, point, force, active) {
    const len = Math.hypot(...force) * this.forceScale;
    arrow.visible = this.show.forces && active && len > 1e-6 * this.bounds.size;
    if (!arrow.visible) return;
    arrow.position.copy(v3(point));
    arrow.setDirection(v3(normalize(force)));
    const head = Math.min(0.3 * len, 0.04 * this.bounds.size);
    arrow.setLength(len, head, 0.5 * head);
  }

  draw() { this.renderer.render(this.scene, this.camera); }

  // The arrows' scale in words (a perspective view has no fixed length on screen).
  legendText() {
    if (!(this.forceScale > 0)) return '';
    const ref = niceNumber(0.1 * this.bounds.size / this.forceScale);
    return `force arrows: ${formatForce(ref)} per ${+(ref * this.forceScale).toPrecision(3)} m`;
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

  objectPose(k) {
    const g = this.bodyGroups[k];
    return { position: g.position.toArray(), orientation: [g.quaternion.w, g.quaternion.x, g.quaternion.y, g.quaternion.z] };
  }

  // The body whose shape is nearest the camera under canvas pixel (x, y), or null; with `only`,
  // among body `only` alone (whether it lies under the pixel, even if hidden).
  pick(x, y, only) {
    const ray = new Raycaster();
    ray.setFromCamera(new Vector2((x / this.w) * 2 - 1, 1 - (y / this.h) * 2), this.camera);
    const groups = only === undefined ? this.bodyGroups : [this.bodyGroups[only]];
    const hit = ray.intersectObjects(groups, true).find((h) => h.object.userData.body !== undefined);
    return hit ? hit.object.userData.body : null;
  }
}

window.StickslipView3D = { View3D };
