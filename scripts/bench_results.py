#!/usr/bin/env python3
"""Benchmark results kept under bench/results/, one JSON file per `make bench` run, and a baseline.

    bench_results.py record --commit C --out bench/results run1.json run2.json ...
        Merges the Google Benchmark JSON files of one run (one per executable) into
        bench/results/<UTC date>_<commit>.json: {"commit", "date", "context" (machine, from the
        first file), "benchmarks": [{"executable", "name", "cpu_time", "real_time", "time_unit",
        "iterations", counters...}]}. Prints the path written.

    bench_results.py compare [--dir bench/results] [--baseline FILE] [OLD.json NEW.json]
        Prints, for every benchmark present in both files, the CPU time per iteration of each and
        the ratio new / old (below 1: faster), then names every figure that moved by more than
        10 %: the CPU times, and the counters the benchmarks report (sweeps per step, pivots,
        residuals...), so that a change of the work done shows beside a change of its speed.
        Without files: the newest file of the directory against the baseline (--baseline, default
        bench/results/baseline.json, committed), or against the run before it when there is no
        baseline. The machine of each run is printed so that runs on different machines, or under
        another load, are not mistaken for a change of the code. Exit status 0 (the comparison is
        information, not a test).

    bench_results.py baseline RUN.json [--out bench/results/baseline.json]
        Makes a run the baseline that later runs are compared against (commit it with the change
        whose figures it holds).
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


THRESHOLD = 0.10  # a figure "moved" when new/old is beyond 1 ± 10 %
# Counters that restate the time (rates of the same clock) or describe the model, not the work.
SKIPPED_COUNTERS = {"steps_per_s", "s_per_step", "s_per_sweep", "s_per_pivot", "items_per_second",
                    "bytes_per_second", "contacts", "blocks", "boxes", "W_entries", "n"}
STANDARD_KEYS = {"executable", "name", "run_name", "run_type", "repetitions", "repetition_index", "threads",
                 "iterations", "real_time", "cpu_time", "time_unit", "family_index", "per_family_instance_index",
                 "aggregate_name", "aggregate_unit", "label", "error_occurred", "error_message"}


def counters(b):
    return {k: v for k, v in b.items()
            if k not in STANDARD_KEYS and k not in SKIPPED_COUNTERS and isinstance(v, (int, float))}


def moved(old, new):
    """The relative change new/old − 1 when it is beyond the threshold, else None."""
    if old == new:
        return None
    if old == 0 or not (abs(old) < float("inf")):
        return float("inf")
    change = new / old - 1
    return change if abs(change) > THRESHOLD else None


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def pick_files(args):
    if args.files:
        if len(args.files) != 2:
            sys.exit("compare: give two files (OLD NEW) or none")
        return args.files
    runs = sorted(p for p in glob.glob(os.path.join(args.dir, "*.json"))
                  if os.path.abspath(p) != os.path.abspath(args.baseline))
    if not runs:
        print(f"compare: no results in {args.dir}; nothing to compare")
        return None
    if os.path.exists(args.baseline):
        return args.baseline, runs[-1]
    if len(runs) < 2:
        print(f"compare: no baseline ({args.baseline}) and a single run in {args.dir}; nothing to compare")
        return None
    return runs[-2], runs[-1]


def compare(args):
    files = pick_files(args)
    if files is None:
        return
    old_path, new_path = files
    old, new = load(old_path), load(new_path)
    print(f"old: {os.path.basename(old_path)} (commit {old.get('commit')}, {old.get('date')}; {machine(old)})")
    print(f"new: {os.path.basename(new_path)} (commit {new.get('commit')}, {new.get('date')}; {machine(new)})")
    before = {(b["executable"], b["name"]): b for b in old["benchmarks"]}
    rows, width, changes = [], 9, []
    for b in new["benchmarks"]:
        key = (b["executable"], b["name"])
        if key not in before:
            continue
        a = before[key]
        t_old, t_new = seconds(a), seconds(b)
        ratio = t_new / t_old if t_old > 0 else float("inf")
        flag = "  slower" if ratio > 1 + THRESHOLD else "  faster" if ratio < 1 / (1 + THRESHOLD) else ""
        label = f"{key[0]}: {key[1]}"
        rows.append((label, fmt_time(t_old), fmt_time(t_new), f"{ratio:.2f}{flag}"))
        width = max(width, len(label))
        if moved(t_old, t_new) is not None:
            changes.append(f"{label}: CPU time {fmt_time(t_old)} -> {fmt_time(t_new)} ({ratio:.2f}x)")
        old_counters = counters(a)
        for name, value in sorted(counters(b).items()):
            if name in old_counters and moved(old_counters[name], value) is not None:
                changes.append(f"{label}: {name} {old_counters[name]:.4g} -> {value:.4g}")
    print(f"{'benchmark':<{width}}  {'old':>10}  {'new':>10}  new/old")
    for name, a, b, r in rows:
        print(f"{name:<{width}}  {a:>10}  {b:>10}  {r}")
    only_old = len(before) - len(rows)
    if only_old > 0:
        print(f"({only_old} benchmarks of the old run are not in the new one)")
    if changes:
        print(f"\nmoved by more than {THRESHOLD:.0%} ({len(changes)}):")
        for c in changes:
            print(f"  {c}")
    else:
        print(f"\nno figure moved by more than {THRESHOLD:.0%}")


def make_baseline(args):
    data = load(args.run)
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1)
        f.write("\n")
    print(f"{args.out}: the baseline is now {os.path.basename(args.run)} (commit {data.get('commit')})")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command", required=True)
    r = sub.add_parser("record")
    r.add_argument("--commit", required=True)
    r.add_argument("--out", default="bench/results")
    r.add_argument("files", nargs="+")
    c = sub.add_parser("compare")
    c.add_argument("--dir", default="bench/results")
    c.add_argument("--baseline", default=None, help="default: DIR/baseline.json")
    c.add_argument("files", nargs="*")
    b = sub.add_parser("baseline")
    b.add_argument("run")
    b.add_argument("--out", default="bench/results/baseline.json")
    args = p.parse_args()
    if args.command == "record":
        record(args)
    elif args.command == "compare":
        if args.baseline is None:
            args.baseline = os.path.join(args.dir, "baseline.json")
        compare(args)
    else:
        make_baseline(args)


if __name__ == "__main__":
    main()
