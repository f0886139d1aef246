#!/usr/bin/env python3
"""Checks the layering of src/: a file includes only headers of its own layer or of layers before it,
and only the collision adapter (src/geometry/bullet_*) includes the collision library's headers, only
src/geometry/mesh_file.cpp the mesh reader's (so either can be swapped).

The order is the one of docs/architecture.md (and src/CMakeLists.txt). Prints every upward include
with its file and line; exit status 1 if there is one.
"""
import os
import re
import sys

LAYERS = ["math", "geometry", "laws", "solvers", "integrators", "model", "state", "assembly", "formulations", "io", "sweep", "app"]
INCLUDE = re.compile(r'^\s*#\s*include\s+"([a-z_]+)/')
LIBRARY = re.compile(r'^\s*#\s*include\s+[<"](Bullet|LinearMath/|bt[A-Z]|assimp/)')


def library_owner(rel):
    """Which library's headers the file src/<rel> may include: "bullet", "assimp" or None."""
    if rel.startswith("geometry/bullet_"):
        return "bullet"
    if rel == "geometry/mesh_file.cpp":
        return "assimp"
    return None


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
                        lib = LIBRARY.match(line)
                        if lib:
                            wanted = "assimp" if lib.group(1) == "assimp/" else "bullet"
                            rel = os.path.relpath(path, src)
                            if library_owner(rel) != wanted:
                                bad.append(f"{rel}:{lineno}: includes {wanted}'s headers outside its adapter")
    for b in bad:
        print(b)
    print(f"layers: {len(bad)} upward includes")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
