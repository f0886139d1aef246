#!/usr/bin/env bash
# Runs the spinning top and draws its tilt, its precession angle and the path of its axis seen from
# above (the cusps), with the turning points of the Lagrange top (README.md) as dashed lines.
# usage: figures.sh [STICKSLIP] [OUT_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cli=${1:-$here/../../build/bin/stickslip}
out=${2:-$here/../../results/spinning_top}
mkdir -p "$out"
"$cli" run "$here/spinning_top.yaml" -o "$out/top.csv" -q
/usr/bin/python3 -I - "$out/top.csv" "$out/top.png" <<'PY'
import csv, math, sys
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
rows = list(csv.reader(open(sys.argv[1])))
d = {name: [float(r[i]) for r in rows[1:]] for i, name in enumerate(rows[0])}
m, l, g, JA, JC, w3 = 0.5, 0.05, 9.81, 3.5e-4, 5e-4, 150.0
I1, u0 = JA + m * l * l, math.cos(math.radians(20))
a, b = 2 * I1 * m * g * l, (JC * w3) ** 2
u_low = (b - math.sqrt(b * b - 4 * a * (b * u0 - a))) / (2 * a)
# the axis is the direction from the pivot (at the origin) to the centre of mass
tilt = [math.degrees(math.acos(z / l)) for z in d["top.z"]]
phi = [math.atan2(y, x) for x, y in zip(d["top.x"], d["top.y"])]
for k in range(1, len(phi)):  # unwrap
    phi[k] = phi[k - 1] + (phi[k] - phi[k - 1] + math.pi) % (2 * math.pi) - math.pi
fig, ax = plt.subplots(1, 3, figsize=(14, 4.2))
ax[0].plot(d["t"], tilt)
for u in (u0, u_low):
    ax[0].axhline(math.degrees(math.acos(u)), color="k", linestyle="--", linewidth=0.8)
ax[0].set_xlabel("t [s]")
ax[0].set_ylabel("tilt from the vertical [deg]")
ax[0].set_title("nutation between the turning points")
ax[1].plot(d["t"], [math.degrees(p - phi[0]) for p in phi])
ax[1].set_xlabel("t [s]")
ax[1].set_ylabel("precession angle [deg]")
ax[1].set_title("precession (fast-top rate m g l/(J_C ω₃) = 3.27 rad/s)")
ax[2].plot(d["top.x"], d["top.y"])
ax[2].set_aspect("equal")
ax[2].set_xlabel("x [m]")
ax[2].set_ylabel("y [m]")
ax[2].set_title("centre of mass from above: cusps")
for a_ in ax:
    a_.grid(True, linewidth=0.3)
fig.tight_layout()
fig.savefig(sys.argv[2], dpi=120)
PY
echo "figures in $out"
