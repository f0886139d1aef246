#!/usr/bin/env python3
"""Regenerates the figures of this folder's README.md quoted from runs (between its readme_numbers.py
markers). usage: examples/spinning_top/readme_numbers.py [--stickslip PATH] [--check]"""
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
from quoted_figures import main, sci  # noqa: E402

M, L, G, JA, JC, W3 = 0.5, 0.05, 9.81, 3.5e-4, 5e-4, 150.0


def compute(run):
    d = run("spinning_top.yaml")
    i1, u0 = JA + M * L * L, math.cos(math.radians(20))
    a, b = 2 * i1 * M * G * L, (JC * W3) ** 2
    u_low = (b - math.sqrt(b * b - 4 * a * (b * u0 - a))) / (2 * a)
    tilt = [math.degrees(math.acos(z / L)) for z in d["top.z"]]
    phi = [math.atan2(y, x) for x, y in zip(d["top.x"], d["top.y"])]
    for k in range(1, len(phi)):  # unwrapped precession angle
        phi[k] = phi[k - 1] + (phi[k] - phi[k - 1] + math.pi) % (2 * math.pi) - math.pi
    t = d["t"]
    lowest = [k for k in range(1, len(tilt) - 1) if tilt[k] > tilt[k - 1] and tilt[k] >= tilt[k + 1]]
    nods = (len(lowest) - 1) / (t[lowest[-1]] - t[lowest[0]])
    energy = d["energy.total"]
    drift = max(d["constraint.drift"])
    return f"""- The lowest point from the turning-point equation: u = {u_low:.8f}, ϑ = {math.degrees(math.acos(u_low)):.6f}°.
  The run nods between {min(tilt):.6f}° and {max(tilt):.6f}° (rows every 1 ms; the turning point
  falls between rows), {nods:.2f} times per second.
- Precession: on average {(phi[-1] - phi[0]) / (t[-1] - t[0]):.2f} rad/s over the {t[-1]:.0f} s (the fast-top
  estimate m g l/(J_C ω₃) is {M * G * L / (JC * W3):.2f} rad/s).
- Spin `top.wz` between {min(d['top.wz']):.9f} and {max(d['top.wz']):.9f} rad/s; energy
  {energy[0]:.4f} J, varying by {sci(max(energy) - min(energy), 1)} J; joint drift at most {sci(drift, 1)} m."""


if __name__ == "__main__":
    sys.exit(main(__file__, compute))
