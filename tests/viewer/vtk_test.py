#!/usr/bin/env python3
"""Test of `stickslip view --format vtk` (run by ctest): the ParaView time series of a spatial run
read back with Python's XML parser. The box on the incline (rigid corners, event-driven, 0.2 s):

- the collection (.pvd) lists one bodies file and one contacts file per frame, at the frames' times;
- each frame's box is the box of its eight corners: the mean of its eight vertices is the CSV's centre
  of mass, and each vertex is the centre plus the CSV quaternion turning a corner ±half extents;
- each contact point is its corner's position, carries the CSV's state and fn, and its force vectors
  are fn times the plane's normal and a friction force of magnitude hypot(ft1, ft2).

Numbers pass through the CSV's shortest round-trip text and one rotation (a few roundings of 1e-16 on
values of order 1): 1e-12 allows that and nothing a wrong frame or a wrong corner would give (> 1e-3).
Prints "N passed, M failed" and exits 1 on any failure."""

import argparse
import base64
import csv
import math
import os
import struct
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_test import rotate  # noqa: E402

SOURCE = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
TOL = 1e-12
FORMATS = {"Float64": "d", "Int64": "q", "Int32": "i", "UInt8": "B"}


def array(element):
    """A DataArray in VTK's inline binary form: base64 of a UInt64 byte count, then the values."""
    raw = base64.b64decode(element.text.strip())
    (size,) = struct.unpack_from("<Q", raw)
    code = FORMATS[element.get("type")]
    count = size // struct.calcsize(code)
    values = struct.unpack_from(f"<{count}{code}", raw, 8)
    n = int(element.get("NumberOfComponents", "1"))
    return [values[k:k + n] for k in range(0, count, n)] if n > 1 else list(values)


def named(piece, section, name):
    return array(piece.find(f"{section}/DataArray[@Name='{name}']"))


def close(a, b):
    return all(abs(p - q) <= TOL * max(1.0, abs(q)) for p, q in zip(a, b))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cli", required=True)
    a = ap.parse_args()
    passed, failed = 0, []

    def check(ok, message):
        nonlocal passed
        if ok:
            passed += 1
        else:
            failed.append(message)

    model = os.path.join(SOURCE, "examples", "box_on_incline", "box_on_incline_rigid.yaml")
    with tempfile.TemporaryDirectory(prefix="stickslip_vtk_") as work:
        results = os.path.join(work, "box.csv")
        subprocess.run([a.cli, "run", model, "-o", results, "-q", "--t-end", "0.2"], check=True)
        pvd = os.path.join(work, "box.pvd")
        out = subprocess.run([a.cli, "view", results, "-m", model, "--format", "vtk", "--fps", "50", "-o", pvd],
                             check=True, capture_output=True, text=True).stdout
        check("wrote " + pvd in out, f"the command says what it wrote: {out!r}")
        with open(results, newline="") as f:
            rows = list(csv.DictReader(f))
        sets = ET.parse(pvd).getroot().findall("Collection/DataSet")
        bodies = [d for d in sets if d.get("part") == "0"]
        contacts = [d for d in sets if d.get("part") == "1"]
        check(len(bodies) == len(contacts) == 11, f"11 frames at 50 per second over 0.2 s, got {len(bodies)}, {len(contacts)}")
        half = (0.1, 0.1, 0.05)
        normal = [v / math.hypot(-0.4, 1) for v in (-0.4, 0, 1)]
        for b, c in zip(bodies, contacts):
            t = float(b.get("timestep"))
            row = next(r for r in rows if float(r["t"]) == t)
            centre = [float(row[f"box.{k}"]) for k in "xyz"]
            q = [float(row[f"box.{k}"]) for k in ("qw", "qx", "qy", "qz")]
            corners = [[sx * half[0], sy * half[1], sz * half[2]] for sz in (-1, 1) for sy in (-1, 1) for sx in (-1, 1)]
            want = [[centre[i] + rotate(q, p)[i] for i in range(3)] for p in corners]
            piece = ET.parse(os.path.join(work, b.get("file"))).getroot().find("UnstructuredGrid/Piece")
            vertices = array(piece.find("Points/DataArray"))
            body = named(piece, "CellData", "body")
            connectivity = named(piece, "Cells", "connectivity")
            check(named(piece, "Cells", "types") == [5] * len(body), f"t = {t}: triangles only")
            # The ground's plane (2 triangles, body 0) and the box (12 triangles, body 1).
            check(sorted(body) == [0, 0] + [1] * 12, f"t = {t}: cells per body {sorted(body)}")
            used = sorted({connectivity[3 * k + j] for k, b in enumerate(body) if b == 1 for j in range(3)})
            points = [vertices[v] for v in used]
            check(len(points) == 8, f"t = {t}: the box has {len(points)} vertices")
            mean = [sum(p[i] for p in points) / len(points) for i in range(3)]
            check(close(mean, centre), f"t = {t}: the box's centre {mean}, CSV {centre}")
            check(all(any(close(p, w) for p in points) for w in want), f"t = {t}: the box's vertices are not its corners")
            piece = ET.parse(os.path.join(work, c.get("file"))).getroot().find("UnstructuredGrid/Piece")
            points = array(piece.find("Points/DataArray"))
            index = named(piece, "PointData", "contact")
            state = named(piece, "PointData", "state")
            fn = named(piece, "PointData", "fn")
            nf = named(piece, "PointData", "normal_force")
            ff = named(piece, "PointData", "friction_force")
            check(index == list(range(8)), f"t = {t}: the eight corners in order, got {index}")
            for k in range(8):
                name = f"corner_{k + 1}"
                check(close(points[k], want[k]), f"t = {t}: {name} at {points[k]}, expected {want[k]}")
                check(state[k] == int(float(row[f"{name}.state"])), f"t = {t}: {name}.state")
                f_n = float(row[f"{name}.fn"])
                check(fn[k] == f_n and close(nf[k], [f_n * v for v in normal]), f"t = {t}: {name} normal force {nf[k]}")
                ft = math.hypot(float(row[f"{name}.ft1"]), float(row[f"{name}.ft2"]))
                check(abs(math.hypot(*ff[k]) - ft) <= TOL * max(1.0, ft) and abs(sum(a * n for a, n in zip(ff[k], normal))) <= TOL * max(1.0, ft),
                      f"t = {t}: {name} friction {ff[k]}, magnitude {ft}, in the plane")
    for m in failed:
        print("FAIL:", m)
    print(f"{passed} passed, {len(failed)} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
