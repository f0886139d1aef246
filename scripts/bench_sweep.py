#!/usr/bin/env python3
"""Scaling of a sweep with the number of workers (listed in docs/performance.md).

usage: /usr/bin/python3 scripts/bench_sweep.py [BUILD] [--sweep FILE] [--workers 1,2]
Runs the sweep (default: examples/free_standing_body_sweep/drift.yaml) once per worker count with
the local runner (`stickslip sweep -j N`) and once per worker count on a Dask LocalCluster on the
loopback interface (N worker processes, one thread each), every time into a fresh table, and prints
one Markdown row per run: wall time, speed-up over one local worker, the CPU seconds the runs
report (sum of wall_time), and the load average before the run (other work on the machine).
"""
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))


def arg(name, default):
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default


def main():
    build = sys.argv[1] if len(sys.argv) > 1 and not sys.argv[1].startswith("--") else os.path.join(ROOT, "build")
    sys.path.insert(0, os.path.join(build, "python"))
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [os.path.join(build, "python"), os.environ.get("PYTHONPATH")]))
    import stickslip
    from distributed import Client, LocalCluster

    sweep = arg("--sweep", os.path.join(ROOT, "examples", "free_standing_body_sweep", "drift.yaml"))
    workers = [int(w) for w in arg("--workers", "1,2").split(",")]
    cli = os.path.join(build, "bin", "stickslip")
    runs = len(stickslip.Sweep.load(sweep))
    print(f"sweep {os.path.relpath(sweep, ROOT)}: {runs} runs; {os.cpu_count()} cores")
    print("| runner | workers | wall time | speed-up | run time summed | load average before |")
    print("|---|---|---|---|---|---|")
    base = None
    with tempfile.TemporaryDirectory() as tmp:
        for kind in ("local", "dask"):
            for n in workers:
                table = os.path.join(tmp, f"{kind}{n}.csv")
                load = os.getloadavg()[0]
                start = time.monotonic()
                if kind == "local":
                    subprocess.run([cli, "sweep", sweep, "-o", table, "-j", str(n), "-q"], check=True,
                                   stdout=subprocess.DEVNULL)
                else:
                    with LocalCluster(n_workers=n, threads_per_worker=1, processes=True, host="127.0.0.1",
                                      dashboard_address=None) as cluster, Client(cluster) as client:
                        start = time.monotonic()  # the cluster's start-up is not the sweep's
                        stickslip.run_sweep(sweep, table, scheduler=client)
                wall = time.monotonic() - start
                base = base or wall
                summed = sum(stickslip.read_table(table)["wall_time"])
                print(f"| {kind} | {n} | {wall:.1f} s | {base / wall:.2f} | {summed:.1f} s | {load:.1f} |", flush=True)


if __name__ == "__main__":
    main()
