#!/usr/bin/env python3
"""Browser test of `stickslip view` (run by `make test` through ctest): headless Chromium opens the
animation pages, steps to given times and checks what the page shows against the result CSV.

- Planar runs (the free-standing body on its moving platform: contacts, a prescribed body, events;
  the slider-crank on a rough guide: rods, a block, a ground line): at sampled frames and halfway
  between frames, every body's pose, every contact's state and forces, the time and column
  readouts; the body's colour at the pixel its CSV position maps to; the step buttons, zoom about
  the cursor, pan, fit and a click on an event mark (real mouse events); play and pause.
- Planar pages start playing by themselves, name each contact's band on the time line, and draw
  the largest friction force at least 20 pixels long (friction has its own arrow scale).
- Spatial (3-D, three.js): a synthetic spatial run crafted here (a tumbling box, a ball touching a
  floor, a hinged arm) written by the spatial-page helper; poses in the scene graph and contact
  frames against the CSV, the body under each body's projected centre; contact points that come and
  go (a contact point file), drawn in their states' colours and gone when the file has none.
- Real spatial models drawn from their model files: the rolling sphere (its contact turns from slip to
  stick: the marker's colour changes with it, at its pixel), the box on the incline (the screenshot
  of the README, docs/images/view3d.png, with --readme-image); the drawn pixels move.
- Convex hulls (from points and from a mesh file) falling into a triangle-mesh dish
  (hull_mesh_page.py): the shapes drawn where they are, the run's contact points file on the page.
- A body drawn by a coloured visual mesh (visual_page.py): the visual's pixels in its colour at its
  projected centre, moving with the body; the collision shapes' toggle.
- Negative controls: the same checks on pages made from CSVs whose positions were perturbed must
  fail, so the checks are shown able to fail in every run.
- Load time of a 20 001-row run (the 20 s free-standing body, a row per millisecond), at the
  default 30 frames per second and with every row kept: logged, never asserted (docs/performance.md).
- The committed build (viewer/dist) must have been built from the current viewer/src.

Prints "N passed, M failed" and exits 1 on any failure."""

import argparse
import csv
import hashlib
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from chromium import Chromium  # noqa: E402
from hull_mesh_page import check_hull_and_mesh_page  # noqa: E402
from visual_page import check_visual_page  # noqa: E402

SOURCE = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

# Positions are copied from the CSV into the page (shortest round-trip text both ways), never
# recomputed: at a frame they must be equal. Angles pass through q = (cos θ/2, sin θ/2) and back by
# atan2 (a few roundings of 1e-16); halfway between frames the page interpolates (one rounding per
# operation). 1e-12 is a thousand times those roundings and a billion times smaller than the
# perturbations of the negative controls.
EXACT = 0.0
ROUNDING = 1e-12


class Results:
    def __init__(self):
        self.passed = 0
        self.failed = []

    def check(self, ok, message):
        if ok:
            self.passed += 1
        else:
            self.failed.append(message)
        return ok


def read_csv(path):
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    names = rows[0]
    return {n: [float(r[k]) for r in rows[1:]] for k, n in enumerate(names)}


def write_csv(path, table):
    names = list(table)
    with open(path, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(names)
        for r in range(len(table["t"])):
            w.writerow([repr(table[n][r]) for n in names])


def cli(binary, *args):
    p = subprocess.run([binary, *args], capture_output=True, text=True)
    if p.returncode != 0:
        raise SystemExit(f"stickslip {' '.join(args)} failed ({p.returncode}):\n{p.stdout}{p.stderr}")
    return p.stdout


def wrap(a):
    """An angle difference in (−π, π]."""
    return math.atan2(math.sin(a), math.cos(a))


def close(a, b, tol):
    return a is not None and b is not None and abs(a - b) <= tol * max(1.0, abs(a), abs(b))


def sources_digest():
    """The digest viewer/build.mjs records in viewer/dist/build-info.json."""
    h = hashlib.sha256()
    viewer = os.path.join(SOURCE, "viewer")
    files = [("build.mjs", os.path.join(viewer, "build.mjs")),
             ("package-lock.json", os.path.join(viewer, "package-lock.json"))]
    files += [(f"src/{f}", os.path.join(viewer, "src", f)) for f in sorted(os.listdir(os.path.join(viewer, "src")))]
    for name, path in files:
        with open(path, "rb") as f:
            h.update(name.encode() + b"\0" + f.read() + b"\0")
    return h.hexdigest()


class Page:
    """An animation page open in the browser."""

    def __init__(self, browser, path):
        self.b = browser
        browser.open("file://" + os.path.abspath(path))
        browser.wait_for("window.stickslip !== undefined")
        error = browser.evaluate("window.stickslip.error || ''")
        if error:
            raise RuntimeError(f"{path}: the page reports: {error}")
        self.times = browser.evaluate("window.stickslip.times()")
        self.rows = browser.evaluate("window.stickslip.sourceRows()")
        self.timings = browser.evaluate("window.stickslip.timings")

    def seek(self, t):
        self.b.evaluate(f"window.stickslip.seek({t!r})")
        return self.state()

    def state(self):
        return self.b.evaluate("window.stickslip.state()")


def expected_value(column, rows, k, f):
    a = column[rows[k]]
    if f == 0:
        return a
    b = column[rows[k + 1]]
    return a + (b - a) * f


def check_planar_instant(res, page, table, k, f, label):
    """Bodies and contacts shown at frame k + f against the CSV rows of frames k and k + 1."""
    s = page.state()
    res.check(s["index"] == k and abs(s["fraction"] - f) <= ROUNDING, f"{label}: frame {s['index']}+{s['fraction']}, expected {k}+{f}")
    f = s["fraction"]
    tol = EXACT if f == 0 else ROUNDING
    for body in s["bodies"]:
        name = body["name"]
        if name + ".x" not in table:
            continue
        x, y, _ = body["position"]
        q = body["orientation"]
        theta = 2 * math.atan2(q[3], q[0])
        ex, ey = (expected_value(table[name + c], page.rows, k, f) for c in (".x", ".y"))
        et = table[name + ".theta"][page.rows[k]]
        if f:
            et = (et + table[name + ".theta"][page.rows[k + 1]]) / 2 if abs(f - 0.5) < 1e-9 else None
        res.check(close(x, ex, tol) and close(y, ey, tol), f"{label}: {name} at ({x}, {y}), CSV ({ex}, {ey})")
        if et is not None:
            res.check(abs(wrap(theta - et)) <= ROUNDING * max(1.0, abs(et)), f"{label}: {name}.theta {theta}, CSV {et}")
    for c in s["contacts"]:
        name = c["name"]
        state = table[name + ".state"][page.rows[k]]
        res.check(c["state"] == state, f"{label}: {name}.state {c['state']}, CSV {state}")
        for key, col in (("fn", ".fn"), ("ft1", ".ft")):
            e = expected_value(table[name + col], page.rows, k, f)
            res.check(close(c[key], e, tol if f == 0 else ROUNDING), f"{label}: {name}{col} {c[key]}, CSV {e}")
    return s


def check_pixels(res, browser, s, table, rows, label):
    """Each body drawn with a shape, drawn alone (others may hide it: a connecting rod passes over
    its crank), shows its colour at the pixel its CSV centre maps to."""
    cam = browser.evaluate("window.stickslip.camera()")
    shaped = browser.evaluate("window.stickslip.state().bodies.map((b, k) => k)")
    has_shape = browser.evaluate(
        "JSON.parse(document.getElementById('stickslip-data').textContent).bodies.map(b => b.shapes.length > 0)")
    for k in shaped:
        name = s["bodies"][k]["name"]
        if not has_shape[k] or name + ".x" not in table:
            continue
        x = table[name + ".x"][rows[s["index"]]]
        y = table[name + ".y"][rows[s["index"]]]
        px = cam["w"] / 2 + (x - cam["cx"]) * cam["s"]
        py = cam["h"] / 2 - (y - cam["cy"]) * cam["s"]
        rgba = browser.evaluate(f"window.stickslip.bodyPixel({k}, {px!r}, {py!r})")
        colour = browser.evaluate(f"window.stickslip.bodyColor({k})")
        want = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
        res.check(rgba[:3] == want, f"{label}: pixel at {name}'s centre ({px:.1f}, {py:.1f}) is {rgba[:3]}, body colour {want}")


def sample_frames(n, events_times, times):
    """First, second, a few spread out, the last, and the frames at or just after events."""
    picks = {0, 1, n // 3, n // 2, (2 * n) // 3, n - 2, n - 1}
    for te in events_times[:6]:
        for k, t in enumerate(times):
            if t >= te:
                picks.add(k)
                break
    return sorted(p for p in picks if 0 <= p < n)


def check_opens_playing(res, browser, label):
    """The page starts playing by itself: its clock moves without a click (it may have reached the end)."""
    try:
        browser.wait_for("window.stickslip.time() > window.stickslip.times()[0]", timeout=20)
        res.check(True, "")
    except TimeoutError:
        res.check(False, f"{label}: the page did not start playing")


def check_band_labels(res, browser, table, label):
    """Each contact's band on the time line carries its name, and the name is drawn (dark pixels
    inside its box)."""
    names = sorted({c[:-len(".state")] for c in table if c.endswith(".state")})
    labels = browser.evaluate("window.stickslip.bandLabels()")
    res.check(sorted(b["name"] for b in labels) == names, f"{label}: band labels {labels}, contacts {names}")
    for b in labels:
        dark = browser.evaluate(
            "(() => { const c = document.getElementById('timeline'), d = c.getContext('2d').getImageData("
            f"{b['x']}, {b['y']}, {b['w']}, {b['h']}).data; let n = 0;"
            " for (let k = 0; k < d.length; k += 4) if (d[k] + d[k + 1] + d[k + 2] < 200) ++n; return n; })()")
        res.check(dark > 5, f"{label}: the name {b['name']} is not written on its band ({dark} dark pixels)")


def check_friction_arrows(res, browser, page, table, label):
    """Friction has its own arrow scale: at the frame of the largest friction force its arrow is at
    least 20 pixels long, however large the normal forces (the free-standing body's friction is a
    fraction of its normal force; at the normal forces' scale its arrows could shrink to nothing)."""
    names = [c[:-len(".ft")] for c in table if c.endswith(".ft")]
    k, name = max(((k, n) for k in range(len(page.rows)) for n in names), key=lambda kn: abs(table[kn[1] + ".ft"][page.rows[kn[0]]]))
    s = page.seek(page.times[k])
    c = next(c for c in s["contacts"] if c["name"] == name)
    scales = browser.evaluate("window.stickslip.forceScales()")
    cam = browser.evaluate("window.stickslip.camera()")
    pixels = math.hypot(*c["frictionForce"]) * scales["friction"] * cam["s"]
    res.check(pixels >= 20, f"{label}: the largest friction force ({name}, frame {k}) is drawn {pixels:.1f} px long")


def check_planar_page(res, browser, html, csv_path, events_path, label, column=None, shots=None):
    table = read_csv(csv_path)
    page = Page(browser, html)
    n = len(page.times)
    check_opens_playing(res, browser, label)
    check_band_labels(res, browser, table, label)
    if any(c.endswith(".ft") for c in table):
        check_friction_arrows(res, browser, page, table, label)
    res.check(n >= 2 and page.rows[0] == 0 and page.rows[-1] == len(table["t"]) - 1,
              f"{label}: frames must start at the first row and end at the last")
    for k, r in enumerate(page.rows):
        if table["t"][r] != page.times[k]:
            res.check(False, f"{label}: frame {k} time {page.times[k]} is not row {r}'s {table['t'][r]}")
            break
    events = []
    if events_path and os.path.exists(events_path):
        with open(events_path, newline="") as f:
            events = [float(r["t"]) for r in csv.DictReader(f)]
        res.check(browser.evaluate("window.stickslip.eventCount()") == len(events), f"{label}: event marks")
    for k in sample_frames(n, events, page.times):
        page.seek(page.times[k])
        s = check_planar_instant(res, page, table, k, 0.0, f"{label} frame {k}")
        check_pixels(res, browser, s, table, page.rows, f"{label} frame {k}")
        shown = float(browser.evaluate("document.getElementById('time').textContent"))
        res.check(abs(shown - page.times[k]) <= 0.5e-4 + 1e-12, f"{label}: time readout {shown} at t = {page.times[k]}")
        if column:
            text = browser.evaluate("window.stickslip.columnText()")
            want = table[column][page.rows[k]]
            res.check(close(float(text), want, 1e-5), f"{label}: column readout '{text}', {column} = {want}")
        if k + 1 < n:
            page.seek(0.5 * (page.times[k] + page.times[k + 1]))
            check_planar_instant(res, page, table, k, 0.5, f"{label} between frames {k} and {k + 1}")
    # The step buttons, clicked with the mouse.
    mid = n // 2
    page.seek(page.times[mid])
    browser.click("step-forward")
    check_planar_instant(res, page, table, mid + 1, 0.0, f"{label} after step forward")
    browser.click("step-back")
    browser.click("step-back")
    check_planar_instant(res, page, table, mid - 1, 0.0, f"{label} after two steps back")
    page.seek(page.times[n // 3])
    if shots:
        browser.screenshot(shots)
    check_zoom_and_pan(res, browser, label)
    if events:
        check_event_mark_click(res, browser, events, page.times, label)
    # Play runs the clock, pause stops it.
    page.seek(page.times[0])
    browser.click("play")
    browser.wait_for("window.stickslip.time() > 0", timeout=10)
    browser.click("play")
    stopped = browser.evaluate("window.stickslip.isPlaying()")
    res.check(not stopped, f"{label}: the second click on play pauses")
    return page


def check_event_mark_click(res, browser, events, times, label):
    """A click on an event's mark on the time line goes to the event's time."""
    left, top, width, height = browser.evaluate(
        "(() => { const r = document.getElementById('timeline').getBoundingClientRect();"
        " return [r.left, r.top, r.width, r.height]; })()")
    xs = [(te - times[0]) / (times[-1] - times[0]) * width for te in events]
    for k, x in enumerate(xs):  # an event whose mark stands alone (no other within 6 pixels)
        if all(abs(x - o) > 6 for j, o in enumerate(xs) if j != k):
            px, py = round(left + x), round(top + height - 3)
            browser.mouse("mousePressed", px, py, button="left", clickCount=1)
            browser.mouse("mouseReleased", px, py, button="left", clickCount=1)
            shown = browser.evaluate("window.stickslip.time()")
            res.check(shown == events[k], f"{label}: a click on the mark of the event at {events[k]} s went to {shown} s")
            return
    print(f"{label}: no event mark stands alone on the time line; the click is not checked")


def check_zoom_and_pan(res, browser, label):
    """The wheel zooms about the cursor (the point under it stays put), a drag pans by as many
    pixels as the mouse moved, a double-click fits the scene again."""
    left, top = browser.evaluate("(() => { const r = document.querySelector('canvas.view').getBoundingClientRect();"
                                 " return [r.left, r.top]; })()")
    cam0 = browser.evaluate("window.stickslip.camera()")
    # Mouse events carry whole page pixels: aim at one.
    x, y = round(left + 0.3 * cam0["w"]) - left, round(top + 0.4 * cam0["h"]) - top

    def world(cam):
        return (cam["cx"] + (x - cam["w"] / 2) / cam["s"], cam["cy"] - (y - cam["h"] / 2) / cam["s"])

    browser.mouse("mouseWheel", left + x, top + y, deltaX=0, deltaY=-300)
    cam1 = browser.evaluate("window.stickslip.camera()")
    w0, w1 = world(cam0), world(cam1)
    res.check(cam1["s"] > 1.5 * cam0["s"] and all(close(a, b, ROUNDING) for a, b in zip(w0, w1)),
              f"{label}: wheel zoom about the cursor: scale {cam0['s']} -> {cam1['s']}, point {w0} -> {w1}")
    browser.mouse("mousePressed", left + x, top + y, button="left", clickCount=1)
    browser.mouse("mouseMoved", left + x + 50, top + y + 20, button="left")
    browser.mouse("mouseReleased", left + x + 50, top + y + 20, button="left", clickCount=1)
    cam2 = browser.evaluate("window.stickslip.camera()")
    res.check(close(cam2["cx"], cam1["cx"] - 50 / cam1["s"], ROUNDING) and close(cam2["cy"], cam1["cy"] + 20 / cam1["s"], ROUNDING),
              f"{label}: drag by (50, 20) pixels moved the view from ({cam1['cx']}, {cam1['cy']}) to ({cam2['cx']}, {cam2['cy']})")
    browser.mouse("mousePressed", left + x, top + y, button="left", clickCount=2)
    browser.mouse("mouseReleased", left + x, top + y, button="left", clickCount=2)
    cam3 = browser.evaluate("window.stickslip.camera()")
    res.check(all(close(cam3[k], cam0[k], ROUNDING) for k in ("cx", "cy", "s")), f"{label}: double-click fits again")


# ---- spatial ----------------------------------------------------------------------------------

def quat_axis_angle(axis, angle):
    n = math.sqrt(sum(a * a for a in axis))
    s = math.sin(angle / 2) / n
    return [math.cos(angle / 2), axis[0] * s, axis[1] * s, axis[2] * s]


def rotate(q, v):
    w, x, y, z = q
    u = (x, y, z)
    c1 = (u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0])
    c2 = (u[1] * c1[2] - u[2] * c1[1], u[2] * c1[0] - u[0] * c1[2], u[0] * c1[1] - u[1] * c1[0])
    return [v[i] + 2 * (w * c1[i] + c2[i]) for i in range(3)]


def spatial_table():
    """A synthetic spatial run with the planned columns of spatial bodies and contacts: the scene
    of tests/viewer/support/spatial_page.cpp (cube, ball on the floor, arm hinged to the ground)."""
    table = {"t": []}
    bodies = ("cube", "ball", "arm")
    for b in bodies:
        for c in ("x", "y", "z", "qw", "qx", "qy", "qz", "vx", "vy", "vz", "wx", "wy", "wz"):
            table[f"{b}.{c}"] = []
    for c in ("fx", "fy", "fz"):
        table[f"hinge.{c}"] = []
    for c in ("gap", "vn", "vt1", "vt2", "fn", "ft1", "ft2", "state"):
        table[f"ball_floor.{c}"] = []
    table["energy.total"] = []
    hinge, r = [-0.8, 0.5, 1.2], 0.1
    for i in range(401):
        t = i * 0.005
        pose = {}
        pose["cube"] = ([0.5 + 0.2 * t, 0.3 * math.sin(2 * t), 0.8 + 0.1 * t], quat_axis_angle([1, 2, 3], 1.5 * t))
        lift = abs(0.5 * math.sin(3 * t))
        x = -0.6 + 0.3 * t
        pose["ball"] = ([x, 0.0, r + lift], quat_axis_angle([0, 1, 0], x / r))
        q_arm = quat_axis_angle([1, 0, 0], 0.5 * math.sin(2 * t))
        top = rotate(q_arm, [0, 0, 0.3])
        pose["arm"] = ([hinge[k] - top[k] for k in range(3)], q_arm)
        table["t"].append(t)
        for b in bodies:
            p, q = pose[b]
            for c, v in zip(("x", "y", "z", "qw", "qx", "qy", "qz"), p + q):
                table[f"{b}.{c}"].append(v)
            for c in ("vx", "vy", "vz", "wx", "wy", "wz"):
                table[f"{b}.{c}"].append(0.0)
        for c, v in zip(("fx", "fy", "fz"), (0.0, 0.0, 9.81)):
            table[f"hinge.{c}"].append(v)
        closed = lift < 0.05
        for c, v in zip(("gap", "vn", "vt1", "vt2", "fn", "ft1", "ft2", "state"),
                        (lift, 0.0, 0.3, 0.0, 100.0 * closed, -10.0 * closed, 5.0 * closed, 1.0 if closed else 0.0)):
            table[f"ball_floor.{c}"].append(v)
        table["energy.total"].append(1.0)
    return table


def check_spatial_page(res, browser, html, table, label, shots=None):
    page = Page(browser, html)
    res.check(browser.evaluate("window.stickslip.dimension") == "spatial", f"{label}: dimension")
    n = len(page.times)
    names = browser.evaluate("window.stickslip.state().bodies.map(b => b.name)")
    closed_frames = [k for k, r in enumerate(page.rows) if table["ball_floor.state"][r] == 1]
    for k in sorted({0, 1, n // 4, n // 2, n - 1, *closed_frames[:2]}):
        s = page.seek(page.times[k])
        row = page.rows[k]
        for idx, body in enumerate(s["bodies"]):
            name = body["name"]
            if name + ".x" not in table:
                continue
            want_p = [table[f"{name}.{c}"][row] for c in ("x", "y", "z")]
            want_q = [table[f"{name}.{c}"][row] for c in ("qw", "qx", "qy", "qz")]
            obj = browser.evaluate(f"window.stickslip.objectPose({idx})")
            for what, pose in (("state", body), ("scene graph", obj)):
                q = pose["orientation"]
                sign = 1 if sum(a * b for a, b in zip(q, want_q)) >= 0 else -1  # q and −q: one rotation
                ok_p = all(close(a, b, ROUNDING) for a, b in zip(pose["position"], want_p))
                ok_q = all(close(a, sign * b, ROUNDING) for a, b in zip(q, want_q))
                res.check(ok_p and ok_q, f"{label} frame {k}: {name} {what} pose {pose}, CSV {want_p} {want_q}")
            px, py = s["screen"][idx]
            picked = browser.evaluate(f"window.stickslip.pick({px!r}, {py!r}, {idx})")
            res.check(picked == name, f"{label} frame {k}: {name} is not under the pixel of its centre")
            rgba = browser.evaluate(f"window.stickslip.pixel({px!r}, {py!r})")
            res.check(rgba[:3] != [255, 255, 255], f"{label} frame {k}: nothing drawn at {name}'s centre")
        c = s["contacts"][0]
        ball = [table[f"ball.{a}"][row] for a in ("x", "y", "z")]
        want_point = [ball[0], ball[1], ball[2] - 0.1]
        fn, ft1, ft2 = (table[f"ball_floor.{a}"][row] for a in ("fn", "ft1", "ft2"))
        res.check(all(close(a, b, ROUNDING) for a, b in zip(c["point"], want_point)), f"{label} frame {k}: contact point {c['point']}, expected {want_point}")
        res.check(c["state"] == table["ball_floor.state"][row], f"{label} frame {k}: contact state")
        res.check(all(close(a, b, ROUNDING) for a, b in zip(c["normalForce"], [0, 0, fn])), f"{label} frame {k}: normal force {c['normalForce']}")
        res.check(all(close(a, b, ROUNDING) for a, b in zip(c["frictionForce"], [ft1, ft2, 0])), f"{label} frame {k}: friction {c['frictionForce']}")
    if shots:
        page.seek(page.times[closed_frames[0]] if closed_frames else page.times[n // 2])
        browser.screenshot(shots)
    return names


STATE_COLORS = ["#9e9e9e", "#2ca02c", "#d62728", "#ff7f0e"]  # viewer/src/colors.js: open, stick, slip(+), slip-


def rgb(hex_colour):
    return [int(hex_colour[i:i + 2], 16) for i in (1, 3, 5)]


def near_colour(rgba, hex_colour, tol=3):
    """Within a few levels per channel: three.js turns sRGB colours to linear and back."""
    return all(abs(a - b) <= tol for a, b in zip(rgba[:3], rgb(hex_colour)))


def marker_colour_check(res, browser, point, index, state, label):
    """Contact `index` (the model's contacts, then the frame's contact points) is drawn in its
    state's colour, as the scene says and at its pixel (forces hidden, so that no arrow covers it)."""
    want = STATE_COLORS[int(state)]
    shown = browser.evaluate(f"window.stickslip.contactColor({index})")
    res.check(shown == want, f"{label}: contact {index} is drawn in {shown}, its state {state} is {want}")
    px, py = browser.evaluate(f"window.stickslip.project({json.dumps(point)})")
    rgba = browser.evaluate(f"window.stickslip.pixel({px!r}, {py!r})")
    res.check(near_colour(rgba, want), f"{label}: pixel {rgba[:3]} at contact {index} ({px:.0f}, {py:.0f}), state colour {want}")


def canvas_image(browser):
    return browser.evaluate("document.querySelector('canvas.view').toDataURL()")


def check_real_spatial_page(res, browser, html, csv_path, contact, moving, label, shots=None):
    """A spatial model drawn from its model file and results: the page plays by itself, the drawn
    pixels move (the moving body's centre on screen goes somewhere else and the picture changes), the
    contact's marker (when one is named) changes colour when its state does, and poses match the CSV
    exactly."""
    table = read_csv(csv_path)
    page = Page(browser, html)
    check_opens_playing(res, browser, label)
    res.check(browser.evaluate("window.stickslip.dimension") == "spatial", f"{label}: dimension")
    states = [table[contact + ".state"][r] for r in page.rows] if contact else []
    changes = [k for k in range(1, len(states)) if states[k] != states[k - 1] and states[k - 1] != 0]
    res.check(bool(changes) or not contact, f"{label}: {contact} never changes state between closed states: {sorted(set(states))}")
    browser.click("show-forces")  # the markers alone
    index = browser.evaluate(f"window.stickslip.state().contacts.findIndex(c => c.name === {json.dumps(contact)})")
    for k in ([changes[0] - 1, changes[0]] if changes else []):
        s = page.seek(page.times[k])
        c = s["contacts"][index]
        res.check(c["state"] == states[k], f"{label} frame {k}: {contact}.state {c['state']}, CSV {states[k]}")
        marker_colour_check(res, browser, c["point"], index, states[k], f"{label} frame {k}")
    browser.click("show-forces")
    body = browser.evaluate(f"window.stickslip.state().bodies.findIndex(b => b.name === {json.dumps(moving)})")
    s0 = page.seek(page.times[0])
    image0 = canvas_image(browser)
    s1 = page.seek(page.times[-1])
    image1 = canvas_image(browser)
    p0, p1 = s0["screen"][body], s1["screen"][body]
    res.check(math.dist(p0, p1) > 20, f"{label}: {moving}'s centre moved on screen from {p0} to {p1}")
    res.check(image0 != image1, f"{label}: the picture at the last frame is the first one's")
    for s, p in ((s0, p0), (s1, p1)):
        page.seek(s["t"])
        res.check(browser.evaluate(f"window.stickslip.pick({p[0]!r}, {p[1]!r})") == moving,
                  f"{label} t = {s['t']}: {moving} is not the body drawn at its centre")
        row = page.rows[s["index"]]
        want = [table[f"{moving}.{a}"][row] for a in "xyz"]
        res.check(all(close(a, b, EXACT) for a, b in zip(s["bodies"][body]["position"], want)),
                  f"{label} t = {s['t']}: {moving} at {s['bodies'][body]['position']}, CSV {want}")
    if shots:
        page.seek(page.times[len(page.times) // 2])
        browser.screenshot(shots)


def points_table(table):
    """Contact points that come and go on the synthetic run: two on the floor while 0.5 <= t < 1
    (one sticking, one slipping), none before or after."""
    rows = []
    for t in table["t"]:
        if 0.5 <= t < 1.0:
            rows.append([t, "cube/floor", 0, 0.2, -0.5, 0.0, 0, 0, 1, 5.0, 1.0, 0, 0, 1])
            rows.append([t, "cube/floor", 1, 0.6, -0.5, 0.0, 0, 0, 1, 5.0, 0, 1.0, 0, 2])
    return rows


def check_contact_points(res, browser, html, points, label):
    """The frame's contact points are drawn, coloured by state, and vanish when the file has none."""
    page = Page(browser, html)
    base = browser.evaluate("window.stickslip.state().contacts.length")
    by_time = {}
    for r in points:
        by_time.setdefault(r[0], []).append(r)
    inside = [k for k, t in enumerate(page.times) if t in by_time]
    outside = [k for k, t in enumerate(page.times) if t not in by_time]
    res.check(bool(inside) and bool(outside), f"{label}: frames with and without points")
    browser.click("show-forces")
    for k in inside[:2] + inside[-1:]:
        s = page.seek(page.times[k])
        want = by_time[page.times[k]]
        res.check(len(s["points"]) == len(want), f"{label} frame {k}: {len(s['points'])} points, file {len(want)}")
        for n, (p, w) in enumerate(zip(s["points"], want)):
            res.check(p["id"] == w[2] and p["pair"] == w[1] and p["point"] == w[3:6] and p["state"] == w[13],
                      f"{label} frame {k}: point {p}, file {w}")
            marker_colour_check(res, browser, p["point"], base + n, w[13], f"{label} frame {k}")
    for k in outside[:1] + outside[-1:]:
        s = page.seek(page.times[k])
        res.check(s["points"] == [] and browser.evaluate(f"window.stickslip.contactColor({base})") is None,
                  f"{label} frame {k}: points shown where the file has none")
    browser.click("show-forces")


def many_bodies(work, bodies, rows):
    """A spatial model of free bodies (each drawn as its inertia box, centred, along the body axes) and
    results in which every body moves in all seven pose coordinates (a turn about a skew axis and a
    drift, closed-form)."""
    model, path = os.path.join(work, "many.yaml"), os.path.join(work, "many.csv")
    with open(model, "w") as f:
        f.write("name: many\ndimension: spatial\nbodies:\n")
        f.writelines(f"  - {{name: b{k}, mass: 1, inertia: [0.1, 0.2, 0.25]}}\n" for k in range(bodies))
    axis = [c / 14 ** 0.5 for c in (1, 2, 3)]
    table = {"t": [0.01 * r for r in range(rows)]}
    for k in range(bodies):
        angle = [t + 0.37 * k for t in table["t"]]
        table[f"b{k}.x"] = [k % 20 + 0.1 * math.cos(a) for a in angle]
        table[f"b{k}.y"] = [k // 20 + 0.1 * math.sin(a) for a in angle]
        table[f"b{k}.z"] = [0.3 + 0.01 * a for a in angle]
        table[f"b{k}.qw"] = [math.cos(a / 2) for a in angle]
        for c, u in zip(("qx", "qy", "qz"), axis):
            table[f"b{k}.{c}"] = [math.sin(a / 2) * u for a in angle]
    write_csv(path, table)
    return model, path, table


def rotation_matrix(q):
    w, x, y, z = q
    return [[1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
            [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
            [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)]]


def instance_mismatches(browser, table, bodies, row):
    """Bodies whose drawn instance matrix (single precision) is not the pose of result row `row`."""
    bad = []
    drawn = browser.evaluate(f"Array.from({{length: {bodies}}}, (_, k) => window.stickslip.instanceMatrix(k + 1))")  # 0: the ground
    for k, m in enumerate(drawn):
        pos = [table[f"b{k}.{c}"][row] for c in "xyz"]
        rot = rotation_matrix([table[f"b{k}.{c}"][row] for c in ("qw", "qx", "qy", "qz")])
        # --precision 32 and a single-precision matrix: each number rounded to 2^-24 relative, twice.
        ok = all(close(m[12 + a], pos[a], 2e-7) for a in range(3))
        ok = ok and all(abs(m[4 * col + r] - rot[r][col]) <= 1e-6 for r in range(3) for col in range(3))
        if not ok:
            bad.append(k)
    return bad


def check_large_run(res, browser, cli_path, work):
    """The large-run path on a small run: data over --max-size keep one frame in k with a note, and
    the page draws every body of the kept frames at its row's pose, from the instance matrices the
    GPU reads (written straight from the poses' typed array)."""
    bodies, rows = 120, 150
    model, path, table = many_bodies(work, bodies, rows)
    html = os.path.join(work, "many.html")
    whole = subprocess.run([cli_path, "view", path, "--model", model, "-o", html, "--fps", "0", "--precision", "32",
                            "--readout", "none"], check=True, capture_output=True, text=True)
    res.check("note:" not in whole.stderr, f"large run: a note without a limit: {whole.stderr}")
    page = open(html).read()
    start = page.index('id="stickslip-data">')
    data_mb = (page.index("</script>", start) - start) / 1e6
    thin = subprocess.run([cli_path, "view", path, "--model", model, "-o", html, "--fps", "0", "--precision", "32",
                           "--readout", "none", "--max-size", f"{data_mb / 3:.6f}"], check=True, capture_output=True, text=True)
    note = re.search(r"note: 120 bodies over 150 frames would make .* kept one frame in (\d+) \((\d+) frames", thin.stderr)
    res.check(note is not None, f"large run: no note on thinning: {thin.stderr}")
    if not note:
        return
    every, frames = int(note.group(1)), int(note.group(2))
    p = Page(browser, html)
    want_rows = list(range(0, rows, every)) + ([rows - 1] if (rows - 1) % every else [])
    res.check(p.rows == want_rows and frames == len(want_rows), f"large run: rows {p.rows}, every {every}: {want_rows}")
    for k in (0, 1, len(p.rows) // 2, len(p.rows) - 1):
        p.seek(p.times[k])
        bad = instance_mismatches(browser, table, bodies, p.rows[k])
        res.check(not bad, f"large run frame {k}: bodies {bad[:10]} not drawn at their row's pose")
    # The check can fail: the drawn frame compared with the next kept row.
    p.seek(p.times[1])
    res.check(len(instance_mismatches(browser, table, bodies, p.rows[2])) == bodies,
              "large run: instances match a frame they do not show (the check cannot fail)")


def negative_control(res, failures_before, label):
    """The failures a perturbed page produced are moved out of `res`: they are expected."""
    new = res.failed[failures_before:]
    del res.failed[failures_before:]
    res.check(len(new) > 0, f"{label}: a page made from perturbed positions passed the checks (they cannot fail)")
    return new


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cli", required=True, help="the stickslip binary")
    ap.add_argument("--spatial-page", required=True, help="the helper writing the synthetic spatial page")
    ap.add_argument("--work-dir", help="where pages and screenshots go (default: a temporary folder, removed)")
    ap.add_argument("--skip-load-time", action="store_true", help="leave out the 20 000-row load measurement")
    ap.add_argument("--readme-image", help="also copy the 3-D screenshot there (docs/images/view3d.png)")
    a = ap.parse_args()
    work = a.work_dir or tempfile.mkdtemp(prefix="stickslip_viewer_")
    os.makedirs(work, exist_ok=True)
    res = Results()

    with open(os.path.join(SOURCE, "viewer", "dist", "build-info.json")) as f:
        built = json.load(f)["sources_sha256"]
    res.check(built == sources_digest(), "viewer/dist was not built from the current viewer/src: run `make viewer`")

    case1 = os.path.join(SOURCE, "examples", "free_standing_body", "case1_e-0.915.yaml")
    crank = os.path.join(SOURCE, "examples", "slider_crank_rough_guide", "slider_crank_rough_guide.yaml")
    with Chromium(log_path=os.path.join(work, "chromium.log")) as browser:
        # The free-standing body: 1.5 s hold stick-slip changes of both tips.
        csv1 = os.path.join(work, "case1.csv")
        cli(a.cli, "run", case1, "-o", csv1, "-q", "--t-end", "1.5")
        html1 = os.path.join(work, "case1.html")
        cli(a.cli, "view", csv1, "--model", case1, "-o", html1, "--column", "body.x")
        check_planar_page(res, browser, html1, csv1, os.path.join(work, "case1.events.csv"), "case1",
                          column="body.x", shots=os.path.join(work, "case1.png"))

        csv2 = os.path.join(work, "crank.csv")
        cli(a.cli, "run", crank, "-o", csv2, "-q", "--t-end", "1")
        html2 = os.path.join(work, "crank.html")
        cli(a.cli, "view", csv2, "--model", crank, "-o", html2, "--fps", "50")
        check_planar_page(res, browser, html2, csv2, os.path.join(work, "crank.events.csv"), "slider-crank",
                          shots=os.path.join(work, "crank.png"))

        # Negative control: the body 1 mm to the right and the left leg turned by 1e-6 rad in the
        # page, compared with the true CSV.
        table = read_csv(csv1)
        table["body.x"] = [x + 1e-3 for x in table["body.x"]]
        table["leg_left.theta"] = [x + 1e-6 for x in table["leg_left.theta"]]
        bad_csv = os.path.join(work, "perturbed.csv")
        write_csv(bad_csv, table)
        shutil.copy(os.path.join(work, "case1.events.csv"), os.path.join(work, "perturbed.events.csv"))
        bad_html = os.path.join(work, "perturbed.html")
        cli(a.cli, "view", bad_csv, "--model", case1, "-o", bad_html)
        before = len(res.failed)
        page = Page(browser, bad_html)
        true_table = read_csv(csv1)
        for k in (0, len(page.times) // 2):
            page.seek(page.times[k])
            check_planar_instant(res, page, true_table, k, 0.0, "perturbed")
        caught = negative_control(res, before, "planar negative control")
        res.check(any("body at" in m for m in caught) and any("leg_left.theta" in m for m in caught),
                  f"planar negative control: both perturbations caught ({len(caught)} mismatches)")

        # Spatial: the synthetic run through the helper, and a perturbed copy.
        stable = spatial_table()
        scsv = os.path.join(work, "spatial.csv")
        write_csv(scsv, stable)
        shtml = os.path.join(work, "spatial.html")
        subprocess.run([a.spatial_page, scsv, shtml], check=True, capture_output=True)
        check_spatial_page(res, browser, shtml, stable, "spatial", shots=os.path.join(work, "spatial.png"))
        perturbed = dict(stable)
        perturbed["cube.qx"] = [q + 1e-6 for q in stable["cube.qx"]]
        write_csv(scsv.replace(".csv", "_bad.csv"), perturbed)
        subprocess.run([a.spatial_page, scsv.replace(".csv", "_bad.csv"), shtml.replace(".html", "_bad.html")],
                       check=True, capture_output=True)
        before = len(res.failed)
        check_spatial_page(res, browser, shtml.replace(".html", "_bad.html"), stable, "spatial perturbed")
        negative_control(res, before, "spatial negative control")

        # Contact points that come and go, on the synthetic run.
        ppath = os.path.join(work, "spatial_points.csv")
        points = points_table(stable)
        with open(ppath, "w", newline="") as f:
            w = csv.writer(f, lineterminator="\n")
            w.writerow(["t", "pair", "point", "x", "y", "z", "nx", "ny", "nz", "fn", "ftx", "fty", "ftz", "state"])
            w.writerows([[repr(v) if isinstance(v, float) else v for v in r] for r in points])
        phtml = os.path.join(work, "spatial_points.html")
        subprocess.run([a.spatial_page, scsv, phtml, ppath], check=True, capture_output=True)
        check_contact_points(res, browser, phtml, points, "contact points")

        check_large_run(res, browser, a.cli, work)

        # Real spatial models: the rolling sphere (time-stepping: slips, then rolls: its contact
        # turns from slip to stick), and the box on the incline for the README's picture.
        sphere = os.path.join(SOURCE, "examples", "rolling_sphere", "rolling_sphere.yaml")
        csv3 = os.path.join(work, "sphere.csv")
        cli(a.cli, "run", sphere, "-o", csv3, "-q", "--scheme", "time-stepping")
        html3 = os.path.join(work, "sphere.html")
        cli(a.cli, "view", csv3, "--model", sphere, "-o", html3, "--fps", "100")
        check_real_spatial_page(res, browser, html3, csv3, "floor", "ball", "rolling sphere")
        check_hull_and_mesh_page(res, browser, a.cli, work)
        check_visual_page(res, browser, a.cli, work)
        box = os.path.join(SOURCE, "examples", "box_on_incline", "box_on_incline_rigid.yaml")
        csv4 = os.path.join(work, "box.csv")
        cli(a.cli, "run", box, "-o", csv4, "-q")
        html4 = os.path.join(work, "box.html")
        cli(a.cli, "view", csv4, "--model", box, "-o", html4)
        shot = os.path.join(work, "view3d.png")
        check_real_spatial_page(res, browser, html4, csv4, None, "box", "box on the incline", shots=shot)
        if a.readme_image:
            shutil.copy(shot, a.readme_image)

        if not a.skip_load_time:
            measure_load_time(a.cli, browser, case1, work)

    for m in res.failed:
        print("FAIL:", m)
    print(f"screenshots and pages in {work}")
    print(f"{res.passed} passed, {len(res.failed)} failed")
    if not a.work_dir and not res.failed:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if res.failed else 0


def measure_load_time(binary, browser, model, work):
    """Logs how long a 20 001-row run takes to write and to open (no assertion: a measurement)."""
    big = os.path.join(work, "case1_20s.csv")
    cli(binary, "run", model, "-o", big, "-q")
    for fps in ("30", "0"):
        html = os.path.join(work, f"case1_20s_fps{fps}.html")
        start = time.perf_counter()
        out = cli(binary, "view", big, "--model", model, "-o", html, "--fps", fps).strip()
        written = time.perf_counter() - start
        page = Page(browser, html)
        print(f"load time, --fps {fps}: {out}; written in {written:.3f} s, {os.path.getsize(html) / 1e6:.1f} MB; "
              f"page opened (first frame drawn, from navigation start) in {page.timings['first_frame_ms']:.0f} ms")


if __name__ == "__main__":
    sys.exit(main())
