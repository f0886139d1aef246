#!/usr/bin/env python3
"""Regenerates the figures of this folder's README.md quoted from runs (between its readme_numbers.py
markers): the spatial slider-crank against the closed-form slider position and against the planar
model of examples/slider_crank. usage: examples/spatial_slider_crank/readme_numbers.py [--stickslip PATH] [--check]"""
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
from quoted_figures import main, sci  # noqa: E402

R, L, OMEGA = 0.1, 0.4, 2 * math.pi
# (spatial column, planar column): the columns the spatial model repeats
PAIRS = [("slider.x", "slider.x"), ("rod.x", "rod.x"), ("rod.y", "rod.y"),
         ("crank_speed.effort", "crank_speed.effort"), ("guide.fy", "guide.fy"), ("guide.mz", "guide.torque")]


def slider_closed_form(t):
    """x = r cos φ + √(l² − r² sin² φ), φ = ω t: the slider of a crank turning at constant speed."""
    phi = OMEGA * t
    return R * math.cos(phi) + math.sqrt(L * L - (R * math.sin(phi)) ** 2)


def largest_difference(a, b):
    return max(abs(x - y) for x, y in zip(a, b))


def compute(run):
    d = run("spatial_slider_crank.yaml")
    p = run(os.path.join("..", "slider_crank", "slider_crank.yaml"))
    closed = largest_difference(d["slider.x"], [slider_closed_form(t) for t in d["t"]])
    rows = "\n".join(f"  | `{s}` | `{q}` | {max(abs(x) for x in p[q]):.4g} | {sci(largest_difference(d[s], p[q]), 1)} |"
                     for s, q in PAIRS)
    out_of_plane = max(max(abs(x) for x in d[c]) for c in ("slider.z", "rod.z", "crank.z", "guide.mx", "guide.my"))
    worst = max(largest_difference(d[s], p[q]) for s, q in PAIRS)
    block = f"""- `slider.x` against the closed form r cos φ + √(l² − r² sin² φ): largest difference
  {sci(closed, 1)} m over the {d['t'][-1]:.0f} s ({len(d['t'])} rows).
- Against the planar model (examples/slider_crank, the same rows):

  | spatial column | planar column | largest planar value | largest difference |
  |---|---|---|---|
{rows}
- Out of the plane (`slider.z`, `rod.z`, `crank.z`, `guide.mx`, `guide.my`): at most {sci(out_of_plane, 1)}.
- Drift: ‖Φ‖ at most {sci(max(d['constraint.drift']), 1)} m, ‖Φ̇‖ at most {sci(max(d['constraint.velocity_drift']), 1)}."""
    return {"": block, "../../README.md:spatial-slider-crank": sci(worst, 0)}


if __name__ == "__main__":
    sys.exit(main(__file__, compute))
