#!/usr/bin/env python3
"""Regenerates the table of this folder's README.md (between its readme_numbers.py markers): how far the
stack moves on the table and how far its boxes move on one another, for the file's shaking (peak
acceleration 0.32 g, above the table's μ_s g = 0.25 g) and for half of it (0.16 g, below).
usage: examples/shaking_stack/readme_numbers.py [--stickslip PATH] [--check]"""
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
from quoted_figures import main, sci  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def largest(values):
    return max(abs(v) for v in values)


def compute(run):
    with open(os.path.join(HERE, "shaking_stack.yaml")) as f:
        text = f.read()
    half = tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False)
    half.write(text.replace("amplitude: 0.02", "amplitude: 0.01"))
    half.close()
    lines = ["| table | peak acceleration | stack on the table: largest \\|Δx\\| | at 3 s | boxes on one another: largest \\|Δx\\| | events |",
             "|---|---|---|---|---|---|"]
    try:
        for label, model, accel in (("A = 20 mm, 2 Hz", "shaking_stack.yaml", "0.32 g"), ("A = 10 mm, 2 Hz", half.name, "0.16 g")):
            d = run(model)
            x0 = [b - t - (d["box_0.x"][0] - d["table.x"][0]) for b, t in zip(d["box_0.x"], d["table.x"])]
            between = [max(abs(d["box_1.x"][k] - d["box_0.x"][k]), abs(d["box_2.x"][k] - d["box_1.x"][k])) for k in range(len(x0))]
            events = next((line.split(":")[1].split()[0] for line in d["summary"] if "contact events" in line), "0")
            lines.append(f"| {label} | {accel} | {sci(largest(x0), 1)} m | {sci(x0[-1], 1, sign=True)} m | {sci(largest(between), 1)} m | {events} |")
    finally:
        os.unlink(half.name)
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main(__file__, compute))
