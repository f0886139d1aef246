#!/usr/bin/env python3
"""Formats the JSON output of build/bin/bench_lcp as the Markdown tables of docs/performance.md.

Usage: python3 scripts/lcp_bench_table.py results/lcp_bench.json
Each cell: CPU time per solve, iterations (pivots, sweeps or Newton steps), residual; "✗" marks a
run whose status was not `solved`.
"""
import json
import sys
from collections import defaultdict


def fmt_time(us):
    return f"{us / 1000:.3g} ms" if us >= 1000 else f"{us:.3g} µs"


def main(path):
    data = json.load(open(path))
    cells = defaultdict(dict)
    times = defaultdict(dict)  # (set, solver) -> n -> (cpu µs, iterations)
    sizes = set()
    for b in data["benchmarks"]:
        set_name, solver, arg = b["name"].split("/")
        n = int(arg)
        sizes.add(n)
        us = b["cpu_time"] * {"us": 1, "ms": 1000, "ns": 1e-3, "s": 1e6}[b["time_unit"]]
        times[(set_name, solver)][n] = (us, b.get("iters", 0))
        text = fmt_time(us)
        if "iters" in b:
            text += f" · {b['iters']:.0f} · {b['residual']:.1e}"
            if b.get("solved", 1) != 1:
                text = "✗ " + text
        cells[set_name][solver] = cells[set_name].get(solver, {})
        cells[set_name][solver][n] = text
    sizes = sorted(sizes)
    for set_name, rows in cells.items():
        print(f"\n**{set_name}**\n")
        print("| solver | " + " | ".join(f"n = {n}" for n in sizes) + " |")
        print("| --- | " + " | ".join("---" for _ in sizes) + " |")
        for solver, by_n in rows.items():
            print(f"| {solver} | " + " | ".join(by_n.get(n, "") for n in sizes) + " |")
    print("\n**Lemke against one LU** (CPU time of a Lemke solve / CPU time of PartialPivLU; time per pivot)\n")
    print("| set | " + " | ".join(f"n = {n}" for n in sizes) + " |")
    print("| --- | " + " | ".join("---" for _ in sizes) + " |")
    for set_name in cells:
        lemke, lu = times[(set_name, "lemke")], times[(set_name, "eigen_lu")]
        row = []
        for n in sizes:
            if n in lemke and n in lu and lemke[n][1] > 0:
                row.append(f"{lemke[n][0] / lu[n][0]:.2g}× · {fmt_time(lemke[n][0] / lemke[n][1])}/pivot")
            else:
                row.append("")
        print(f"| {set_name} | " + " | ".join(row) + " |")


if __name__ == "__main__":
    main(sys.argv[1])
