#!/usr/bin/env python3
"""Runs the free-standing body cases and redraws the figures of Zhang & Wang (2017).

usage: figures.py [--stickslip PATH] [--out DIR] [--only drop|case1|case2|case3]
Writes one PNG per figure of the paper into DIR (default results/free_standing_body):
  fig5_drop_test.png        y1 of the dropped body (bounce heights stay the same)
  fig6_case1_x_xd.png       x_xd = x1 - x0 - x1(0) for e = -0.915 m and e = 0
  fig7_case1_slip.png       slip velocities of both leg tips, e = -0.915 m
  fig8_case1_forces.png     normal and friction forces of both leg tips, e = -0.915 m
  fig9_case2_x_xd.png       x_xd for e = -3.673 m and e = 0
  fig10_case2_normal.png    normal forces, e = -3.673 m
  fig11_case3_x_xd.png      x_xd for Y0 = 0.9 m and Y0 = 0
"""
import csv
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))


def arg(name, default):
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default


def run(cli, model, out_dir):
    csv_path = os.path.join(out_dir, model + ".csv")
    subprocess.run([cli, "run", os.path.join(HERE, model + ".yaml"), "-o", csv_path, "-q"], check=True,
                   stdout=subprocess.DEVNULL)
    with open(csv_path, newline="") as f:
        rows = list(csv.reader(f))
    header = rows[0]
    return {name: [float(r[i]) for r in rows[1:]] for i, name in enumerate(header)}


def x_xd(d):
    x1_0 = d["body.x"][0]
    return [x1 - x0 - x1_0 for x1, x0 in zip(d["body.x"], d["platform.x"])]


def figure(path, panels, title):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, axes = plt.subplots(len(panels), 1, sharex=True, figsize=(8, 2.6 * len(panels) + 0.6), squeeze=False)
    for ax, (ylabel, curves) in zip(axes[:, 0], panels):
        for t, y, label in curves:
            ax.plot(t, y, linewidth=0.9, label=label)
        ax.set_ylabel(ylabel)
        ax.grid(True, linewidth=0.3)
        if len(curves) > 1:
            ax.legend(fontsize="small")
    axes[-1, 0].set_xlabel("t [s]")
    fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    print("wrote", path)


def main():
    cli = arg("--stickslip", os.path.join(ROOT, "build", "bin", "stickslip"))
    out = arg("--out", os.path.join(ROOT, "results", "free_standing_body"))
    only = arg("--only", None)
    os.makedirs(out, exist_ok=True)
    if only in (None, "drop"):
        d = run(cli, "drop_test", out)
        figure(os.path.join(out, "fig5_drop_test.png"), [("y1 [m]", [(d["t"], d["body.y"], "")])],
               "Fig. 5: body dropped from 0.4 m (bounce heights stay the same)")
    for case, models, labels in (("case1", ["case1_e-0.915", "case1_e0"], ["e = -0.915 m", "e = 0"]),
                                 ("case2", ["case2_e-3.673", "case2_e0"], ["e = -3.673 m", "e = 0"]),
                                 ("case3", ["case3_Y0.9", "case3_Y0"], ["Y0 = 0.9 m", "Y0 = 0"])):
        if only not in (None, case):
            continue
        runs = [run(cli, m, out) for m in models]
        fig = {"case1": "fig6_case1_x_xd", "case2": "fig9_case2_x_xd", "case3": "fig11_case3_x_xd"}[case]
        figure(os.path.join(out, fig + ".png"),
               [("x_xd [m]", [(d["t"], x_xd(d), lab) for d, lab in zip(runs, labels)])],
               f"{case}: x_xd = x1 - x0 - x1(0)")
        d = runs[0]
        tips = [("left leg (2)", "tip_left"), ("right leg (3)", "tip_right")]
        if case == "case1":
            figure(os.path.join(out, "fig7_case1_slip.png"),
                   [(f"slip velocity {lab} [m/s]", [(d["t"], d[c + ".vt"], "")]) for lab, c in tips],
                   "Fig. 7: slip velocities, e = -0.915 m")
            figure(os.path.join(out, "fig8_case1_forces.png"),
                   [(f"F_N {lab} [N]", [(d["t"], d[c + ".fn"], "")]) for lab, c in tips] +
                   [(f"F_f {lab} [N]", [(d["t"], d[c + ".ft"], "")]) for lab, c in tips],
                   "Fig. 8: normal and friction forces, e = -0.915 m")
        if case == "case2":
            figure(os.path.join(out, "fig10_case2_normal.png"),
                   [(f"F_N {lab} [N]", [(d["t"], d[c + ".fn"], "")]) for lab, c in tips],
                   "Fig. 10: normal forces, e = -3.673 m")


if __name__ == "__main__":
    main()
