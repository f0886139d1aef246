#!/usr/bin/env bash
# Runs the pile and draws the load on the bin over time, and the parts at the end from the side and
# from above.  usage: figures.sh [STICKSLIP] [OUT_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cli=${1:-$here/../../build/bin/stickslip}
out=${2:-$here/../../results/pile_in_bin}
mkdir -p "$out"
"$cli" run "$here/pile_in_bin.yaml" -o "$out/pile.csv" -q
"$cli" plot "$out/pile.csv" -c 'bin_load.fz,bin_load.points' -o "$out/load.png" --title "Load of the pile on the bin"
/usr/bin/python3 -I - "$out" <<'PY'
import csv, sys
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
out = sys.argv[1]
rows = list(csv.reader(open(f"{out}/pile.csv")))
d = {c: float(rows[-1][i]) for i, c in enumerate(rows[0])}
kinds = ("box", "sphere", "capsule")
fig, ax = plt.subplots(1, 2, figsize=(11, 5))
for k in range(120):
    x, y, z = d[f"part_{k}.x"], d[f"part_{k}.y"], d[f"part_{k}.z"]
    marker = "sov"[k % 3]
    ax[0].scatter(x, z, marker=marker, s=40, color=f"C{k % 3}", label=kinds[k % 3] if k < 3 else None)
    ax[1].scatter(x, y, marker=marker, s=40, color=f"C{k % 3}")
for a, (lo, hi) in zip(ax, ((0, 0.25), (-0.2, 0.2))):
    a.add_patch(plt.Rectangle((-0.2, lo if a is ax[1] else 0), 0.4, 0.4 if a is ax[1] else 0.12, fill=False))
    a.set_aspect("equal")
    a.grid(True, linewidth=0.3)
ax[0].set_xlabel("x [m]"); ax[0].set_ylabel("z [m]"); ax[0].set_title("side")
ax[1].set_xlabel("x [m]"); ax[1].set_ylabel("y [m]"); ax[1].set_title("above")
ax[0].legend()
fig.tight_layout()
fig.savefig(f"{out}/pile.png", dpi=120)
PY
echo "results, load.png and pile.png in $out"
