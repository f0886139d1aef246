#!/usr/bin/env python3
"""Regenerates the figures this folder's README.md and docs/prismatic-contact.md quote from the runs of
examples 1 and 2 (between their readme_numbers.py markers).
usage: examples/prismatic_joint_contact/readme_numbers.py [--stickslip PATH] [--check]"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
from quoted_figures import crossing, main  # noqa: E402

GUIDE, LENGTH, MU, B = 0.5, 0.2, 0.3, 0.05  # the guide, the slider, μ, the section's half-height b
DOC = "../../docs/prismatic-contact.md"


def example_one(run):
    d = run("slider_out_of_guide.yaml")
    t = d["t"]
    # Tipping: the overlap falls to l/2 + μ b, i.e. the slider's left end s = slider.x - l/2 reaches
    # GUIDE - (l/2 + μ b); its position is smooth there, so rows 2 ms apart interpolate it to 1e-6 s.
    s_tip = GUIDE - (LENGTH / 2 + MU * B)
    t_tip = crossing(t, d["slider.x"], s_tip + LENGTH / 2)
    k_tip = next(k for k in range(len(t)) if d["guide.mode"][k] != d["guide.mode"][0])
    assert t[k_tip - 1] <= t_tip <= t[k_tip], "the mode changes in the rows around the tipping overlap"
    # The stop: the speed falls linearly to zero (constant deceleration over the last rows), so the
    # line through the last two sliding rows meets zero at the stop.
    k = next(k for k in range(1, len(t)) if d["guide.motion"][k] == 1 and t[k] > t_tip)
    v1, v0, t1, t0 = d["guide.vt"][k - 1], d["guide.vt"][k - 2], t[k - 1], t[k - 2]
    t_stop = t1 - v1 * (t1 - t0) / (v1 - v0)
    overlap_mm = 2e3 * d["guide.c"][-1]
    friction = max(abs(f) for f in d["guide.ff"])
    return t_tip, t_stop, overlap_mm, friction


def upper_face_rows(run):
    """The spans of rows of example 2 in which the upper face (mode 0xcc) carries the slider."""
    d = run("crank_slider.yaml")
    spans, start = [], None
    for k, (t, mode) in enumerate(zip(d["t"], d["guide.mode"])):
        if mode == 0xcc and start is None:
            start = t
        elif mode != 0xcc and start is not None:
            spans.append(f"{start:.3f}-{d['t'][k - 1]:.3f} s")
            start = None
    return " and ".join(spans)


def compute(run):
    t_tip, t_stop, overlap_mm, friction = example_one(run)
    tip, stop = f"{t_tip:.4f} s", f"{t_stop:.4f} s"
    blocks = {"tip": tip, "stop": f"at {stop} with {overlap_mm:.1f} mm of overlap left",
              "tip-figure": tip, "upper-face": upper_face_rows(run)}
    blocks.update({f"{DOC}:tip": tip, f"{DOC}:stop": f"{stop} with {overlap_mm:.1f} mm of overlap left",
                   f"{DOC}:friction": f"{friction:.0f} N", f"{DOC}:stop-again": stop,
                   f"{DOC}:tests": f"tipping at {tip} and the stop at {stop} with {overlap_mm:.1f} mm of overlap"})
    return blocks


if __name__ == "__main__":
    sys.exit(main(__file__, compute))
