// The animation data embedded in the page (docs/animation-format.md): checks the header, turns
// channels into per-frame lookups and locates a time between frames.

export const FORMAT = 'stickslip-animation';
export const VERSION = 1;

// A channel is an array with one value per frame, or one number for all frames.
function channel(value, frames, what) {
  if (typeof value === 'number' || value === null) return { constant: true, at: () => value };
  if (!Array.isArray(value) || value.length !== frames) {
    throw new Error(`${what}: expected a number or ${frames} values`);
  }
  return { constant: false, at: (i) => value[i], values: value };
}

const POSE = ['x', 'y', 'z', 'qw', 'qx', 'qy', 'qz'];
const CONTACT_CHANNELS = ['state', 'fn', 'ft1', 'ft2'];

export class Animation {
  constructor(raw) {
    if (raw.format !== FORMAT) throw new Error(`not stickslip animation data (format "${raw.format}")`);
    if (raw.version !== VERSION) throw new Error(`animation data version ${raw.version}; this page reads ${VERSION}`);
    if (raw.dimension !== 'planar' && raw.dimension !== 'spatial') throw new Error(`unknown dimension "${raw.dimension}"`);
    this.raw = raw;
    this.dimension = raw.dimension;
    this.title = raw.title || 'stickslip';
    this.up = raw.up || [0, 1, 0];
    this.time = raw.time;
    this.frames = this.time.length;
    if (this.frames < 1) throw new Error('the animation has no frames');
    const n = this.frames;
    this.bodies = raw.bodies.map((b) => {
      const pose = {};
      for (const k of POSE) pose[k] = channel(b.pose[k], n, `${b.name}.${k}`);
      return { ...b, pose };
    });
    this.joints = raw.joints || [];
    this.springs = raw.springs || [];
    this.contacts = (raw.contacts || []).map((c) => {
      const ch = {};
      for (const k of CONTACT_CHANNELS) ch[k] = channel(c[k] ?? 0, n, `${c.name}.${k}`);
      return { ...c, ch };
    });
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

  columnIndex(name) { return this.columnNames.indexOf(name); }
  columnValue(k, i, f) { return Animation.value(this.columns[k], i, f); }
}

// Reads the data block of the page.
export function readEmbeddedData(doc) {
  const el = doc.getElementById('stickslip-data');
  if (!el) throw new Error('no animation data in this page');
  return new Animation(JSON.parse(el.textContent));
}
