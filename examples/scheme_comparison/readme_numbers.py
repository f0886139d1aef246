#!/usr/bin/env python3
"""Regenerates the table of final positions in this folder's README.md (between its readme_numbers.py
markers). usage: examples/scheme_comparison/readme_numbers.py [--stickslip PATH] [--check]"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
from quoted_figures import main, sci  # noqa: E402

V0, MU, G = 1.0, 0.3, 9.81


def compute(run):
    x_star = V0 ** 2 / (2 * MU * G)
    final = {s: run("sliding_block.yaml", "--scheme", s)["block.x"][-1] for s in ("compliant", "event-driven", "time-stepping")}
    # The compliant feet's static deflection: the penetration of the first sample after settling.
    comp = run("sliding_block.yaml", "--scheme", "compliant")
    deflection = -comp["left.gap"][-1]

    def diff(x):
        d = x - x_star
        return f"{sci(d, 1, sign=True)} m" if abs(d) >= 1e-7 else "below 1e-7 m"

    return f"""| scheme | final x [m] | difference from x* |
|---|---|---|
| compliant (dopri5, Hunt-Crossley feet, Karnopp) | {final['compliant']:.6f} | {diff(final['compliant'])}: the feet settle into their static deflection ({sci(deflection)} m) during the first microseconds, when friction has not built up yet |
| event-driven (dopri5, LCP stick-slip) | {final['event-driven']:.6f} | {diff(final['event-driven'])}: the same settling |
| time-stepping (Moreau-Jean, h = 1e-4 s) | {final['time-stepping']:.6f} | {diff(final['time-stepping'])}: rigid feet, and a constant deceleration which the midpoint rule integrates exactly |

(t* = v0/(μg) = {V0 / (MU * G):.4f} s, x* = v0²/(2μg) = {x_star:.6f} m.)"""


if __name__ == "__main__":
    sys.exit(main(__file__, compute))
