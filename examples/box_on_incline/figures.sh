#!/usr/bin/env bash
# Runs the box on the incline and draws its path on the plane, its velocity along and across the
# slope, its spin and the four bottom corners' normal forces, beside its rigid twin under the
# event-driven and the time-stepping schemes.
# usage: figures.sh [STICKSLIP] [OUT_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cli=${1:-$here/../../build/bin/stickslip}
out=${2:-$here/../../results/box_on_incline}
mkdir -p "$out"
"$cli" run "$here/box_on_incline.yaml" -o "$out/box.csv" -q
"$cli" run "$here/box_on_incline_rigid.yaml" -o "$out/box_rigid_ed.csv" -q
"$cli" run "$here/box_on_incline_rigid.yaml" --scheme time-stepping --dt 1e-3 -o "$out/box_rigid_ts.csv" -q
"$cli" plot "$out/box.csv" --columns corner_1.fn,corner_2.fn,corner_3.fn,corner_4.fn -o "$out/normal_forces.png" \
  --title "Box on an incline: normal forces of the bottom corners"
/usr/bin/python3 -I - "$out/box.csv" "$out/box.png" "$out/box_rigid_ed.csv" "$out/box_rigid_ts.csv" <<'PY'
import csv, math, sys
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
def load(path):
    rows = list(csv.reader(open(path)))
    return {name: [float(r[i]) for r in rows[1:]] for i, name in enumerate(rows[0])}
d, rigid_ed, rigid_ts = load(sys.argv[1]), load(sys.argv[3]), load(sys.argv[4])
twins = ((rigid_ed, ":", "event-driven (rigid)"), (rigid_ts, "--", "time-stepping (rigid)"))
alpha = math.atan(0.4)
c, s = math.cos(alpha), math.sin(alpha)
def down(e): return [-c * x - s * z for x, z in zip(e["box.x"], e["box.z"])]        # distance down the slope
def v_down(e): return [-c * vx - s * vz for vx, vz in zip(e["box.vx"], e["box.vz"])]
# spin about the plane's normal: body z is the normal while the box lies flat
fig, ax = plt.subplots(2, 2, figsize=(10, 7))
ax[0][0].plot(d["box.y"], down(d), label="compliant (LuGre)")
for e, style, name in twins:
    ax[0][0].plot(e["box.y"], down(e), style, label=name)
ax[0][0].set_xlabel("across the slope y [m]")
ax[0][0].set_ylabel("down the slope [m]")
ax[0][0].invert_yaxis()
ax[0][0].set_title("path of the centre on the plane")
ax[0][0].legend()
ax[0][1].plot(d["t"], v_down(d), label="down the slope")
ax[0][1].plot(d["t"], d["box.vy"], label="across (y)")
for e, style, name in twins:
    ax[0][1].plot(e["t"], v_down(e), "k" + style, linewidth=0.8, label=name)
    ax[0][1].plot(e["t"], e["box.vy"], "k" + style, linewidth=0.8)
ax[0][1].set_ylabel("velocity [m/s]")
ax[0][1].legend()
ax[1][0].plot(d["t"], d["box.wz"], label="compliant (LuGre)")
for e, style, name in twins:
    ax[1][0].plot(e["t"], e["box.wz"], style, label=name)
ax[1][0].set_ylabel("spin about the normal ω_z [rad/s]")
ax[1][0].legend()
for k in range(1, 5):
    ax[1][1].plot(d["t"], d[f"corner_{k}.slip"], label=f"corner_{k}")
ax[1][1].set_ylabel("slip speed [m/s]")
ax[1][1].legend()
for a in (ax[0][1], ax[1][0], ax[1][1]):
    a.set_xlabel("t [s]")
for a in ax.flat:
    a.grid(True, linewidth=0.3)
fig.tight_layout()
fig.savefig(sys.argv[2], dpi=120)
PY
echo "figures in $out"
