#!/usr/bin/env bash
# `make demo`: runs the default example, writes its CSV and a PNG plot, and says where they are.
# usage: demo.sh STICKSLIP MODEL OUT_DIR [COLUMNS]
set -euo pipefail
cli=$1 model=$2 out_dir=$3
columns=${4:-body.x,platform.x,tip_left.vt,tip_right.vt,tip_left.fn,tip_right.fn,tip_left.ft,tip_right.ft}
mkdir -p "$out_dir"
name=$(basename "$model" .yaml)
csv="$out_dir/$name.csv"
png="$out_dir/$name.png"
"$cli" run "$model" -o "$csv"
"$cli" plot "$csv" --columns "$columns" -o "$png" --title "stickslip demo: $name" >/dev/null
echo
echo "demo results: $(cd "$(dirname "$csv")" && pwd)/$(basename "$csv")"
echo "demo plot:    $(cd "$(dirname "$png")" && pwd)/$(basename "$png")"
events="$out_dir/$name.events.csv"
if [ -f "$events" ]; then echo "event log:    $(cd "$(dirname "$events")" && pwd)/$(basename "$events")"; fi
