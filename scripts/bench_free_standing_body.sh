#!/usr/bin/env bash
# Wall and CPU time of the free-standing body, case 1 (e = -0.915 m), over 20 s simulated: the paper's
# RK4 at h = 1e-6 s against the adaptive event-driven run (BDF), and how close the two results are.
# The CPU time is the figure to compare on a shared machine (the wall time grows with the load).
# usage: scripts/bench_free_standing_body.sh [BUILD_DIR] [RTOL]   (figures for docs/performance.md)
set -euo pipefail
build=${1:-build}
rtol=${2:-1e-10}
cli="$build/bin/stickslip"
model=examples/free_standing_body/case1_e-0.915.yaml
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
run() {  # label, extra options
  local label=$1; shift
  local start end cpu
  start=$(date +%s.%N)
  cpu=$( { TIMEFORMAT='%U %S'; time "$cli" run "$model" -o "$out/$label.csv" -q "$@" > "$out/$label.log"; } 2>&1 )
  end=$(date +%s.%N)
  echo "$label: $(echo "$end - $start" | bc) s wall, $(echo "$cpu" | awk '{print $1 + $2}') s CPU, $(grep -o '[0-9]* steps' "$out/$label.log" | head -n 1)"
}
run rk4 --integrator rk4 --dt 1e-6 --output-interval 0.001
run bdf --integrator bdf --rtol "$rtol" --atol 1e-12 --output-interval 0.001
/usr/bin/python3 -I - "$out/rk4.csv" "$out/bdf.csv" <<'PY'
import csv, sys
def load(p):
    rows = list(csv.reader(open(p)))
    h = rows[0]
    d = {n: [float(r[i]) for r in rows[1:]] for i, n in enumerate(h)}
    x = [a - b - d["body.x"][0] for a, b in zip(d["body.x"], d["platform.x"])]
    return d["t"], x, d
t, a, da = load(sys.argv[1])
_, b, db = load(sys.argv[2])
n = min(len(a), len(b))
print("max |x_xd(rk4) - x_xd(bdf)| = %.3g m over %.0f s (final x_xd %.6f vs %.6f m)" % (
    max(abs(a[i] - b[i]) for i in range(n)), t[n - 1], a[n - 1], b[n - 1]))
print("max |F_N(rk4) - F_N(bdf)| = %.3g N over both tips" % max(
    abs(da[c][i] - db[c][i]) for c in ("tip_left.fn", "tip_right.fn") for i in range(n)))
PY
