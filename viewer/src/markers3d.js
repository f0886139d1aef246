// Instanced markers for the 3-D view: many copies of one geometry in one draw call (contact points,
// joint points, bodies' shapes) and force arrows (a shaft and a head per arrow). Each frame places
// the instances it needs from index 0 and finish(n) draws the first n.
import { Color, ConeGeometry, CylinderGeometry, InstancedMesh, Matrix4, MeshBasicMaterial, Quaternion, SphereGeometry, Vector3 } from 'three';

const UP = new Vector3(0, 1, 0);

export class MarkerSet {
  // geometry: a three.js geometry, or 'sphere' for balls of `radius`; onTop: drawn over everything.
  constructor(scene, geometry, material, capacity, radius = 1, onTop = false) {
    const g = geometry === 'sphere' ? new SphereGeometry(radius, 12, 8) : geometry;
    this.mesh = new InstancedMesh(g, material, Math.max(capacity, 1));
    this.mesh.count = 0;
    this.mesh.frustumCulled = false;  // instances move every frame; the bounding sphere would go stale
    // Over everything, also over transparent objects (the floor grid's patch): three.js draws the
    // transparent list after the opaque one, so on-top markers join it, drawn last (renderOrder).
    if (onTop) { this.mesh.renderOrder = 1; material.depthTest = false; material.transparent = true; }
    const white = new Color('#ffffff');
    for (let k = 0; k < Math.max(capacity, 1); ++k) this.mesh.setColorAt(k, white);
    this.matrix = new Matrix4();
    scene.add(this.mesh);
  }

  place(k, p) { this.placeAt(k, p[0], p[1], p[2]); }

  // Instance k at (x, y, z), written straight into the instance buffer.
  placeAt(k, x, y, z) {
    const m = this.mesh.instanceMatrix.array, o = 16 * k;
    m.fill(0, o, o + 16);
    m[o] = m[o + 5] = m[o + 10] = m[o + 15] = 1;
    m[o + 12] = x; m[o + 13] = y; m[o + 14] = z;
  }
  setColor(k, hex) { this.mesh.setColorAt(k, new Color(hex)); this.mesh.instanceColor.needsUpdate = true; }

  finish(count) {
    this.mesh.count = count;
    this.mesh.instanceMatrix.needsUpdate = true;
    if (this.mesh.instanceColor) this.mesh.instanceColor.needsUpdate = true;
    this.mesh.boundingSphere = null;  // recomputed by the next raycast
  }
}

// Arrows from a point along a force, `metresPerNewton` long per newton, drawn over the bodies.
export class ArrowSet {
  constructor(scene, color, capacity, sceneSize) {
    this.size = sceneSize;
    const material = new MeshBasicMaterial({ color, depthTest: false });
    this.shafts = new MarkerSet(scene, new CylinderGeometry(1, 1, 1, 8).translate(0, 0.5, 0), material, capacity, 1, true);
    this.heads = new MarkerSet(scene, new ConeGeometry(1, 1, 12).translate(0, 0.5, 0), material, capacity, 1, true);
    this.m = new Matrix4();
    this.q = new Quaternion();
    this.dir = new Vector3();
    this.base = new Vector3();
    this.s = new Vector3();
  }

  // An arrow at (x, y, z) along force (fx, fy, fz); false (nothing placed) for one too short to see.
  place(n, x, y, z, fx, fy, fz, metresPerNewton) {
    const magnitude = Math.hypot(fx, fy, fz), length = magnitude * metresPerNewton;
    if (!(length > 1e-6 * this.size)) return false;
    const dir = this.dir.set(fx / magnitude, fy / magnitude, fz / magnitude);
    const head = Math.min(0.3 * length, 0.04 * this.size), r = 0.004 * this.size;
    this.q.setFromUnitVectors(UP, dir);
    const base = this.base.set(x, y, z);
    this.shafts.mesh.setMatrixAt(n, this.m.compose(base, this.q, this.s.set(r, length - head, r)));
    this.heads.mesh.setMatrixAt(n, this.m.compose(base.addScaledVector(dir, length - head), this.q, this.s.set(2.5 * r, head, 2.5 * r)));
    return true;
  }

  finish(count) { this.shafts.finish(count); this.heads.finish(count); }
}
