#!/usr/bin/env python3
"""How large runs fare in the animation page (docs/cli.md, "Sizes and speed"; docs/performance.md):
writes pages of N boxes moving for F frames straight in the page's data format (no simulation: the
positions and turns are closed-form), opens each in headless Chromium, lets it play, and prints the
page's size, its load time (first frame drawn, from navigation start) and the frame times while
playing (the median interval between frames: the rasteriser's work included) and the page's own
code per frame, stepping through frames (evaluating the instant, writing the instance matrices,
three.js's render call; medians), as rows of a Markdown table.

usage: scripts/viewer_bench.py [--bodies 100 1000 10000] [--frames 300] [--precision 32] [--contacts 0]
                               [--seconds 6] [--steps 40]
Run with /usr/bin/python3 (numpy) from the source tree; the page comes from viewer/dist."""

import argparse
import base64
import json
import math
import os
import statistics
import sys
import tempfile
import time

import numpy as np

SOURCE = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.join(SOURCE, "tests", "viewer"))
from chromium import Chromium  # noqa: E402


def packed(values, precision):
    kind, dtype = ("f32", "<f4") if precision == 32 else ("f64", "<f8")
    return {kind: base64.b64encode(np.asarray(values, dtype=dtype).tobytes()).decode()}


def page_data(bodies, frames, precision, contacts):
    """Boxes on a square grid, each circling about its place and turning about z, 10 s long."""
    t = np.linspace(0.0, 10.0, frames)
    side = math.ceil(math.sqrt(bodies))
    out = []
    ground = {"name": "ground", "motion": "fixed", "pose": dict(x=0, y=0, z=0, qw=1, qx=0, qy=0, qz=0),
              "shapes": [{"kind": "plane", "position": [0, 0, 0], "orientation": [1, 0, 0, 0]}]}
    out.append(ground)
    for k in range(bodies):
        cx, cy = k % side, k // side
        phase = 0.37 * k
        angle = t + phase
        pose = {"x": packed(cx + 0.2 * np.cos(angle), precision), "y": packed(cy + 0.2 * np.sin(angle), precision),
                "z": packed(0.25 + 0.1 * np.sin(2 * angle), precision),
                "qw": packed(np.cos(angle / 2), precision), "qx": 0, "qy": 0, "qz": packed(np.sin(angle / 2), precision)}
        out.append({"name": f"b{k}", "motion": "dynamic", "pose": pose,
                    "shapes": [{"kind": "box", "position": [0, 0, 0], "orientation": [1, 0, 0, 0], "size": [0.5, 0.3, 0.2]}]})
    cs = []
    for k in range(contacts):
        state = (np.floor(t + 0.1 * k) % 3).astype(float)
        cs.append({"name": f"c{k}", "kind": "plane", "body_i": 0, "body_j": 1 + k % bodies,
                   "plane": {"point": [0, 0, 0], "normal": [0, 0, 1], "tangent": [1, 0, 0], "extent": [None, None]},
                   "center_j": [0.25, 0.15, -0.1], "radius_j": 0, "state": packed(state, 64),
                   "fn": packed(10 + np.sin(t + k), precision), "ft1": packed(np.cos(t + k), precision), "ft2": 0})
    return {"format": "stickslip-animation", "version": 2, "dimension": "spatial", "title": f"{bodies} boxes, {frames} frames",
            "source": {"results": "", "model": "", "rows": frames, "fps": 0, "precision": precision}, "up": [0, 0, 1],
            "state_names": ["open", "stick", "slip"], "autoplay": False, "time": packed(t, 64),
            "source_rows": {"u32": base64.b64encode(np.arange(frames, dtype="<u4").tobytes()).decode()},
            "bodies": out, "joints": [], "springs": [], "contacts": cs, "events": [], "columns": {"names": [], "values": []}}


def write_page(path, data):
    dist = os.path.join(SOURCE, "viewer", "dist")
    with open(os.path.join(dist, "page.html")) as f:
        page = f.read()
    with open(os.path.join(dist, "view3d.js")) as f:
        view3d = f.read()
    page = page.replace("<!--VIEW3D-->", "<script>\n" + view3d + "\n</script>")
    page = page.replace("<!--DATA-->", '<script type="application/json" id="stickslip-data">' + json.dumps(data, separators=(",", ":")) + "</script>")
    with open(path, "w") as f:
        f.write(page)


STEPPED = """(() => {
  const s = window.stickslip, times = s.times(), n = times.length, out = [], draw = [];
  for (let k = 0; k < %d; ++k) {
    const i = (7 * k) %% (n - 1), t = times[i] + 0.5 * (times[i + 1] - times[i]);
    const before = performance.now();
    s.seek(t);
    out.push(performance.now() - before);
    draw.push(s.lastDrawMs());
  }
  return [out, draw];
})()"""


def median(xs):
    return statistics.median(xs) if xs else float("nan")


def measure(bodies, frames, precision, contacts, seconds, steps):
    """One page: its size, load time, the page's code per frame when stepping (evaluate, write the
    instances, three.js's render call, whose GPU work runs after) and the frame interval while playing."""
    with tempfile.TemporaryDirectory(prefix="stickslip_viewer_bench_") as work:
        path = os.path.join(work, "page.html")
        write_page(path, page_data(bodies, frames, precision, contacts))
        size = os.path.getsize(path)
        with Chromium(timeout=1200) as browser:
            browser.open("file://" + path)
            browser.wait_for("window.stickslip !== undefined", timeout=1200)
            error = browser.evaluate("window.stickslip.error || ''")
            if error:
                raise SystemExit(f"the page reports: {error}")
            load = browser.evaluate("window.stickslip.timings.first_frame_ms")
            code, draw = browser.evaluate(STEPPED % steps)
            browser.evaluate("window.stickslip.seek(window.stickslip.times()[0]); window.stickslip.play()")
            time.sleep(seconds)
            intervals = browser.evaluate("window.stickslip.frameTimes()")
    return {"bodies": bodies, "frames": frames, "mb": size / 1e6, "load_s": load / 1e3, "code_ms": median(code),
            "own_ms": median([c - d for c, d in zip(code, draw)]), "interval_ms": median(intervals), "played": len(intervals)}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bodies", type=int, nargs="+", default=[100, 1000, 10000])
    ap.add_argument("--frames", type=int, default=300)
    ap.add_argument("--precision", type=int, choices=(32, 64), default=32)
    ap.add_argument("--contacts", type=int, default=0)
    ap.add_argument("--seconds", type=float, default=6.0, help="how long the page plays for the frame intervals")
    ap.add_argument("--steps", type=int, default=40, help="frames stepped through for the code's time per frame")
    a = ap.parse_args()
    print("| bodies × frames | page | first frame drawn | page code per frame (median) | of it outside three.js's render call | frame interval while playing (median) |")
    print("|---|---|---|---|---|---|")
    for b in a.bodies:
        r = measure(b, a.frames, a.precision, a.contacts, a.seconds, a.steps)
        print(f"| {r['bodies']} × {r['frames']} | {r['mb']:.1f} MB | {r['load_s']:.1f} s | {r['code_ms']:.1f} ms | "
              f"{r['own_ms']:.1f} ms | {r['interval_ms']:.0f} ms ({r['played']} frames) |", flush=True)


if __name__ == "__main__":
    main()
