#!/usr/bin/env bash
# `make demo`: runs the default example, writes its CSV and a PNG plot, and says where they are.
# usage: demo.sh STICKSLIP MODEL OUT_DIR [COLUMNS]
set -euo pipefail
cli=$1 model=$2 out_dir=$3
columns=${4:-slider.x,slider.vx,crank_speed.effort,guide.fy,constraint.drift}
mkdir -p "$out_dir"
name=$(basename "$model" .yaml)
csv="$out_dir/$name.csv"
png="$out_dir/$name.png"
"$cli" run "$model" -o "$csv"
"$cli" plot "$csv" --columns "$columns" -o "$png" --title "stickslip demo: $name" >/dev/null
echo
echo "demo results: $(cd "$(dirname "$csv")" && pwd)/$(basename "$csv")"
echo "demo plot:    $(cd "$(dirname "$png")" && pwd)/$(basename "$png")"
