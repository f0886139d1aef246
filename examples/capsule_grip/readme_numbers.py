#!/usr/bin/env python3
"""Regenerates the table of this folder's README.md (between its readme_numbers.py markers): the capsule's
creep between the pads under the time-stepping scheme (Coulomb friction) and under the compliant
scheme (tanh-regularised friction), against the regularised law's steady creep.
usage: examples/capsule_grip/readme_numbers.py [--stickslip PATH] [--check]"""
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
from quoted_figures import at, main, sci  # noqa: E402

R, H, RHO, G, F, MU, VT = 0.02, 0.03, 2700.0, 9.81, 20.0, 0.5, 1e-3


def compute(run):
    mass = RHO * (math.pi * R * R * 2 * H + 4.0 / 3.0 * math.pi * R ** 3)
    # Each pad carries half the weight in friction: mu F tanh(v / v_t) = m g / 2.
    creep = VT * math.atanh(mass * G / (2 * MU * F))
    lines = ["| scheme | friction | capsule's sink from 1 s to 2 s | creep speed | grip per pad (normal, friction), points |",
             "|---|---|---|---|---|"]
    for scheme, law in (("time-stepping", "Coulomb, μ = 0.5"), ("compliant", "tanh, μ = 0.5, v_t = 1 mm/s")):
        d = run("capsule_grip.yaml", "--scheme", scheme)
        sink = at(d, "capsule.z", 1.0) - at(d, "capsule.z", 2.0)
        grip = f"{at(d, 'grip_left.fx', 2.0):.3f} N, {at(d, 'grip_left.fz', 2.0):.4f} N, {at(d, 'grip_left.points', 2.0):.0f}"
        lines.append(f"| {scheme} | {law} | {sci(sink, 1)} m | {sci(sink, 1)} m/s | {grip} |")
    lines.append("")
    lines.append(f"The capsule weighs m g = {mass * G:.4f} N (m = {mass:.4f} kg); the regularised law carries "
                 f"m g / 2 per pad at the slip speed v_t atanh(m g / (2 μ F)) = {creep * 1e6:.1f} µm/s.")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main(__file__, compute))
