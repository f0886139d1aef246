#!/usr/bin/env bash
# Runs sliding_block.yaml under the three schemes and overlays x and vx of the block.
# Usage: examples/scheme_comparison/compare.sh [OUTPUT_FOLDER]   (default results/scheme_comparison)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="${1:-$root/results/scheme_comparison}"
mkdir -p "$out"
for scheme in compliant event-driven time-stepping; do
  "$root/build/bin/stickslip" run "$here/sliding_block.yaml" --scheme "$scheme" -q -o "$out/$scheme.csv"
done
/usr/bin/python3 -I "$here/compare.py" "$out"
