#!/usr/bin/env bash
# Runs the stack on the shaking table and draws each box's displacement relative to the table and the
# normal forces of the bottom box's corners.  usage: figures.sh [STICKSLIP] [OUT_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cli=${1:-$here/../../build/bin/stickslip}
out=${2:-$here/../../results/shaking_stack}
mkdir -p "$out"
"$cli" run "$here/shaking_stack.yaml" -o "$out/stack.csv" -q
/usr/bin/python3 -I - "$out" <<'PY'
import csv, sys
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
out = sys.argv[1]
rows = list(csv.reader(open(f"{out}/stack.csv")))
d = {c: [float(r[i]) for r in rows[1:]] for i, c in enumerate(rows[0])}
fig, ax = plt.subplots(2, 1, figsize=(9, 6), sharex=True)
for b in range(3):
    x = d[f"box_{b}.x"]
    ax[0].plot(d["t"], [1e3 * (x[k] - d["table.x"][k] - (x[0] - d["table.x"][0])) for k in range(len(x))], label=f"box_{b}")
ax[0].set_ylabel("displacement on the table [mm]")
ax[0].legend()
for name in ("base", "middle", "top"):
    ax[1].plot(d["t"], d[f"{name}.fx"], label=name)
ax[1].set_ylabel("friction of each interface, x [N]")
ax[1].set_xlabel("t [s]")
ax[1].legend()
for a in ax:
    a.grid(True, linewidth=0.3)
fig.tight_layout()
fig.savefig(f"{out}/stack.png", dpi=120)
PY
echo "results and stack.png in $out"
