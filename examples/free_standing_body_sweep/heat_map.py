#!/usr/bin/env python3
"""Heat map of the free-standing body's drift after 20 s over μ0 and the centre-of-mass offset e.

usage: heat_map.py TABLE.csv [--out PNG]      (TABLE.csv from `stickslip sweep drift.yaml`)
       heat_map.py --run [--out PNG]          (runs the sweep from Python first, on every core)
Writes results/free_standing_body_sweep/drift.png by default and prints the table as a grid.
"""
import csv
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))


def arg(name, default):
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default


def read(path):
    with open(path, newline="") as f:
        rows = [r for r in csv.DictReader(f)]
    mus = sorted({float(r["mu0"]) for r in rows})
    es = sorted({float(r["e"]) for r in rows})
    drift = [[float("nan")] * len(es) for _ in mus]
    for r in rows:
        if r["status"] == "ok":
            drift[mus.index(float(r["mu0"]))][es.index(float(r["e"]))] = float(r["drift"])
        else:
            print(f"run {r['run']} (mu0 = {r['mu0']}, e = {r['e']}) failed: {r['error']}")
    return mus, es, drift


def main():
    out = arg("--out", os.path.join(ROOT, "results", "free_standing_body_sweep", "drift.png"))
    os.makedirs(os.path.dirname(out), exist_ok=True)
    if "--run" in sys.argv:
        sys.path.append(os.path.join(ROOT, "build", "python"))  # unless PYTHONPATH names the module
        import stickslip
        table = os.path.splitext(out)[0] + ".csv"
        stickslip.run_sweep(os.path.join(HERE, "drift.yaml"), table, progress=True)
    else:
        table = sys.argv[1]
    mus, es, drift = read(table)
    print("drift x_xd(20 s) [m]; rows mu0, columns e = " + "  ".join(f"{e:6.2f}" for e in es))
    for mu, row in zip(mus, drift):
        print(f"mu0 = {mu:4.2f}   " + "  ".join(f"{d:6.2f}" for d in row))

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.colors import SymLogNorm
    fig, ax = plt.subplots(figsize=(8, 5))
    limit = max(abs(d) for row in drift for d in row if d == d)
    image = ax.imshow(drift, origin="lower", aspect="auto", cmap="RdBu_r",
                      norm=SymLogNorm(linthresh=0.1, vmin=-limit, vmax=limit),
                      extent=(es[0] - 0.15, es[-1] + 0.15, mus[0] - 0.05, mus[-1] + 0.05))
    for i, mu in enumerate(mus):
        for j, e in enumerate(es):
            ax.text(e, mu, f"{drift[i][j]:.2f}", ha="center", va="center", fontsize=7)
    fig.colorbar(image, ax=ax, label="drift x_xd(20 s) [m]")
    ax.set_xlabel("centre-of-mass offset e [m]")
    ax.set_ylabel("static friction coefficient μ0 (μ = 0.8 μ0)")
    ax.set_title("Free-standing body (Zhang & Wang 2017, case 1): drift after 20 s")
    fig.tight_layout()
    fig.savefig(out, dpi=120)
    print("wrote", out)


if __name__ == "__main__":
    main()
