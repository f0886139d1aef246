#!/usr/bin/env python3
"""scripts/bench_results.py compare: against the committed baseline, every figure that moved by more
than 10 % is named (CPU times and counters), and nothing else is.

Two made-up runs of two benchmarks: one slower by 20 % and with 15 % more sweeps, one faster by 5 %
(inside the threshold) with a counter that restates the time (s_per_step, never compared).
"""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "..", "..", "scripts", "bench_results.py")


def run(benchmarks, commit):
    return {"commit": commit, "date": "2026-12-07T00:00:00Z", "context": {"host_name": "test", "num_cpus": 2},
            "benchmarks": benchmarks}


def bench(name, cpu, **counters):
    b = {"executable": "bench_x", "name": name, "cpu_time": cpu, "real_time": cpu, "time_unit": "ns",
         "iterations": 10}
    b.update(counters)
    return b


def main():
    with tempfile.TemporaryDirectory() as d:
        base = run([bench("A", 100.0, sweeps=10.0, s_per_step=1e-7), bench("B", 200.0, sweeps=4.0)], "old")
        new = run([bench("A", 120.0, sweeps=11.5, s_per_step=1.2e-7), bench("B", 190.0, sweeps=4.0)], "new")
        with open(os.path.join(d, "baseline.json"), "w") as f:
            json.dump(base, f)
        with open(os.path.join(d, "20261207T000000Z_new.json"), "w") as f:
            json.dump(new, f)
        out = subprocess.run([sys.executable, SCRIPT, "compare", "--dir", d], capture_output=True, text=True,
                             check=True).stdout
        print(out)
        moved = out.split("moved by more than 10%", 1)
        assert len(moved) == 2, "no list of moved figures"
        listed = moved[1]
        assert "bench_x: A: CPU time" in listed, "A's time (+20 %) is not named"
        assert "bench_x: A: sweeps 10 -> 11.5" in listed, "A's sweeps (+15 %) are not named"
        assert "bench_x: B" not in listed, "B moved by 5 % only"
        assert "s_per_step" not in listed, "a counter that restates the time was compared"
        assert "old: baseline.json" in out, "not compared against the baseline"
    print("ok")


if __name__ == "__main__":
    main()
