#!/usr/bin/env bash
# Runs the spatial slider-crank and the planar one of examples/slider_crank and draws the slider's
# position against its closed form, the drive torque and the guide's reactions of both models, and
# the spatial run's differences from the planar columns (README.md).
# usage: figures.sh [STICKSLIP] [OUT_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cli=${1:-$here/../../build/bin/stickslip}
out=${2:-$here/../../results/spatial_slider_crank}
mkdir -p "$out"
"$cli" run "$here/spatial_slider_crank.yaml" -o "$out/spatial.csv" -q
"$cli" run "$here/../slider_crank/slider_crank.yaml" -o "$out/planar.csv" -q
/usr/bin/python3 -I - "$out/spatial.csv" "$out/planar.csv" "$out/spatial_slider_crank.png" <<'PY'
import csv, math, sys
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt


def load(path):
    rows = list(csv.reader(open(path)))
    return {name: [float(r[i]) for r in rows[1:]] for i, name in enumerate(rows[0])}


s, p = load(sys.argv[1]), load(sys.argv[2])
t = s["t"]
r, l, w = 0.1, 0.4, 2 * math.pi
closed = [r * math.cos(w * x) + math.sqrt(l * l - (r * math.sin(w * x)) ** 2) for x in t]
fig, ax = plt.subplots(2, 2, figsize=(12, 7.5))
ax[0, 0].plot(t, s["slider.x"], label="spatial slider.x")
ax[0, 0].plot(t, closed, "k--", linewidth=0.8, label="r cos φ + √(l² − r² sin² φ)")
ax[0, 0].set_ylabel("slider position [m]")
ax[0, 0].set_title("slider against the closed form")
ax[0, 1].plot(t, s["crank_speed.effort"], label="spatial")
ax[0, 1].plot(t, p["crank_speed.effort"], "k--", linewidth=0.8, label="planar")
ax[0, 1].set_ylabel("drive torque [N m]")
ax[0, 1].set_title("crank_speed.effort")
ax[1, 0].plot(t, s["guide.fy"], label="spatial guide.fy")
ax[1, 0].plot(t, s["guide.mz"], label="spatial guide.mz")
ax[1, 0].plot(t, p["guide.fy"], "k--", linewidth=0.8, label="planar guide.fy, guide.torque")
ax[1, 0].plot(t, p["guide.torque"], "k--", linewidth=0.8)
ax[1, 0].set_ylabel("guide reaction on the slider [N, N m]")
ax[1, 0].set_title("reactions in the global frame")
# (guide.mz and the planar guide.torque are both exactly 0: the slider's centre is on the guide)
for sc, pc in (("slider.x", "slider.x"), ("crank_speed.effort", "crank_speed.effort"), ("guide.fy", "guide.fy")):
    ax[1, 1].semilogy(t[1:], [abs(a - b) for a, b in zip(s[sc][1:], p[pc][1:])], label=f"{sc} − planar {pc}")
ax[1, 1].set_ylabel("|spatial − planar|")
ax[1, 1].set_title("spatial against planar: the integrators' error")
for a in ax.flat:
    a.set_xlabel("t [s]")
    a.grid(True, linewidth=0.3)
    a.legend(fontsize=8)
fig.tight_layout()
fig.savefig(sys.argv[3], dpi=120)
PY
echo "figures in $out"
