// The page's controls: play/pause, speed, time slider, step forward/back, the time line with the
// event marks (and, for a few contacts, their states over the run, each band named), the time and a
// chosen column as numbers. The current instant is a time t; the frame shown is the data
// interpolated at t.
import { FORCE_COLORS, STATE_COLORS } from './colors.js';
import { formatNumber } from './format.js';
import { evaluate } from './scene.js';

const EVENT_COLORS = {
  impact: '#d62728', onset: '#1f77b4', separation: '#7f7f7f', detachment: '#8c564b',
  stick: '#2ca02c', slip: '#ff7f0e', reversal: '#9467bd',
};
const SPEEDS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5];
const MAX_STATE_BANDS = 16;
const BAND = 11;       // height of a contact's band on the time line [px]
const KEEP_TIMES = 240;  // frame times kept for window.stickslip.frameTimes()

const $ = (id) => document.getElementById(id);
const keep = (list, x) => { list.push(x); if (list.length > KEEP_TIMES) list.shift(); };

export class Controls {
  constructor(anim, view) {
    this.anim = anim;
    this.view = view;
    this.t = anim.t0;
    this.speed = 1;
    this.playing = false;
    this.state = null;
    this.frameTimes = [];
    this.renderTimes = [];
    this.drawTimes = [];
    view.onChange = () => this.redraw();
    this.setUp();
  }

  setUp() {
    const a = this.anim;
    $('title').textContent = a.title;
    document.title = `${a.title} - stickslip`;
    const slider = $('slider');
    slider.min = a.t0;
    slider.max = a.t1;
    slider.step = 'any';
    slider.addEventListener('input', () => { this.pause(); this.seek(parseFloat(slider.value)); });
    $('play').addEventListener('click', () => (this.playing ? this.pause() : this.play()));
    $('step-forward').addEventListener('click', () => { this.pause(); this.stepFrame(1); });
    $('step-back').addEventListener('click', () => { this.pause(); this.stepFrame(-1); });
    $('first').addEventListener('click', () => { this.pause(); this.seek(a.t0); });
    $('last').addEventListener('click', () => { this.pause(); this.seek(a.t1); });
    const speed = $('speed');
    for (const s of SPEEDS) speed.add(new Option(`${s}x`, String(s), s === 1, s === 1));
    speed.addEventListener('change', () => { this.speed = parseFloat(speed.value); });
    const column = $('column');
    a.columnNames.forEach((n, k) => column.add(new Option(n, String(k))));
    const initial = a.columnIndex(a.raw.initial_column || '');
    column.value = String(Math.max(initial, 0));
    column.addEventListener('change', () => this.updateReadout());
    const follow = $('follow');
    a.bodies.forEach((b, k) => { if (k > 0 && b.motion !== 'fixed') follow.add(new Option(b.name, String(k))); });
    follow.addEventListener('change', () => { this.view.follow = parseInt(follow.value, 10); this.view.followOffset = null; this.redraw(); });
    $('show-forces').addEventListener('change', (e) => { this.view.show.forces = e.target.checked; this.redraw(); });
    $('show-names').addEventListener('change', (e) => { this.view.show.names = e.target.checked; this.redraw(); });
    if (this.view.hasVisuals) {
      $('show-collision-label').hidden = false;
      $('show-collision').addEventListener('change', (e) => { this.view.showCollision(e.target.checked); this.redraw(); });
    }
    this.setUpLegend();
    this.setUpTimeline();
    document.addEventListener('keydown', (e) => {
      if (e.target.tagName === 'SELECT' || e.target.tagName === 'INPUT') return;
      if (e.key === ' ') { e.preventDefault(); this.playing ? this.pause() : this.play(); }
      else if (e.key === 'ArrowRight') { this.pause(); this.stepFrame(1); }
      else if (e.key === 'ArrowLeft') { this.pause(); this.stepFrame(-1); }
      else if (e.key === 'Home') { this.pause(); this.seek(this.anim.t0); }
      else if (e.key === 'End') { this.pause(); this.seek(this.anim.t1); }
    });
    window.addEventListener('resize', () => { this.view.resize(); this.drawTimeline(); this.redraw(); });
  }

  setUpLegend() {
    const legend = $('legend');
    const item = (color, text, round) => {
      const s = document.createElement('span');
      s.className = 'item';
      const sw = document.createElement('span');
      sw.className = round ? 'swatch round' : 'swatch';
      sw.style.background = color;
      s.append(sw, document.createTextNode(text));
      legend.appendChild(s);
    };
    if (this.anim.contacts.length || this.anim.points) {
      this.anim.stateNames.forEach((n, k) => item(STATE_COLORS[k], n, true));
      item(FORCE_COLORS.normal, 'normal force', false);
      item(FORCE_COLORS.friction, 'friction force', false);
      if (this.view.legendText) legend.append(document.createTextNode(this.view.legendText()));
    }
  }

  setUpTimeline() {
    const a = this.anim;
    this.bands = a.contacts.length <= MAX_STATE_BANDS ? a.contacts : [];
    const tl = $('timeline');
    tl.height = 14 + BAND * this.bands.length;
    tl.addEventListener('click', (e) => {
      const ev = this.eventAt(e.offsetX);
      this.pause();
      this.seek(ev ? ev.t : this.timeAt(e.offsetX));
    });
    tl.addEventListener('mousemove', (e) => {
      const ev = this.eventAt(e.offsetX);
      $('event-info').textContent = ev ? `${formatNumber(ev.t)} s: ${ev.contact} ${ev.event} (${ev.from} -> ${ev.to})` : '';
    });
    tl.title = a.contacts.length && this.bands.length ? 'contact states (one row per contact) and events; click to go there' : 'events; click to go there';
    this.drawTimeline();
  }

  timeAt(x) {
    const w = $('timeline').clientWidth || 1;
    return this.anim.t0 + (x / w) * (this.anim.t1 - this.anim.t0);
  }
  xOf(t) {
    const w = $('timeline').clientWidth || 1, span = this.anim.t1 - this.anim.t0;
    return span > 0 ? ((t - this.anim.t0) / span) * w : 0;
  }
  // The event whose mark is nearest to x, within 4 pixels.
  eventAt(x) {
    let best = null, bestD = 4;
    for (const ev of this.anim.events) {
      const d = Math.abs(this.xOf(ev.t) - x);
      if (d <= bestD) { best = ev; bestD = d; }
    }
    return best;
  }

  drawTimeline() {
    const tl = $('timeline'), a = this.anim;
    const w = tl.clientWidth || 600;
    tl.width = w;
    const ctx = tl.getContext('2d');
    ctx.clearRect(0, 0, w, tl.height);
    // Contact states: one row per contact, each frame's state coloured until the next frame, the
    // contact's name at the row's start.
    ctx.font = `${BAND - 2}px sans-serif`;
    ctx.textBaseline = 'middle';
    this.bands.forEach((c, r) => {
      let x0 = 0, s0 = c.ch.state.at(0);
      const fill = (x1) => { ctx.fillStyle = STATE_COLORS[s0] ?? '#000'; ctx.fillRect(x0, 2 + BAND * r, Math.max(1, x1 - x0), BAND - 2); };
      for (let i = 1; i < a.frames; ++i) {
        const s = c.ch.state.at(i);
        if (s !== s0) { const x = this.xOf(a.time[i]); fill(x); x0 = x; s0 = s; }
      }
      fill(w);
      const label = this.bandLabelBox(ctx, c.name, r);
      ctx.fillStyle = 'rgba(255, 255, 255, 0.8)';
      ctx.fillRect(label.x, label.y, label.w, label.h);
      ctx.fillStyle = '#000';
      ctx.fillText(c.name, label.x + 2, 2 + BAND * r + (BAND - 2) / 2);
    });
    const y = 4 + BAND * this.bands.length;
    ctx.fillStyle = '#ddd';
    ctx.fillRect(0, y + 4, w, 2);
    for (const ev of a.events) {
      ctx.fillStyle = EVENT_COLORS[ev.event] || '#000';
      ctx.fillRect(Math.round(this.xOf(ev.t)) - 0.5, y, 1.5, 10);
    }
    this.timelineImage = ctx.getImageData(0, 0, tl.width, tl.height);
  }

  bandLabelBox(ctx, name, r) {
    return { x: 1, y: 2 + BAND * r, w: Math.ceil(ctx.measureText(name).width) + 4, h: BAND - 2 };
  }

  // The names written on the time line's bands and where (canvas pixels), for tests.
  bandLabels() {
    const ctx = $('timeline').getContext('2d');
    ctx.font = `${BAND - 2}px sans-serif`;
    return this.bands.map((c, r) => ({ name: c.name, ...this.bandLabelBox(ctx, c.name, r) }));
  }

  drawTimelineCursor() {
    const tl = $('timeline'), ctx = tl.getContext('2d');
    if (this.timelineImage) ctx.putImageData(this.timelineImage, 0, 0);
    ctx.fillStyle = '#000';
    ctx.fillRect(Math.round(this.xOf(this.t)) - 1, 0, 2, tl.height);
  }

  seek(t) {
    const a = this.anim;
    this.t = Math.min(Math.max(t, a.t0), a.t1);
    const { i, f } = a.locate(this.t);
    this.frame = { i, f };
    this.state = evaluate(a, i, f);
    this.redraw();
  }

  // Moves to the next (n = 1) or previous (n = −1) frame of the data, or n frames on.
  stepFrame(n) {
    const a = this.anim;
    const { i, f } = a.locate(this.t);
    const target = n > 0 ? i + n : (f > 0 ? i + 1 + n : i + n);
    this.seek(a.time[Math.min(Math.max(target, 0), a.frames - 1)]);
  }

  play() {
    if (this.t >= this.anim.t1) this.t = this.anim.t0;
    this.playing = true;
    $('play').innerHTML = '&#10074;&#10074;';
    let last = null;
    const tick = (now) => {
      if (!this.playing) return;
      if (last !== null) {
        const t = this.t + ((now - last) / 1000) * this.speed;
        if (t >= this.anim.t1) { this.seek(this.anim.t1); this.pause(); return; }
        const before = performance.now();
        this.seek(t);
        keep(this.renderTimes, performance.now() - before);
        if (this.view.drawMs !== undefined) keep(this.drawTimes, this.view.drawMs);
        keep(this.frameTimes, now - last);
      }
      last = now;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }

  pause() {
    this.playing = false;
    $('play').innerHTML = '&#9654;';
  }

  redraw() {
    if (!this.state) return;
    this.view.render(this.state);
    $('time').textContent = this.t.toFixed(4);
    $('frame').textContent = `${this.frame.i + 1} / ${this.anim.frames}`;
    const slider = $('slider');
    if (parseFloat(slider.value) !== this.t) slider.value = String(this.t);
    this.updateReadout();
    this.drawTimelineCursor();
  }

  updateReadout() {
    const k = parseInt($('column').value, 10);
    if (!(k >= 0) || !this.frame) { $('column-value').textContent = ''; return; }
    const name = this.anim.columnNames[k];
    const { i, f } = this.frame;
    let v;
    if (name.endsWith('.state')) {  // a discrete value: the frame's, named
      v = this.anim.columns[k].at(i);
      $('column-value').textContent = `${v} (${this.anim.stateNames[v] ?? '?'})`;
    } else {
      v = this.anim.columnValue(k, i, f);
      $('column-value').textContent = formatNumber(v);
    }
  }
}
