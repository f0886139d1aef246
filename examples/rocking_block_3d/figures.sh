#!/usr/bin/env bash
# Runs the block on the shaking table under the time-stepping and the event-driven schemes and draws
# its rocking angles about x and y (from the quaternion), its turn about the vertical, the table's
# accelerations against Housner's thresholds, which bottom corners touch, and the energy.
# usage: figures.sh [STICKSLIP] [OUT_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cli=${1:-$here/../../build/bin/stickslip}
out=${2:-$here/../../results/rocking_block_3d}
mkdir -p "$out"
"$cli" run "$here/rocking_block_3d.yaml" -o "$out/block_ts.csv" -q
"$cli" run "$here/rocking_block_3d.yaml" --scheme event-driven -o "$out/block_ed.csv" -q
"$cli" plot "$out/block_ts.csv" --columns corner_1.fn,corner_2.fn,corner_3.fn,corner_4.fn -o "$out/normal_forces.png" \
  --title "Rocking block in 3-D: normal forces of the bottom corners (time-stepping)"
/usr/bin/python3 -I - "$out/block_ts.csv" "$out/block_ed.csv" "$out/rocking.png" "$here/readme_numbers.py" <<'PY'
import csv, importlib.util, math, sys
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
def load(path):
    rows = list(csv.reader(open(path)))
    return {name: [float(r[i]) for r in rows[1:]] for i, name in enumerate(rows[0])}
# The angles from the quaternion as readme_numbers.py computes them for the README (one definition).
spec = importlib.util.spec_from_file_location("rocking_numbers", sys.argv[4])
angles = importlib.util.module_from_spec(spec)
spec.loader.exec_module(angles)
angles = angles.angles
ts, ed = load(sys.argv[1]), load(sys.argv[2])
g, bx, by, h = 9.81, 0.1, 0.05, 0.3
fig, ax = plt.subplots(2, 2, figsize=(11, 7.5))
for d, style, name in ((ts, "-", "time-stepping"), (ed, "--", "event-driven")):
    rx, ry, rz = angles(d)
    ax[0][0].plot(d["t"], ry, "C0" + style, label=f"about y (on the long edges), {name}")
    ax[0][0].plot(d["t"], rx, "C1" + style, label=f"about x (on the short edges), {name}")
    ax[1][1].plot(d["t"], rz, "C2" + style, label=f"turn about the vertical, {name}")
for a, c in ((math.degrees(math.atan(bx / h)), "C0"), (math.degrees(math.atan(by / h)), "C1")):
    for s in (1, -1):
        ax[0][0].axhline(s * a, color=c, linestyle=":", linewidth=0.8)
ax[0][0].set_ylabel("rocking angle [deg]")
ax[0][0].set_title("rocking angles (dotted: the overturning angles α)")
ax[0][0].legend(fontsize=7)
t = ts["t"]
ax[0][1].plot(t, [4.0 * math.cos(4 * math.pi * s) for s in t], label="table a_x")
ax[0][1].plot(t, [1.8 * math.cos(3 * math.pi * s) for s in t], label="table a_y")
for a, c, name in ((g * bx / h, "C0", "g b_x/h"), (g * by / h, "C1", "g b_y/h")):
    for s in (1, -1):
        ax[0][1].axhline(s * a, color=c, linestyle=":", linewidth=0.8)
ax[0][1].set_ylabel("table acceleration [m/s²]")
ax[0][1].set_title("excitation (dotted: Housner's onset thresholds)")
ax[0][1].legend(fontsize=7)
# bottom corners: 1 (−x, −y), 2 (+x, −y), 3 (−x, +y), 4 (+x, +y); a bar where the corner touches
for k in range(1, 5):
    closed = [1 if s > 0 else math.nan for s in ts[f"corner_{k}.state"]]
    ax[1][0].plot(t, [k * c for c in closed], linewidth=4, label=f"corner_{k}")
ax[1][0].set_yticks([1, 2, 3, 4], ["1 (−x,−y)", "2 (+x,−y)", "3 (−x,+y)", "4 (+x,+y)"])
ax[1][0].set_ylim(0.5, 4.5)
ax[1][0].set_title("bottom corners in contact (time-stepping)")
ax2 = ax[1][1].twinx()
ax2.plot(ts["t"], ts["energy.total"], "k", linewidth=0.8, label="energy (time-stepping)")
ax2.set_ylabel("energy [J] (black)")
ax[1][1].set_ylabel("turn about the vertical [deg]")
ax[1][1].legend(fontsize=7, loc="upper left")
for a in ax.flat:
    a.set_xlabel("t [s]")
    a.grid(True, linewidth=0.3)
fig.tight_layout()
fig.savefig(sys.argv[3], dpi=120)
PY
echo "figures in $out"
