#!/usr/bin/env python3
"""Test of the figure `stickslip plot` draws (scripts/plot.py), inspected through matplotlib:

- each axes' y label names the column and its unit from the column's kind (m, rad, N, m/s, ...);
  the x axis too; a column whose kind says no unit gets none;
- overlaid columns get a y label: their common quantity and unit, else the units they have;
- a derived quantity NAME=EXPRESSION (x_xd of Zhang & Wang 2017: body.x - platform.x - body.x[0]) has
  the values of that expression (exact: the same two subtractions) and the unit of its terms; an
  expression with anything but arithmetic is refused;
- with --x a length and a length plotted, the axes have equal aspect (one metre as long on both);
- the title lies above the first axes (their boxes do not overlap once drawn).
Prints "N passed, M failed" and exits 1 on any failure."""

import os
import sys

SOURCE = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
sys.path.insert(0, os.path.join(SOURCE, "scripts"))
import plot  # noqa: E402

passed, failed = 0, []


def check(ok, message):
    global passed
    if ok:
        passed += 1
    else:
        failed.append(message)


header = ["t", "body.x", "body.y", "body.theta", "platform.x", "tip.fn", "tip.ft", "tip.vt", "tip.state", "energy.total",
          "constraint.drift", "pivot.fx"]
data = {n: [float(k + i) for i in range(5)] for k, n in enumerate(header)}
data["body.y"] = [0.0, 0.1, 0.3, 0.2, 0.05]

chosen = plot.select(header, ["body.*", "tip.fn", "tip.vt", "energy.total", "constraint.drift", "pivot.fx"], data)
want = {"body.x": "body.x [m]", "body.y": "body.y [m]", "body.theta": "body.theta [rad]", "tip.fn": "tip.fn [N]",
        "tip.vt": "tip.vt [m/s]", "energy.total": "energy.total [J]", "constraint.drift": "constraint.drift",
        "pivot.fx": "pivot.fx [N]"}
fig = plot.figure(data["t"], "t", chosen, False, "a title")
labels = [ax.get_ylabel() for ax in fig.axes]
check(labels == [want[name] for name, _, _ in chosen], f"y labels {labels}")
check(fig.axes[-1].get_xlabel() == "t [s]", f"x label {fig.axes[-1].get_xlabel()}")
fig.canvas.draw()
renderer = fig.canvas.get_renderer()
title_box = fig._suptitle.get_window_extent(renderer)
first_axes = fig.axes[0].get_tightbbox(renderer)
check(title_box.y0 >= first_axes.y1, f"the title ({title_box}) overlaps the first axes ({first_axes})")

forces = plot.select(header, ["tip.fn", "tip.ft"], data)
fig = plot.figure(data["t"], "t", forces, True, "overlay")
check(fig.axes[0].get_ylabel() == "force [N]" or fig.axes[0].get_ylabel().endswith("[N]"),
      f"overlay of two forces: y label {fig.axes[0].get_ylabel()}")
mixed = plot.select(header, ["tip.fn", "tip.vt"], data)
fig = plot.figure(data["t"], "t", mixed, True, "overlay")
check(fig.axes[0].get_ylabel() == "value [N, m/s]", f"overlay of a force and a speed: y label {fig.axes[0].get_ylabel()}")

x_xd = plot.select(header, ["x_xd = body.x - platform.x - body.x[0]"], data)
name, values, kind = x_xd[0]
expected = [data["body.x"][i] - data["platform.x"][i] - data["body.x"][0] for i in range(5)]
check(name == "x_xd" and list(values) == expected, f"x_xd = {list(values)}, expected {expected}")
check(plot.label(name, kind) == "x_xd [m]", f"x_xd's label {plot.label(name, kind)}")
product = plot.select(header, ["p = tip.fn * tip.vt"], data)
check(plot.label(product[0][0], product[0][2]) == "p", "a product gets no unit")
for bad in ("q = __import__('os')", "q = body.x ** 2", "q = nosuch + 1", "q = body.x +"):
    try:
        plot.select(header, [bad], data)
        check(False, f"'{bad}' was accepted")
    except SystemExit as e:
        check(e.code == 2, f"'{bad}': exit status {e.code}")

path = plot.select(header, ["body.y"], data)
fig = plot.figure(data["body.x"], "body.x", path, False, "path")
check(fig.axes[0].get_aspect() == 1.0, f"body.y against body.x: aspect {fig.axes[0].get_aspect()}")
check(fig.axes[0].get_xlabel() == "body.x [m]", f"x label {fig.axes[0].get_xlabel()}")
fig = plot.figure(data["body.x"], "body.x", plot.select(header, ["tip.fn"], data), False, "not lengths")
check(fig.axes[0].get_aspect() == "auto", f"a force against a length: aspect {fig.axes[0].get_aspect()}")

for m in failed:
    print("FAIL:", m)
print(f"{passed} passed, {len(failed)} failed")
sys.exit(1 if failed else 0)
