#!/usr/bin/env bash
# `make demo`: runs the default example, writes its CSV, a PNG plot and an animation (one HTML page
# to open in a browser), and says where they are.
# usage: demo.sh STICKSLIP MODEL OUT_DIR [COLUMNS]
set -euo pipefail
cli=$1 model=$2 out_dir=$3
# x_xd = x1 - x0 - x1(0): the body's drift relative to the platform, the quantity Zhang & Wang 2017 plot.
columns=${4:-body.x,platform.x,x_xd=body.x-platform.x-body.x[0],tip_left.vt,tip_right.vt,tip_left.fn,tip_right.fn,tip_left.ft,tip_right.ft}
mkdir -p "$out_dir"
name=$(basename "$model" .yaml)
csv="$out_dir/$name.csv"
png="$out_dir/$name.png"
html="$out_dir/$name.html"
"$cli" run "$model" -o "$csv"
"$cli" plot "$csv" --columns "$columns" -o "$png" --title "stickslip demo: $name" >/dev/null
"$cli" view "$csv" --model "$model" -o "$html" --column "${columns%%,*}" >/dev/null
echo
echo "demo results: $(cd "$(dirname "$csv")" && pwd)/$(basename "$csv")"
echo "demo plot:    $(cd "$(dirname "$png")" && pwd)/$(basename "$png")"
echo "animation:    $(cd "$(dirname "$html")" && pwd)/$(basename "$html")  (open it in a web browser)"
events="$out_dir/$name.events.csv"
if [ -f "$events" ]; then echo "event log:    $(cd "$(dirname "$events")" && pwd)/$(basename "$events")"; fi
