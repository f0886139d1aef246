#!/usr/bin/env python3
"""Runs examples 1 and 2 of Qi, Luo & Huang (2011) and redraws their figures.

usage: figures.py [--stickslip PATH] [--out DIR]
Writes into DIR (default results/prismatic_joint_contact):
  example 1 (slider_out_of_guide.yaml, compliant scheme, and a time-stepping run beside it):
  fig11_contact_centre.png   p0, the centre of the contact region, and the half-length c
  fig12_velocity.png         sliding velocity of the slider (both schemes)
  fig14_vertical_forces.png  the up-down corner forces f1..f8
  fig15_lateral_forces.png   the front-back corner forces g1..g8 (zero: see README.md)
  fig16_friction.png         friction force against the Adams approximation for the same state
  contact_modes.png          the contact mode (16-bit mask of loaded contacts) over time
  schemes_example1.png       compliant and time-stepping: velocity, friction, contact length
  example 2 (crank_slider.yaml, compliant scheme):
  fig18_contact_modes.png    the contact mode over time
  fig19_velocity.png         sliding velocity of the slider
  fig20_friction.png         friction force on the slider
  fig21_adams.png            friction against the Adams approximation for the same state
Example 2's figures mark each crank revolution (dotted lines).
"""
import csv
import math
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))


def arg(name, default):
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default


def run(cli, model, out_dir, options=(), tag=""):
    csv_path = os.path.join(out_dir, model + tag + ".csv")
    subprocess.run([cli, "run", os.path.join(HERE, model + ".yaml"), "-o", csv_path, "-q", *options], check=True,
                   stdout=subprocess.DEVNULL)
    with open(csv_path, newline="") as f:
        rows = list(csv.reader(f))
    header = rows[0]
    return {name: [float(r[i]) for r in rows[1:]] for i, name in enumerate(header)}


def figure(path, panels, title, marks=()):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, axes = plt.subplots(len(panels), 1, sharex=True, figsize=(8, 2.6 * len(panels) + 0.6), squeeze=False)
    for ax, (ylabel, curves) in zip(axes[:, 0], panels):
        for t, y, label in curves:
            ax.plot(t, y, linewidth=0.9, label=label)
        for x in marks:
            ax.axvline(x, color="0.4", linestyle=":", linewidth=0.8)
        ax.set_ylabel(ylabel)
        ax.grid(True, linewidth=0.3)
        if len(curves) > 1:
            ax.legend(fontsize="small", ncol=4)
    axes[-1, 0].set_xlabel("t [s]")
    fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    print("wrote", path)


def example_one(cli, out):
    d = run(cli, "slider_out_of_guide", out)
    t = d["t"]
    # The guide's left end is at x = 0; P_j (the slider's left end) at slider.x - 0.1.
    s = [x - 0.1 for x in d["slider.x"]]
    p0 = [(max(si, 0.0) + min(si + 0.2, 0.5)) / 2 for si in s]
    figure(os.path.join(out, "fig11_contact_centre.png"),
           [("p0 [m]", [(t, p0, "p0")]), ("c [m]", [(t, d["guide.c"], "c")])],
           "Example 1: centre and half-length of the contact region")
    # The time-stepping scheme beside the compliant one (h = 0.5 ms; its rows carry the mean forces
    # of the step that ends there, and its first row none).
    ts = run(cli, "slider_out_of_guide", out, ["--scheme", "time-stepping", "--dt", "5e-4"], "_time_stepping")
    figure(os.path.join(out, "fig12_velocity.png"),
           [("v [m/s]", [(t, d["guide.vt"], "compliant"), (ts["t"], ts["guide.vt"], "time-stepping, h = 0.5 ms")])],
           "Example 1: sliding velocity of the slider")
    figure(os.path.join(out, "fig14_vertical_forces.png"),
           [("f_i [N]", [(t, d["guide.f%d" % i], "f%d" % i) for i in range(1, 9)])],
           "Example 1: up-down corner forces")
    figure(os.path.join(out, "fig15_lateral_forces.png"),
           [("g_i [N]", [(t, d["guide.g%d" % i], "g%d" % i) for i in range(1, 9)])],
           "Example 1: front-back corner forces")
    figure(os.path.join(out, "fig16_friction.png"),
           [("friction [N]", [(t, [-f for f in d["guide.ff"]], "contact analysis, -f1c"),
                              (t, d["guide.adams"], "Adams, mu N_eq (X = c)")])],
           "Example 1: friction force on the slider")
    figure(os.path.join(out, "contact_modes.png"), [("mode mask", [(t, d["guide.mode"], "mode")])],
           "Example 1: loaded contacts (bit i-1: f_i, bit 7+i: g_i)")
    t_ts = ts["t"][1:]  # the first time-stepping row has no step behind it
    figure(os.path.join(out, "schemes_example1.png"),
           [("v [m/s]", [(t, d["slider.vx"], "compliant"), (t_ts, ts["slider.vx"][1:], "time-stepping")]),
            ("friction [N]", [(t, d["guide.ff"], "compliant"), (t_ts, ts["guide.ff"][1:], "time-stepping")]),
            ("c [m]", [(t, d["guide.c"], "compliant"), (t_ts, ts["guide.c"][1:], "time-stepping")])],
           "Example 1 under the compliant and time-stepping (h = 0.5 ms) schemes")


def crank_revolutions(d):
    """Times at which the crank completes a revolution (it turns about -z from angle 0)."""
    angle, previous, turns, marks = 0.0, 0.0, 0, []
    for t, qw, qz in zip(d["t"], d["crank.qw"], d["crank.qz"]):
        a = 2 * math.atan2(qz, qw)
        step = (a - previous + math.pi) % (2 * math.pi) - math.pi  # unwrap
        angle += step
        previous = a
        if -angle >= 2 * math.pi * (turns + 1):
            turns += 1
            marks.append(t)
    return marks


def example_two(cli, out):
    d = run(cli, "crank_slider", out)
    t, marks = d["t"], crank_revolutions(d)
    figure(os.path.join(out, "fig18_contact_modes.png"), [("mode mask", [(t, d["guide.mode"], "mode")])],
           "Example 2: loaded contacts (0x33: the lower face, 0xcc: the upper face)", marks)
    figure(os.path.join(out, "fig19_velocity.png"), [("v [m/s]", [(t, d["guide.vt"], "sliding velocity")])],
           "Example 2: sliding velocity of the slider", marks)
    figure(os.path.join(out, "fig20_friction.png"), [("friction [N]", [(t, d["guide.ff"], "f1c")])],
           "Example 2: friction force on the slider", marks)
    figure(os.path.join(out, "fig21_adams.png"),
           [("|friction| [N]", [(t, [abs(f) for f in d["guide.ff"]], "contact analysis"),
                                (t, d["guide.adams"], "Adams, mu N_eq")])],
           "Example 2: friction against the Adams approximation", marks)


def main():
    cli = arg("--stickslip", os.path.join(ROOT, "build", "bin", "stickslip"))
    out = arg("--out", os.path.join(ROOT, "results", "prismatic_joint_contact"))
    os.makedirs(out, exist_ok=True)
    example_one(cli, out)
    example_two(cli, out)


if __name__ == "__main__":
    main()
