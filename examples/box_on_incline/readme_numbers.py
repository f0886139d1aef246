#!/usr/bin/env python3
"""Regenerates the figures this folder's README.md quotes from its runs (between its readme_numbers.py
markers): the compliant LuGre box, its rigid twin under the event-driven scheme and under the
time-stepping scheme at 1 ms and 0.5 ms.
usage: examples/box_on_incline/readme_numbers.py [--stickslip PATH] [--check]"""
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
from quoted_figures import at, main, sci  # noqa: E402

NORMAL = (-0.4, 0.0, 1.0)  # the plane's normal, as the model files give it
G, MU = 9.81, 0.3


def unit(v):
    n = math.sqrt(sum(c * c for c in v))
    return tuple(c / n for c in v)


N = unit(NORMAL)
DOWN = unit(tuple((-1.0 if i == 2 else 0.0) + N[2] * N[i] for i in range(3)))  # −z projected on the plane


def rotate(q, v):
    """v rotated by the unit quaternion q = (w, x, y, z)."""
    w, x, y, z = q
    t = (2 * (y * v[2] - z * v[1]), 2 * (z * v[0] - x * v[2]), 2 * (x * v[1] - y * v[0]))
    return (v[0] + w * t[0] + y * t[2] - z * t[1], v[1] + w * t[1] + z * t[0] - x * t[2],
            v[2] + w * t[2] + x * t[1] - y * t[0])


def motion(d):
    """Per row: the down-slope speed, the sideways speed (y) and the spin about the plane's normal."""
    rows = []
    for k in range(len(d["t"])):
        v = (d["box.vx"][k], d["box.vy"][k], d["box.vz"][k])
        q = tuple(d[f"box.q{c}"][k] for c in "wxyz")
        w = rotate(q, (d["box.wx"][k], d["box.wy"][k], d["box.wz"][k]))  # world frame
        rows.append((sum(a * b for a, b in zip(v, DOWN)), v[1], sum(a * b for a, b in zip(w, N))))
    return rows


def value(d, rows, t, i):
    return at({"t": d["t"], "x": [r[i] for r in rows]}, "x", t)


def largest_difference(a, b, ra, rb, index, dt=0.005):
    """Largest difference of a quantity between two runs, at the times of a row every dt."""
    times = [k * dt for k in range(int(round(a["t"][-1] / dt)) + 1)]
    return max(abs(value(a, ra, t, index) - value(b, rb, t, index)) for t in times)


def steps(d):
    line = next(s for s in d["summary"] if " steps" in s and "scheme" in s)
    return int(line.split(": ")[1].split(" steps")[0])


def compute(run):
    soft = run("box_on_incline.yaml")
    ed = run("box_on_incline_rigid.yaml")
    ts = run("box_on_incline_rigid.yaml", "--scheme", "time-stepping", "--dt", "1e-3")
    ts2 = run("box_on_incline_rigid.yaml", "--scheme", "time-stepping", "--dt", "5e-4")
    rs, re_, rt, rt2 = motion(soft), motion(ed), motion(ts), motion(ts2)
    a_slope = G * (math.sin(math.atan(0.4)) - MU * math.cos(math.atan(0.4)))
    v1, v15 = value(soft, rs, 1.0, 0), value(soft, rs, 1.5, 0)
    sweeps = next(s for s in ts["summary"] if s.startswith("contact problems:")).split(", ")[1].split(" sweeps")[0]
    velocity = lambda a, b, ra, rb: max(largest_difference(a, b, ra, rb, 0), largest_difference(a, b, ra, rb, 1))
    return {
        "slide": f"{v1:.3f} → {v15:.3f} m/s from 1.0 to 1.5 s:\n  {(v15 - v1) / 0.5:.3f} m/s², the sideways speed "
                 f"{abs(value(soft, rs, 1.0, 1)):.2f} → {abs(value(soft, rs, 1.5, 1)):.2f} m/s",
        "rigid": f"{steps(ed)} dopri5 steps, against {steps(soft) / 1e5:.1f}·10⁵ for the compliant\nLuGre model",
        "agree": f"t = 1.5 s: down-slope speed {value(ed, re_, 1.5, 0):.3f} m/s rigid, {v15:.3f} m/s compliant; sideways\n"
                 f"{abs(value(ed, re_, 1.5, 1)):.4f} and {abs(value(soft, rs, 1.5, 1)):.4f} m/s; spin "
                 f"{abs(value(ed, re_, 1.5, 2)):.4f} and {abs(value(soft, rs, 1.5, 2)):.4f} rad/s",
        "ts": f"t = 1.5 s: down-slope speed {value(ts, rt, 1.5, 0):.4f} m/s",
        "ts-cost": f"{steps(ts)} steps of {sweeps} Gauss-Seidel sweeps each on average, against the compliant run's\n"
                   f"{steps(soft)} dopri5 steps",
        "ed-ts": f"{sci(velocity(ed, ts, re_, rt), 1)} m/s in the velocity of the centre\nand "
                 f"{largest_difference(ed, ts, re_, rt, 2):.3f} rad/s in the spin, and halving the time step (0.5 ms: "
                 f"{sci(velocity(ed, ts2, re_, rt2), 1)} m/s and {largest_difference(ed, ts2, re_, rt2, 2):.3f} rad/s)",
        "slope": f"{a_slope:.3f} m/s²",
    }


if __name__ == "__main__":
    sys.exit(main(__file__, compute))
