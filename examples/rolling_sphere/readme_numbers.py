#!/usr/bin/env python3
"""Regenerates the table of this folder's README.md (between its readme_numbers.py markers): each scheme's
largest difference from the analytic slide-then-roll solution.
usage: examples/rolling_sphere/readme_numbers.py [--stickslip PATH] [--check]"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
from quoted_figures import main, sci  # noqa: E402

V0, MU, G, R, M, J = 2.0, 0.2, 9.81, 0.1, 1.0, 0.004


def compute(run):
    t_star = 2 * V0 / (7 * MU * G)
    lines = ["| scheme | largest \\|v − v_exact\\| while sliding | after t* + 10 ms | largest change of m v r + J ω |",
             "|---|---|---|---|"]
    for scheme in ("compliant", "event-driven", "time-stepping"):
        d = run("rolling_sphere.yaml", "--scheme", scheme)
        t, v, w = d["t"], d["ball.vx"], d["ball.wy"]
        err = [abs(v[k] - max(V0 - MU * G * t[k], 5 * V0 / 7)) for k in range(len(t))]
        sliding = max(e for k, e in enumerate(err) if t[k] < t_star)
        rolling = max(e for k, e in enumerate(err) if t[k] > t_star + 0.01)
        momentum = [M * v[k] * R + J * w[k] for k in range(len(t))]
        lines.append(f"| {scheme} | {sci(sliding, 1)} m/s | {sci(rolling, 1)} m/s | {sci(max(momentum) - min(momentum), 1)} kg m²/s |")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main(__file__, compute))
