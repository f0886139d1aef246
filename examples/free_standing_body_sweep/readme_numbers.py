#!/usr/bin/env python3
"""Regenerates the figures of this folder's README.md (between its readme_numbers.py markers): runs the
whole sweep (63 runs of 20 s: minutes, so `make test-long` checks it) and, for the slip figures, the
base model at μ0 = 0.2.
usage: examples/free_standing_body_sweep/readme_numbers.py [--stickslip PATH] [--check]"""
import csv
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
from quoted_figures import at, main, x_xd  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
BASE = os.path.join(HERE, "..", "free_standing_body", "case1_e0.yaml")
CASE1 = os.path.join(HERE, "..", "free_standing_body", "case1_e-0.915.yaml")


def table(run):
    out = run.path("drift.csv")
    run.command("sweep", os.path.join(HERE, "drift.yaml"), "-o", out, "-q")
    with open(out, newline="") as f:
        rows = list(csv.DictReader(f))
    assert all(r["status"] == "ok" for r in rows), [r["error"] for r in rows if r["status"] != "ok"]
    return {(float(r["mu0"]), float(r["e"])): r for r in rows}


def low_friction_run(run):
    """The base model at μ0 = 0.2 (μ = 0.16), as the sweep's first row sets it."""
    with open(BASE, encoding="utf-8") as f:
        text = f.read()
    assert text.count("mu_s: 0.6, mu_k: 0.48") == 2
    path = run.path("mu02.yaml")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text.replace("mu_s: 0.6, mu_k: 0.48", "mu_s: 0.2, mu_k: 0.16"))
    return run(path, "--output-interval", "0.01")


def compute(run):
    grid = table(run)
    mus, es = sorted({m for m, _ in grid}), sorted({e for _, e in grid})
    drift = {k: float(r["drift"]) for k, r in grid.items()}
    lines = ["| μ0 \\ e [m] | " + " | ".join(f"{e:g}".replace("-", "−") for e in es) + " |",
             "|---" * (len(es) + 1) + "|"]
    for m in mus:
        lines.append(f"| {m:g} | " + " | ".join(f"{drift[(m, e)]:.2f}".replace("-", "−") for e in es) + " |")
    overturned = sum(int(float(r["overturned.body"])) for r in grid.values())
    tilt = max(float(r["max_tilt"]) for r in grid.values())
    lines += ["", f"{'No run' if overturned == 0 else f'{overturned} runs'} overturned (the largest tilt is {tilt:.3f} rad)."]
    low = low_friction_run(run)
    slipping = sum(1 for a, b in zip(low["tip_left.state"], low["tip_right.state"]) if a >= 2 and b >= 2)
    xd = x_xd(low)
    middle = [abs(drift[(m, e)]) for m in mus if 0.45 < m < 0.65 for e in es]
    high = [m for m in mus if m > 0.65]
    small_offsets = [abs(drift[(m, e)]) for m in high for e in es if abs(e) <= 0.3 + 1e-9]
    case1 = x_xd(run(CASE1))[-1]
    return {
        "": "\n".join(lines),
        "slip-share": f"{100 * slipping / len(low['t']):.1f} %",
        "low-drift": f"{at({'t': low['t'], 'x': xd}, 'x', 2.0):.1f} m after 2 s and {xd[-1]:.2f} m after 20 s",
        "half": f"{min(drift[(0.5, e)] for e in es):.2f}-{max(drift[(0.5, e)] for e in es):.2f} m",
        "tilt": f"{tilt:.2f} rad",
        "far": f"{max(abs(drift[(m, e)]) for m in high for e in (es[0], es[-1])):.1f} m",
        "middle": f"{max(middle):.2f} m",
        "small-offsets": f"{max(small_offsets):.2f} m",
        "case1-grid": f"{drift[(0.6, -0.9)]:.2f} m",
        "case1": f"{case1:.3f} m",
    }


if __name__ == "__main__":
    sys.exit(main(__file__, compute))
