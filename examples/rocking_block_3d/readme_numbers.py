#!/usr/bin/env python3
"""Regenerates the figures of this folder's README.md quoted from runs (between its readme_numbers.py
markers). usage: examples/rocking_block_3d/readme_numbers.py [--stickslip PATH] [--check]"""
import csv
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
from quoted_figures import main  # noqa: E402


def angles(d):
    """Rocking about x and y (tilt of the block's z axis towards −y and +x) and the turn about the
    vertical (heading of its x axis), in degrees, from the quaternion."""
    rx, ry, rz = [], [], []
    for w, x, y, z in zip(d["block.qw"], d["block.qx"], d["block.qy"], d["block.qz"]):
        ux, uy, uz = 2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y)
        rx.append(math.degrees(math.atan2(-uy, uz)))
        ry.append(math.degrees(math.atan2(ux, uz)))
        rz.append(math.degrees(math.atan2(2 * (x * y + w * z), 1 - 2 * (y * y + z * z))))
    return rx, ry, rz


def events(d):
    """The rows of the run's event log (its path from the line the run printed)."""
    line = next(s for s in d["summary"] if s.endswith("contact events"))
    path = line.split(" ", 1)[1].rsplit(":", 1)[0]
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def compute(run):
    ts, ed = run("rocking_block_3d.yaml"), run("rocking_block_3d.yaml", "--scheme", "event-driven")
    out = []
    for d, name in ((ts, "time-stepping"), (ed, "event-driven")):
        rx, ry, rz = angles(d)
        ev = events(d)
        impacts = sum(1 for e in ev if e["event"] == "impact" and e["to"] != "open")
        slips = sum(1 for e in ev if e["event"] == "slip")
        sliding = [max(d[f"corner_{k}.slip"][i] for k in range(1, 9) if d[f"corner_{k}.state"][i] == 2)
                   for i in range(len(d["t"])) if any(d[f"corner_{k}.state"][i] == 2 for k in range(1, 9))]
        out.append(f"- {name}: rocking about y up to {max(map(abs, ry)):.2f}°, about x up to "
                   f"{max(map(abs, rx)):.2f}°, turn about the vertical up to {max(map(abs, rz)):.1f}°; "
                   f"{impacts} corner impacts, {slips} corner slips; {len(sliding)} of {len(d['t'])} rows "
                   f"with a sliding corner (at most {max(sliding, default=0):.3f} m/s).")
    (tx, ty, _), (ex, ey, _) = angles(ts), angles(ed)
    apart = next(t for t, a, b, c, e in zip(ts["t"], tx, ty, ex, ey) if max(abs(a - c), abs(b - e)) > 1.0)
    out.append(f"- The two schemes' rocking angles stay within 1° of each other until t = {apart:.2f} s.")
    ed_steps = next(s for s in ed["summary"] if s.startswith("event-driven scheme")).split(": ")[1].split(" steps")[0]
    return {"": "\n".join(out), "mu3": f"{slips_with(run, 'mu_s: 3, mu_k: 3'):.0e} m/s".replace("e-0", "e-"),
            "overturn": f"{overturned_at(run):.2f} s", "ed-steps": f"{ed_steps} steps"}


def variant(run, old, new):
    """The model with `old` replaced by `new`, as a file of the temporary folder."""
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "rocking_block_3d.yaml"), encoding="utf-8") as f:
        text = f.read()
    assert text.count(old) == 1, old
    path = run.path(f"variant{run.count}.yaml")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text.replace(old, new))
    return path


def slips_with(run, friction):
    """The largest slip speed of a sliding corner under the time-stepping scheme with other friction."""
    d = run(variant(run, "mu_s: 1, mu_k: 1", friction))
    return max((d[f"corner_{k}.slip"][i] for i in range(len(d["t"])) for k in range(1, 9)
                if d[f"corner_{k}.state"][i] == 2), default=0.0)


def overturned_at(run):
    """The shake along y made 2.5 m/s² (amplitude a/ω² at the file's ω): when the tilt about x passes 45°."""
    omega = 9.42477796076938
    amplitude = 2.5 / omega ** 2
    old = "y: {type: sine, amplitude: -0.020264236728467555, omega: 9.42477796076938, phase: 1.5707963267948966, " \
          "offset: 0.020264236728467555}"
    new = f"y: {{type: sine, amplitude: {-amplitude!r}, omega: {omega!r}, phase: 1.5707963267948966, offset: {amplitude!r}}}"
    d = run(variant(run, old, new), "--t-end", "2")
    rx, _, _ = angles(d)
    return next(t for t, a in zip(d["t"], rx) if abs(a) > 45)


if __name__ == "__main__":
    sys.exit(main(__file__, compute))
