// Entry point of the page: reads the embedded data, picks the renderer from its `dimension`
// (planar: 2-D canvas; spatial: three.js, from the 3-D script the writer adds for spatial runs),
// starts playing, and exposes the current state on window.stickslip for tests and scripting.
import { bodyColor } from './colors.js';
import { Controls } from './controls.js';
import { readEmbeddedData } from './data.js';
import { largestForces, sceneBounds } from './scene.js';
import { View2D } from './view2d.js';

// Arrows: the largest normal force of the run is drawn 15 % of the scene's size long, the largest
// friction force 10 %: friction has its own scale, so that it shows beside much larger normal forces.
function forceScales(anim, bounds) {
  const largest = largestForces(anim);
  return {
    normal: largest.normal > 0 ? (0.15 * bounds.size) / largest.normal : 0,
    friction: largest.friction > 0 ? (0.1 * bounds.size) / largest.friction : 0,
  };
}

function start() {
  const timings = { script_start_ms: performance.now() };
  const anim = readEmbeddedData(document);
  timings.data_read_ms = performance.now();
  const bounds = sceneBounds(anim);
  const scales = forceScales(anim, bounds);
  const stage = document.getElementById('stage');
  let view;
  if (anim.dimension === 'spatial') {
    if (!window.StickslipView3D) throw new Error('this page lacks the 3-D renderer needed by spatial data');
    view = new window.StickslipView3D.View3D(stage, anim, bounds, scales);
  } else {
    view = new View2D(stage, anim, bounds, scales);
  }
  const controls = new Controls(anim, view);
  controls.seek(anim.t0);
  timings.first_frame_ms = performance.now();
  if (anim.raw.autoplay !== false && anim.frames > 1) controls.play();
  window.stickslip = {
    ready: true,
    dimension: anim.dimension,
    frames: anim.frames,
    timings,
    // Seeking pauses, so that what a script reads stays put.
    seek: (t) => { controls.pause(); controls.seek(t); },
    stepFrame: (n) => controls.stepFrame(n),
    play: () => controls.play(),
    pause: () => controls.pause(),
    isPlaying: () => controls.playing,
    time: () => controls.t,
    times: () => anim.time,
    sourceRows: () => anim.sourceRows,
    eventCount: () => anim.events.length,
    frame: () => ({ ...controls.frame }),
    // The instant shown: evaluate() of scene.js plus each body's centre in canvas pixels.
    state: () => ({ ...controls.state, screen: controls.state.bodies.map((b) => view.project(b.position)) }),
    project: (p) => view.project(p),
    pixel: (x, y) => view.readPixel(x, y),
    bodyColor: (k) => bodyColor(k),
    forceScales: () => ({ ...scales }),
    // Frame times of the last rendered frames while playing (ms): how smooth the page is.
    frameTimes: () => controls.frameTimes.slice(),
    renderTimes: () => controls.renderTimes.slice(),
    // 3-D: of each render time, the part spent in three.js's render call (the rest is the page's own
    // work: evaluating the instant, writing instance matrices).
    drawTimes: () => controls.drawTimes.slice(),
    lastDrawMs: () => view.drawMs ?? null,
    // 2-D: {cx, cy, s, w, h}, the world point at the canvas centre and pixels per metre.
    camera: () => (view.cameraState ? view.cameraState() : null),
    // 2-D: bodyPixel draws body k alone and reads a pixel. 3-D: the body under a canvas pixel
    // (pick), a body's pose in the scene graph, the colour a contact (or contact point) is drawn in.
    pick: (x, y, only) => (view.pick ? view.pick(x, y, only) : null),
    bodyPixel: (k, x, y) => (view.bodyPixel ? view.bodyPixel(controls.state, k, x, y) : null),
    objectPose: (k) => (view.objectPose ? view.objectPose(k) : null),
    contactColor: (k) => (view.contactColor ? view.contactColor(k) : null),
    instanceMatrix: (k) => (view.instanceMatrix ? view.instanceMatrix(k) : null),
    bandLabels: () => controls.bandLabels(),
    columnText: () => document.getElementById('column-value').textContent,
  };
}

try {
  start();
} catch (e) {
  const box = document.getElementById('error');
  box.textContent = `cannot show this animation: ${e.message}`;
  box.style.display = 'block';
  window.stickslip = { ready: false, error: String(e.message) };
}
