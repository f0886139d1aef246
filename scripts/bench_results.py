#!/usr/bin/env python3
"""Benchmark results kept under bench/results/, one JSON file per `make bench` run.

    bench_results.py record --commit C --out bench/results run1.json run2.json ...
        Merges the Google Benchmark JSON files of one run (one per executable) into
        bench/results/<UTC date>_<commit>.json: {"commit", "date", "context" (machine, from the
        first file), "benchmarks": [{"executable", "name", "cpu_time", "real_time", "time_unit",
        "iterations", counters...}]}. Prints the path written.

    bench_results.py compare [--dir bench/results] [OLD.json NEW.json]
        Prints, for every benchmark present in both files, the CPU time per iteration of each and
        the ratio new / old (below 1: faster). Without files: the newest file of the directory
        against the one before it (file names sort by date). A ratio beyond ±10 % is flagged; the
        machine of each run is printed so that runs on different machines are not mistaken for a
        change of the code. Exit status 0 (the comparison is information, not a test).
"""
import argparse
import datetime
import glob
import json
import os
import sys

UNIT_TO_S = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}


def record(args):
    merged = {"commit": args.commit,
              "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
              "context": None, "benchmarks": []}
    for path in args.files:
        if os.path.getsize(path) == 0:
            continue  # an executable none of whose benchmarks matched the filter
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        if merged["context"] is None:
            merged["context"] = data.get("context", {})
        executable = os.path.splitext(os.path.basename(path))[0]
        for b in data.get("benchmarks", []):
            if b.get("run_type") == "aggregate" and b.get("aggregate_name") != "mean":
                continue  # keep the mean of repetitions, drop median/stddev/cv
            entry = {"executable": executable}
            entry.update(b)
            merged["benchmarks"].append(entry)
    if not merged["benchmarks"]:
        print("record: no benchmark ran; nothing kept")
        return
    os.makedirs(args.out, exist_ok=True)
    stamp = merged["date"].replace(":", "").replace("-", "")
    path = os.path.join(args.out, f"{stamp}_{args.commit}.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(merged, f, indent=1)
        f.write("\n")
    print(path)


def seconds(b):
    return b["cpu_time"] * UNIT_TO_S.get(b.get("time_unit", "ns"), 1e-9)


def fmt_time(s):
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6)):
        if s >= scale:
            return f"{s / scale:.3g} {unit}"
    return f"{s / 1e-9:.3g} ns"


def machine(run):
    c = run.get("context") or {}
    load = c.get("load_avg")
    load = f", load average {load[0]:.1f}" if load else ""
    return f"{c.get('host_name', '?')}, {c.get('num_cpus', '?')} CPUs at {c.get('mhz_per_cpu', '?')} MHz{load}"


def compare(args):
    if args.files:
        if len(args.files) != 2:
            sys.exit("compare: give two files (OLD NEW) or none")
        old_path, new_path = args.files
    else:
        files = sorted(glob.glob(os.path.join(args.dir, "*.json")))
        if len(files) < 2:
            print(f"compare: fewer than two results in {args.dir}; nothing to compare")
            return
        old_path, new_path = files[-2], files[-1]
    with open(old_path, encoding="utf-8") as f:
        old = json.load(f)
    with open(new_path, encoding="utf-8") as f:
        new = json.load(f)
    print(f"old: {os.path.basename(old_path)} (commit {old.get('commit')}, {old.get('date')}; {machine(old)})")
    print(f"new: {os.path.basename(new_path)} (commit {new.get('commit')}, {new.get('date')}; {machine(new)})")
    before = {(b["executable"], b["name"]): b for b in old["benchmarks"]}
    rows, width = [], 9
    for b in new["benchmarks"]:
        key = (b["executable"], b["name"])
        if key not in before:
            continue
        t_old, t_new = seconds(before[key]), seconds(b)
        ratio = t_new / t_old if t_old > 0 else float("inf")
        flag = "  slower" if ratio > 1.1 else "  faster" if ratio < 1 / 1.1 else ""
        rows.append((f"{key[0]}: {key[1]}", fmt_time(t_old), fmt_time(t_new), f"{ratio:.2f}{flag}"))
        width = max(width, len(rows[-1][0]))
    print(f"{'benchmark':<{width}}  {'old':>10}  {'new':>10}  new/old")
    for name, a, b, r in rows:
        print(f"{name:<{width}}  {a:>10}  {b:>10}  {r}")
    only_old = len(before) - len(rows)
    if only_old > 0:
        print(f"({only_old} benchmarks of the old run are not in the new one)")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command", required=True)
    r = sub.add_parser("record")
    r.add_argument("--commit", required=True)
    r.add_argument("--out", default="bench/results")
    r.add_argument("files", nargs="+")
    c = sub.add_parser("compare")
    c.add_argument("--dir", default="bench/results")
    c.add_argument("files", nargs="*")
    args = p.parse_args()
    record(args) if args.command == "record" else compare(args)


if __name__ == "__main__":
    main()
