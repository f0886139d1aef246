#!/usr/bin/env python3
"""Zhang & Wang (2017), fig. 6, from Python: x_xd = x1 - x0 - x1(0) of the free-standing body on
the horizontally shaking platform (case 1), for the centre-of-mass offsets e = -0.915 m and e = 0.

The e = -0.915 m body walks along the platform by about 3 cm a period; the e = 0 body settles into
a periodic motion. The second curve comes from the first model with its parameters changed by key
path (hinges and legs moved by -e in the body frame, as examples/free_standing_body/make_models.py
places them), not from another file.

usage: fig6_case1.py [--out PNG] [--t-end T]     (run `make build` first)
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.append(os.path.join(ROOT, "build", "python"))  # the module as `make build` leaves it, unless PYTHONPATH names one

import stickslip  # noqa: E402


def arg(name, default):
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default


def x_xd(result):
    return result["body.x"] - result["platform.x"] - result["body.x"][0]


def main():
    out = arg("--out", os.path.join(ROOT, "results", "python", "fig6_case1.png"))
    t_end = float(arg("--t-end", 20))
    model = stickslip.Model.load(os.path.join(ROOT, "examples", "free_standing_body", "case1_e-0.915.yaml"))
    offset = model.run(t_end=t_end)

    # e = -0.915 m -> 0: every hinge and leg position moves by -0.915 m in x.
    shift = -0.915
    model.set({path: model.get(path) + shift for path in
               ("joints.A.points.0.0", "joints.B.points.0.0", "bodies.leg_left.position.0",
                "bodies.leg_right.position.0")})
    centred = model.run(t_end=t_end)

    for label, r in (("e = -0.915 m", offset), ("e = 0", centred)):
        print(f"{label:13s} x_xd({r.t[-1]:g} s) = {x_xd(r)[-1]:+.6f} m, {len(r.events)} contact events, "
              f"{r.summary['wall_time_s']:.2f} s wall")

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(8, 3.6))
    ax.plot(offset.t, x_xd(offset), linewidth=0.9, label="e = -0.915 m")
    ax.plot(centred.t, x_xd(centred), linewidth=0.9, label="e = 0")
    ax.set_xlabel("t [s]")
    ax.set_ylabel("x_xd [m]")
    ax.grid(True, linewidth=0.3)
    ax.legend(fontsize="small")
    ax.set_title("Fig. 6 (case 1): x_xd = x1 - x0 - x1(0), from Python")
    fig.tight_layout()
    os.makedirs(os.path.dirname(out), exist_ok=True)
    fig.savefig(out, dpi=120)
    print("wrote", out)


if __name__ == "__main__":
    main()
