#!/usr/bin/env python3
"""Per-file line coverage of src/ from an lcov tracefile (scripts/coverage.sh), as the Markdown table of
docs/testing.md: file, lines, lines run, percentage; files under 85 % are marked. Usage:
coverage_table.py TRACEFILE SOURCE_ROOT"""
import os
import sys


def main():
    info, root = sys.argv[1], os.path.abspath(sys.argv[2])
    files, current = {}, None
    with open(info, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line.startswith("SF:"):
                current = os.path.relpath(line[3:], root)
                files.setdefault(current, [0, 0])
            elif line.startswith("LF:") and current:
                files[current][0] += int(line[3:])
            elif line.startswith("LH:") and current:
                files[current][1] += int(line[3:])
    total_f = sum(v[0] for v in files.values())
    total_h = sum(v[1] for v in files.values())
    print("| file | lines | run | coverage |")
    print("|---|---:|---:|---:|")
    for name in sorted(files):
        lf, lh = files[name]
        if lf == 0:
            continue
        pct = 100.0 * lh / lf
        mark = " **<85 %**" if pct < 85 else ""
        print(f"| `{name}` | {lf} | {lh} | {pct:.1f} %{mark} |")
    print(f"| **src/ total** | {total_f} | {total_h} | {100.0 * total_h / max(total_f, 1):.1f} % |")


if __name__ == "__main__":
    main()
