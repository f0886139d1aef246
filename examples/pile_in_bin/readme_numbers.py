#!/usr/bin/env python3
"""Regenerates the table of this folder's README.md (between its readme_numbers.py markers): the pile at the
end of the run, the load it puts on the bin against its weight, and what the contact problems cost.
usage: examples/pile_in_bin/readme_numbers.py [--stickslip PATH] [--check]"""
import csv
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
from quoted_figures import main, sci  # noqa: E402

RHO, G = 7800.0, 9.81
VOLUMES = (0.06 * 0.04 * 0.024, 4.0 / 3.0 * math.pi * 0.02 ** 3,
           math.pi * 0.012 ** 2 * 0.04 + 4.0 / 3.0 * math.pi * 0.012 ** 3)  # box, sphere, capsule in turn
COUNT = 120


def compute(run):
    d = run("pile_in_bin.yaml")
    weight = sum(RHO * VOLUMES[k % 3] * G for k in range(COUNT))
    last = len(d["t"]) - 1
    xs = [d[f"part_{k}.x"][last] for k in range(COUNT)]
    ys = [d[f"part_{k}.y"][last] for k in range(COUNT)]
    zs = [d[f"part_{k}.z"][last] for k in range(COUNT)]
    speed = max(math.sqrt(d[f"part_{k}.vx"][last] ** 2 + d[f"part_{k}.vy"][last] ** 2 + d[f"part_{k}.vz"][last] ** 2)
                for k in range(COUNT))
    points_file = d["path"].replace(".csv", ".points.csv")
    with open(points_file, newline="") as f:
        rows = list(csv.reader(f))
    t_end = d["t"][last]
    final = [r for r in rows[1:] if abs(float(r[0]) - t_end) < 1e-9]
    closed = [r for r in final if r[17] != "0"]
    deepest = min(float(r[10]) for r in closed)
    solves = next(line for line in d["summary"] if line.startswith("contact problems"))
    lines = ["| at t = 1.5 s | |", "|---|---|",
             f"| parts inside the bin (\\|x\\|, \\|y\\| < 0.2 m, z > 0) | {sum(abs(x) < 0.2 and abs(y) < 0.2 and z > 0 for x, y, z in zip(xs, ys, zs))} of {COUNT} |",
             f"| top of the pile (highest centre) | {max(zs):.3f} m |",
             f"| fastest part | {sci(speed, 1)} m/s |",
             f"| load on the bin (`bin_load.fz`) / the parts' weight ({weight:.2f} N) | {d['bin_load.fz'][last] / weight:.6f} |",
             f"| closed contact points | {len(closed)} (of {len(final)} found within the margin) |",
             f"| deepest closed point | {sci(-deepest, 1)} m |",
             "",
             "    " + solves]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main(__file__, compute))
