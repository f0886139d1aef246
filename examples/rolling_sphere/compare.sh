#!/usr/bin/env bash
# Runs rolling_sphere.yaml under the three schemes and plots the centre's speed and the spin of each
# against the analytic solution.  usage: compare.sh [STICKSLIP] [OUT_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cli=${1:-$here/../../build/bin/stickslip}
out=${2:-$here/../../results/rolling_sphere}
mkdir -p "$out"
for scheme in compliant event-driven time-stepping; do
  "$cli" run "$here/rolling_sphere.yaml" --scheme "$scheme" -o "$out/$scheme.csv" -q
done
/usr/bin/python3 -I - "$out" <<'PY'
import csv, sys
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
out = sys.argv[1]
v0, mu, g, r = 2.0, 0.2, 9.81, 0.1
t_star = 2 * v0 / (7 * mu * g)
fig, ax = plt.subplots(1, 2, figsize=(11, 4))
for scheme, style in (("compliant", "-"), ("event-driven", "--"), ("time-stepping", ":")):
    rows = list(csv.reader(open(f"{out}/{scheme}.csv")))
    d = {name: [float(x[i]) for x in rows[1:]] for i, name in enumerate(rows[0])}
    ax[0].plot(d["t"], d["ball.vx"], style, label=scheme)
    ax[1].plot(d["t"], d["ball.wy"], style, label=scheme)
ts = [0.0, t_star, 0.6]
ax[0].plot(ts, [v0, 5 * v0 / 7, 5 * v0 / 7], "k", linewidth=0.5, label="analytic")
ax[1].plot(ts, [0.0, 5 * v0 / (7 * r), 5 * v0 / (7 * r)], "k", linewidth=0.5, label="analytic")
ax[0].set_ylabel("speed of the centre v_x [m/s]")
ax[1].set_ylabel("spin ω_y [rad/s]")
for a in ax:
    a.set_xlabel("t [s]")
    a.axvline(t_star, color="grey", linewidth=0.5)
    a.grid(True, linewidth=0.3)
    a.legend()
fig.tight_layout()
fig.savefig(f"{out}/rolling_sphere.png", dpi=120)
PY
echo "results and rolling_sphere.png in $out"
