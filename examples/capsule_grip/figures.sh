#!/usr/bin/env bash
# Runs the capsule grip under the time-stepping and the compliant schemes and draws the capsule's
# height and one pad's friction over time.  usage: figures.sh [STICKSLIP] [OUT_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cli=${1:-$here/../../build/bin/stickslip}
out=${2:-$here/../../results/capsule_grip}
mkdir -p "$out"
"$cli" run "$here/capsule_grip.yaml" -o "$out/rigid.csv" -q
"$cli" run "$here/capsule_grip.yaml" --scheme compliant -o "$out/compliant.csv" -q
/usr/bin/python3 -I - "$out" <<'PY'
import csv, sys
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
out = sys.argv[1]
def load(name):
    rows = list(csv.reader(open(f"{out}/{name}.csv")))
    return {c: [float(r[i]) for r in rows[1:]] for i, c in enumerate(rows[0])}
fig, ax = plt.subplots(1, 2, figsize=(11, 4))
for name, label, style in (("rigid", "time-stepping (Coulomb)", "-"), ("compliant", "compliant (tanh, v_t = 1 mm/s)", "--")):
    d = load(name)
    ax[0].plot(d["t"], [1e6 * z for z in d["capsule.z"]], style, label=label)
    ax[1].plot(d["t"], d["grip_left.fz"], style, label=label)
ax[0].set_ylabel("capsule height [µm]")
ax[1].set_ylabel("friction of the left pad on the capsule [N]")
for a in ax:
    a.set_xlabel("t [s]")
    a.grid(True, linewidth=0.3)
    a.legend()
fig.tight_layout()
fig.savefig(f"{out}/creep.png", dpi=120)
PY
echo "results and creep.png in $out"
