// The animation data embedded in the page (docs/animation-format.md): checks the header, turns
// channels (a number, an array, or base64-packed typed arrays) into per-frame lookups and locates a
// time between frames.

export const FORMAT = 'stickslip-animation';
export const VERSION = 2;

const TYPED = { f64: Float64Array, f32: Float32Array, u32: Uint32Array, u8: Uint8Array };

// A packed array {f64|f32|u32|u8: base64 of little-endian bytes} as a typed array; a plain array as is.
export function unpack(value, what) {
  if (Array.isArray(value)) return value;
  const type = value && Object.keys(value).find((k) => TYPED[k]);
  if (!type) throw new Error(`${what}: expected an array or a packed array`);
  let bytes;
  if (Uint8Array.fromBase64) {
    bytes = Uint8Array.fromBase64(value[type]);
  } else {
    const text = atob(value[type]);
    bytes = new Uint8Array(text.length);
    for (let k = 0; k < text.length; ++k) bytes[k] = text.charCodeAt(k);
  }
  return new TYPED[type](bytes.buffer, bytes.byteOffset, bytes.byteLength / TYPED[type].BYTES_PER_ELEMENT);
}

// A channel: one value per frame, or one number for all frames. NaN stands for null.
function channel(value, frames, what) {
  if (typeof value === 'number' || value === null) return { constant: true, at: () => value };
  const values = unpack(value, what);
  if (values.length !== frames) throw new Error(`${what}: expected a number or ${frames} values`);
  return { constant: false, at: (i) => (Number.isNaN(values[i]) ? null : values[i]), values };
}

const POSE = ['x', 'y', 'z', 'qw', 'qx', 'qy', 'qz'];
const CONTACT_CHANNELS = ['state', 'fn', 'ft1', 'ft2'];

// Contact points that come and go: frame i holds points offsets[i] .. offsets[i + 1] − 1.
function contactPoints(raw, frames) {
  if (!raw) return null;
  const p = { pairs: raw.pairs || [] };
  for (const k of ['offsets', 'pair', 'id', 'position', 'normal', 'fn', 'friction', 'state']) p[k] = unpack(raw[k], `contact_points.${k}`);
  if (p.offsets.length !== frames + 1) throw new Error(`contact_points.offsets: expected ${frames + 1} values`);
  let most = 0;
  for (let i = 0; i < frames; ++i) most = Math.max(most, p.offsets[i + 1] - p.offsets[i]);
  p.most = most;
  return p;
}

export class Animation {
  constructor(raw) {
    if (raw.format !== FORMAT) throw new Error(`not stickslip animation data (format "${raw.format}")`);
    if (raw.version !== VERSION) throw new Error(`animation data version ${raw.version}; this page reads ${VERSION}`);
    if (raw.dimension !== 'planar' && raw.dimension !== 'spatial') throw new Error(`unknown dimension "${raw.dimension}"`);
    this.raw = raw;
    this.dimension = raw.dimension;
    this.title = raw.title || 'stickslip';
    this.up = raw.up || [0, 1, 0];
    this.stateNames = raw.state_names || ['open', 'stick', 'slip+', 'slip-'];
    this.time = Array.from(unpack(raw.time, 'time'));
    this.sourceRows = raw.source_rows ? Array.from(unpack(raw.source_rows, 'source_rows')) : null;
    this.frames = this.time.length;
    if (this.frames < 1) throw new Error('the animation has no frames');
    const n = this.frames;
    this.bodies = raw.bodies.map((b) => {
      const pose = {};
      for (const k of POSE) pose[k] = channel(b.pose[k], n, `${b.name}.${k}`);
      const read = (list, what) => (list || []).map((s) => ({
        ...s,
        vertices: s.vertices ? unpack(s.vertices, `${b.name} ${what} vertices`) : undefined,
        triangles: s.triangles ? unpack(s.triangles, `${b.name} ${what} triangles`) : undefined,
      }));
      return { ...b, shapes: read(b.shapes, 'shape'), visuals: read(b.visuals, 'visual'), pose };
    });
    this.joints = raw.joints || [];
    this.springs = raw.springs || [];
    this.contacts = (raw.contacts || []).map((c) => {
      const ch = {};
      for (const k of CONTACT_CHANNELS) ch[k] = channel(c[k] ?? 0, n, `${c.name}.${k}`);
      return { ...c, ch };
    });
    this.points = contactPoints(raw.contact_points, n);
    this.poseTable();
    this.events = raw.events || [];
    const cols = raw.columns || { names: [], values: [] };
    this.columnNames = cols.names;
    this.columns = cols.values.map((v, k) => channel(v, n, cols.names[k]));
  }

  get t0() { return this.time[0]; }
  get t1() { return this.time[this.frames - 1]; }

  // The frame at or before t and the fraction of the way to the next: {i, f} with t = time[i] +
  // f (time[i+1] − time[i]); t outside the run is clamped.
  locate(t) {
    const time = this.time;
    if (!(t > time[0])) return { i: 0, f: 0 };
    const last = this.frames - 1;
    if (t >= time[last]) return { i: last, f: 0 };
    let lo = 0, hi = last;  // time[lo] <= t < time[hi]
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (time[mid] <= t) lo = mid; else hi = mid;
    }
    const span = time[hi] - time[lo];
    return { i: lo, f: span > 0 ? (t - time[lo]) / span : 0 };
  }

  // A channel's value at frame i, fraction f towards frame i + 1.
  static value(ch, i, f) {
    const a = ch.at(i);
    if (ch.constant || f === 0 || a === null) return a;
    const b = ch.at(i + 1);
    return b === null ? a : a + (b - a) * f;
  }

  // The bodies' pose channels flattened for poseAt: per body and coordinate (x y z qw qx qy qz) its
  // per-frame values (a typed array) or null and the constant; `turning` marks bodies whose
  // orientation changes (interpolated by nlerp).
  poseTable() {
    const nb = this.bodies.length;
    this.poseValues = new Array(7 * nb).fill(null);
    this.poseConstant = new Float64Array(7 * nb);
    this.turning = new Uint8Array(nb);
    this.bodies.forEach((b, k) => POSE.forEach((c, n) => {
      const ch = b.pose[c];
      if (ch.constant) this.poseConstant[7 * k + n] = ch.at(0) ?? NaN;
      else { this.poseValues[7 * k + n] = ch.values; if (n >= 3) this.turning[k] = 1; }
    }));
    this.poses = new Float64Array(7 * nb);
    this.qa = new Float64Array(4);
    this.qb = new Float64Array(4);
  }

  // Every body's pose at frame i, fraction f towards frame i + 1, into one reused array (7 numbers
  // per body, x y z qw qx qy qz; NaN where the data has none): no object per body, so that a frame of
  // ten thousand bodies costs a pass over typed arrays. Positions are interpolated linearly,
  // orientations by nlerp on the shorter way round (q and −q are one rotation).
  poseAt(i, f) {
    const out = this.poses, values = this.poseValues, constant = this.poseConstant, j = f !== 0 ? i + 1 : i;
    this.poseStamp = (this.poseStamp || 0) + 1;  // which evaluation the array holds
    for (let o = 0; o < out.length; ++o) {
      const v = values[o];
      if (v === null) { out[o] = constant[o]; continue; }
      const a = v[i], b = v[j];
      out[o] = b === b ? a + (b - a) * f : a;  // a NaN after: the frame's own value
    }
    if (f === 0) return out;
    for (let k = 0; k < this.turning.length; ++k) {
      if (!this.turning[k]) continue;
      const o = 7 * k + 3, q = this.qa, r = this.qb;
      for (let n = 0; n < 4; ++n) {
        const v = values[o + n];
        q[n] = v === null ? constant[o + n] : v[i];
        r[n] = v === null ? constant[o + n] : v[j];
      }
      const s = q[0] * r[0] + q[1] * r[1] + q[2] * r[2] + q[3] * r[3] < 0 ? -1 : 1;
      let len = 0;
      for (let n = 0; n < 4; ++n) { q[n] += (s * r[n] - q[n]) * f; len += q[n] * q[n]; }
      len = Math.sqrt(len);
      for (let n = 0; n < 4; ++n) out[o + n] = len > 0 ? q[n] / len : (n === 0 ? 1 : 0);
    }
    return out;
  }

  columnIndex(name) { return this.columnNames.indexOf(name); }
  columnValue(k, i, f) { return Animation.value(this.columns[k], i, f); }
}

// Reads the data block of the page.
export function readEmbeddedData(doc) {
  const el = doc.getElementById('stickslip-data');
  if (!el) throw new Error('no animation data in this page');
  return new Animation(JSON.parse(el.textContent));
}
