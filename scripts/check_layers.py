#!/usr/bin/env python3
"""Checks the layering of src/: a file includes only headers of its own layer or of layers before it.

The order is the one of docs/architecture.md (and src/CMakeLists.txt). Prints every upward include
with its file and line; exit status 1 if there is one.
"""
import os
import re
import sys

LAYERS = ["math", "laws", "solvers", "integrators", "model", "state", "assembly", "formulations", "io", "sweep", "app"]
INCLUDE = re.compile(r'^\s*#\s*include\s+"([a-z_]+)/')


def main():
    src = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "src")
    bad = []
    for layer in LAYERS:
        rank = LAYERS.index(layer)
        for dirpath, _, files in os.walk(os.path.join(src, layer)):
            for name in files:
                path = os.path.join(dirpath, name)
                with open(path, encoding="utf-8") as f:
                    for lineno, line in enumerate(f, 1):
                        m = INCLUDE.match(line)
                        if m and m.group(1) in LAYERS and LAYERS.index(m.group(1)) > rank:
                            bad.append(f"{os.path.relpath(path, src)}:{lineno}: {layer} includes {m.group(1)}/ (a later layer)")
    for b in bad:
        print(b)
    print(f"layers: {len(bad)} upward includes")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
