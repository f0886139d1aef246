"""Overlays the block's position and velocity from the three schemes' CSV files (compare.sh)."""
import csv
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

SCHEMES = ("compliant", "event-driven", "time-stepping")


def read(path):
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    header = rows[0]
    return {name: [float(r[k]) for r in rows[1:]] for k, name in enumerate(header)}


def main(folder):
    fig, axes = plt.subplots(2, 1, sharex=True, figsize=(7, 6))
    for scheme, style in zip(SCHEMES, ("-", "--", ":")):
        d = read(f"{folder}/{scheme}.csv")
        axes[0].plot(d["t"], d["block.x"], style, label=scheme)
        axes[1].plot(d["t"], d["block.vx"], style, label=scheme)
        print(f"{scheme:15s} final x = {d['block.x'][-1]:.6f} m")
    print(f"{'analytic':15s} final x = {1.0 / (2 * 0.3 * 9.81):.6f} m")
    axes[0].set_ylabel("block.x [m]")
    axes[1].set_ylabel("block.vx [m/s]")
    axes[1].set_xlabel("t [s]")
    axes[0].legend()
    fig.tight_layout()
    png = f"{folder}/sliding_block.png"
    fig.savefig(png, format="png", dpi=120)
    print(f"wrote {png}")


if __name__ == "__main__":
    main(sys.argv[1])
