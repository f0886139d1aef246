#!/usr/bin/env python3
"""Regenerates the figures quoted in this folder's README.md (between its numbers.py markers).

usage: examples/slider_crank_rough_guide/numbers.py [--stickslip PATH] [--check]
Runs the model with the time-stepping scheme at three steps and with the event-driven scheme at tight
tolerances (the reference of tests/formulations/scheme_agreement_test.cpp).
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
from readme_numbers import main, sci  # noqa: E402

MODEL = "slider_crank_rough_guide.yaml"


def compute(run):
    base = run(MODEL)
    w = base["crank.omega"]
    late = [v for t, v in zip(base["t"], w) if t >= 1.0]
    ref = run(MODEL, "--scheme", "event-driven", "--integrator", "dopri5", "--rtol", "1e-10", "--atol", "1e-12")
    steps = ("1e-3", "5e-4", "2.5e-4")
    errors = []
    for h in steps:
        ts = run(MODEL, "--dt", h)
        errors.append(max(abs(a - b) for a, b in zip(ts["slider.x"], ref["slider.x"])))
    return f"""What to look for: the crank accelerates unevenly (after the first second ω stays between
{min(late):.1f} and {max(late):.1f} rad/s); the slider breaks away at the first step (the drive exceeds μ_s N) and
reverses twice per revolution (`reversal` events in `crank.events.csv`, slip+ ↔ slip−); the normal
forces of heel and toe differ because friction and the rod tilt the block; `heel.ft`, `toe.ft` =
−μ_k × `fn` while sliding.

Against the event-driven scheme (`tests/formulations/scheme_agreement_test.cpp`): the slider's
position converges to the event-driven solution at first order (largest differences
{', '.join(sci(e, 1) for e in errors)} m at h = {', '.join(steps)} s), with the same sequence of stick-slip events."""


if __name__ == "__main__":
    sys.exit(main(__file__, compute))
