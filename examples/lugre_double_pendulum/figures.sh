#!/usr/bin/env bash
# Regenerates the figures of Xing, Zheng & Wang 2019 (fig. 4-9): θ1, θ̇1 and the normal force of
# joint 2 on link 2 for cases 1 and 2. usage: figures.sh [STICKSLIP] [OUT_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cli=${1:-$here/../../build/bin/stickslip}
out=${2:-$here/../../results/lugre_double_pendulum}
mkdir -p "$out"
for c in case1 case2; do
  "$cli" run "$here/$c.yaml" -o "$out/$c.csv" -q
  "$cli" plot "$out/$c.csv" --columns link1.theta,link1.omega,joint2.fn -o "$out/$c.png" \
    --title "LuGre double pendulum, $c (Xing, Zheng & Wang 2019)"
done
# Steady state of case 2 (the paper's fig. 7-9 show it): the last two drive periods.
/usr/bin/python3 -I - "$out/case2.csv" "$out/case2_steady.png" <<'PY'
import csv, sys
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
rows = list(csv.reader(open(sys.argv[1])))
h = rows[0]
d = {name: [float(r[i]) for r in rows[1:]] for i, name in enumerate(h)}
t_end = d["t"][-1]
keep = [i for i, t in enumerate(d["t"]) if t >= t_end - 2.0]
fig, ax = plt.subplots(3, 1, sharex=True, figsize=(8, 7))
for a, (col, label) in zip(ax, [("link1.theta", "θ1 [rad]"), ("link1.omega", "θ̇1 [rad/s]"), ("joint2.fn", "F_N of joint 2 [N]")]):
    a.plot([d["t"][i] for i in keep], [d[col][i] for i in keep], linewidth=1.0)
    a.set_ylabel(label)
    a.grid(True, linewidth=0.3)
ax[-1].set_xlabel("t [s]")
fig.suptitle("Case 2, steady state (last two drive periods)")
fig.tight_layout()
fig.savefig(sys.argv[2], dpi=120)
PY
echo "figures in $out"
