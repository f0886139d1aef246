#!/usr/bin/env python3
"""Golden test: every shipped example, under every scheme it runs with, compared bit for bit.

Each case of cases.txt runs `stickslip run` on an example file (a short end time where the example
is long) and compares the result CSV, the event log and the contact points file (models with shapes)
with the references in references/: the event log and the points byte for byte, the results column
by column, by name: every column of the reference must be in the run's results with the same text in
every row. A column the program has added since the reference was written (the world-frame angular
velocities, say) does not fail the case; the summary counts them, and --update writes them in. CSV
numbers are written in the shortest form that reads back to the same double, so equal text means
equal bits.

A reference may change only in a commit that says why the old number was wrong:
    tests/golden/golden.py --cli build/bin/stickslip --update      # rewrite every reference
    tests/golden/golden.py --cli build/bin/stickslip --only NAME   # one case (prefix match)

The determinism test runs every case twice and compares the two runs' files by their SHA-256
(stickslip promises byte-identical reruns: no threads, no clocks, no unordered iteration in results):
    tests/golden/golden.py --cli build/bin/stickslip --determinism

Exit status: 0 all equal, 1 a difference or a failed run (each named with its first differing row,
column and the largest difference), 2 usage.
"""
import argparse
import concurrent.futures
import filecmp
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def read_cases(path):
    """Lines `name  model  options...`; '#' starts a comment."""
    cases = []
    with open(path, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            line = line.split("#", 1)[0].split()
            if not line:
                continue
            if len(line) < 2:
                sys.exit(f"{path}:{lineno}: a case needs a name and a model file")
            cases.append((line[0], line[1], line[2:]))
    names = [c[0] for c in cases]
    dup = {n for n in names if names.count(n) > 1}
    if dup:
        sys.exit(f"{path}: repeated case names {sorted(dup)}")
    return cases


def first_difference(ref, out):
    """A readable account of how two CSV files differ: first row and column, largest difference."""
    with open(ref, encoding="utf-8") as f:
        a = f.read().splitlines()
    with open(out, encoding="utf-8") as f:
        b = f.read().splitlines()
    if len(a) != len(b):
        msg = f"{len(b)} lines, reference {len(a)}"
    else:
        msg = f"{len(a)} lines"
    header = a[0].split(",") if a else []
    first, largest = None, (0.0, "")
    for row, (la, lb) in enumerate(zip(a, b)):
        if la == lb:
            continue
        ca, cb = la.split(","), lb.split(",")
        for col, (x, y) in enumerate(zip(ca, cb)):
            if x == y:
                continue
            name = header[col] if col < len(header) else f"column {col}"
            if first is None:
                first = f"first at line {row + 1}, {name}: {y} (reference {x})"
            try:
                d = abs(float(x) - float(y))
                if d > largest[0]:
                    largest = (d, f"{name} at line {row + 1}")
            except ValueError:
                pass
        if first is None:
            first = f"first at line {row + 1}: row lengths {len(cb)} and {len(ca)}"
    parts = [msg]
    if first:
        parts.append(first)
    if largest[0] > 0:
        parts.append(f"largest difference {largest[0]:.3g} ({largest[1]})")
    return "; ".join(parts)


def compare_columns(ref, out):
    """(failure text or None, the number of the run's columns the reference does not have)."""
    with open(ref, encoding="utf-8") as f:
        a = f.read().splitlines()
    with open(out, encoding="utf-8") as f:
        b = f.read().splitlines()
    if not a or not b:
        return (None if a == b else first_difference(ref, out)), 0
    ref_columns, out_columns = a[0].split(","), b[0].split(",")
    where = {name: k for k, name in enumerate(out_columns)}
    missing = [c for c in ref_columns if c not in where]
    if missing:
        return f"columns missing from the run: {', '.join(missing[:5])}", 0
    added = len(out_columns) - len(ref_columns)
    if len(a) != len(b):
        return f"{len(b) - 1} rows, the reference has {len(a) - 1}", added
    pick = [where[c] for c in ref_columns]
    for row, (la, lb) in enumerate(zip(a[1:], b[1:]), start=2):
        cells = lb.split(",")
        if len(cells) != len(out_columns) or [cells[k] for k in pick] != la.split(","):
            ca = la.split(",")
            for col, k in enumerate(pick):
                if k >= len(cells) or cells[k] != ca[col]:
                    return (f"first at line {row}, {ref_columns[col]}: {cells[k] if k < len(cells) else '(none)'} "
                            f"(reference {ca[col]})"), added
    return None, added


def run_case(cli, name, model, options, workdir):
    out = os.path.join(workdir, name + ".csv")
    cmd = [cli, "run", os.path.join(ROOT, model), "-q", "-o", out] + options
    proc = subprocess.run(cmd, cwd=workdir, stdin=subprocess.DEVNULL, capture_output=True, text=True)
    return proc, out, os.path.join(workdir, name + ".events.csv"), os.path.join(workdir, name + ".points.csv")


def digest(path):
    if not os.path.exists(path):
        return None
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def determinism(cli, cases, jobs):
    """Every case twice, each run in its own folder: the results and event logs must hash the same."""
    failures = []
    with tempfile.TemporaryDirectory(prefix="stickslip-determinism-") as tmp:
        first, second = os.path.join(tmp, "first"), os.path.join(tmp, "second")
        os.makedirs(first)
        os.makedirs(second)
        work = [(c, d) for c in cases for d in (first, second)]
        with concurrent.futures.ThreadPoolExecutor(max(1, jobs)) as pool:
            runs = list(pool.map(lambda w: run_case(cli, w[0][0], w[0][1], w[0][2], w[1]), work))
        for k, (name, _, _) in enumerate(cases):
            (p1, csv1, ev1, pt1), (p2, csv2, ev2, pt2) = runs[2 * k], runs[2 * k + 1]
            if p1.returncode != 0 or p2.returncode != 0:
                failures.append(f"{name}: exit {p1.returncode}, {p2.returncode}: {(p1.stderr or p2.stderr).strip()}")
                continue
            for a, b, what in ((csv1, csv2, "results"), (ev1, ev2, "event log"), (pt1, pt2, "contact points")):
                da, db = digest(a), digest(b)
                if da != db:
                    failures.append(f"{name}: the two runs' {what} differ (sha256 {da} and {db})")
    print(f"determinism: {len(cases)} cases run twice, {len(failures)} differences")
    for f in failures:
        print("  " + f)
    return 1 if failures else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli", required=True, help="the stickslip executable")
    ap.add_argument("--cases", default=os.path.join(HERE, "cases.txt"))
    ap.add_argument("--references", default=os.path.join(HERE, "references"))
    ap.add_argument("--update", action="store_true", help="rewrite the references from this build")
    ap.add_argument("--only", default="", help="run only the cases whose name starts with this")
    ap.add_argument("--jobs", type=int, default=2, help="cases run at once")
    ap.add_argument("--determinism", action="store_true",
                    help="run every case twice and compare the runs with each other (not the references)")
    args = ap.parse_args()
    cli = os.path.abspath(args.cli)
    cases = [c for c in read_cases(args.cases) if c[0].startswith(args.only)]
    if not cases:
        print(f"golden: no case matches '{args.only}'", file=sys.stderr)
        return 2
    if args.determinism:
        return determinism(cli, cases, args.jobs)
    if args.update:
        os.makedirs(args.references, exist_ok=True)
    failures, new_columns = [], 0
    with tempfile.TemporaryDirectory(prefix="stickslip-golden-") as tmp:
        with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
            runs = list(pool.map(lambda c: run_case(cli, c[0], c[1], c[2], tmp), cases))
        for (name, model, options), (proc, csv, events, points) in zip(cases, runs):
            if proc.returncode != 0:
                failures.append(f"{name}: exit {proc.returncode}: {proc.stderr.strip()}")
                continue
            pairs = [(csv, os.path.join(args.references, name + ".csv"))]
            for out_file, suffix in ((events, ".events.csv"), (points, ".points.csv")):
                ref_file = os.path.join(args.references, name + suffix)
                if os.path.exists(out_file) or os.path.exists(ref_file):
                    pairs.append((out_file, ref_file))
            for out, ref in pairs:
                if args.update:
                    if os.path.exists(out):
                        shutil.copyfile(out, ref)
                    elif os.path.exists(ref):
                        os.remove(ref)
                    continue
                label = f"{name}: {os.path.basename(ref)}"
                if not os.path.exists(ref):
                    failures.append(f"{label}: no reference (run with --update and commit it)")
                elif not os.path.exists(out):
                    failures.append(f"{label}: the run wrote no such file")
                elif ref.endswith((".events.csv", ".points.csv")):
                    if not filecmp.cmp(out, ref, shallow=False):
                        failures.append(f"{label}: differs: {first_difference(ref, out)}")
                else:
                    failure, added = compare_columns(ref, out)
                    new_columns += added
                    if failure:
                        failures.append(f"{label}: differs: {failure}")
    verb = "updated" if args.update else "compared"
    added = f" ({new_columns} columns of the runs are not in the references yet)" if new_columns else ""
    print(f"golden: {len(cases)} cases {verb}, {len(failures)} failures{added}")
    for f in failures:
        print("  " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
